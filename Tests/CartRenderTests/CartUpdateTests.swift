import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import CartRender

/// The update in `examples/`: the shampoo moves to the top, the hair spray's quantity
/// and prices change, the comb leaves, the conditioner gains a detail, the claw clips
/// arrive, and the subtotal and total change.
enum UpdateFixtures {
  static func update() throws -> CartUpdate {
    try CartUpdate(try Fixtures.cart("cart-update-after.json"), previous: try Fixtures.cart("cart-update-before.json"))
  }
}

/// Golden pages and text of a cart update with hints:
/// `snapshots/CartUpdate/hair-spray-update.<locale>.<html|txt>`.
@Suite struct CartUpdateSnapshotTests {
  @Test(arguments: ["en-US", "ar-EG"])
  func html(_ locale: String) throws {
    let page = CartHTML.render(try UpdateFixtures.update(), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(page, suite: "CartUpdate", file: "hair-spray-update.\(locale).html")
  }

  @Test(arguments: ["en-US", "ar-EG"])
  func text(_ locale: String) throws {
    let text = CartText.render(try UpdateFixtures.update(), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(text, suite: "CartUpdate", file: "hair-spray-update.\(locale).txt")
  }
}

@Suite struct CartUpdateTests {
  @Test func rowsPlaceTheRemovedItemAfterItsOldNeighbour() throws {
    let update = try UpdateFixtures.update()
    #expect(
      update.rows.map { "\($0.item.id) \($0.change.rawValue)" } == [
        "SHMP-AR-16 moved", "HRSP-M-UN-11-001 updated", "CMB-WD-01 removed", "CND-AR-16 updated",
        "TWL-MF-02 unchanged", "CLP-SET-6 inserted",
      ])
    #expect(update.rows.first?.direction == .up)
    #expect(update.rows[1].changedFields == [.quantity, .totalPrice, .totalAdjustedPrice])
    #expect(update.rows[1].previousItem?.quantity == 4)
  }

  @Test func removedItemsWithoutAStationaryItemBeforeThemComeFirst() throws {
    // A moves to the end, so X (after A in the old cart) anchors on nothing that stays.
    let update = try CartUpdate(DiffCarts.cart("B C A"), previous: DiffCarts.cart("A X B C"))
    #expect(update.rows.map(\.item.id) == ["X", "B", "C", "A"])
    #expect(update.rows.map(\.change) == [.removed, .unchanged, .unchanged, .moved])
    #expect(update.rows.last?.direction == .down)
  }

  @Test func aMovedItemThatKeepsItsRankHasNoDirection() throws {
    let update = try CartUpdate(DiffCarts.cart("C B A"), previous: DiffCarts.cart("A B C"))
    #expect(update.rows.map(\.change) == [.moved, .moved, .unchanged])
    #expect(update.rows.map(\.direction) == [.up, nil, nil])
  }

  @Test func summaryLinesAreComparedByLabelAndValue() throws {
    let update = try UpdateFixtures.update()
    let lines = try #require(update.cart.summary?.summaryLines)
    #expect(lines.map { update.change(of: $0) } == [.updated, nil, nil, nil])
    #expect(update.change(of: .init(label: "Gift wrap", value: .text("Free"))) == .inserted)
  }
}

@Suite struct CartUpdateHTMLTests {
  func page(_ update: CartUpdate, locale: String = "en-US") throws -> String {
    CartHTML.render(update, context: try Fixtures.context(locale))
  }

  /// The opening tag of the item with `id`.
  func itemTag(_ html: String, _ id: String) -> String? {
    guard let start = html.range(of: "<li class=\"item\" data-item-id=\"\(id)\"") else { return nil }
    return html[start.lowerBound...].prefix { $0 != ">" } + ">"
  }

