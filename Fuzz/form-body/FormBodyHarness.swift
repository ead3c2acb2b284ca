import FormRender
import RenderCore

/// A submitted form body → `FormSubmission.parse` → the response JSON, and the form
/// rendered again with what was typed and the field errors (`form --values --errors`).
enum FormBodyHarness {
  static let harness = FuzzHarness(
    name: "form-body", summary: "submitted form body → FormSubmission.parse → response JSON; form again with values",
    check: check)

  /// The seeds' three requests, every contact field and opt-in shown.
  static let requests: [FormRequest] = [
    #"{"request": "address", "purpose": "shipping", "fields": ["emailAddress", "phoneNumber"]}"#,
    #"{"request": "signup", "purpose": "membership", "fields": ["emailAddress", "phoneNumber"], "emailConsent": "visible", "smsConsent": "preSelected", "termsAndConditions": "**Terms**"}"#,
    #"{"request": "customerInfo", "purpose": "checkIn", "fields": ["emailAddress", "phoneNumber"]}"#,
  ].compactMap { text in (try? JSONParser.parse(Array(text.utf8))).flatMap { try? FormRequest(json: $0) } }

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    let context = setting.context
    let request = setting.pick(requests)
    let token: String? = setting.hash & 1 == 0 ? nil : "req-42"
    func parse() -> Result<FormResponse, FormSubmission.Failure> {
      Result { () throws(FormSubmission.Failure) in
        try FormSubmission.parse(bytes, request: request, context: context, expectedToken: token)
      }
    }
    let result = parse()
    guard result == parse() else { throw PropertyFailure("deterministic", "two parses of the same body differ") }
    let response: FormResponse
    switch result {
    case .success(let parsed): response = parsed
    case .failure(let error):
      try OutputProperties.checkErrorLine(error.description, "parse error")
      return
    }
    let json = response.json
    do { _ = try JSONParser.parse(Array(json.utf8)) } catch {
      throw PropertyFailure("parse.validJSON", "the response is not JSON: \(error)")
    }
    var errors: [FieldError] = []
    if case .invalid(let list) = response { errors = list }
    if case .shared(let shared) = response {
      for (field, value) in shared.values where value.unicodeScalars.contains(where: isRefusedControl) {
        throw PropertyFailure("parse.noControlCharacter", "\(field.rawValue) is shared with a control character")
      }
    }
    // What `form --values BODY --errors ERRORS` shows: every value as typed. Rendering
    // a whole form costs far more than a parse, so one body in 16 is shown again.
    guard setting.sampled(oneIn: 16) else { return }
    let submission: FormSubmission.Submission
    do {
      submission = try FormSubmission.read(bytes, request: request, region: context.configuration.region.rawValue)
    } catch {
      throw PropertyFailure("parse.readAgrees", "parse answered, but read refuses the body: \(error)")
    }
    let state = FormState(values: submission.form, errors: errors, token: token)
    try ScreenCheck.check(
      FormScreen(request, state: state), context: context, width: setting.width, twice: setting.sampled(oneIn: 64),
      "form again")
  }

  /// A control character a shared value may not hold: all but the street's line feed.
  static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar.properties.generalCategory == .control
  }
}
