import Foundation
import RenderCore
import Testing

@testable import CartRender

@Suite struct ShoppingCartDecodingTests {
  @Test func seedCartDecodesExactly() throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    #expect(cart.items.count == 1)
    let item = try #require(cart.items.first)
    #expect(item.id == "HRSP-M-UN-11-001")
    #expect(item.quantity == 4)
    #expect(item.totalPrice == Decimal(20))
    #expect(item.totalAdjustedPrice == Decimal(15))
    #expect(item.isAdjusted)
    #expect(item.descriptions == ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"])
    #expect(item.details == ["This item cannot be shipped."])
    let summary = try #require(cart.summary)
    #expect(summary.total == Decimal(string: "14.30"))
    #expect(summary.summaryLines.map(\.label) == ["Subtotal", "Coupon Code: NY2OFF", "Shipping", "Tax"])
    #expect(summary.summaryLines.map(\.value) == [.amount(15), .amount(-2), .text("Free"), .text("10%")])
    #expect(summary.footer == "Thank you for shopping with us.")
  }

  @Test func emptyCartIsAPlaceholder() throws {
    let cart = try Fixtures.cart("cart-empty.json")
    #expect(cart.items.isEmpty)
    #expect(cart.summary == nil)
  }

  @Test func amountsSurviveExactly() throws {
    let json =
      #"{"items":[{"id":"a","name":"A","quantity":1,"totalPrice":0.1},"#
      + #"{"id":"b","name":"B","quantity":1,"totalPrice":99999999999999999.99}],"summary":{"total":14.30}}"#
    let cart = try ShoppingCart(json: try JSONParser.parse(Array(json.utf8)), currency: "USD")
    #expect(cart.items.map(\.totalPrice.description) == ["0.1", "99999999999999999.99"])
    #expect(cart.summary?.total.description == "14.3")
  }

  @Test func everyProblemIsReportedWithItsPath() {
    let json = """
      {"items": [
        {"id": "A", "name": "One", "quantity": 1, "totalPrice": 1.00},
        {"id": "A", "name": "", "quantity": 0, "totalPrice": "15.00", "totalAdjustedPirce": 1},
        {"id": "B", "name": "Two", "quantity": 2.5, "totalPrice": 1.005, "descriptions": ["ok", 3]}
      ],
      "summary": {"summaryLines": [{"label": "Tax", "value": true}], "footer": 7}}
      """
    #expect(
      Fixtures.problems(json) == [
        #"cart.json: $.items[1].totalAdjustedPirce: unknown key "totalAdjustedPirce""#,
        "cart.json: $.items[1].name: must not be empty",
        "cart.json: $.items[1].quantity: must be between 1 and 1000000000, found 0",
        "cart.json: $.items[1].totalPrice: expected an amount (a JSON number), found a string",
        "cart.json: $.items[2].quantity: expected a whole number (62, 62.0 and 6.2e1 are all 62), found 2.5",
        "cart.json: $.items[2].descriptions[1]: expected a string, found a number",
        "cart.json: $.summary.summaryLines[0].value: expected an amount (a JSON number) or text (a string), found a boolean",
        "cart.json: $.summary.footer: expected a string, found a number",
        #"cart.json: $.summary.total: missing required key "total""#,
      ])
  }

  @Test func duplicateIDNamesTheFirstOccurrence() {
    let json =
      #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1},{"id":"A","name":"y","quantity":1,"totalPrice":1}]}"#
    #expect(Fixtures.problems(json) == [#"cart.json: $.items[1].id: duplicate item id "A" (first at $.items[0])"#])
  }

  @Test(arguments: [#"\u200b"#, #"\ufeff\u200e"#, #"\u0301"#, #" \u3000 "#])
  func invisibleOnlyNamesAreEmpty(_ name: String) {
    let json = #"{"items":[{"id":"A","name":"\#(name)","quantity":1,"totalPrice":1}]}"#
    #expect(Fixtures.problems(json) == ["cart.json: $.items[0].name: must not be empty"])
  }

  @Test func echoedInputCannotForgeALine() {
    let json = #"{"items":[],"\u001b]0;x\u0007\r\nFAKE: ok\u202e":1}"#
    #expect(
      Fixtures.problems(json) == [
        #"cart.json: $["\u001B]0;x\u0007\u000D\u000AFAKE: ok\u202E"]: unknown key "\u001B]0;x\u0007\u000D\u000AFAKE: ok\u202E""#
      ])
    let long = String(repeating: "9", count: 500)
    let huge = #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":\#(long)}]}"#
    #expect(
      Fixtures.problems(huge) == [
        "cart.json: $.items[0].totalPrice: \(String(repeating: "9", count: 60))… is too large for an amount (at most 20 digits before the decimal point)"
      ])
  }

  @Test func topLevelShapeErrors() {
    #expect(Fixtures.problems("[]") == ["cart.json: $: expected an object, found an array"])
    #expect(Fixtures.problems("{}") == [#"cart.json: $.items: missing required key "items""#])
    #expect(Fixtures.problems(#"{"items": {}}"#) == ["cart.json: $.items: expected an array of items, found an object"])
  }

  @Test func currencyDigitsComeFromCLDR() throws {
    let yen = #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1500.5}]}"#
    #expect(Fixtures.problems(yen, currency: "JPY").isEmpty)
    #expect(
      try Fixtures.warnings(yen, currency: "JPY") == [
        "cart.json: $.items[0].totalPrice: warning: 1 decimal place, JPY has 0; shown rounded"
      ])
    let dinar = #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1.125}]}"#
    #expect(Fixtures.problems(dinar, currency: "KWD").isEmpty)
    #expect(try Fixtures.warnings(dinar, currency: "KWD").isEmpty)
    #expect(try Fixtures.warnings(dinar, currency: nil).isEmpty)
  }

  @Test func everyRoundedAmountHasOneWarningWithItsPath() throws {
    let json = """
      {"items": [
        {"id": "A", "name": "One", "quantity": 1, "totalPrice": 1.00},
        {"id": "B", "name": "Two", "quantity": 2, "totalPrice": 20.125, "totalAdjustedPrice": 15.0049}
      ],
      "summary": {"summaryLines": [{"label": "Tax", "value": 1.5e-3}], "total": 15.005}}
      """
    #expect(
      try Fixtures.warnings(json) == [
        "cart.json: $.items[1].totalPrice: warning: 3 decimal places, USD has 2; shown rounded",
        "cart.json: $.items[1].totalAdjustedPrice: warning: 4 decimal places, USD has 2; shown rounded",
        "cart.json: $.summary.summaryLines[0].value: warning: 4 decimal places, USD has 2; shown rounded",
        "cart.json: $.summary.total: warning: 3 decimal places, USD has 2; shown rounded",
      ])
    let cart = try ShoppingCart(json: try JSONParser.parse(Array(json.utf8)), currency: "USD")
    #expect(cart.items[1].totalPrice == Decimal(string: "20.12"))
    #expect(cart.items[1].totalAdjustedPrice == 15)
    #expect(cart.summary?.summaryLines.first?.value == .amount(0))
    #expect(cart.summary?.total == Decimal(string: "15"))
  }

  /// The rounded amount formats to the figure Foundation's currency format shows for
  /// the amount as sent, in every currency CLDR knows, at one and two places too many.
  @Test func roundingMatchesFoundationsCurrencyFormat() {
    let locale = Locale(identifier: "en_US")
    var mismatches: [String] = []
    for code in Locale.Currency.isoCurrencies.map(\.identifier) where CurrencyCode.isKnown(code) {
      let units = CurrencyMinorUnits(code)
      let style = Decimal.FormatStyle.Currency(code: code, locale: locale)
      for literal in ["0.5", "1.5", "2.5", "0.125", "0.135", "7.0045", "7.0055", "1234.56785", "99.99999", "-3.335"] {
        guard let value = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) else { continue }
        let shown = value.formatted(style)
        let rounded = units.rounded(value).formatted(style)
        if shown != rounded { mismatches.append("\(code) \(literal): \(shown) vs \(rounded)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}

@Suite struct SessionConfigurationTests {
  func problems(_ text: String) -> [String] {
    do {
      _ = try SessionConfiguration(json: try JSONParser.parse(Array(text.utf8)))
      return []
    } catch {
      return error.lines(file: "session.json")
    }
  }

  @Test func seedSessionDecodes() throws {
    let session = try Fixtures.session()
    #expect(
      session
        == SessionConfiguration(
          currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy", storeName: "Oakbrook Mall",
          deviceName: "Emily"))
  }

  @Test(arguments: [
    ("javascript:alert(1)", "the javascript: scheme is not allowed; use http: or https:"),
    ("data:text/html,hi", "the data: scheme is not allowed; use http: or https:"),
    ("/privacy", #""/privacy" is not an absolute URL"#),
    ("https://", #""https://" is not an absolute http: or https: URL with a valid host"#),
    (
      #"https://evil.example\\@good.example/"#,
      #""https://evil.example\\@good.example/" holds a character a URL may not hold unescaped (U+005C)"#
    ),
    (
      "https://a'onmouseover='x", #""https://a'onmouseover='x" holds a character a URL may not hold unescaped (U+0027)"#
    ),
    ("https://example.com:99999/", #""https://example.com:99999/" has a port outside 0–65535"#),
    (
      #"https://example.com/\u202egpj.exe"#,
      #""https://example.com/\u202Egpj.exe" holds a character a URL may not hold unescaped (U+202E)"#
    ),
  ])
  func privacyPolicyURLMustBeWeb(_ url: String, _ message: String) {
    let json = #"{"currency":"USD","region":"US","privacyPolicyURL":"\#(url)"}"#
    #expect(problems(json) == ["session.json: $.privacyPolicyURL: \(message)"])
  }

  @Test(arguments: ["XXX", "XTS", "ESP", "DEM", "US"])
  func currenciesThatAreNotCurrentTenderAreRefused(_ code: String) {
    let json = #"{"currency":"\#(code)","region":"US","privacyPolicyURL":"https://a.example/p"}"#
    #expect(problems(json) == [#"session.json: $.currency: "\#(code)" is not an ISO 4217 currency code"#])
  }

  @Test func exceptionallyReservedRegionIsRefused() {
    let json = #"{"currency":"EUR","region":"EU","privacyPolicyURL":"https://a.example/p"}"#
    #expect(problems(json) == [#"session.json: $.region: "EU" is not an ISO 3166-1 alpha-2 region code"#])
  }

  @Test func internationalHostAndIPv6AreFine() {
    for url in ["https://bücher.example/datenschutz", "https://[2001:db8::1]/privacy", "http://127.0.0.1:8080/p"] {
      let json = #"{"currency":"EUR","region":"DE","privacyPolicyURL":"\#(url)"}"#
      #expect(problems(json).isEmpty, "\(url)")
    }
  }

  @Test func codesAreChecked() {
    let json =
      #"{"currency":"usd","region":"XX","privacyPolicyURL":"https://a.example/p","websiteURL":"http://a.example"}"#
    #expect(
      problems(json) == [
        #"session.json: $.currency: "usd" is not an ISO 4217 currency code"#,
        #"session.json: $.region: "XX" is not an ISO 3166-1 alpha-2 region code"#,
        "session.json: $.websiteURL: the http: scheme is not allowed; use https:",
      ])
  }
}

@Suite struct ItemIDExactnessTests {
  @Test func idsAreComparedByteForByteNotByCanonicalEquivalence() throws {
    let json =
      #"{"items":[{"id":"\u00e9","name":"x","quantity":1,"totalPrice":1},{"id":"e\u0301","name":"y","quantity":1,"totalPrice":1}]}"#
    #expect(Fixtures.problems(json).isEmpty)
    let old = ShoppingCart(items: [.init(id: "\u{e9}", name: "x", quantity: 1, totalPrice: 1)])
    let new = ShoppingCart(items: [.init(id: "e\u{301}", name: "x", quantity: 1, totalPrice: 1)])
    let diff = try new.difference(from: old)
    #expect(diff.inserted == ["e\u{301}"])
    #expect(diff.removed == ["\u{e9}"])
  }
}