  @Test func everyItemCarriesItsChange() throws {
    let html = try page(try UpdateFixtures.update())
    #expect(
      itemTag(html, "SHMP-AR-16") == #"<li class="item" data-item-id="SHMP-AR-16" data-change="moved" data-move="up">"#)
    #expect(
      itemTag(html, "HRSP-M-UN-11-001")
        == #"<li class="item" data-item-id="HRSP-M-UN-11-001" data-change="updated" data-changed="quantity totalPrice totalAdjustedPrice">"#
    )
    #expect(
      itemTag(html, "CMB-WD-01")
        == #"<li class="item" data-item-id="CMB-WD-01" data-change="removed" aria-hidden="true">"#)
    #expect(
      itemTag(html, "CND-AR-16")
        == #"<li class="item" data-item-id="CND-AR-16" data-change="updated" data-changed="details">"#)
    #expect(itemTag(html, "TWL-MF-02") == #"<li class="item" data-item-id="TWL-MF-02" data-change="unchanged">"#)
    #expect(itemTag(html, "CLP-SET-6") == #"<li class="item" data-item-id="CLP-SET-6" data-change="inserted">"#)
    // Each item once, the removed one included, and only items carry data-change.
    let body = try #require(html.components(separatedBy: "<body").last)
    #expect(body.components(separatedBy: "data-item-id=").count == 7)
    #expect(body.components(separatedBy: "data-change=").count == 7)
  }

  @Test func removedItemSitsWhereItWas() throws {
    let html = try page(try UpdateFixtures.update())
    let order = ["SHMP-AR-16", "HRSP-M-UN-11-001", "CMB-WD-01", "CND-AR-16", "TWL-MF-02", "CLP-SET-6"].compactMap {
      html.range(of: "data-item-id=\"\($0)\"")?.lowerBound
    }
    #expect(order.count == 6)
    #expect(order == order.sorted())
  }

  @Test func animationsArePureCSSAndOffUnderReducedMotion() throws {
    let html = try page(try UpdateFixtures.update())
    #expect(!html.contains("<script"))
    #expect(html.contains(#"@keyframes cart-enter"#))
    #expect(html.contains(#".item[data-change="inserted"]{animation:cart-enter"#))
    #expect(html.contains(#".item[data-change="removed"]{visibility:hidden"#))
    #expect(html.contains(#".item[data-move="down"]{animation-name:cart-from-above}"#))
    #expect(html.contains(#".item[data-changed~="quantity"] .quantity"#))
    #expect(html.contains("@media (prefers-reduced-motion:reduce){.screen-cart *{animation:none!important}}"))
    // A page without a previous cart carries none of it.
    let plain = CartHTML.render(try Fixtures.cart("cart-update-after.json"), context: try Fixtures.context("en-US"))
    #expect(!plain.contains("@keyframes"))
    #expect(!plain.contains("data-change"))
    #expect(!plain.contains("aria-live"))
  }

  @Test func liveRegionAnnouncesAChangedTotalInTheCustomersLanguage() throws {
    let html = try page(try UpdateFixtures.update(), locale: "fr-FR")
    #expect(
      html.contains(
        #"<p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">Le total est maintenant de <bdi>64,35\#u{A0}$US</bdi></p>"#
      ))
    #expect(html.contains(#"<p class="total changed"><span>Total</span>"#))
    #expect(html.contains(#"<div class="summary-line changed"><dt class="merchant"><bdi>Subtotal</bdi></dt>"#))
  }

  @Test func liveRegionStaysEmptyWhenTheTotalDidNotChange() throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let html = try page(try CartUpdate(cart, previous: cart))
    #expect(html.contains(#"<p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></p>"#))
    #expect(html.contains(#"data-change="unchanged""#))
    #expect(!html.contains(" changed\""))
    #expect(!html.contains("data-changed="))
  }

  @Test func emptiedCartPlaysTheExitAboveThePlaceholder() throws {
    let html = try page(try CartUpdate(try Fixtures.cart("cart-empty.json"), previous: DiffCarts.cart("A B")))
    #expect(
      html.contains(
        #"<ul class="items" aria-hidden="true">"# + "\n"
          + #"<li class="item" data-item-id="A" data-change="removed" aria-hidden="true">"#))
    #expect(html.contains(#"<div class="placeholder"><p>Your cart is empty</p>"#))
    let list = try #require(html.range(of: "class=\"items\""))
    let placeholder = try #require(html.range(of: "class=\"placeholder\""))
    #expect(list.lowerBound < placeholder.lowerBound)
  }

  @Test func hintsAreEscapedLikeEveryOtherAttribute() throws {
    let attack = "\"><script>alert(1)</script>"
    let update = try CartUpdate(DiffCarts.cart("B"), previous: ShoppingCart(items: [DiffCarts.item(attack)]))
    let html = try page(update)
    #expect(!html.contains("<script>"))
    #expect(html.contains(#"data-item-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-change="removed""#))
  }
}

