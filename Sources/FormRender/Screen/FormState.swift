import RenderCore

/// A problem with one field of a submission, worded for the customer (`parse` prints
/// them as `{"errors": [{"field": …, "message": …}]}`).
package struct FieldError: Sendable, Equatable {
  package var field: FormField
  package var message: String

  package init(field: FormField, message: String) {
    self.field = field
    self.message = message
  }
}

/// What a form shows besides the request: the customer's earlier submission and what
/// was wrong with it (so a re-rendered form keeps everything they typed), and the
/// server's request token.
package struct FormState: Sendable, Equatable {
  /// The submitted body, kept exactly as typed; nil for a fresh form.
  package var values: URLEncodedForm?
  /// Shown in a summary at the top and beside each field.
  package var errors: [FieldError]
  /// The opaque request token to send back in the hidden `token` field; the engine
  /// never invents one.
  package var token: String?

  package init(values: URLEncodedForm? = nil, errors: [FieldError] = [], token: String? = nil) {
    self.values = values
    self.errors = errors
    self.token = token
  }

  /// A fresh form: no values, no errors, no token.
  package static let fresh = FormState()

  /// The first error about `field`, if any.
  func error(for field: FormField) -> FieldError? { errors.first { $0.field == field } }
}

extension FieldError {
  /// The member names of `parse`'s error output and of each of its errors, as
  /// ``FormResponse`` writes them.
  enum ListKey: String, JSONKey { case errors }
  enum EntryKey: String, JSONKey { case field, message }

  /// Decodes `parse`'s error output, `{"errors": [{"field": "…", "message": "…"}]}`.
  ///
  /// - Parameter fields: the fields on the form; an error about any other field is
  ///   refused, since the customer could not see it or fix it.
  /// - Throws: ``DataErrors`` with every problem and its JSON path.
  package static func list(json: JSONValue, fields: [FormField]) throws(DataErrors) -> [FieldError] {
    var log = ProblemLog()
    guard let object = JSONObjectReader<ListKey>(json, at: .root, log: &log) else { throw DataErrors(log.problems) }
    var errors: [FieldError] = []
    if let (value, path) = object.required(.errors, log: &log) {
      if case .array(let elements) = value {
        for (index, element) in elements.enumerated() {
          let elementPath = path.appending(index: index)
          guard let entry = JSONObjectReader<EntryKey>(element, at: elementPath, log: &log) else { continue }
          var field: FormField?
          if let (name, namePath) = entry.required(.field, log: &log), let text = name.string(at: namePath, log: &log) {
            field = FormField(rawValue: text).flatMap { fields.contains($0) ? $0 : nil }
            if field == nil {
              let names = fields.map(\.rawValue).joined(separator: ", ")
              log.add(namePath, "\(JSONOutput.quoted(text)) is not a field of this form (\(names))")
            }
          }
          let message = entry.required(.message, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
          if let field, let message { errors.append(FieldError(field: field, message: message)) }
        }
      } else {
        log.add(path, "expected an array of errors, found \(value.typeName)")
      }
    }
    try log.check()
    return errors
  }
}
