import FormRender
import RenderCore

/// Markdown terms (the input as `termsAndConditions`) → a sign-up request → form HTML
/// and text: cmark's parse, the link and HTML filtering, the text preview.
enum MarkdownHarness {
  static let harness = FuzzHarness(
    name: "markdown", summary: "termsAndConditions Markdown → sign-up form HTML and text", check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    guard let terms = String(validating: bytes, as: UTF8.self) else { return }
    let setting = FuzzSetting(bytes)
    let json = JSONValue.object([
      ("request", .string("signup")), ("fields", .array([.string("emailAddress")])),
      ("emailConsent", .string("visible")), ("termsAndConditions", .string(terms)),
    ])
    let request: FormRequest
    do { request = try FormRequest(json: json) } catch {
      try OutputProperties.checkErrors(error, "terms")
      return
    }
    try ScreenCheck.check(
      FormScreen(request), context: setting.context, width: setting.width, twice: setting.sampled(oneIn: 4), "terms")
  }
}
