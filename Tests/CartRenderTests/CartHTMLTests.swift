import Foundation
import RenderCore
import Testing

@testable import CartRender

@Suite struct CartHTMLTests {
  func page(_ cart: ShoppingCart, locale: String = "en-US", configuration: SessionConfiguration? = nil) throws -> String
  {
    CartHTML.render(cart, context: try Fixtures.context(locale, configuration: configuration))
  }

  @Test func fullSelfContainedPage() throws {
    let html = try page(try Fixtures.cart("cart-hair-spray.json"), locale: "fr-FR")
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr-FR\" dir=\"ltr\">"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(!html.contains("<script"))
    // The one `<link>` is the empty icon, which loads nothing.
    #expect(html.components(separatedBy: "<link").count == 2)
    #expect(html.contains("<link rel=\"icon\" href=\"data:,\">"))
    #expect(!html.contains("src="))
    // The only link leaving the page is the privacy policy (besides the icon's `data:,`).
    #expect(html.components(separatedBy: "href=\"").count == 3)
    #expect(html.contains("href=\"https://example.com/privacy\""))
  }

  @Test func frenchAmountsKeepTheirNoBreakSpace() throws {
    let html = try page(try Fixtures.cart("cart-hair-spray.json"), locale: "fr-FR")
    #expect(html.contains("<span>15,00\u{A0}$US</span>"))
    #expect(html.contains("<s>20,00\u{A0}$US</s>"))
    #expect(html.contains("<span class=\"total-amount\">14,30\u{A0}$US</span>"))
  }

  @Test func adjustedPriceIsStruckAndSpokenAsWasNow() throws {
    let html = try page(try Fixtures.cart("cart-hair-spray.json"))
    #expect(html.contains("<span class=\"visually-hidden\">Was $20.00, now $15.00</span>"))
    #expect(html.contains("<span aria-hidden=\"true\"><s>$20.00</s><span>$15.00</span></span>"))
  }

  @Test func unchangedAdjustedPriceIsNotStruck() throws {
    let cart = ShoppingCart(items: [.init(id: "a", name: "A", quantity: 1, totalPrice: 5, totalAdjustedPrice: 5)])
    let html = try page(cart)
    #expect(!html.contains("<s>"))
    #expect(html.contains("<p class=\"price\">$5.00</p>"))
  }

  @Test func eachItemCarriesItsID() throws {
    let cart = ShoppingCart(items: [
      .init(id: "A-1", name: "One", quantity: 1, totalPrice: 1),
      .init(id: "B\"2", name: "Two", quantity: 2, totalPrice: 2),
    ])
    let html = try page(cart)
    #expect(html.contains("data-item-id=\"A-1\""))
    #expect(html.contains("data-item-id=\"B&quot;2\""))
  }

