import RenderCore

/// What a customer's submission of a form came to: the contract's response JSON, as
/// `render-cli parse` prints it.
public struct SubmittedForm: Sendable, Equatable {
  /// The response JSON (UTF-8, members in a fixed order): the shared details (each
  /// response key, `null` when not given, and the `token` when the form carried one),
  /// `{"declined": true}`, or `{"errors": [{"field", "message"}]}` for the values the
  /// customer must correct, in the context's language.
  public let jsonUTF8: [UInt8]
  /// True when the customer shared valid details or declined; false when the JSON lists
  /// errors (the page is shown again with them).
  public let isAccepted: Bool
}

/// A body that is not a submission of the form: too large, not
/// `application/x-www-form-urlencoded`, a repeated key, an unknown action or opt-in
/// value, or a token missing, different or malformed.
public struct FormSubmissionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in English, naming the byte or the key at fault.
  public let description: String
}

extension FormRequest {
  /// Reads a customer's submission of this form: the URL-encoded body its page posts,
  /// checked against the request as `render-cli parse` checks it.
  ///
  /// ```swift
  /// let submitted = try request.parseSubmission(body, context: context, expectedToken: token)
  /// if submitted.isAccepted { send(submitted.jsonUTF8) } else { showFormAgain() }
  /// ```
  ///
  /// - Parameters:
  ///   - body: the `application/x-www-form-urlencoded` bytes the form posted.
  ///   - context: the session (its region lays out an address) and the language of
  ///     the error messages.
  ///   - expectedToken: the token the form was rendered with; when given, a body
  ///     whose token is missing or different is refused, even a decline.
  /// - Throws: ``FormSubmissionError`` when the body is not a submission of this form.
  public func parseSubmission(_ body: [UInt8], context: RenderContext, expectedToken: String? = nil)
    throws(FormSubmissionError) -> SubmittedForm
  {
    let response: FormResponse
    do {
      response = try FormSubmission.parse(body, request: self, context: context, expectedToken: expectedToken)
    } catch {
      throw FormSubmissionError(description: error.description)
    }
    let accepted: Bool
    if case .invalid = response { accepted = false } else { accepted = true }
    return SubmittedForm(jsonUTF8: Array(response.json.utf8), isAccepted: accepted)
  }
}
