import HTTPServer

/// The headers every answer carries, added in one place (``RelayServer/handle(_:)``): the contract's
/// four for customer pages, sent on every answer so none can miss them.
///
/// The policy allows no inline script or style but by hash: the live script's hash and
/// the hashes of every screen's style sheet (``StyleSheets``), so the script may swap one
/// screen's sheet for another's. The hashes are constants computed when the sources are
/// embedded (``ContentHashes``). Nothing else loads: no images, no fonts, no frames,
/// connections only to this origin (the live updates).
struct SecurityHeaders: Sendable {
  let contentSecurityPolicy: String
  let scriptIntegrity: String

  init() {
    scriptIntegrity = ContentHashes.liveScript
    let styles = ContentHashes.styleSheets.map { "'\($0)'" }
    contentSecurityPolicy = [
      "default-src 'none'", "script-src '\(scriptIntegrity)'", "style-src \(styles.joined(separator: " "))",
      "connect-src 'self'", "img-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'",
    ].joined(separator: "; ")
  }

  /// Adds the headers to `response`.
  func apply(to response: inout HTTPResponse) {
    response.headers += [
      ("Content-Security-Policy", contentSecurityPolicy),
      ("Referrer-Policy", "no-referrer"),
      ("X-Content-Type-Options", "nosniff"),
      ("Cache-Control", "no-store"),
    ]
  }
}