@Suite struct CartUpdateTextTests {
  func text(
    _ update: CartUpdate, locale: String = "en-US", width: Int = OutputFormat.defaultTextWidth
  ) throws -> String {
    CartText.render(update, context: try Fixtures.context(locale), width: width)
  }

  @Test(arguments: [20, 32, 40, 80])
  func everyLineFitsTheWidthWithTheGutter(_ width: Int) throws {
    let update = try UpdateFixtures.update()
    for locale in ["en-US", "fr-FR", "ja-JP", "ar-EG"] {
      let text = try text(update, locale: locale, width: width)
      for line in text.split(separator: "\n") {
        #expect(DisplayWidth.of(line) <= width, "\(locale) width \(width): \(line)")
        #expect(line.last?.isWhitespace != true)
      }
    }
  }

  @Test func gutterMarksEachKindOfChange() throws {
    let lines = try text(try UpdateFixtures.update()).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("↕ Argan Oil Shampoo               $12.00"))
    #expect(lines.contains("~ Hair Spray                      $20.00"))
    #expect(lines.contains("~   Qty 5                     was $25.00"))
    #expect(lines.contains("    Unscented, 11 oz"))
    #expect(lines.contains("- Wide-Tooth Comb                  $6.50"))
    #expect(lines.contains("~     Limit 2 per customer."))
    #expect(lines.contains("  Microfiber Hair Towel            $9.00"))
    #expect(lines.contains("+ Claw Clips, set of 6             $7.50"))
    #expect(lines.contains("~ Subtotal                        $60.50"))
    #expect(lines.contains("  Coupon Code: NY2OFF             -$2.00"))
    #expect(lines.contains("~ Total                           $64.35"))
  }

  @Test func sameCartTwiceMarksNothing() throws {
    let cart = try Fixtures.cart("cart-update-after.json")
    let text = try text(try CartUpdate(cart, previous: cart))
    for line in text.split(separator: "\n") { #expect(line.hasPrefix("  "), "\(line)") }
    // The same content as without a previous cart, two columns to the right.
    let plain = CartText.render(cart, context: try Fixtures.context("en-US"), width: OutputFormat.defaultTextWidth - 2)
    #expect(
      text
        == plain.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
        .joined(separator: "\n"))
  }

  @Test func anEmptiedListStillMarksItsItem() throws {
    var old = DiffCarts.cart("A")
    old.items[0].descriptions = ["Gift wrapped"]
    let text = try text(try CartUpdate(DiffCarts.cart("A"), previous: old))
    #expect(text.contains("~ Item A                           $1.00\n    Qty 1\n"))
  }

  @Test func withoutAPreviousCartTheTextIsUnchanged() throws {
    // Byte-identical to the golden files, which the CartScreen suite checks; and no gutter.
    let text = CartText.render(try Fixtures.cart("cart-hair-spray.json"), context: try Fixtures.context("en-US"))
    #expect(text.hasPrefix("Oakbrook Mall\n"))
    #expect(text.contains("\nHair Spray                        $15.00\n"))
  }
}
