/// The review page's script (served at `/review.js`) and style sheet (its one `<style>`
/// element) of `render-cli snapshot --review`, each allowed by its hash
/// (``ReviewHashes``, written by scripts/embed-data). The page works without the script
/// (every decision is a form); the script only shows and drives the overlay sliders: it
/// sets no inline handler, writes no markup and changes only the clipping of the new
/// image over the golden one.
package enum ReviewAssets {
  /// The script's `integrity` (``ReviewHashes/script``).
  package static let scriptIntegrity = ReviewHashes.script

  /// Assets/review.css, embedded by scripts/embed-data.
  package static let style = EmbeddedAssets.reviewCSS

  /// Assets/review.js, embedded by scripts/embed-data.
  package static let script = EmbeddedAssets.reviewJS.description
}
