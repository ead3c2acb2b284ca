import Synchronization

/// CLDR's cardinal plural categories (UTS #35, Language Plural Rules).
public enum PluralCategory: String, CaseIterable, Sendable {
  case zero, one, two, few, many, other
}

/// A language's CLDR cardinal plural rules, through ICU (`uplrules_open`,
/// `uplrules_select`): `ru` puts 1 and 21 in `one`, 2–4 in `few`, 5–20 and 100 in `many`.
/// Rules are opened once per language and shared.
public final class PluralRules: Sendable {
  /// The BCP 47 tag the rules are for.
  public let tag: String
  // ICU's plural rules are immutable once opened; selecting from several threads is safe.
  nonisolated(unsafe) private let rules: OpaquePointer?

  private init(tag: String) {
    self.tag = tag
    rules = ICU.openPluralRules(tag)
  }

  deinit { ICU.closePluralRules(rules) }

  private static let cache = Mutex<[String: PluralRules]>([:])

  /// The rules of `tag` (e.g. `pt-PT`, whose rules differ from `pt`'s).
  public static func of(_ tag: String) -> PluralRules {
    cache.withLock { cache in
      if let rules = cache[tag] { return rules }
      let rules = PluralRules(tag: tag)
      cache[tag] = rules
      return rules
    }
  }

  /// The category of the integer `count`; `other` when ICU fails.
  public func category(_ count: Int) -> PluralCategory {
    guard let rules, let keyword = ICU.pluralCategory(rules, count) else { return .other }
    return PluralCategory(rawValue: keyword) ?? .other
  }

  /// The categories the language distinguishes, in CLDR's order (`ja`: `other`; `ar`: all six).
  public var categories: [PluralCategory] {
    guard let rules, let keywords = ICU.pluralCategories(rules) else { return [.other] }
    let names = keywords.split(separator: " ")
    return PluralCategory.allCases.filter { names.contains(Substring($0.rawValue)) }
  }
}
