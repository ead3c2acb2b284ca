import RenderCore
import Testing

/// The public way to make a configuration checks what the contract's JSON is checked for.
@Suite struct SessionConfigurationValidationTests {
  @Test func validValuesAreKept() throws {
    let configuration = try SessionConfiguration.validated(
      currency: "JPY", region: "JP", privacyPolicyURL: "https://example.jp/privacy", websiteURL: "https://example.jp",
      storeName: "Ginza", deviceName: "Aiko")
    #expect(configuration.currency == "JPY")
    #expect(configuration.region == "JP")
    #expect(configuration.privacyPolicyURL == "https://example.jp/privacy")
    #expect(configuration.websiteURL == "https://example.jp")
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
    #expect(configuration.currency == "EUR")
    #expect(throws: DataErrors.self) { try SessionConfiguration(jsonUTF8: Array("{".utf8)) }
  }
}
