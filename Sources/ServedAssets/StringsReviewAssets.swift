/// The review page of `render-cli strings review` (its one `<style>` element, and its
/// script served at `/review.js`), each allowed by its hash (``StringsReviewHashes``,
/// written by scripts/embed-data). The page works without the script: every string is
/// a form posted as it is, and each screen a link into the page's frame. The script
/// adds what only a script can: it outlines the chosen string on the framed screen
/// (the screens' strings carry invisible marks, ``StringMarkers``), and shows a string's
/// first screen when one of its fields gets focus. It sets no inline handler and writes
/// no markup; the outlines are placed through the CSSOM, which the framed page's policy
/// allows.
package enum StringsReviewAssets {
  /// The script's `integrity` (``StringsReviewHashes/script``).
  package static let scriptIntegrity = StringsReviewHashes.script

  /// Assets/strings-review.css, embedded by scripts/embed-data.
  package static let style = EmbeddedAssets.stringsReviewCSS

  /// Assets/strings-review.js, embedded by scripts/embed-data.
  package static let script = EmbeddedAssets.stringsReviewJS.description
}
