import Foundation
import Synchronization

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
///
/// A language's file is parsed the first time a page asks for that language, and each
/// of its strings split there into literal text and placeholders (``StringTemplate``),
/// so rendering never scans a template; a command that shows English parses English.
public struct UIStrings: Sendable {
  /// Tag of the file every other falls back to.
  public static let baseLanguage = "en"

  /// The files compiled into this build. A file that fails to parse is left out of
  /// lookups and named in ``loadProblems`` (the locale tests fail on it).
  public static let bundled = UIStrings(files: EmbeddedLocales.files)

  private let sources: [String: String]
  private let parsed: ParsedTables

  private init(files: [(tag: String, text: String)]) {
    sources = Dictionary(files.map { ($0.tag, $0.text) }, uniquingKeysWith: { first, _ in first })
    parsed = ParsedTables()
  }

  /// Tags of the languages with a strings file, sorted.
  public var languages: [String] { sources.keys.sorted() }

  /// Files that could not be read, as `fr.strings: line 3: …` (parses every file).
  public var loadProblems: [String] {
    languages.compactMap { tag in entries(tag).problem.map { "\(tag).strings: \($0)" } }
  }

  /// The strings of `language`, falling back to English key by key.
  public func table(_ language: String) -> StringTable {
    if let made = parsed.tables.withLock({ $0[language] }) { return made }
    let own = entries(language).templates
    let fallback = language == Self.baseLanguage ? own : entries(Self.baseLanguage).templates
    let table = StringTable(language: language, templates: own.merging(fallback) { mine, _ in mine })
    parsed.tables.withLock { $0[language] = table }
    return table
  }

  /// One language's templates by key, parsed once; empty (and a problem) for a file
  /// that does not parse, or no file.
  private func entries(_ language: String) -> (templates: [UIStringKey: StringTemplate], problem: String?) {
    if let known = parsed.files.withLock({ $0[language] }) { return known }
    var result: (templates: [UIStringKey: StringTemplate], problem: String?) = ([:], nil)
    if let text = sources[language] {
      do {
        for entry in try StringsFile(parsing: text).entries {
          guard let key = UIStringKey(rawValue: entry.key), result.templates[key] == nil else { continue }
          result.templates[key] = StringTemplate(entry.value)
        }
      } catch {
        result = ([:], "\(error)")
      }
    }
    parsed.files.withLock { $0[language] = result }
    return result
  }

  /// What has been parsed so far, shared by every copy of the value.
  private final class ParsedTables: Sendable {
    let files = Mutex<[String: (templates: [UIStringKey: StringTemplate], problem: String?)]>([:])
    let tables = Mutex<[String: StringTable]>([:])
  }
}

/// A translated string split once into its literal text and its placeholders.
public struct StringTemplate: Sendable, Equatable {
  public enum Segment: Sendable, Equatable {
    case literal(String)
    /// The argument at this 1-based position.
    case argument(Int)
  }

  public let segments: [Segment]

  public init(_ template: String) {
    var segments: [Segment] = []
    let tail = Placeholders.scan(template) { literal, position in
      if !literal.isEmpty { segments.append(.literal(literal)) }
      segments.append(.argument(position))
    }
    if !tail.isEmpty { segments.append(.literal(tail)) }
    self.segments = segments
  }

  /// The text with `arguments` in place; a position with no argument is left empty.
  func filled(_ arguments: [String]) -> String {
    if segments.count == 1, case .literal(let text) = segments[0] { return text }
    var text = ""
    for segment in segments {
      switch segment {
      case .literal(let literal): text += literal
      case .argument(let position): if position >= 1 && position <= arguments.count { text += arguments[position - 1] }
      }
    }
    return text
  }

  /// The filled-in pieces, literal text and arguments apart.
  func parts(_ arguments: [String]) -> [Placeholders.Part] {
    segments.map { segment in
      switch segment {
      case .literal(let literal): .literal(literal)
      case .argument(let position):
        .argument(position >= 1 && position <= arguments.count ? arguments[position - 1] : "")
      }
    }
  }
}

/// One language's UI strings.
public struct StringTable: Sendable {
  public let language: String
  fileprivate let templates: [UIStringKey: StringTemplate]

  /// The text for `key` with `%@` / `%1$@` placeholders replaced by `arguments`, in
  /// order or by position. Arguments are inserted as they are (they are already formatted).
  public func callAsFunction(_ key: UIStringKey, _ arguments: String...) -> String {
    template(key).filled(arguments)
  }

  /// The same text split into the template's own words and the inserted arguments, so
  /// HTML can isolate each argument's direction (`<bdi>`).
  public func parts(_ key: UIStringKey, _ arguments: String...) -> [Placeholders.Part] {
    template(key).parts(arguments)
  }

  private func template(_ key: UIStringKey) -> StringTemplate {
    templates[key] ?? StringTemplate(key.rawValue)
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
    StringTemplate(template).filled(arguments)
  }

  static func parts(_ template: String, _ arguments: [String]) -> [Part] { StringTemplate(template).parts(arguments) }

  /// Walks the template, calling `placeholder(textBefore, position)` for each
  /// placeholder; returns the text after the last one. `%%` is a literal percent sign.
  static func scan(_ template: String, _ placeholder: (String, Int) -> Void) -> String {
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
