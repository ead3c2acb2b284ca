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

  /// A bidi override or a name against the page's direction in merchant text reaches the
  /// tree isolated in FSI … PDI, as the page isolates it in `<bdi>` and the text format in
  /// FSI … PDI: it cannot reverse the quote and the lines after it.
  @Test func bidiControlsInMerchantTextAreIsolated() throws {
    let json = #"""
      {"items": [{"id": "1", "name": "Pay\u202E00.02$", "quantity": 1, "totalPrice": 5.00,
        "descriptions": ["שמפו 2"]}], "summary": {"summaryLines": [{"label": "Note\u202B", "value": "Free"}],
        "footer": "Thanks\u2067", "total": 5.00}}
      """#
    let cart = try ShoppingCart(json: try JSONParser.parse(Array(json.utf8)), currency: "USD")
    let lines = try spoken(cart)
    #expect(lines.contains("          text \"\u{2068}Pay\u{202E}00.02$\u{2069}\""))
    #expect(lines.contains("            text \"\u{2068}שמפו 2\u{2069}\""))
    #expect(lines.contains("        term \"\u{2068}Note\u{202B}\u{2069}\""))
    // The RLI the footer leaves open is closed before the footer's own isolate ends.
    #expect(lines.contains("      text \"\u{2068}Thanks\u{2067}\u{2069}\u{2069}\""))
    // Outside the isolates no bidi control is left, and every isolate a line opens it
    // closes, so no line is reordered.
    for line in lines {
      var isolates = 0
      for scalar in line.unicodeScalars {
        switch scalar.value {
        case 0x2066...0x2068: isolates += 1
        case 0x2069: isolates -= 1
        case 0x202A...0x202E: #expect(isolates > 0, "\(line)")
        default: continue
        }
      }
      #expect(isolates == 0, "\(line)")
    }
    // In an Arabic page the Latin name is the one isolated, the Hebrew one is not.
    let arabic = try spoken(cart, "ar-EG")
    #expect(arabic.contains("            text \"שמפו 2\""))
  }
}
