/// The customer's answer to ``CustomerSession/requestCustomerInfo(purpose:fields:message:)``.
/// The customer chooses what to share: each value is `nil` when not shared (or not asked
/// for), else exactly as typed, trimmed of white space.
public struct CustomerInfoResponse: Sendable, Hashable {
  /// The email address, a valid one by WHATWG's rule for `<input type=email>`.
  public let emailAddress: String?
  /// The phone number as typed: 4 to 15 digits with spaces and `+ ( ) - .`.
  public let phoneNumber: String?

  init(_ values: AnswerValues) {
    emailAddress = values.text("emailAddress")
    phoneNumber = values.text("phoneNumber")
  }
}

/// The customer's answer to ``CustomerSession/requestAddress(purpose:fields:message:)``:
/// the name and postal address, with the contact fields asked for. Each value is `nil`
/// when not shared, else exactly as typed, trimmed; the relay checked the required
/// fields and the postal code for the address's region.
public struct AddressResponse: Sendable, Hashable {
  /// The addressee's name.
  public let name: String?
  /// The street: one line, or two separated by a line feed.
  public let street: String?
  /// The city (or locality).
  public let city: String?
  /// The state, province or region, as the region's format names it.
  public let state: String?
  /// The postal code as typed (`sw1a 1aa`).
  public let postalCode: String?
  /// The ISO 3166-1 region the customer picked (`US`); `nil` when they picked none and
  /// the session's region laid the form out.
  public let country: String?
  /// The email address, when asked for and shared.
  public let emailAddress: String?
  /// The phone number as typed, when asked for and shared.
  public let phoneNumber: String?

  init(_ values: AnswerValues) {
    name = values.text("name")
    street = values.text("street")
    city = values.text("city")
    state = values.text("state")
    postalCode = values.text("postalCode")
    country = values.text("country")
    emailAddress = values.text("emailAddress")
    phoneNumber = values.text("phoneNumber")
  }
}

/// The customer's answer to
/// ``CustomerSession/requestSignup(purpose:fields:emailConsent:smsConsent:termsAndConditions:message:)``.
/// Text values are `nil` when not shared, else as typed, trimmed.
public struct SignupResponse: Sendable, Hashable {
  /// The customer's name.
  public let name: String?
  /// The email address, when asked for and shared.
  public let emailAddress: String?
  /// The phone number as typed, when asked for and shared.
  public let phoneNumber: String?
  /// `true` when the customer ticked the email opt-in, `false` when not, `nil` when the
  /// request hid it (``ConsentOption/hidden``).
  public let emailOptInSelection: Bool?
  /// `true` when the customer ticked the SMS opt-in, `false` when not, `nil` when hidden.
  public let smsOptInSelection: Bool?

  init(_ values: AnswerValues) {
    name = values.text("name")
    emailAddress = values.text("emailAddress")
    phoneNumber = values.text("phoneNumber")
    emailOptInSelection = values.flag("emailOptInSelection")
    smsOptInSelection = values.flag("smsOptInSelection")
  }
}
