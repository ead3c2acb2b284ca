import GoldenFiles
import RenderCore
import Testing

@testable import FormRender

/// Golden pages and text for the seed requests in four locales and Hebrew, the sign-up
/// form in more languages, an address form at a British and a Japanese store, and forms
/// sent back with errors: `snapshots/FormScreen/<name>.<locale>.<html|txt>`.
@Suite struct FormScreenSnapshotTests {
  static let locales = ["en-US", "fr-FR", "ja-JP", "ar-EG", "he-IL"]
  /// The sign-up form in the other languages with UI strings that most test a layout
  /// (scripts, plural rules, line breaking), and in both pseudo-locales.
  static let moreLocales = [
    "de-DE", "es-ES", "hi-IN", "ko-KR", "zh-TW", "pl-PL", "ru-RU", "th-TH", "en-XA", "ar-XB",
  ]

  @Test(arguments: moreLocales)
  func signupInMoreLanguages(_ locale: String) throws {
    let request = try Fixtures.request("signup")
    let context = try Fixtures.context(locale)
    GoldenFile.assertMatches(
      FormHTML.render(request, context: context), suite: "FormScreen", file: "signup.\(locale).html")
    GoldenFile.assertMatches(
      FormText.render(request, context: context), suite: "FormScreen", file: "signup.\(locale).txt")
  }

  @Test(arguments: Fixtures.seedRequests, locales)
  func html(_ name: String, _ locale: String) throws {
    let page = FormHTML.render(try Fixtures.request(name), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(page, suite: "FormScreen", file: "\(name).\(locale).html")
  }

  @Test(arguments: Fixtures.seedRequests, locales)
  func text(_ name: String, _ locale: String) throws {
    let text = FormText.render(try Fixtures.request(name), context: try Fixtures.context(locale))
    GoldenFile.assertMatches(text, suite: "FormScreen", file: "\(name).\(locale).txt")
  }

  /// The address form laid out for the store's region, in its language.
  @Test(arguments: [("GB", "en-GB"), ("JP", "ja-JP")])
  func addressByRegion(_ region: String, _ locale: String) throws {
    let request = try Fixtures.request("shipping-address")
    let context = try Fixtures.context(locale, region: region)
    GoldenFile.assertMatches(
      FormHTML.render(request, context: context), suite: "FormScreen", file: "address-\(region).\(locale).html")
    GoldenFile.assertMatches(
      FormText.render(request, context: context), suite: "FormScreen", file: "address-\(region).\(locale).txt")
  }

  /// The shipping form sent back by `parse`: the customer's values kept, the errors
  /// listed at the top and beside their fields.
  @Test func withErrors() throws {
    let request = try Fixtures.request("shipping-address")
    let context = try Fixtures.context("en-US")
    let body =
      "name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=+&state=CA&postalCode=9501&country=US"
      + "&emailAddress=jane%40&phoneNumber=&action=share"
    let response = try FormSubmission.parse(Array(body.utf8), request: request, context: context, expectedToken: nil)
    guard case .invalid(let errors) = response else {
      Issue.record("expected errors, got \(response)")
      return
    }
    let state = FormState(values: try URLEncodedForm(decoding: Array(body.utf8)), errors: errors, token: "req-7f3a")
    GoldenFile.assertMatches(
      FormHTML.render(request, context: context, state: state), suite: "FormScreen",
      file: "shipping-address-errors.en-US.html")
    GoldenFile.assertMatches(
      FormText.render(request, context: context, state: state), suite: "FormScreen",
      file: "shipping-address-errors.en-US.txt")
  }

  /// A body no browser sends, sent back as `form --values` shows it: control characters
  /// as visible symbols, the unlisted country `jp` kept selected beside its error.
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
    let state = FormState(values: submission.form, errors: errors)
    GoldenFile.assertMatches(
      FormHTML.render(request, context: context, state: state), suite: "FormScreen",
      file: "shipping-address-unlisted-country.en-US.html")
    GoldenFile.assertMatches(
      FormText.render(request, context: context, state: state), suite: "FormScreen",
      file: "shipping-address-unlisted-country.en-US.txt")
  }
}
