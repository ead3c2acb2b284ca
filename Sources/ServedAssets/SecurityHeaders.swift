import RenderCore

/// The headers every answer of both servers carries, the one place they are written:
/// the contract's four for customer pages, sent on every answer so none can miss them.
///
/// The served pages' policy (``servedPages``) allows no inline script or style but by
/// hash: the live script's hash and the hashes of every screen's style sheet
/// (``StyleSheets``), so the script may swap one screen's sheet for another's. The
/// hashes are constants computed when the sources are embedded (``ContentHashes``).
/// Nothing else loads: no images but `data:` ones (the page's empty icon, which keeps
/// browsers from asking for `/favicon.ico`), no fonts, no frames, connections only to
/// this origin (the live updates). The preview frames those same pages from its controls page
/// (``framed(by:)``), whose own policy is ``previewControls``.
package struct SecurityHeaders: Sendable {
  package let policy: ContentSecurityPolicy
  /// The live script's `integrity` (``ContentHashes/liveScript``).
  package let scriptIntegrity = ContentHashes.liveScript
  /// The header fields, in the order written.
  package let fields: [(name: String, value: String)]

  /// - Parameter referrerPolicy: `no-referrer` but for a page whose own form posts must
  ///   carry their `Origin` (``snapshotReview``): under `no-referrer` a browser sends
  ///   `Origin: null` with a form post.
  package init(policy: ContentSecurityPolicy, referrerPolicy: String = "no-referrer") {
    self.policy = policy
    fields = [
      (ContentSecurityPolicyField.name, policy.description),
      ("Referrer-Policy", referrerPolicy),
      ("X-Content-Type-Options", "nosniff"),
      ("Cache-Control", "no-store"),
    ]
  }

  /// The served pages' headers (`render-cli serve`).
  package init() {
    self.init(
      policy: ContentSecurityPolicy([
        (.defaultSrc, [.none]), (.scriptSrc, [.hash(ContentHashes.liveScript)]),
        (.styleSrc, ContentHashes.styleSheets.map { .hash($0) }), (.connectSrc, [.this]), (.imgSrc, [.data]),
        (.formAction, [.this]), (.frameAncestors, [.none]), (.baseURI, [.none]),
      ]))
  }

  package static let servedPages = SecurityHeaders()

  /// The same headers, the pages allowed in frames of `ancestors` (the preview's
  /// controls page frames them from its own origin: `.this`).
  package func framed(by ancestors: [ContentSecurityPolicy.Source]) -> SecurityHeaders {
    SecurityHeaders(policy: policy.setting(.frameAncestors, to: ancestors))
  }

  /// The preview's controls page: as strict as the served pages', its script and style
  /// only by their hashes (``PreviewHashes``), frames and connections only to this
  /// origin, and nobody may frame the controls.
  package static let previewControls = SecurityHeaders(
    policy: ContentSecurityPolicy([
      (.defaultSrc, [.none]), (.scriptSrc, [.hash(PreviewHashes.script)]), (.styleSrc, [.hash(PreviewHashes.style)]),
      (.connectSrc, [.this]), (.frameSrc, [.this]), (.imgSrc, [.none]), (.formAction, [.none]),
      (.frameAncestors, [.none]), (.baseURI, [.none]),
    ]))

  /// `render-cli strings review`'s page: its script and style only by their hashes
  /// (``StringsReviewHashes``), frames only from this origin (the screens), its forms
  /// posted only here, no connection, and nobody may frame it.
  package static let stringsReview = SecurityHeaders(
    policy: ContentSecurityPolicy([
      (.defaultSrc, [.none]), (.scriptSrc, [.hash(StringsReviewHashes.script)]),
      (.styleSrc, [.hash(StringsReviewHashes.style)]), (.connectSrc, [.none]), (.frameSrc, [.this]),
      (.imgSrc, [.none]), (.formAction, [.this]), (.frameAncestors, [.none]), (.baseURI, [.none]),
    ]))

  /// The snapshot review page (`render-cli snapshot --review`): its script and style
  /// only by their hashes (``ReviewHashes``), images (the golden, new and diff PNG files)
  /// and form posts only to this origin, no connections, no frames, and nobody may frame
  /// it (a framing page could make a click accept a file). Its referrer policy is
  /// `same-origin`, so its posts carry their `Origin` for the server to check, and no
  /// address of it leaves the machine's loopback origin.
  package static let snapshotReview = SecurityHeaders(
    policy: ContentSecurityPolicy([
      (.defaultSrc, [.none]), (.scriptSrc, [.hash(ReviewHashes.script)]), (.styleSrc, [.hash(ReviewHashes.style)]),
      (.imgSrc, [.this]), (.formAction, [.this]), (.frameAncestors, [.none]), (.baseURI, [.none]),
    ]), referrerPolicy: "same-origin")

  /// The policy as written in the header.
  package var contentSecurityPolicy: String { policy.description }
}
