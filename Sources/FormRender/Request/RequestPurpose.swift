import RenderCore

/// Why the merchant asks (the seeds' `purpose`), each belonging to one kind of request:
/// `checkIn` and `receipt` to `customerInfo`, `shipping` and `billing` to `address`,
/// `membership`, `accountCreation` and `accountUpdate` to `signup`.
package enum RequestPurpose: String, Sendable, CaseIterable {
  case checkIn
  case receipt
  case shipping
  case billing
  case membership
  case accountCreation
  case accountUpdate

  /// The one kind of request this purpose belongs to.
  package var request: FormRequest.Kind {
    switch self {
    case .checkIn, .receipt: .customerInfo
    case .shipping, .billing: .address
    case .membership, .accountCreation, .accountUpdate: .signup
    }
  }

  /// The purposes a kind of request accepts, in the contract's order.
  package static func purposes(of kind: FormRequest.Kind) -> [RequestPurpose] {
    allCases.filter { $0.request == kind }
  }

  /// The sentence telling the customer why they are asked ("… to ship your order.").
  var wording: UIStringKey {
    switch self {
    case .checkIn: .formPurposeCheckIn
    case .receipt: .formPurposeReceipt
    case .shipping: .formPurposeShipping
    case .billing: .formPurposeBilling
    case .membership: .formPurposeMembership
    case .accountCreation: .formPurposeAccountCreation
    case .accountUpdate: .formPurposeAccountUpdate
    }
  }
}

extension FormRequest {
  /// The form's heading (and page title).
  var title: UIStringKey {
    switch (kind, purpose) {
    case (.address, .shipping): .formTitleShipping
    case (.address, .billing): .formTitleBilling
    case (.address, _): .formTitleAddress
    case (.signup, .accountCreation): .formTitleAccountCreation
    case (.signup, .accountUpdate): .formTitleAccountUpdate
    case (.signup, _): .formTitleSignup
    case (.customerInfo, _): .formTitleCustomerInfo
    }
  }

  /// Why the customer is asked: the purpose's wording, or a neutral one without a purpose.
  var purposeWording: UIStringKey {
    if let purpose { return purpose.wording }
    return kind == .address ? .formPurposeAddress : .formPurposeCustomerInfo
  }
}
