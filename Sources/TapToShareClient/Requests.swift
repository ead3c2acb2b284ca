/// Why ``CustomerSession/requestCustomerInfo(purpose:fields:message:)`` asks, told to the customer.
public enum CustomerInfoPurpose: String, Sendable, Hashable {
  /// To find the customer's account.
  case checkIn
  /// To send a receipt.
  case receipt
}

/// Why ``CustomerSession/requestAddress(purpose:fields:message:)`` asks, told to the customer.
public enum AddressPurpose: String, Sendable, Hashable {
  /// Where to ship the order.
  case shipping
  /// The billing address.
  case billing
}

/// Why ``CustomerSession/requestSignup(purpose:fields:emailConsent:smsConsent:termsAndConditions:message:)``
/// asks, told to the customer.
public enum SignupPurpose: String, Sendable, Hashable {
  /// Joining a membership or loyalty programme (the seeds' default).
  case membership
  /// Creating an account.
  case accountCreation
  /// Updating an account.
  case accountUpdate
}

/// A contact detail a request asks for. The web fallback serves these two; a Wallet pass
/// is native only.
public enum CustomerInfoField: String, Sendable, Hashable, CaseIterable {
  /// The customer's email address.
  case emailAddress
  /// The customer's phone number.
  case phoneNumber
}

/// How a sign-up form offers a marketing opt-in.
public enum ConsentOption: String, Sendable, Hashable {
  /// No checkbox: the response's opt-in is `nil`.
  case hidden
  /// A checkbox, unchecked.
  case visible
  /// A checkbox, checked.
  case preSelected
}

/// A status screen for ``CustomerSession/updateCustomerStatus(_:)``.
public enum CustomerStatus: String, Sendable, Hashable {
  /// Back to the cart (or the placeholder).
  case ready
  /// "Payment completed".
  case paymentCompleted
  /// "Payment failed".
  case paymentFailed
  /// "Checkout completed".
  case checkoutCompleted
}

/// The kinds of request, as the relay names them, with the keys of their answers (the
/// contract's `parse` output).
enum RequestKind: Sendable {
  case customerInfo, address, signup

  static let all: [RequestKind] = [.customerInfo, .address, .signup]

  var call: String {
    switch self {
    case .customerInfo: "requestCustomerInfo"
    case .address: "requestAddress"
    case .signup: "requestSignup"
    }
  }

  /// Every key the relay's answer to this kind holds (each `null` when not shared).
  var answerKeys: Set<String> {
    switch self {
    case .customerInfo: ["emailAddress", "phoneNumber"]
    case .address: ["name", "street", "city", "state", "postalCode", "country", "emailAddress", "phoneNumber"]
    case .signup: ["name", "emailAddress", "phoneNumber", "emailOptInSelection", "smsOptInSelection"]
    }
  }
}

extension Set<CustomerInfoField> {
  /// The fields in a fixed order, so the same request is the same bytes (and the same
  /// `Idempotency-Key` fingerprint on a retry).
  var json: JSONText {
    .array(CustomerInfoField.allCases.filter(contains).map { .string($0.rawValue) })
  }
}
