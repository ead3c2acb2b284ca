/// What a server that serves the page live adds to it (`render-cli serve`): its own
/// Content Security Policy in the response header instead of the page's, the one fixed
/// script that swaps in new screens, the screen's version, and the refresh that updates
/// the page when scripts are off. Without a host (every command but `serve`) a page is
/// self-contained and has no script.
package struct PageHost: Sendable, Hashable {
  /// The script's path on the server, `/live.js`; its `integrity` is ``scriptIntegrity``.
  package var scriptPath: String
  /// `sha256-…` (base64) of the script, matched by the policy's hash.
  package var scriptIntegrity: String
  /// The screen's version, in `<meta name="screen-version">`, which the script compares.
  package var version: UInt64
  /// Seconds between reloads with scripts off (inside `<noscript>`), to
  /// `?shown=VERSION`; nil for a screen that must not reload (a form being filled in, an
  /// ended session).
  package var refreshSeconds: Int?

  package init(scriptPath: String, scriptIntegrity: String, version: UInt64, refreshSeconds: Int?) {
    self.scriptPath = scriptPath
    self.scriptIntegrity = scriptIntegrity
    self.version = version
    self.refreshSeconds = refreshSeconds
  }
}
