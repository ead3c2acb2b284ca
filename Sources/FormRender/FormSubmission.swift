import Foundation
import RenderCore

/// Reads what a customer submitted (`render-cli parse`): decodes the body, checks the
/// request token, and validates each field against the request and the region's
/// address layout.
///
/// Rules: keys the request did not ask for are ignored; a key the form sends once
/// given twice is refused (the street may come as two lines); values are trimmed;
/// an empty optional field is "not shared". Email addresses follow WHATWG's "valid email
/// address"; phone numbers allow digits, spaces and `+ ( ) - .` with 4 to 15 digits
/// (E.164); required address fields must be filled and a postal code match the region's
/// pattern. The region is the country the customer picked, else the session's.
public enum FormSubmission {
  /// Largest body accepted, in bytes: far above any real form (whose fields are at most
  /// 254 characters), small enough that a runaway body is refused at once.
  public static let maximumBodyBytes = 64 * 1024

  /// A body that cannot be a submission of this form: not the customer's to correct,
  /// so it is reported as a data error, not as field errors.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    case malformed(URLEncodedForm.DecodingError)
    case repeated(name: String, count: Int)
    case unknownAction(String)
    case missingToken
    case tokenMismatch

    public var description: String {
      switch self {
      case .tooLarge(let bytes):
        "the body is \(bytes) bytes; a form body is at most \(FormSubmission.maximumBodyBytes) bytes"
      case .malformed(let error):
        error.description
      case .repeated(let name, let count):
        "\(JSONOutput.quoted(name)) is given \(count) times; the form sends it \(name == "street" ? "at most twice" : "once")"
      case .unknownAction(let value):
        "action \(JSONOutput.quoted(value)) is neither share nor decline"
      case .missingToken:
        "the request token is missing"
      case .tokenMismatch:
        "the request token does not match"
      }
    }
  }

  /// Reads one submission.
  ///
  /// - Parameters:
  ///   - body: the `application/x-www-form-urlencoded` bytes, at most ``maximumBodyBytes``.
  ///   - context: the session (its region lays out the address) and the language of
  ///     the error messages.
  ///   - expectedToken: when given, a body whose `token` is missing or different is
  ///     refused (compared in constant time), even a decline.
  /// - Returns: the shared details, a decline, or the field errors.
  /// - Throws: ``Failure`` when the body cannot be read as this form's submission.
  public static func parse(
    _ body: [UInt8], request: FormRequest, context: RenderContext, expectedToken: String?,
    formats: AddressFormats = .bundled
  ) throws(Failure) -> FormResponse {
    guard body.count <= maximumBodyBytes else { throw .tooLarge(bytes: body.count) }
    let form: URLEncodedForm
    do { form = try URLEncodedForm(decoding: body) } catch { throw .malformed(error) }
    let token = try single(RequestToken.fieldName, in: form)
    if let expectedToken {
      guard let token else { throw .missingToken }
      guard RequestToken.matches(token, expected: expectedToken) else { throw .tokenMismatch }
    }
    // Without an action (a body built by hand), the values are read as shared.
    let action = try single(FormAction.fieldName, in: form)
    switch action.map(FormAction.init(rawValue:)) {
    case nil, .share?: break
    case .decline?: return .declined(token: token)
    case .some(nil): throw .unknownAction(action ?? "")
    }
    var validator = Validator(form: form, request: request, context: context, formats: formats)
    try validator.run()
    if !validator.errors.isEmpty { return .invalid(validator.errors) }
    return .shared(
      CustomerResponse(kind: request.kind, values: validator.values, optIns: validator.optIns, token: token))
  }

  /// The value of a key the form sends at most once.
  static func single(_ name: String, in form: URLEncodedForm) throws(Failure) -> String? {
    let values = form.values(name)
    guard values.count <= 1 else { throw .repeated(name: name, count: values.count) }
    return values.first
  }

  /// Checks each field of the form in page order, collecting values and errors.
  private struct Validator {
    let form: URLEncodedForm
    let request: FormRequest
    let context: RenderContext
    let formats: AddressFormats
    var values: [FormField: String] = [:]
    var optIns: [FormField: Bool] = [:]
    var errors: [FieldError] = []

    init(form: URLEncodedForm, request: FormRequest, context: RenderContext, formats: AddressFormats) {
      self.form = form
      self.request = request
      self.context = context
      self.formats = formats
    }

    mutating func run() throws(Failure) {
      let strings = context.strings
      let picked = request.kind == .address ? try single("country", in: form) : nil
      let (country, countryValid) = FormLayout.region(
        picked: picked, session: context.configuration.region, formats: formats)
      let layout = FormLayout(request: request, region: country, formats: formats)
      for field in layout.fields {
        guard let control = layout.control(for: field) else { continue }
        switch control.kind {
        case .checkbox:
          optIns[field] = try single(field.rawValue, in: form) != nil
        case .countryList:
          if !countryValid {
            fail(field, strings(.formErrorCountry))
          } else {
            values[field] = country
          }
        case .input:
          try check(control, label: strings(control.label), layout: layout)
        }
      }
      // Ticking an opt-in without giving the address it needs would sign up nobody.
      if optIns[.emailOptInSelection] == true, request.fields.contains(.emailAddress),
        values[.emailAddress] == nil, !errors.contains(where: { $0.field == .emailAddress })
      {
        fail(.emailAddress, strings(.formErrorEmailOptIn))
      }
      if optIns[.smsOptInSelection] == true, request.fields.contains(.phoneNumber),
        values[.phoneNumber] == nil, !errors.contains(where: { $0.field == .phoneNumber })
      {
        fail(.phoneNumber, strings(.formErrorSMSOptIn))
      }
      // Opt-in errors belong beside their fields: keep the page order.
      let order = layout.fields
      errors.sort { (order.firstIndex(of: $0.field) ?? 0) < (order.firstIndex(of: $1.field) ?? 0) }
    }

    private mutating func check(_ control: FormControl, label: String, layout: FormLayout) throws(Failure) {
      let field = control.field
      let strings = context.strings
      var raw = form.values(field.rawValue)
      if field == .street {
        guard raw.count <= 2 else { throw .repeated(name: field.rawValue, count: raw.count) }
      } else {
        raw = try single(field.rawValue, in: form).map { [$0] } ?? []
      }
      let lines = raw.map { $0.trimmedValue() }
      if lines.contains(where: \.hasControlCharacters) { return fail(field, strings(.formErrorCharacters, label)) }
      let text = lines.filter { !$0.isEmpty }.joined(separator: "\n")
      if text.isEmpty {
        if control.required { fail(field, strings(.formErrorRequired, label)) }
        return
      }
      if let maximum = field.maximumLength, lines.contains(where: { $0.utf16.count > maximum }) {
        return fail(field, strings(.formErrorTooLong, label, number(maximum)))
      }
      switch field {
      case .emailAddress:
        guard EmailAddress.isValid(text) else { return fail(field, strings(.formErrorEmail)) }
        values[field] = text
      case .phoneNumber:
        switch PhoneNumber.normalize(text) {
        case .success(let number): values[field] = number
        case .failure(.characters): fail(field, strings(.formErrorPhoneCharacters))
        case .failure(.length):
          fail(
            field,
            strings(
              .formErrorPhoneLength, number(PhoneNumber.digits.lowerBound), number(PhoneNumber.digits.upperBound)))
        }
      case .postalCode:
        let code = AddressFormat.PostalCodeRule.normalize(text)
        if let rule = layout.address?.postalCode, !rule.matches(code) {
          return fail(field, strings(.formErrorPostalCode, label, rule.example))
        }
        values[field] = code
      default:
        values[field] = text
      }
    }

    private mutating func fail(_ field: FormField, _ message: String) {
      errors.append(FieldError(field: field, message: message))
    }

    private func number(_ value: Int) -> String {
      value.formatted(IntegerFormatStyle<Int>(locale: context.locale.locale))
    }
  }
}
