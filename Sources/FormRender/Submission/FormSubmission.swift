import Foundation
import RenderCore

/// Reads what a customer submitted (`render-cli parse`): decodes the body, checks the
/// request token, and validates each field against the request and the region's
/// address layout.
///
/// Rules: keys the request did not ask for are ignored; a key the form sends once
/// given twice is refused (the street may come as two lines), and an opt-in with any
/// value but `true` (the only one its checkbox sends) is refused, whatever the action;
/// values are trimmed, and a value with nothing visible is empty; an empty optional
/// field is "not shared". Email addresses follow WHATWG's "valid email address"; phone
/// numbers allow digits, spaces and `+ ( ) - .` with 4 to 15 digits (E.164); required
/// address fields must be filled (the street's first line) and a postal code match the
/// region's pattern. Values come back as typed, trimmed. The region is the country the
/// customer picked, else the session's.
package enum FormSubmission {
  /// Largest body accepted, in bytes: far above any real form (whose fields are at most
  /// 254 characters), small enough that a runaway body is refused at once.
  package static let maximumBodyBytes = 64 * 1024

  /// A body that cannot be a submission of this form: not the customer's to correct,
  /// so it is reported as a data error, not as field errors.
  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    case malformed(URLEncodedForm.DecodingError)
    case repeated(name: String, count: Int)
    case unknownAction(String)
    /// An opt-in checkbox's key with a value its checkbox never sends (anything but `true`).
    case unknownOptIn(name: String, value: String)
    case missingToken
    case tokenMismatch
    /// A token that breaks ``RequestToken``'s rules; the reason, without the token.
    case invalidToken(String)

    package var description: String {
      switch self {
      case .tooLarge(let bytes):
        "the body is \(bytes) bytes; a form body is at most \(FormSubmission.maximumBodyBytes) bytes"
      case .malformed(let error):
        error.description
      case .repeated(let name, let count):
        "\(Echo.quoted(name)) is given \(count) times; the form sends it \(name == "street" ? "at most twice" : "once")"
      case .unknownAction(let value):
        "action \(Echo.quoted(value)) is neither share nor decline"
      case .unknownOptIn(let name, let value):
        "\(name) \(Echo.quoted(value)) is not what its checkbox sends (true, or nothing when unticked)"
      case .missingToken:
        "the request token is missing"
      case .tokenMismatch:
        "the request token does not match"
      case .invalidToken(let reason):
        "the request token is refused: \(reason)"
      }
    }
  }

  /// A body that passed ``read(_:request:region:expectedToken:formats:)``: every key
  /// the form sends once is there at most once, the action and opt-ins are ones the
  /// form sends, and the token keeps the token rules.
  package struct Submission: Sendable, Equatable {
    /// The decoded pairs, as typed.
    package var form: URLEncodedForm
    /// `share` when the body has no action (a body built by hand).
    package var action: FormAction
    package var token: String?
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
  package static func parse(
    _ body: [UInt8], request: FormRequest, context: RenderContext, expectedToken: String?,
    formats: AddressFormats = .bundled
  ) throws(Failure) -> FormResponse {
    let submission = try read(
      body, request: request, region: context.configuration.region.rawValue, expectedToken: expectedToken,
      formats: formats)
    if submission.action == .decline { return .declined(token: submission.token) }
    var validator = Validator(form: submission.form, request: request, context: context, formats: formats)
    validator.run()
    if !validator.errors.isEmpty { return .invalid(validator.errors) }
    return .shared(
      CustomerResponse(
        kind: request.kind, values: validator.values, optIns: validator.optIns, token: submission.token))
  }

  /// Checks that `body` is a submission of this form, whatever its action: what
  /// `parse` refuses before looking at the values, and what `form --values` refuses too.
  ///
  /// - Parameters:
  ///   - region: the session's region (ISO 3166-1), which lays out the address unless
  ///     the body picks a listed country; it decides which keys the form sends.
  ///   - expectedToken: as for ``parse(_:request:context:expectedToken:formats:)``.
  /// - Throws: ``Failure``: a body over ``maximumBodyBytes``, malformed, with a repeated
  ///   key, an unknown action or opt-in value, or a token refused.
  package static func read(
    _ body: [UInt8], request: FormRequest, region: String, expectedToken: String? = nil,
    formats: AddressFormats = .bundled
  ) throws(Failure) -> Submission {
    guard body.count <= maximumBodyBytes else { throw .tooLarge(bytes: body.count) }
    let form: URLEncodedForm
    do { form = try URLEncodedForm(decoding: body) } catch { throw .malformed(error) }
    let token = try single(RequestToken.fieldName, in: form)
    if let expectedToken {
      guard let token else { throw .missingToken }
      guard RequestToken.matches(token, expected: expectedToken) else { throw .tokenMismatch }
    }
    // `parse` echoes the token: only one that `form --token` could have sent passes.
    if let token, let problem = RequestToken.problem(token) { throw .invalidToken(problem) }
    let actionValue = try single(FormAction.fieldName, in: form)
    let action: FormAction
    switch actionValue.map(FormAction.init(rawValue:)) {
    case nil: action = .share
    case .some(let known?): action = known
    case .some(nil): throw .unknownAction(actionValue ?? "")
    }
    let picked = request.kind == .address ? try single(FormField.country.rawValue, in: form) : nil
    let layout = FormLayout(
      request: request, region: FormLayout.region(picked: picked, session: region, formats: formats).region,
      formats: formats)
    for control in layout.controls where control.line == 0 {
      let name = control.field.rawValue
      switch control.kind {
      case .checkbox:
        if let value = try single(name, in: form), value != FormControl.checkboxValue {
          throw .unknownOptIn(name: name, value: value)
        }
      case .input where control.field == .street:
        let count = form.values(name).count
        guard count <= 2 else { throw .repeated(name: name, count: count) }
      case .input, .countryList:
        _ = try single(name, in: form)
      }
    }
    return Submission(form: form, action: action, token: token)
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

    mutating func run() {
      let strings = context.strings
      // Repeats were refused by `read`: each key here has at most one value (two for the street).
      let picked = request.kind == .address ? form.values(FormField.country.rawValue).first : nil
      let (country, countryValid) = FormLayout.region(
        picked: picked, session: context.configuration.region.rawValue, formats: formats)
      let layout = FormLayout(request: request, region: country, formats: formats)
      for field in layout.fields {
        guard let control = layout.control(for: field) else { continue }
        switch control.kind {
        case .checkbox:
          optIns[field] = !form.values(field.rawValue).isEmpty
        case .countryList:
          if !countryValid {
            fail(field, strings(.formErrorCountry))
          } else if let picked, !picked.trimmedValue().isEmpty {
            // Only a country the customer sent is shared; the session's region lays out
            // the form without being theirs.
            values[field] = country
          }
        case .input:
          check(control, label: strings(control.label), layout: layout)
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
        fail(.phoneNumber, strings(.formErrorSmsOptIn))
      }
      // Opt-in errors belong beside their fields: keep the page order.
      let order = layout.fields
      errors.sort { (order.firstIndex(of: $0.field) ?? 0) < (order.firstIndex(of: $1.field) ?? 0) }
    }

    private mutating func check(_ control: FormControl, label: String, layout: FormLayout) {
      let field = control.field
      let strings = context.strings
      let typed = form.values(field.rawValue).map { $0.trimmedValue() }
      if typed.contains(where: \.hasControlCharacters) { return fail(field, strings(.formErrorCharacters, label)) }
      // A line of only invisible characters (U+200B, U+FEFF…) reads as empty, and is.
      let lines = typed.map { DisplayWidth.hasVisibleCharacter($0) ? $0 : "" }
      // The first street line is the street: a second line alone does not take its place.
      if field == .street, lines.first?.isEmpty == true, lines.dropFirst().contains(where: { !$0.isEmpty }) {
        return fail(field, strings(.formErrorRequired, label))
      }
      let text = lines.filter { !$0.isEmpty }.joined(separator: "\n")
      if text.isEmpty {
        if control.required { fail(field, strings(.formErrorRequired, label)) }
        return
      }
      if let maximum = field.maximumLength, lines.contains(where: { $0.utf16.count > maximum }) {
        return fail(field, strings(.formErrorTooLong, count: maximum, label, number(maximum)))
      }
      switch field {
      case .emailAddress:
        guard EmailAddress.isValid(text) else { return fail(field, strings(.formErrorEmail)) }
      case .phoneNumber:
        switch PhoneNumber.problem(text) {
        case nil: break
        case .characters: return fail(field, strings(.formErrorPhoneCharacters))
        case .length:
          return fail(
            field,
            strings(
              .formErrorPhoneLength, count: PhoneNumber.digits.upperBound, number(PhoneNumber.digits.lowerBound),
              number(PhoneNumber.digits.upperBound)))
        }
      case .postalCode:
        // Folded only to be matched: the code comes back as the customer typed it.
        if let rule = layout.address?.postalCode, !rule.matches(AddressFormat.PostalCodeRule.normalize(text)) {
          return fail(field, strings(.formErrorPostalCode, label, rule.example))
        }
      default:
        break
      }
      values[field] = text
    }

    private mutating func fail(_ field: FormField, _ message: String) {
      errors.append(FieldError(field: field, message: message))
    }

    private func number(_ value: Int) -> String {
      value.formatted(IntegerFormatStyle<Int>(locale: context.locale.locale))
    }
  }
}
