/// What the merchant asks the customer for, as one form: `requestCustomerInfo`,
/// `requestAddress` or `requestSignup` in the seeds' API, decoded from the contract's
/// request JSON (see `FormRequest+JSON.swift`).
///
/// The customer decides what to share: every contact field may come back empty, and the
/// whole request may be declined (`userDeclined`). Only an address request has required
/// fields (name and postal address).
public struct FormRequest: Sendable, Equatable {
  /// The contract's `request` values.
  package enum Kind: String, Sendable, CaseIterable {
    /// `requestCustomerInfo`: an email address or phone number, to find an account or
    /// send a receipt.
    case customerInfo
    /// `requestAddress`: a shipping or billing address, always with the name.
    case address
    /// `requestSignup`: name and contact details, with marketing opt-ins and terms.
    case signup
  }

  package var kind: Kind
  /// Why the customer is asked; nil for a `customerInfo` or `address` request that did
  /// not say. A `signup` request always has one (`membership` by default).
  package var purpose: RequestPurpose?
  /// Contact fields asked for, in the form's order (email, then phone), each at most once.
  package var fields: [ContactField]
  /// The merchant's own words, shown above the form.
  package var message: String?
  /// `signup` only; `hidden` otherwise.
  package var emailConsent: ConsentOption
  /// `signup` only; `hidden` otherwise.
  package var smsConsent: ConsentOption
  /// `signup` only: CommonMark, read by libcmark and written by the engine without raw HTML.
  package var termsAndConditions: String?

  package init(
    kind: Kind, purpose: RequestPurpose? = nil, fields: [ContactField] = [], message: String? = nil,
    emailConsent: ConsentOption = .hidden, smsConsent: ConsentOption = .hidden, termsAndConditions: String? = nil
  ) {
    self.kind = kind
    self.purpose = purpose ?? (kind == .signup ? .membership : nil)
    self.fields = ContactField.allCases.filter(fields.contains)
    self.message = message
    self.emailConsent = emailConsent
    self.smsConsent = smsConsent
    self.termsAndConditions = termsAndConditions
  }

  /// The keys of the customer's response, in the contract's order (`parse` output).
  package var responseKeys: [FormField] {
    switch kind {
    case .customerInfo: [.emailAddress, .phoneNumber]
    case .address: [.name, .street, .city, .state, .postalCode, .country, .emailAddress, .phoneNumber]
    case .signup: [.name, .emailAddress, .phoneNumber, .emailOptInSelection, .smsOptInSelection]
    }
  }
}

/// A contact field a request may ask for (`fields`). Apple's `pass` (a Wallet pass) is
/// not one: the web fallback cannot read Wallet, so it is refused as `incompatibleRequest`.
package enum ContactField: String, Sendable, CaseIterable {
  case emailAddress
  case phoneNumber
}

/// How a sign-up offers a marketing opt-in (`ConsentOption` in the seeds' API).
package enum ConsentOption: String, Sendable, CaseIterable {
  /// No checkbox; the response's selection is `null`.
  case hidden
  /// An unchecked checkbox.
  case visible
  /// A checked checkbox the customer can clear.
  case preSelected
}
