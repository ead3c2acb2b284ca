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

  private struct Key: Hashable {
    var locale: String
    var codes: [String]
  }

  private static let sortedLists = Mutex<[Key: [(code: String, name: String)]]>([:])

  /// `codes` with their names, sorted by name with `locale`'s collation (so `Égypte`
  /// sorts among the E's in French), then by code when two names are equal.
  ///
  /// Sorted once per language and list (Foundation's collation costs milliseconds for
  /// the 250 regions), when a form first shows it; later forms reuse the list.
  static func sorted(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    let key = Key(locale: locale.identifier, codes: codes)
    if let known = sortedLists.withLock({ $0[key] }) { return known }
    let made = sorting(codes, locale: locale)
    sortedLists.withLock { $0[key] = made }
    return made
  }

  private static func sorting(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    codes.map { (code: $0, name: name($0, locale: locale)) }.sorted { lhs, rhs in
      switch lhs.name.compare(rhs.name, options: [], range: nil, locale: locale) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: lhs.code < rhs.code
      }
    }
  }
}
