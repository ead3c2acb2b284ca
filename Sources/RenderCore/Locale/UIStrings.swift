import Foundation

/// Every piece of UI text the engine shows, by key. A `.strings` file in `locales/`
/// translates each one; a test proves every file has every key with the same placeholders.
public enum UIStringKey: String, CaseIterable, Sendable {
  case headerConnectedTo = "header.connectedTo"
  case headerPrivacyPolicy = "header.privacyPolicy"
  case headerWebsite = "header.website"
  case textLink = "text.link"
  case statusReadyTitle = "status.ready.title"
  case statusReadySubtitle = "status.ready.subtitle"
  case statusPaymentCompletedTitle = "status.paymentCompleted.title"
  case statusPaymentCompletedSubtitle = "status.paymentCompleted.subtitle"
  case statusPaymentFailedTitle = "status.paymentFailed.title"
  case statusPaymentFailedSubtitle = "status.paymentFailed.subtitle"
  case statusCheckoutCompletedTitle = "status.checkoutCompleted.title"
  case statusCheckoutCompletedSubtitle = "status.checkoutCompleted.subtitle"
  case statusDisconnectedTitle = "status.disconnected.title"
  case statusDisconnectedSubtitle = "status.disconnected.subtitle"
  case statusClosedTitle = "status.closed.title"
  case statusClosedSubtitle = "status.closed.subtitle"
  case welcomeTitle = "welcome.title"
  case welcomeTitleNoStore = "welcome.titleNoStore"
  case welcomeSubtitle = "welcome.subtitle"
  case cartTitle = "cart.title"
  case cartItemsHeading = "cart.itemsHeading"
  case cartQuantity = "cart.quantity"
  case cartPriceWasNow = "cart.priceWasNow"
  case cartPriceWas = "cart.priceWas"
  case cartSummaryHeading = "cart.summaryHeading"
  case cartTotal = "cart.total"
  case cartTotalChanged = "cart.totalChanged"
  case cartEmptyTitle = "cart.empty.title"
  case cartEmptyMessage = "cart.empty.message"
  // Request forms (FormRender): customerInfo, address, signup.
  case formTitleCustomerInfo = "form.title.customerInfo"
  case formTitleAddress = "form.title.address"
  case formTitleShipping = "form.title.shipping"
  case formTitleBilling = "form.title.billing"
  case formTitleSignup = "form.title.signup"
  case formTitleAccountCreation = "form.title.accountCreation"
  case formTitleAccountUpdate = "form.title.accountUpdate"
  case formPurposeCustomerInfo = "form.purpose.customerInfo"
  case formPurposeAddress = "form.purpose.address"
  case formPurposeCheckIn = "form.purpose.checkIn"
  case formPurposeReceipt = "form.purpose.receipt"
  case formPurposeShipping = "form.purpose.shipping"
  case formPurposeBilling = "form.purpose.billing"
  case formPurposeMembership = "form.purpose.membership"
  case formPurposeAccountCreation = "form.purpose.accountCreation"
  case formPurposeAccountUpdate = "form.purpose.accountUpdate"
  case formChoice = "form.choice"
  case formFieldOptional = "form.field.optional"
  case formFieldRequired = "form.field.required"
  case formFieldName = "form.field.name"
  case formFieldStreet = "form.field.street"
  case formFieldStreet2 = "form.field.street2"
  case formFieldCity = "form.field.city"
  case formFieldPostTown = "form.field.postTown"
  case formFieldSuburb = "form.field.suburb"
  case formFieldState = "form.field.state"
  case formFieldProvince = "form.field.province"
  case formFieldPrefecture = "form.field.prefecture"
  case formFieldRegion = "form.field.region"
  case formFieldPostalCode = "form.field.postalCode"
  case formFieldZipCode = "form.field.zipCode"
  case formFieldPostcode = "form.field.postcode"
  case formFieldPinCode = "form.field.pinCode"
  case formFieldCountry = "form.field.country"
  case formFieldEmailAddress = "form.field.emailAddress"
  case formFieldPhoneNumber = "form.field.phoneNumber"
  case formHintExample = "form.hint.example"
  case formConsentLegend = "form.consent.legend"
  case formConsentEmail = "form.consent.email"
  case formConsentSMS = "form.consent.sms"
  case formTermsLabel = "form.terms.label"
  case formTermsAgreement = "form.terms.agreement"
  case formActionShare = "form.action.share"
  case formActionDecline = "form.action.decline"
  case formErrorsTitle = "form.errors.title"
  case formErrorsPageTitle = "form.errors.pageTitle"
  case formErrorPrefix = "form.error.prefix"
  case formErrorRequired = "form.error.required"
  case formErrorEmail = "form.error.email"
  case formErrorPhoneCharacters = "form.error.phoneCharacters"
  case formErrorPhoneLength = "form.error.phoneLength"
  case formErrorPostalCode = "form.error.postalCode"
  case formErrorTooLong = "form.error.tooLong"
  case formErrorCharacters = "form.error.characters"
  case formErrorCountry = "form.error.country"
  case formErrorEmailOptIn = "form.error.emailOptIn"
  case formErrorSMSOptIn = "form.error.smsOptIn"
}

