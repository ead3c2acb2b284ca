/// The `sha256-…` sources (CSP 3, SRI) of `strings review`'s page script and style sheet,
/// computed when they are embedded (``EmbeddedAssets``).
enum StringsReviewHashes {
  static let script = EmbeddedAssets.stringsReviewJSSHA256
  static let style = EmbeddedAssets.stringsReviewCSSSHA256
}
