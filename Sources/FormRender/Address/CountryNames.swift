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
  /// The collation is ICU's (``ICUCollator``, opened once per locale): each name's sort
  /// key is made once and the keys are compared as bytes, the order Foundation's
  /// locale-aware `compare` gives (a test holds the two equal for every embedded
  /// language) at a fraction of its cost, since `compare` makes a CFLocale and a
  /// collator on every call. Foundation's `compare` remains for a locale ICU cannot open.
  /// Sorted once per locale and list: at most ``cacheLimit`` lists are kept (the cache
  /// starts over when full), since locale tags come from outside.
  static func sorted(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    let key = CacheKey(locale: locale.identifier, codes: codes)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let named = codes.map { (code: $0, name: name($0, locale: locale)) }
    let sorted = collated(named, locale: locale) ?? foundationSorted(named, locale: locale)
    cache.withLock { lists in
      if lists.count >= cacheLimit { lists.removeAll() }
      lists[key] = sorted
    }
    return sorted
  }

  /// `named` sorted by ICU sort keys, then code; nil when ICU fails.
  static func collated(_ named: [(code: String, name: String)], locale: Locale) -> [(code: String, name: String)]? {
    guard let collator = ICUCollator.shared(locale.identifier) else { return nil }
    var keyed: [(key: [UInt8], code: String, name: String)] = []
    keyed.reserveCapacity(named.count)
    for entry in named {
      guard let sortKey = collator.sortKey(entry.name) else { return nil }
      keyed.append((sortKey, entry.code, entry.name))
    }
    keyed.sort { lhs, rhs in
      lhs.key != rhs.key ? lhs.key.lexicographicallyPrecedes(rhs.key) : lhs.code < rhs.code
    }
    return keyed.map { (code: $0.code, name: $0.name) }
  }

  /// `named` sorted with Foundation's locale-aware `compare`, then code: the order
  /// ``collated(_:locale:)`` must give.
  static func foundationSorted(
    _ named: [(code: String, name: String)], locale: Locale
  ) -> [(code: String, name: String)] {
    named.sorted { lhs, rhs in
      switch lhs.name.compare(rhs.name, options: [], range: nil, locale: locale) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: lhs.code < rhs.code
      }
    }
  }

  static let cacheLimit = 32

  private struct CacheKey: Hashable {
    var locale: String
    var codes: [String]
  }

  private static let cache = Mutex<[CacheKey: [(code: String, name: String)]]>([:])
}