/// The UI strings of every language in `locales/`, compiled into the library
/// (`EmbeddedLocales.swift`, written by `scripts/embed-data`).
public struct UIStrings: Sendable {
  /// Tag of the file every other falls back to.
  public static let baseLanguage = "en"

  /// The files compiled into this build. A file that fails to parse is left out and
  /// named in ``loadProblems`` (the locale tests fail on it).
  public static let bundled: UIStrings = {
    var tables: [String: [String: String]] = [:]
    var problems: [String] = []
    for file in EmbeddedLocales.files {
      do {
        let parsed = try StringsFile(parsing: file.text)
        tables[file.tag] = Dictionary(
          parsed.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      } catch {
        problems.append("\(file.tag).strings: \(error)")
      }
    }
    return UIStrings(tables: tables, loadProblems: problems)
  }()

  private let tables: [String: [String: String]]
  /// Files that could not be read, as `fr.strings: line 3: …`.
  public let loadProblems: [String]

  /// Tags of the languages with a strings file, sorted.
  public var languages: [String] { tables.keys.sorted() }

  /// The strings of `language`, falling back to English key by key.
  public func table(_ language: String) -> StringTable {
    StringTable(
      language: language, entries: tables[language] ?? [:], fallback: tables[Self.baseLanguage] ?? [:])
  }
}

/// One language's UI strings.
public struct StringTable: Sendable {
  public let language: String
  fileprivate let entries: [String: String]
  fileprivate let fallback: [String: String]

  /// The text for `key` with `%@` / `%1$@` placeholders replaced by `arguments`, in
  /// order or by position. Arguments are inserted as they are (they are already formatted).
  public func callAsFunction(_ key: UIStringKey, _ arguments: String...) -> String {
    Placeholders.substitute(template(key), arguments)
  }

  /// The same text split into the template's own words and the inserted arguments, so
  /// HTML can isolate each argument's direction (`<bdi>`).
  public func parts(_ key: UIStringKey, _ arguments: String...) -> [Placeholders.Part] {
    Placeholders.parts(template(key), arguments)
  }

  private func template(_ key: UIStringKey) -> String {
    entries[key.rawValue] ?? fallback[key.rawValue] ?? key.rawValue
  }
}

/// `%@` and positional `%n$@` placeholders, the only ones the strings files use.
public enum Placeholders {
  /// The placeholders of `template` in order of appearance, positional ones numbered,
  /// plain ones numbered by their order: `"%2$@ of %1$@"` gives `[2, 1]`.
  public static func positions(_ template: String) -> [Int] {
    var result: [Int] = []
    _ = scan(template) { _, position in result.append(position) }
    return result
  }

  /// A piece of a filled-in template.
  public enum Part: Sendable, Equatable {
    /// The translation's own text.
    case literal(String)
    /// An inserted value, possibly in another script direction.
    case argument(String)

    public var text: String {
      switch self {
      case .literal(let text), .argument(let text): text
      }
    }
  }

  static func substitute(_ template: String, _ arguments: [String]) -> String {
    parts(template, arguments).map(\.text).joined()
  }

  static func parts(_ template: String, _ arguments: [String]) -> [Part] {
    var parts: [Part] = []
    let tail = scan(template) { literal, position in
      if !literal.isEmpty { parts.append(.literal(literal)) }
      parts.append(.argument(position >= 1 && position <= arguments.count ? arguments[position - 1] : ""))
    }
    if !tail.isEmpty { parts.append(.literal(tail)) }
    return parts
  }

  /// Walks the template, calling `placeholder(textBefore, position)` for each
  /// placeholder; returns the text after the last one. `%%` is a literal percent sign.
  private static func scan(_ template: String, _ placeholder: (String, Int) -> Void) -> String {
    var out = ""
    var next = 1
    var chars = template[...]
    while let percent = chars.firstIndex(of: "%") {
      out += chars[..<percent]
      var rest = chars[chars.index(after: percent)...]
      if rest.first == "%" {
        out += "%"
        chars = rest.dropFirst()
        continue
      }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix("$@"), let position = Int(digits) {
        placeholder(out, position)
        out = ""
        rest = rest.dropFirst(digits.count + 2)
      } else if rest.first == "@" {
        placeholder(out, next)
        out = ""
        next += 1
        rest = rest.dropFirst()
      } else {
        out += "%"
      }
      chars = rest
    }
    return out + chars
  }
}
