import Foundation
import Synchronization

/// Every piece of UI text the engine shows, by key. A String Catalog in `locales/`
/// translates each one; a test proves every full language has every key with the same
/// placeholders and every plural category its language needs.
///
/// Each case is its catalog key in lower camel case (`form.error.smsOptIn` is
/// `formErrorSmsOptIn`): `scripts/embed-data` generates each case's ``index`` from the
/// catalogs by that rule, and the compiler refuses a key the two do not share.
package enum UIStringKey: String, CaseIterable, Sendable {
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
  /// Plural, chosen by the count.
  case cartItemCount = "cart.itemCount"
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
  case formConsentSms = "form.consent.sms"
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
  /// Plural, chosen by the most digits (`%2$@`).
  case formErrorPhoneLength = "form.error.phoneLength"
  case formErrorPostalCode = "form.error.postalCode"
  /// Plural, chosen by the most characters (`%2$@`).
  case formErrorTooLong = "form.error.tooLong"
  case formErrorCharacters = "form.error.characters"
  case formErrorCountry = "form.error.country"
  case formErrorEmailOptIn = "form.error.emailOptIn"
  case formErrorSmsOptIn = "form.error.smsOptIn"

  /// The messages with a form per CLDR plural category: a number sits in the sentence.
  package static let plurals: Set<UIStringKey> = [.cartItemCount, .formErrorTooLong, .formErrorPhoneLength]
}

/// The UI strings of every language in `locales/` and the two pseudo-locales, compiled
/// into the library (`EmbeddedLocales.swift`, written by `scripts/embed-data`).
package struct UIStrings: Sendable {
  /// Tag of the catalog every other falls back to.
  package static let baseLanguage = "en"

  /// The catalogs compiled into this build, each regional variant layered over its CLDR
  /// parents (`en-AU` over `en-001` over `en`), then English. Each catalog is made when a
  /// page first asks for its language (``EmbeddedLocales/catalog(_:)``).
  package static let bundled = UIStrings(languages: EmbeddedLocales.tags, catalog: EmbeddedLocales.catalog)

  /// Tags of the languages with UI strings, pseudo-locales included, sorted.
  package let languages: [String]
  private let catalog: @Sendable (String) -> LocaleCatalog?
  private let layered = LayeredTables()

  /// Each language's catalog layered over its parents, made on first use: a command
  /// renders one or two languages, and layering all of them (45 merges of about 90
  /// messages, and ICU's fallback chain of each tag) cost more than the page.
  private final class LayeredTables: Sendable {
    let tables = Mutex<[String: ResolvedMessages]>([:])
  }

  /// Strings from the catalogs of `languages`, each asked of `catalog` when needed.
  init(languages: [String], catalog: @escaping @Sendable (String) -> LocaleCatalog?) {
    self.languages = languages.sorted()
    self.catalog = catalog
  }

  /// The embedded strings with `catalogs` in place of the embedded catalogs of their
  /// tags: the catalogs as `locales/` holds them now, read at run time, so a tool that
  /// edits a catalog (`render-cli strings review`) shows the edit before
  /// `scripts/embed-data` carries it into the build. A tag no embedded catalog has is
  /// added.
  package init(replacing catalogs: [LocaleCatalog]) {
    let byTag = Dictionary(catalogs.map { ($0.tag, $0) }, uniquingKeysWith: { _, last in last })
    self.init(languages: Array(Set(EmbeddedLocales.tags).union(byTag.keys))) { tag in
      byTag[tag] ?? EmbeddedLocales.catalog(tag)
    }
  }

  /// `language`'s messages over its parents' and English's, nil when no catalog has that tag.
  private func messages(_ language: String) -> ResolvedMessages? {
    guard catalog(language) != nil else { return nil }
    if let made = layered.tables.withLock({ $0[language] }) { return made }
    var merged: [String: LocalizedMessage] = [:]
    let layers = LanguageNegotiation.parents(of: language, in: languages) + [Self.baseLanguage]
    for layer in layers {
      merged.merge(catalog(layer)?.messages ?? [:], uniquingKeysWith: { mine, _ in mine })
    }
    let resolved = ResolvedMessages(merged)
    // The languages are few and fixed: the cache cannot grow past them.
    layered.tables.withLock { $0[language] = resolved }
    return resolved
  }

  /// The strings of `language`, falling back to English key by key.
  package func table(_ language: String) -> StringTable {
    StringTable(
      language: language, messages: messages(language) ?? messages(Self.baseLanguage) ?? ResolvedMessages([:]),
      pluralRules: PluralRules.of(catalog(language)?.pluralRulesTag ?? Self.baseLanguage))
  }
}

/// One language's layered messages, resolved once per language: by ``UIStringKey``
/// index (generated with the catalogs, `EmbeddedLocales.swift`), each message and its
/// `other` template (the key itself when no catalog has it), so a page's look-ups index
/// arrays instead of hashing keys' raw values.
final class ResolvedMessages: Sendable {
  /// By ``UIStringKey/index``.
  let messages: [LocalizedMessage?]
  /// The `other` template of each key, by index.
  let templates: [MessageTemplate]

  init(_ byRawValue: [String: LocalizedMessage]) {
    var messages = [LocalizedMessage?](repeating: nil, count: UIStringKey.count)
    var templates = [MessageTemplate](repeating: [], count: UIStringKey.count)
    for key in UIStringKey.allCases {
      messages[key.index] = byRawValue[key.rawValue]
      templates[key.index] = byRawValue[key.rawValue]?.template(.other) ?? [.literal(key.rawValue)]
    }
    self.messages = messages
    self.templates = templates
  }

  @inline(__always)
  func message(_ key: UIStringKey) -> LocalizedMessage? { messages[key.index] }

  @inline(__always)
  func template(_ key: UIStringKey) -> MessageTemplate { templates[key.index] }
}

/// One language's UI strings.
package struct StringTable: Sendable {
  package let language: String
  fileprivate let messages: ResolvedMessages
  /// The rules that choose a plural message's form.
  package let pluralRules: PluralRules

  /// The text for `key` with its placeholders replaced by `arguments` (already
  /// formatted), by position. A plural message takes its `other` form.
  package func callAsFunction(_ key: UIStringKey, _ arguments: String...) -> String {
    messages.template(key).filled(arguments)
  }

  /// The text for `key` in the CLDR plural form of `count` (the number one of the
  /// `arguments` shows, e.g. the 20 of "at most 20 characters").
  package func callAsFunction(_ key: UIStringKey, count: Int, _ arguments: String...) -> String {
    template(key, count: count).filled(arguments)
  }

  /// The template of `key` with its arguments, for a writer that treats the template's
  /// own words and the inserted values apart (HTML isolates each value in `<bdi>`).
  package func filled(_ key: UIStringKey, _ arguments: String...) -> FilledTemplate {
    FilledTemplate(messages.template(key), arguments)
  }

  /// The template of `key` (its `other` form for a plural message), split into literal
  /// text and placeholders, so that a writer fills in each argument in place (the HTML
  /// layer escapes the text and each argument itself).
  package func template(_ key: UIStringKey) -> MessageTemplate { messages.template(key) }

  /// ``template(_:)`` in the CLDR plural form of `count`.
  package func template(_ key: UIStringKey, count: Int) -> MessageTemplate {
    let category = pluralRules.category(count)
    if category == .other { return messages.template(key) }
    return messages.message(key)?.template(category) ?? [.literal(key.rawValue)]
  }

  /// The compiled message of `key`, nil if no catalog has it.
  package func message(_ key: UIStringKey) -> LocalizedMessage? { messages.message(key) }
}
