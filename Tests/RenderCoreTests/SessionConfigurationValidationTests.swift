import RenderCore
import Testing

/// The public way to make a configuration checks what the contract's JSON is checked for.
@Suite struct SessionConfigurationValidationTests {
  @Test func validValuesAreKept() throws {
    let configuration = try SessionConfiguration.validated(
      currency: "JPY", region: "JP", privacyPolicyURL: "https://example.jp/privacy", websiteURL: "https://example.jp",
      storeName: "Ginza", deviceName: "Aiko")
    #expect(configuration.currency.rawValue == "JPY")
    #expect(configuration.region.rawValue == "JP")
    #expect(configuration.privacyPolicyURL.rawValue == "https://example.jp/privacy")
    #expect(configuration.websiteURL?.rawValue == "https://example.jp")
    #expect(configuration.storeName == "Ginza")
    #expect(configuration.deviceName == "Aiko")
  }

  @Test func javascriptPrivacyURLIsRefused() throws {
    let error = try #require(throws: DataErrors.self) {
      try SessionConfiguration.validated(currency: "USD", region: "US", privacyPolicyURL: "javascript:alert(1)")
    }
    #expect(
      error.lines(file: "configuration") == [
        "configuration: $.privacyPolicyURL: the javascript: scheme is not allowed; use http: or https:"
      ])
  }

  @Test func everyRefusedValueIsNamed() throws {
    let error = try #require(throws: DataErrors.self) {
      try SessionConfiguration.validated(
        currency: "XYZ", region: "us", privacyPolicyURL: "https://example.com", websiteURL: "http://example.com")
    }
    #expect(error.problems.map(\.path.description) == ["$.currency", "$.region", "$.websiteURL"])
  }

  @Test func jsonBytesAreParsedAndChecked() throws {
    let configuration = try SessionConfiguration(
      jsonUTF8: Array(#"{"currency":"EUR","region":"FR","privacyPolicyURL":"https://example.fr/privacy"}"#.utf8))
    #expect(configuration.currency.rawValue == "EUR")
    #expect(throws: DataErrors.self) { try SessionConfiguration(jsonUTF8: Array("{".utf8)) }
  }

  /// ICU's region data decides, not a table: CLDR's own codes of territories, areas and
  /// groupings are regions; aliases, deprecated codes, the unknown region and other
  /// shapes are not.
  @Test(arguments: ["US", "XK", "419", "001", "EU", "150"])
  func cldrRegionCodesAreRegions(_ code: String) throws {
    #expect(try #require(RegionCode(code)).rawValue == code)
    #expect(try #require(RegionCode(code)).description == code)
  }

  @Test(arguments: ["ZZ", "UK", "840", "AN", "YU", "AA", "us", "U", "USA", "0419", "4l9", "", "ＵＳ"])
  func otherCodesAreNotRegions(_ code: String) {
    #expect(RegionCode(code) == nil)
  }

  /// The configuration's way in (an ISO 3166-1 country, without reading ICU's region
  /// data) accepts exactly the two-letter codes the public one accepts that are countries.
  @Test func everyISOCountryIsARegionByItsCode() {
    var countries = 0
    for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
      for second in UInt8(ascii: "A")...UInt8(ascii: "Z") {
        let code = String(decoding: [first, second], as: UTF8.self)
        guard let country = RegionCode(isoCountry: code) else { continue }
        countries += 1
        #expect(RegionCode(code) == country, "\(code)")
      }
    }
    #expect(countries > 240)
    #expect(RegionCode(isoCountry: "419") == nil && RegionCode(isoCountry: "EU") == nil)
    #expect(RegionCode(isoCountry: "ZZ") == nil && RegionCode(isoCountry: "us") == nil)
  }

  /// A session's region is a country in ICU's ISO 3166-1 list: Kosovo is, Latin America
  /// and the unknown region are not, with the message the contract's JSON gives.
  @Test func aSessionRegionIsACountry() throws {
    let kosovo = try SessionConfiguration.validated(currency: "EUR", region: "XK", privacyPolicyURL: "https://e.xk")
    #expect(kosovo.region == RegionCode("XK"))
    for code in ["419", "EU", "ZZ"] {
      let error = try #require(throws: DataErrors.self) {
        try SessionConfiguration.validated(currency: "USD", region: code, privacyPolicyURL: "https://example.com")
      }
      #expect(
        error.lines(file: "configuration") == [
          "configuration: $.region: \"\(code)\" is not an ISO 3166-1 alpha-2 region code"
        ])
    }
  }

  @Test func currencyCodesAreICUsCurrentOnes() throws {
    #expect(try #require(CurrencyCode("KWD")).rawValue == "KWD")
    #expect(CurrencyCode("JPY")?.description == "JPY")
    for code in ["XXX", "XTS", "ESP", "DEM", "usd", "US", "USDX", ""] {
      #expect(CurrencyCode(code) == nil, "\(code)")
    }
  }

  /// Only an absolute http: or https: URL with a valid host is a ``WebURL``.
  @Test func webURLsAreCheckedLinks() throws {
    #expect(try #require(WebURL("https://example.com/privacy")).rawValue == "https://example.com/privacy")
    #expect(WebURL("http://example.com")?.description == "http://example.com")
    for text in [
      "javascript:alert(1)", "/privacy", "https:evil.example", "https://bank.example@evil.example",
      "https://example.com/a b", "mailto:help@example.com", "https://example.com:99999",
    ] {
      #expect(WebURL(text) == nil, "\(text)")
    }
  }

  @Test func theDefaultHoldsTheContractsValues() {
    let configuration = SessionConfiguration.default
    #expect(configuration.currency.rawValue == "USD")
    #expect(configuration.region.rawValue == "US")
    #expect(configuration.privacyPolicyURL.rawValue == "https://example.com/privacy")
    #expect(configuration.websiteURL == nil)
  }
}