  @Test func merchantStringsAreEscapedEverywhere() throws {
    let attack = "<script>alert(1)</script><img src=x onerror=alert(1)>\"'&"
    let configuration = try #require(
      SessionConfiguration(
        currency: "USD", region: "US", privacyPolicyURL: "https://example.com/p?a=1&b=2", storeName: attack,
        deviceName: attack))
    let cart = ShoppingCart(
      items: [.init(id: attack, name: attack, quantity: 1, totalPrice: 1, descriptions: [attack], details: [attack])],
      summary: .init(summaryLines: [.init(label: attack, value: .text(attack))], footer: attack, total: 1))
    let html = try page(cart, configuration: configuration)
    #expect(!html.contains("<script>"))
    #expect(!html.contains("<img"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\"'&amp;"))
    #expect(html.contains("href=\"https://example.com/p?a=1&amp;b=2\""))
  }

  @Test func rightToLeftPageIsolatesMerchantText() throws {
    let cart = ShoppingCart(items: [.init(id: "h", name: "ספריי לשיער", quantity: 1, totalPrice: 15)])
    let html = try page(cart, locale: "ar-EG")
    #expect(html.contains("<html lang=\"ar-EG\" dir=\"rtl\">"))
    #expect(html.contains("<p class=\"item-name merchant\"><bdi>ספריי לשיער</bdi></p>"))
    #expect(html.contains("<p class=\"device\">متصل بـ <bdi>Emily</bdi></p>"))
  }

  /// The heading's item count is the sum of the quantities, in the CLDR plural form of
  /// the language (Polish: 1 produkt, 4 produkty, 5 produktów, 22 produkty).
  @Test(arguments: [
    ("en-US", [1], "1 item"), ("en-US", [3, 1], "4 items"), ("pl-PL", [1], "1 produkt"),
    ("pl-PL", [2, 2], "4 produkty"),
    ("pl-PL", [5], "5 produktów"), ("pl-PL", [22], "22 produkty"), ("ja-JP", [3], "3点"),
  ])
  func headingCountsTheItems(_ locale: String, _ quantities: [Int], _ expected: String) throws {
    let cart = ShoppingCart(
      items: quantities.enumerated().map {
        .init(id: "\($0.offset)", name: "Item", quantity: $0.element, totalPrice: 1)
      })
    #expect(
      try page(cart, locale: locale).contains("<h1>")
        && page(cart, locale: locale).contains("<p class=\"item-count\">\(expected)</p>"))
    #expect(CartText.render(cart, context: try Fixtures.context(locale)).contains("\n\(expected)\n"))
  }

  @Test func emptyCartShowsThePlaceholder() throws {
    let html = try page(try Fixtures.cart("cart-empty.json"), locale: "de-CH")
    #expect(html.contains("<div class=\"placeholder\"><p>Dein Warenkorb ist leer</p>"))
    #expect(!html.contains("class=\"items\""))
    #expect(!html.contains("class=\"total"))
    #expect(!html.contains("class=\"item-count\""))
  }

  @Test func totalIsStickySoItStaysInView() throws {
    let html = try page(try Fixtures.cart("cart-hair-spray.json"))
    #expect(html.contains(".total{position:sticky;bottom:0"))
    #expect(html.contains("<p class=\"total\"><span>Total</span><span class=\"total-amount\">$14.30</span></p>"))
  }

  @Test func darkSchemeAndNarrowScreenRules() throws {
    let html = try page(try Fixtures.cart("cart-hair-spray.json"))
    #expect(html.contains("@media (prefers-color-scheme:dark)"))
    #expect(html.contains("overflow-wrap:anywhere"))
  }

  @Test func sameInputSameBytes() throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let pages = try (0..<5).map { _ in try page(cart, locale: "ar-EG") }
    #expect(Set(pages).count == 1)
  }
}

@Suite struct CartTextTests {
  @Test(arguments: [20, 32, 40, 80])
  func everyLineFitsTheWidth(_ width: Int) throws {
    let cart = ShoppingCart(
      items: [
        .init(
          id: "a", name: "無香料ヘアスプレー 大容量タイプ プロフェッショナル仕様", quantity: 12, totalPrice: 123456.78,
          totalAdjustedPrice: 100000, descriptions: ["Unscented, 11 oz, with an extraordinarily long description"],
          details: ["This item cannot be shipped outside the continental United States."])
      ],
      summary: .init(
        summaryLines: [
          .init(label: "Coupon Code: NY2OFF and a long explanation", value: .amount(-2)),
          .init(label: "Shipping", value: .text("Free on orders over fifty dollars")),
        ],
        footer: "Thank you for shopping with us.", total: 100000))
    for locale in ["en-US", "fr-FR", "ja-JP", "ar-EG"] {
      let text = CartText.render(cart, context: try Fixtures.context(locale), width: width)
      for line in text.split(separator: "\n") {
        #expect(DisplayWidth.of(line) <= width, "\(locale) width \(width): \(line)")
        #expect(line.last?.isWhitespace != true)
      }
    }
  }

  @Test func seedCartAtThirtyTwoColumnsInFrench() throws {
    let text = CartText.render(
      try Fixtures.cart("cart-hair-spray.json"), context: try Fixtures.context("fr-FR"), width: 32)
    #expect(text.contains("Hair Spray             15,00\u{A0}$US\n"))
    #expect(text.contains("Total                  14,30\u{A0}$US\n"))
  }
}
