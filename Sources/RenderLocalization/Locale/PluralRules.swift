import Synchronization

/// CLDR's cardinal plural categories (UTS #35, Language Plural Rules).
package enum PluralCategory: String, CaseIterable, Sendable {
  case zero, one, two, few, many, other
}

/// A language's CLDR cardinal plural rules, through ICU (`uplrules_open`,
/// `uplrules_select`): `ru` puts 1 and 21 in `one`, 2–4 in `few`, 5–20 and 100 in `many`.
/// Rules are opened once per language and shared.
package final class PluralRules: Sendable {
  /// The BCP 47 tag the rules are for.
  package let tag: String
  // ICU's plural rules are immutable once opened; selecting from several threads is safe.
  nonisolated(unsafe) private let rules: OpaquePointer?

  /// The categories of the counts below ``memoizedCounts`` once asked for, each as its
  /// index in `PluralCategory.allCases` plus one (0: not asked yet): a cart page asks
  /// for its item count on every render, and ICU's answer (a keyword to read back as a
  /// `String`) cost more than a page's other look-ups together.
  private let memo = Mutex<[UInt8]>([UInt8](repeating: 0, count: memoizedCounts))
  static let memoizedCounts = 1024
  private static let allCategories = PluralCategory.allCases

  private init(tag: String) {
    self.tag = tag
    rules = ICU.openPluralRules(tag)
  }

  deinit { ICU.closePluralRules(rules) }

  private static let cache = Mutex<[String: PluralRules]>([:])

  /// The rules of `tag` (e.g. `pt-PT`, whose rules differ from `pt`'s).
  package static func of(_ tag: String) -> PluralRules {
    cache.withLock { cache in
      if let rules = cache[tag] { return rules }
      let rules = PluralRules(tag: tag)
      cache[tag] = rules
      return rules
    }
  }

  /// The category of the integer `count`; `other` when ICU fails.
  package func category(_ count: Int) -> PluralCategory {
    let memoized = count >= 0 && count < Self.memoizedCounts
    if memoized {
      let known = memo.withLock { $0[count] }
      if known > 0 { return Self.allCategories[Int(known) - 1] }
    }
    let category = selected(count)
    if memoized, let index = Self.allCategories.firstIndex(of: category) {
      memo.withLock { $0[count] = UInt8(index + 1) }
    }
    return category
  }

  private func selected(_ count: Int) -> PluralCategory {
    guard let rules, let keyword = ICU.pluralCategory(rules, count) else { return .other }
    return PluralCategory(rawValue: keyword) ?? .other
  }

  /// The categories the language distinguishes, in CLDR's order (`ja`: `other`; `ar`: all six).
  package var categories: [PluralCategory] {
    guard let rules, let keywords = ICU.pluralCategories(rules) else { return [.other] }
    let names = keywords.split(separator: " ")
    return PluralCategory.allCases.filter { names.contains(Substring($0.rawValue)) }
  }
}
