import Foundation
import RenderCore
import Testing

@testable import CartRender

/// A cart's text page laid out by the layout's UTF-8 fast paths is the page the general
/// path lays out, byte for byte, for seeded carts of mixed scripts, emoji, combining
/// marks and bidi controls, in several locales and widths, with and without a gutter.
@Suite struct CartTextFastPathTests {
  static let words = [
    "Hair", "Spray", "Item number 12 with a reasonably long product name", "Size M", "Colour: blue", " ", "  ",
    "\u{5E1}\u{5E4}\u{5E8}\u{5D9}\u{5D9}", "\u{645}\u{62B}\u{628}\u{62A} \u{627}\u{644}\u{634}\u{639}\u{631}",
    "e\u{301}",
    " \u{301}", "\u{E01}\u{E33}", "👍", "❤\u{FE0F}", "🇯🇵", "無香料ヘアスプレー", "\u{202E}", "\u{200F}", "\t", "\n",
    "superlongwordthatneverbreaksanywhere", "(1)", "Zoë",
  ]

  static func carts() -> [ShoppingCart] {
    var state: UInt64 = 0xCA27
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func text() -> String { (0..<(1 + next(5))).map { _ in words[next(words.count)] }.joined(separator: " ") }
    return (0..<12).map { cartIndex in
      let items = (0..<(1 + next(6))).map { index in
        ShoppingCart.Item(
          id: "I\(cartIndex)-\(index)", name: text(), quantity: [1, 4, 12, 63, 64, 1000][next(6)],
          totalPrice: Decimal(1000 + next(100_000)) / 100,
          totalAdjustedPrice: next(2) == 0 ? Decimal(900 + next(900)) / 100 : nil,
          descriptions: (0..<next(3)).map { _ in text() }, details: (0..<next(2)).map { _ in text() })
      }
      return ShoppingCart(
        items: items,
        summary: .init(
          summaryLines: [
            .init(label: text(), value: .amount(Decimal(next(5000)) / 100)), .init(label: "Tax", value: .text(text())),
          ], footer: text(), total: Decimal(next(100_000)) / 100))
    }
  }

  @Test(arguments: ["en-US", "ar-EG", "he-IL", "ja-JP", "th-TH", "hi-IN"])
  func pagesMatchTheGeneralPath(_ locale: String) throws {
    let context = try Fixtures.context(locale)
    let carts = Self.carts()
    for (index, cart) in carts.enumerated() {
      let update = try CartUpdate(cart, previous: carts[(index + 1) % carts.count])
      for width in [20, 32, 40, 60] {
        let fast = CartText.render(cart, update: nil, context: context, width: width)
        let general = CartText.render(cart, update: nil, context: context, width: width, generalPathOnly: true)
        #expect(fast == general, "cart \(index) in \(width)")
        let fastUpdate = CartText.render(update.cart, update: update, context: context, width: width)
        let generalUpdate = CartText.render(
          update.cart, update: update, context: context, width: width, generalPathOnly: true)
        #expect(fastUpdate == generalUpdate, "update \(index) in \(width)")
      }
    }
  }

  /// Quantities are made once per page for small counts; every item still shows its own.
  @Test func eachItemShowsItsQuantity() throws {
    let items = [3, 70, 3, 0].enumerated().map { index, quantity in
      ShoppingCart.Item(id: "Q\(index)", name: "Comb", quantity: quantity, totalPrice: 5)
    }
    let text = CartText.render(ShoppingCart(items: items), context: try Fixtures.context("en-US"))
    let quantities = text.split(separator: "\n").filter { $0.hasPrefix("  Qty") }
    #expect(quantities == ["  Qty 3", "  Qty 70", "  Qty 3", "  Qty 0"])
  }
}
