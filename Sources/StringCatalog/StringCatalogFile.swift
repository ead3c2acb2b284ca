/// One `locales/<tag>.xcstrings` file: Xcode's String Catalog JSON, one language per file.
///
///     { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
///         "cart.title" : { "comment" : "Heading of the cart screen.",
///           "localizations" : { "ko" : { "stringUnit" : { "state" : "needs_review", "value" : "장바구니" } } } },
///         "cart.itemCount" : { "comment" : "…", "localizations" : { "ko" : { "variations" : { "plural" : {
///           "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%@개 품목" } } } } } } } }
///
/// Each key holds its translator `comment` and the file's own language under
/// `localizations`: a `stringUnit` (`state`, `value`), or `variations.plural` with one
/// `stringUnit` per CLDR plural category (`zero`, `one`, `two`, `few`, `many`, `other`).
public struct StringCatalogFile: Codable, Sendable, Equatable {
  public var sourceLanguage: String
  public var strings: [String: Entry]
  public var version: String

  public struct Entry: Codable, Sendable, Equatable {
    public var comment: String?
    public var localizations: [String: Localization]?
  }

  public struct Localization: Codable, Sendable, Equatable {
    public var stringUnit: StringUnit?
    public var variations: Variations?
  }

  public struct Variations: Codable, Sendable, Equatable {
    /// By CLDR plural category.
    public var plural: [String: Variation]?
  }

  public struct Variation: Codable, Sendable, Equatable {
    public var stringUnit: StringUnit
  }

  public struct StringUnit: Codable, Sendable, Equatable {
    /// Review state, as Xcode writes it; see ``ReviewState``.
    public var state: String
    public var value: String
  }
}

/// A translation's review state, String Catalog's `state`.
public enum ReviewState: String, CaseIterable, Sendable {
  /// Reviewed: the English source, or a translation a native speaker has checked.
  case translated
  /// Written by the team and not yet checked by a native speaker.
  case needsReview = "needs_review"
  /// Not translated yet (Xcode's state for a new key).
  case new
  /// The English changed since this was translated.
  case stale
}

/// CLDR's cardinal plural categories, in CLDR's order.
public let pluralCategories = ["zero", "one", "two", "few", "many", "other"]
