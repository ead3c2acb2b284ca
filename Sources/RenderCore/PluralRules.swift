import CICUShim
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
    rules = cicu_plural_rules_open(tag)
  }

  deinit { cicu_plural_rules_close(rules) }

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
    guard let rules else { return .other }
    var buffer = [CChar](repeating: 0, count: 16)
    let length = cicu_plural_rules_select(rules, Int64(count), &buffer, Int32(buffer.count))
    guard length > 0 else { return .other }
    return PluralCategory(
      rawValue: String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
      ?? .other
  }

  /// The categories the language distinguishes, in CLDR's order (`ja`: `other`; `ar`: all six).
  public var categories: [PluralCategory] {
    guard let rules else { return [.other] }
    var buffer = [CChar](repeating: 0, count: 64)
    let length = cicu_plural_rules_categories(rules, &buffer, Int32(buffer.count))
    guard length > 0 else { return [.other] }
    let names = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .split(separator: " ")
    return PluralCategory.allCases.filter { names.contains(Substring($0.rawValue)) }
  }
}
