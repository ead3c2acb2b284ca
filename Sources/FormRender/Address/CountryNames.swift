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
  /// sorts among the E's in French), then by code when two names are equal: the order
  /// of Foundation's locale-aware `compare`.
  ///
  /// A sort with `compare` costs thousands of calls, each making a CFLocale. Instead
  /// ICU's collator (``ICUCollator``, opened once per locale) sorts by sort keys, and
  /// `compare` then checks each name against the one before it, moving the few it
  /// disagrees on (an insertion sort of an almost sorted list: one call per name when
  /// the two agree). They can disagree: Debian's ICU is older than the one inside
  /// Foundation, and in `zh-Hans` they read 秘鲁 (Peru) differently. Sorted once per
  /// locale and list: at most ``cacheLimit`` lists are kept (the cache starts over when
  /// full), since locale tags come from outside.
  static func sorted(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    let key = CacheKey(locale: locale.identifier, codes: codes)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let named = codes.map { (code: $0, name: name($0, locale: locale)) }
    var comparisons = 0
    let sorted =
      collated(named, locale: locale).map { foundationOrdered($0, locale: locale, comparisons: &comparisons) }
      ?? foundationSorted(named, locale: locale)
    cache.withLock { lists in
      if lists.count >= cacheLimit { lists.removeAll() }
      lists[key] = sorted
    }
    return sorted
  }

  /// Whether `lhs` goes before `rhs` in Foundation's order: by `compare`, then by code.
  private static func foundationPrecedes(
    _ lhs: (code: String, name: String), _ rhs: (code: String, name: String), locale: Locale
  ) -> Bool {
    switch lhs.name.compare(rhs.name, options: [], range: nil, locale: locale) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: lhs.code < rhs.code
    }
  }

  /// `list` in Foundation's order, by insertion sort: `comparisons` counts the calls to
  /// `compare`, one per name when `list` is in that order already.
  static func foundationOrdered(
    _ list: [(code: String, name: String)], locale: Locale, comparisons: inout Int
  ) -> [(code: String, name: String)] {
    var ordered = list
    for index in ordered.indices.dropFirst() {
      var slot = index
      while slot > 0 {
        comparisons += 1
        guard foundationPrecedes(ordered[slot], ordered[slot - 1], locale: locale) else { break }
        ordered.swapAt(slot, slot - 1)
        slot -= 1
      }
    }
    return ordered
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

  /// `named` sorted with Foundation's locale-aware `compare`, then code, when ICU fails.
  static func foundationSorted(
    _ named: [(code: String, name: String)], locale: Locale
  ) -> [(code: String, name: String)] {
    named.sorted { foundationPrecedes($0, $1, locale: locale) }
  }

  static let cacheLimit = 32

  private struct CacheKey: Hashable {
    var locale: String
    var codes: [String]
  }

  private static let cache = Mutex<[CacheKey: [(code: String, name: String)]]>([:])
}
