import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import CartRender

/// What a screen reader meets on the cart page, beside its HTML and text golden files:
/// `snapshots/CartScreen/<cart>.<locale>.spoken.txt` for the locales the page is
/// snapshot in, and `snapshots/CartUpdate/hair-spray-update.<locale>.spoken.txt`.
@Suite struct CartSpokenSnapshotTests {
  @Test(arguments: CartScreenSnapshotTests.carts, CartScreenSnapshotTests.locales)
  func cart(_ cart: String, _ locale: String) throws {
    let spoken = try Fixtures.cart("cart-\(cart).json").render(.spoken, context: try Fixtures.context(locale))
    GoldenFile.assertMatches(spoken, suite: "CartScreen", file: "\(cart).\(locale).spoken.txt")
  }

  @Test(arguments: CartScreenSnapshotTests.moreLocales)
  func seedCartInMoreLanguages(_ locale: String) throws {
    let spoken = try Fixtures.cart("cart-hair-spray.json").render(.spoken, context: try Fixtures.context(locale))
    GoldenFile.assertMatches(spoken, suite: "CartScreen", file: "hair-spray.\(locale).spoken.txt")
  }

  @Test(arguments: ["en-US", "ar-EG"])
  func update(_ locale: String) throws {
    let spoken = try UpdateFixtures.update().render(.spoken, context: try Fixtures.context(locale))
    GoldenFile.assertMatches(spoken, suite: "CartUpdate", file: "hair-spray-update.\(locale).spoken.txt")
  }
}

@Suite struct CartSpokenTests {
  func spoken(_ screen: some Screen, _ locale: String = "en-US") throws -> [String] {
    screen.render(.spoken, context: try Fixtures.context(locale)).split(separator: "\n").map(String.init)
  }

  /// The struck-through price is aria-hidden on the page: a listener hears the former
  /// price only inside "Was …, now …", never as a bare amount.
  @Test func anAdjustedPriceIsReadAsWasAndNow() throws {
    let lines = try spoken(try Fixtures.cart("cart-hair-spray.json"))
    #expect(lines.contains("          text \"Was $20.00, now $15.00\""))
    #expect(!lines.contains { $0.hasSuffix("text \"$20.00\"") })
  }

  @Test func theTreeStartsWithTheDocumentAndItsLandmarks() throws {
    let lines = try spoken(try Fixtures.cart("cart-hair-spray.json"))
    #expect(
      Array(lines.prefix(10)) == [
        "document \"Your Cart · Oakbrook Mall\"",
        "  banner",
        "    paragraph",
        "      text \"Oakbrook Mall\"",
        "    paragraph",
        "      text \"Connected to Emily\"",
        "    navigation",
        "      link \"Privacy Policy\"",
        "  main",
        "    heading level 1 \"Your Cart\"",
      ])
    #expect(lines.contains("    list 1 item"))
    #expect(lines.contains("    region \"Summary\""))
  }

  /// The item that left is aria-hidden on the page, so the list counts the items that stay.
  @Test func anUpdateLeavesOutTheItemThatLeftAndAnnouncesTheTotal() throws {
    let lines = try spoken(try UpdateFixtures.update())
    #expect(lines.contains("    list 5 items"))
    #expect(!lines.contains { $0.contains("Wide-Tooth Comb") })
    #expect(Array(lines.suffix(2)) == ["    status live polite atomic", "      text \"The total is now $64.35\""])
  }

  @Test func anUpdateWithTheSameTotalHasAnEmptyLiveRegion() throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let lines = try spoken(try CartUpdate(cart, previous: cart))
    #expect(lines.last == "    status live polite atomic")
  }

  @Test func anEmptyCartReadsItsPlaceholder() throws {
    let lines = try spoken(try Fixtures.cart("cart-empty.json"))
    #expect(!lines.contains { $0.contains("list") })
    #expect(
      Array(lines.suffix(4)) == [
        "    paragraph", "      text \"Your cart is empty\"", "    paragraph",
        "      text \"Items will appear here as they are added.\"",
      ])
  }

  @Test func arabicDigitsAndTheCustomersWords() throws {
    let lines = try spoken(try Fixtures.cart("cart-hair-spray.json"), "ar-EG")
    #expect(lines.contains("      text \"٤ منتجات\""))
    #expect(lines.contains("          text \"الكمية ٤\""))
  }
}
