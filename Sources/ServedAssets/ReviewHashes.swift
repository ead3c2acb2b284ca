/// The `sha256-…` sources (CSP 3, SRI) of the snapshot review page's script and style sheet,
/// computed when they are embedded (``EmbeddedAssets``).
enum ReviewHashes {
  static let script = EmbeddedAssets.reviewJSSHA256
  static let style = EmbeddedAssets.reviewCSSSHA256
}
