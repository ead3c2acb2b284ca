import Foundation
import RenderCore
import Synchronization

/// Region names in the customer's language, from CLDR through Foundation (the list of
/// codes comes from ``AddressFormats``; no names are kept in this project).
enum CountryNames {
  /// `code`'s name in `locale`'s language, or the code itself when CLDR has none.
  static func name(_ code: String, locale: Locale) -> String {
    locale.localizedString(forRegionCode: code) ?? code
  }

  /// `codes` with their names, sorted by name with `locale`'s collation (so `Égypte`
  /// sorts among the E's in French), then by code when two names are equal.
  ///
  /// Sorted once per locale and list: Foundation's locale-aware `compare` makes a
  /// CFLocale on every call, and a sort of 252 names makes thousands. At most
  /// ``cacheLimit`` lists are kept (the cache starts over when full), since locale
  /// tags come from outside.
  static func sorted(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    let key = CacheKey(locale: locale.identifier, codes: codes)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let sorted = codes.map { (code: $0, name: name($0, locale: locale)) }.sorted { lhs, rhs in
      switch lhs.name.compare(rhs.name, options: [], range: nil, locale: locale) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: lhs.code < rhs.code
      }
    }
    cache.withLock { lists in
      if lists.count >= cacheLimit { lists.removeAll() }
      lists[key] = sorted
    }
    return sorted
  }

  static let cacheLimit = 32

  private struct CacheKey: Hashable {
    var locale: String
    var codes: [String]
  }

  private static let cache = Mutex<[CacheKey: [(code: String, name: String)]]>([:])
}
