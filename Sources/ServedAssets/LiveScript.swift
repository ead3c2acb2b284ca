/// The one script a served page runs (Assets/live.js), at ``path``, allowed by its hash
/// in the page's policy. It holds no merchant data: it reads the screen's version from
/// `<meta name="screen-version">` and its addresses from the page's own location.
///
/// It listens to `/c/{token}/events` (Server-Sent Events); when an event names a version
/// other than the one shown, it fetches `/c/{token}?shown=VERSION` (the new screen with
/// animation hints against the one this page shows) and swaps the new body in. The
/// new page's `<style>` element replaces the old one when the kind of screen changes (an
/// element the policy allows by its hash; changing an allowed element's text is blocked).
/// The cart's live region is put in empty and filled a moment later, so a screen reader
/// hears a changed total once.
package enum LiveScript {
  package static let path = "/live.js"

  /// Assets/live.js, embedded by scripts/embed-data.
  package static let source = EmbeddedAssets.liveJS.description
}
