/// The `sha256-…` sources (CSP 3, SRI) of the preview's controls script and style sheet,
/// computed when they are embedded (``EmbeddedAssets``).
enum PreviewHashes {
  static let script = EmbeddedAssets.controlsJSSHA256
  static let style = EmbeddedAssets.controlsCSSSHA256
}
