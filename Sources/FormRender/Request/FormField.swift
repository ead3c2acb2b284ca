import RenderCore

/// A key of the customer's response (the contract's `parse` output), which is also the
/// `name` of the form control that collects it.
package enum FormField: String, Sendable, CaseIterable {
  case name
  /// One or two lines (both controls are named `street`), joined by a line feed.
  case street
  case city
  case state
  case postalCode
  /// ISO 3166-1 alpha-2 code, chosen from a list.
  case country
  case emailAddress
  case phoneNumber
  /// `true` when the customer ticked the email opt-in, `false` when they left it clear.
  case emailOptInSelection
  /// `true` when the customer ticked the SMS opt-in, `false` when they left it clear.
  case smsOptInSelection

  /// Longest value accepted, in UTF-16 code units as HTML's `maxlength` counts them;
  /// nil for controls the customer does not type into.
  package var maximumLength: Int? {
    switch self {
    case .name, .street: 200
    case .city, .state: 100
    case .postalCode: 20
    case .emailAddress: 254
    case .phoneNumber: 32
    case .country, .emailOptInSelection, .smsOptInSelection: nil
    }
  }
}

/// What the customer chose, sent as `action=share` or `action=decline` by the form's
/// two submit buttons (the `name` is ``fieldName``).
package enum FormAction: String, Sendable, CaseIterable {
  /// "Share": the values filled in go to the merchant.
  case share
  /// "Don't share": the whole request is declined (`userDeclined`).
  case decline

  /// The buttons' `name`.
  package static let fieldName = "action"
}
