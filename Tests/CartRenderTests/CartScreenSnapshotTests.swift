import GoldenFiles
import RenderCore
import Testing

@testable import CartRender

/// Golden pages and text for the seed carts in six locales and Hebrew (right to left
/// beside Arabic), and the seed cart in Spanish, in the languages that most test a layout
/// (Korean, Traditional Chinese, Polish and Russian plurals, Thai) and in both
/// pseudo-locales: `snapshots/CartScreen/<cart>.<locale>.<html|txt>`.
@Suite struct CartScreenSnapshotTests {
  static let locales = ["en-US", "fr-FR", "de-CH", "ja-JP", "ar-EG", "he-IL", "hi-IN"]
  static let moreLocales = ["es-ES", "ko-KR", "zh-TW", "pl-PL", "ru-RU", "th-TH", "en-XA", "ar-XB"]
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

  @Test(arguments: moreLocales)
  func seedCartInMoreLanguages(_ locale: String) throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let context = try Fixtures.context(locale)
    GoldenFile.assertMatches(
      CartHTML.render(cart, context: context), suite: "CartScreen", file: "hair-spray.\(locale).html")
    GoldenFile.assertMatches(
      CartText.render(cart, context: context), suite: "CartScreen", file: "hair-spray.\(locale).txt")
  }

  @Test func narrowText() throws {
    let text = CartText.render(
      try Fixtures.cart("cart-hair-spray.json"), context: try Fixtures.context("fr-FR"), width: 32)
    GoldenFile.assertMatches(text, suite: "CartScreen", file: "hair-spray.fr-FR.width32.txt")
  }
}
