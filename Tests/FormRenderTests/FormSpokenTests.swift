import GoldenFiles
import RenderCore
import Testing

@testable import FormRender

/// What a screen reader meets on each form, beside its HTML and text golden files:
/// `snapshots/FormScreen/<name>.<locale>.spoken.txt`, fresh and sent back with errors.
@Suite struct FormSpokenTests {
  @Test(arguments: Fixtures.seedRequests, FormScreenSnapshotTests.locales)
  func seedRequests(_ name: String, _ locale: String) throws {
    let screen = FormScreen(try Fixtures.request(name))
    GoldenFile.assertMatches(
      screen.render(.spoken, context: try Fixtures.context(locale)), suite: "FormScreen",
      file: "\(name).\(locale).spoken.txt")
  }

  @Test(arguments: FormScreenSnapshotTests.moreLocales)
  func signupInMoreLanguages(_ locale: String) throws {
    let screen = FormScreen(try Fixtures.request("signup"))
    GoldenFile.assertMatches(
      screen.render(.spoken, context: try Fixtures.context(locale)), suite: "FormScreen",
      file: "signup.\(locale).spoken.txt")
  }

  @Test(arguments: [("GB", "en-GB"), ("JP", "ja-JP")])
  func addressByRegion(_ region: String, _ locale: String) throws {
    let screen = FormScreen(try Fixtures.request("shipping-address"))
    GoldenFile.assertMatches(
      screen.render(.spoken, context: try Fixtures.context(locale, region: region)), suite: "FormScreen",
      file: "address-\(region).\(locale).spoken.txt")
  }

  /// The shipping form of ``FormScreenSnapshotTests/withErrors()``, as a listener meets it.
  @Test func withErrors() throws {
    let spoken = try Self.formWithErrors().render(.spoken, context: try Fixtures.context("en-US"))
    GoldenFile.assertMatches(spoken, suite: "FormScreen", file: "shipping-address-errors.en-US.spoken.txt")
  }

  /// Values as the page keeps them (control characters as their visible symbols) and
  /// the unlisted country as the list's value, beside its error.
  @Test func withControlCharactersAndAnUnlistedCountry() throws {
    let request = try Fixtures.request("shipping-address")
    let context = try Fixtures.context("en-US")
    let body =
      "name=Jane%07Appleseed&street=1+Infinite+Loop&street=Suite%0D%0A5&city=Cupertino&state=CA&postalCode=95014"
      + "&country=jp&action=share"
    let submission = try FormSubmission.read(Array(body.utf8), request: request, region: "US")
    let response = try FormSubmission.parse(Array(body.utf8), request: request, context: context, expectedToken: nil)
    guard case .invalid(let errors) = response else {
      Issue.record("expected errors, got \(response)")
      return
    }
    let screen = FormScreen(request, state: FormState(values: submission.form, errors: errors))
    GoldenFile.assertMatches(
      screen.render(.spoken, context: context), suite: "FormScreen",
      file: "shipping-address-unlisted-country.en-US.spoken.txt")
  }

  /// Each error is tied to its field: the field is invalid and its description reads
  /// the hint and the error, in the page's order (`aria-describedby`).
  @Test func anErrorIsTheInvalidFieldsDescription() throws {
    let lines = try Self.formWithErrors().render(.spoken, context: try Fixtures.context("en-US"))
      .split(separator: "\n").map(String.init)
    let postal = lines.first { $0.contains("textbox \"ZIP code\"") }
    #expect(
      postal
        == "      textbox \"ZIP code\" required invalid value \"9501\", description \"For example, 95014 Error: ZIP code should look like 95014.\""
    )
    #expect(lines.contains("    alert \"Check what you entered\""))
    // The customer typed a space: the value is read as it stands.
    #expect(
      lines.contains("      textbox \"City\" required invalid value \" \", description \"Error: City is required.\""))
    #expect(lines.contains("      combobox \"Country or region\" required value \"United States\""))
  }

  @Test func consentsAreAGroupOfCheckboxesAndTermsARegion() throws {
    let lines = FormScreen(try Fixtures.request("signup")).render(.spoken, context: try Fixtures.context("en-US"))
      .split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("      group \"") })
    #expect(lines.contains { $0.hasPrefix("        checkbox \"") && $0.hasSuffix("\" not checked") })
    #expect(lines.contains { $0.hasPrefix("      region \"") })
    #expect(Array(lines.suffix(2)) == ["      button \"Share\"", "      button \"Don't share\""])
  }

  static func formWithErrors() throws -> FormScreen {
    let request = try Fixtures.request("shipping-address")
    let context = try Fixtures.context("en-US")
    let body =
      "name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=+&state=CA&postalCode=9501&country=US"
      + "&emailAddress=jane%40&phoneNumber=&action=share"
    let response = try FormSubmission.parse(Array(body.utf8), request: request, context: context, expectedToken: nil)
    guard case .invalid(let errors) = response else {
      Issue.record("expected errors, got \(response)")
      return FormScreen(request)
    }
    let state = FormState(values: try URLEncodedForm(decoding: Array(body.utf8)), errors: errors, token: "req-7f3a")
    return FormScreen(request, state: state)
  }
}
