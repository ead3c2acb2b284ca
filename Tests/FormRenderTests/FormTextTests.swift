import RenderCore
import Testing

@testable import FormRender

@Suite struct FormTextTests {
  static let locales = ["en-US", "es-US", "fr-FR", "de-DE", "ja-JP", "ar-EG", "hi-IN"]

  func text(_ request: FormRequest, locale: String = "en-US", width: Int = 40, state: FormState = .fresh) throws
    -> String
  {
    FormText.render(request, context: try Fixtures.context(locale), width: width, state: state)
  }

  @Test(arguments: Fixtures.seedRequests, [20, 32, 40, 72])
  func everyLineFitsTheWidth(_ name: String, _ width: Int) throws {
    for locale in Self.locales {
      let lines = try text(try Fixtures.request(name), locale: locale, width: width).split(separator: "\n")
      for line in lines {
        #expect(DisplayWidth.of(line) <= width, "\(name) \(locale) \(width): \(line)")
        #expect(line.last?.isWhitespace != true)
      }
    }
  }

  @Test func signupPreviewShowsLabelsRequirementBoxesAndTerms() throws {
    let output = try text(try Fixtures.request("signup"))
    #expect(output.contains("\nFull name (optional)\n[                                      ]\n"))
    #expect(output.contains("\n[ ] Email me news and offers\n[ ] Text me news and offers (SMS)\n"))
    #expect(output.contains("\n*Terms and Conditions*\n\nYour terms, in Markdown.\n"))
    #expect(output.hasSuffix("\n[ Share ]  [ Don't share ]\n"))
  }

  @Test func preSelectedConsentIsTicked() throws {
    let request = FormRequest(kind: .signup, emailConsent: .preSelected, smsConsent: .hidden)
    let output = try text(request)
    #expect(output.contains("\n[x] Email me news and offers\n"))
    #expect(!output.contains("SMS"))
  }

  @Test func addressPreviewMarksRequiredFieldsAndTheRegionsLabels() throws {
    let output = try text(try Fixtures.request("shipping-address"))
    #expect(output.contains("\nZIP code (required)\nFor example, 95014\n"))
    #expect(output.contains("\nApartment, suite, building (optional)\n"))
    #expect(output.contains("\nCountry or region (required)\n[ United States                      ▾ ]\n"))
    let british = FormText.render(
      try Fixtures.request("shipping-address"), context: try Fixtures.context("en-GB", region: "GB"))
    #expect(british.contains("\nPostcode (required)\nFor example, EC1Y 8SY\n"))
    #expect(british.contains("\nTown or city (required)\n"))
    #expect(!british.contains("State"))
  }

  @Test func valuesAndErrorsAppearBesideTheirFields() throws {
    let values = try URLEncodedForm(decoding: Array("emailAddress=jane%40".utf8))
    let errors = [FieldError(field: .emailAddress, message: "Enter an email address like name@example.com.")]
    let output = try text(try Fixtures.request("check-in"), state: FormState(values: values, errors: errors))
    #expect(
      output.contains(
        "\n! Check what you entered\n  - Enter an email address like\n    name@example.com.\n"))
    #expect(
      output.contains(
        "\nEmail address (optional)\n[ jane@                                ]\n! Enter an email address like\n  name@example.com.\n"
      ))
  }

  @Test func aLongValueWrapsInsideItsBox() throws {
    let values = try URLEncodedForm(decoding: Array("name=Maria+Fernanda+de+los+Angeles+Gonzalez+Rodriguez".utf8))
    let output = try text(try Fixtures.request("signup"), width: 30, state: FormState(values: values))
    #expect(output.contains("\n[ Maria Fernanda de los      ]\n[ Angeles Gonzalez Rodriguez ]\n"))
  }

  @Test func controlCharactersInValuesNeverReachTheTerminal() throws {
    let values = try URLEncodedForm(decoding: Array("name=Jo%1B%5B2J%07%0D%0A%00hn".utf8))
    let output = try text(try Fixtures.request("signup"), state: FormState(values: values))
    #expect(output.contains("\nFull name (optional)\n[ Jo␛[2J␇␍␊␀hn                         ]\n"))
    #expect(!output.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
  }

  @Test func anUnlistedCountryShowsAsSentWithItsError() throws {
    let values = try URLEncodedForm(decoding: Array("country=jp".utf8))
    let output = try text(try Fixtures.request("shipping-address"), state: FormState(values: values))
    #expect(
      output.contains(
        "\nCountry or region (required)\n[ jp                                 ▾ ]\n! Choose a country or region from the\n  list.\n"
      ))
    #expect(!output.contains("United States"))
  }
}
