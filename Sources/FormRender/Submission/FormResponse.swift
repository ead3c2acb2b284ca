import RenderCore

/// What `parse` makes of a submission: the customer's details, a decline
/// (`userDeclined`), or what they need to correct.
package enum FormResponse: Sendable, Equatable {
  case shared(CustomerResponse)
  /// The customer chose "Don't share"; the token is echoed when the form carried one.
  case declined(token: String?)
  /// Values the customer must correct, in the form's order.
  case invalid([FieldError])

  /// The contract's JSON: the response keys (`null` when not shared) and `token`;
  /// `{"declined": true}`; or `{"errors": [{"field", "message"}]}`. Members are in a
  /// fixed order, so the same submission always prints the same bytes.
  package var json: String {
    switch self {
    case .shared(let response):
      return JSONOutput.render(response.json)
    case .declined(let token):
      var members: [(key: String, value: JSONValue)] = [("declined", .bool(true))]
      if let token { members.append((RequestToken.fieldName, .string(token))) }
      return JSONOutput.render(.object(members))
    case .invalid(let errors):
      let list = errors.map {
        JSONValue.object([
          (FieldError.EntryKey.field.rawValue, .string($0.field.rawValue)),
          (FieldError.EntryKey.message.rawValue, .string($0.message)),
        ])
      }
      return JSONOutput.render(.object([(FieldError.ListKey.errors.rawValue, .array(list))]))
    }
  }
}

/// The details a customer shared (`CustomerInfo`, `Address`, `Signup` in the seeds'
/// API): each value as the customer typed it, trimmed; a street's two lines joined by a
/// line feed; the country only when the customer sent one.
package struct CustomerResponse: Sendable, Equatable {
  package var kind: FormRequest.Kind
  /// Text values by key; a key the customer left empty (or was not asked) is absent.
  package var values: [FormField: String]
  /// Opt-in selections by key; absent when the request hid the checkbox.
  package var optIns: [FormField: Bool]
  /// The request token the form carried, if any.
  package var token: String?

  package init(kind: FormRequest.Kind, values: [FormField: String], optIns: [FormField: Bool], token: String?) {
    self.kind = kind
    self.values = values
    self.optIns = optIns
    self.token = token
  }

  var json: JSONValue {
    let keys = FormRequest(kind: kind).responseKeys
    var members: [(key: String, value: JSONValue)] = keys.map { key in
      if let flag = optIns[key] { return (key.rawValue, .bool(flag)) }
      return (key.rawValue, values[key].map(JSONValue.string) ?? .null)
    }
    if let token { members.append((RequestToken.fieldName, .string(token))) }
    return .object(members)
  }
}
