/// The controls page's script (Assets/controls.js, served at `/controls.js`) and style
/// sheet (Assets/controls.css, its one `<style>` element), each allowed by its hash
/// (``PreviewHashes``). The script sets no inline handler and writes no markup: it
/// reads the controls, points each `iframe` at the screen's address, and fills text
/// with `textContent`.
///
/// A screen's page is the served page itself; the controls change only its frame: the
/// width, the frame's `color-scheme` (which the page's `prefers-color-scheme` follows),
/// and the root's font size (the page's sizes are in `rem`, as Dynamic Type scales
/// iOS's text). Locale, region and currency are in the address, so the page's live
/// script keeps them when it fetches a new screen.
package enum PreviewAssets {
  /// The script's `integrity` (``PreviewHashes/script``).
  package static let scriptIntegrity = PreviewHashes.script

  /// Assets/controls.css, embedded by scripts/embed-data.
  package static let style = EmbeddedAssets.controlsCSS
  /// Assets/controls.js, embedded by scripts/embed-data.
  package static let script = EmbeddedAssets.controlsJS.description
}
