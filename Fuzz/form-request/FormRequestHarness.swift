import FormRender
import RenderCore

/// Request JSON → validation → a fresh form in HTML and text.
enum FormRequestHarness {
  static let harness = FuzzHarness(
    name: "form-request", summary: "request JSON → FormRequest validation → form HTML and text", check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    guard let request = try decode(bytes, "request") else { return }
    try ScreenCheck.check(
      FormScreen(request), context: setting.context, width: setting.width, twice: setting.sampled(oneIn: 4), "form")
  }

  static func decode(_ bytes: [UInt8], _ label: String) throws(PropertyFailure) -> FormRequest? {
    let json: JSONValue
    do { json = try JSONParser.parse(bytes) } catch {
      try OutputProperties.checkErrors(error, label + " JSON")
      return nil
    }
    do { return try FormRequest(json: json) } catch {
      try OutputProperties.checkErrors(error, label)
      return nil
    }
  }
}
