import GoldenFiles
import RenderCore
import Testing

@testable import CartRender

/// Golden pages and text for the seed carts in the six locales of the cart issue:
/// `snapshots/CartScreen/<cart>.<locale>.<html|txt>`.
@Suite struct CartScreenSnapshotTests {
  static let locales = ["en-US", "fr-FR", "de-CH", "ja-JP", "ar-EG", "hi-IN"]
  static let carts = ["hair-spray", "empty"]

  @Test(arguments: carts, locales)
  func html(_ cart: String, _ locale: String) throws {
    let page = CartHTML.render(try Fixtures.cart("cart-\(cart).json"), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(page, suite: "CartScreen", file: "\(cart).\(locale).html")
  }

  @Test(arguments: carts, locales)
  func text(_ cart: String, _ locale: String) throws {
    let text = CartText.render(try Fixtures.cart("cart-\(cart).json"), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(text, suite: "CartScreen", file: "\(cart).\(locale).txt")
  }

  @Test func narrowText() throws {
    let text = CartText.render(
      try Fixtures.cart("cart-hair-spray.json"), context: try Fixtures.context("fr-FR"), width: 32)
    GoldenFile.assertMatches(text, suite: "CartScreen", file: "hair-spray.fr-FR.width32.txt")
  }
}
