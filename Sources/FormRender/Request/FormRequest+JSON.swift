import RenderCore

extension FormRequest {
  /// The contract's member names for a request; a transcript's request calls carry the
  /// same members.
  package enum Key: String, JSONKey {
    case request, purpose, fields, message, emailConsent, smsConsent, termsAndConditions
  }

  /// Parses, decodes and validates the contract's request JSON (a request file's bytes).
  /// - Throws: ``DataErrors`` with every problem and its JSON path.
  public init(jsonUTF8: [UInt8]) throws(DataErrors) {
    try self.init(json: try JSONParser.parse(jsonUTF8))
  }

  /// Decodes and validates the contract's request JSON.
  ///
  /// A request the web fallback cannot serve (`"request": "applePay"`, a `pass` field)
  /// is refused as an incompatible request (``DataProblem/Kind/incompatibleRequest``, its
  /// message starting `incompatibleRequest:`); a purpose that does not
  /// belong to the request, or a sign-up option on another request, with
  /// `invalidRequest:`, the `CustomerSessionError` names a merchant's app knows.
  ///
  /// - Throws: ``DataErrors`` with every problem and its JSON path, e.g.
  ///   `$.purpose: invalidRequest: shipping is a purpose of address requests, not customerInfo requests; use checkIn or receipt`.
  package init(json: JSONValue) throws(DataErrors) {
    var log = ProblemLog()
    guard let object = JSONObjectReader<Key>(json, at: .root, log: &log) else { throw DataErrors(log.problems) }

    var kind: Kind?
    if let (value, path) = object.required(.request, log: &log), let name = value.string(at: path, log: &log) {
      if let known = Kind(rawValue: name) {
        kind = known
      } else if name == "applePay" {
        log.addIncompatibleRequest(
          path, "Apple Pay needs the customer's iPhone on a direct connection (localWireless), not the web fallback")
      } else {
        log.add(
          path, "invalidRequest: \(JSONOutput.quoted(name)) is not a request; use customerInfo, address or signup")
      }
    }

    var purpose: RequestPurpose?
    if let (value, path) = object.optional(.purpose), let name = value.string(at: path, log: &log) {
      let allowed = RequestPurpose.purposes(of: kind ?? .customerInfo)
      switch RequestPurpose(rawValue: name) {
      case .some(let found) where kind == nil || found.request == kind:
        purpose = found
      case .some(let found):
        log.add(
          path,
          "invalidRequest: \(found.rawValue) is a purpose of \(found.request.rawValue) requests, not \(kind?.rawValue ?? "") requests; use \(Self.list(allowed.map(\.rawValue)))"
        )
      case .none:
        let names = kind == nil ? RequestPurpose.allCases.map(\.rawValue) : allowed.map(\.rawValue)
        log.add(path, "invalidRequest: \(JSONOutput.quoted(name)) is not a purpose; use \(Self.list(names))")
      }
    }

    let fieldsPath = object.path(of: .fields)
    var fields: [ContactField] = []
    var fieldsValid = true
    if let (value, path) = object.optional(.fields) {
      if case .array(let elements) = value {
        var firstIndex: [ContactField: Int] = [:]
        for (index, element) in elements.enumerated() {
          let elementPath = path.appending(index: index)
          guard let name = element.string(at: elementPath, log: &log) else {
            fieldsValid = false
            continue
          }
          guard let field = ContactField(rawValue: name) else {
            fieldsValid = false
            if name == "pass" {
              log.addIncompatibleRequest(elementPath, "a Wallet pass cannot be shared on the web fallback")
            } else {
              log.add(elementPath, "\(JSONOutput.quoted(name)) is not a field; use emailAddress or phoneNumber")
            }
            continue
          }
          if let first = firstIndex[field] {
            log.add(elementPath, "\(name) is listed twice (first at \(path.appending(index: first)))")
          } else {
            firstIndex[field] = index
            fields.append(field)
          }
        }
      } else {
        fieldsValid = false
        log.add(path, "expected an array of field names, found \(value.typeName)")
      }
    }
    if kind == .customerInfo, fields.isEmpty, fieldsValid {
      log.add(fieldsPath, "invalidRequest: a customerInfo request asks for emailAddress, phoneNumber or both")
    }

    var message: String?
    if let (value, path) = object.optional(.message), let text = value.string(at: path, log: &log) {
      message = text.contains(where: { !$0.isWhitespace }) ? text : nil
    }

    func consent(_ key: Key) -> ConsentOption {
      guard let (value, path) = object.optional(key), let name = value.string(at: path, log: &log) else {
        return .hidden
      }
      if let kind, kind != .signup {
        log.add(path, "invalidRequest: \(key.rawValue) applies to a signup request only")
        return .hidden
      }
      guard let option = ConsentOption(rawValue: name) else {
        log.add(path, "\(JSONOutput.quoted(name)) is not a consent option; use hidden, visible or preSelected")
        return .hidden
      }
      return option
    }
    let emailConsent = consent(.emailConsent)
    let smsConsent = consent(.smsConsent)

    var terms: String?
    if let (value, path) = object.optional(.termsAndConditions), let text = value.markdownText(at: path, log: &log) {
      if let kind, kind != .signup {
        log.add(path, "invalidRequest: \(Key.termsAndConditions.rawValue) applies to a signup request only")
      } else if text.contains(where: { !$0.isWhitespace }) {
        terms = text
      }
    }

    try log.check()
    guard let kind else { throw DataErrors(log.problems) }
    self.init(
      kind: kind, purpose: purpose, fields: fields, message: message, emailConsent: emailConsent,
      smsConsent: smsConsent, termsAndConditions: terms)
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }
}
