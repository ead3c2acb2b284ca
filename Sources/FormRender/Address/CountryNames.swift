import Foundation
import RenderCore

/// Region names in the customer's language, from CLDR through Foundation (the list of
/// codes comes from ``AddressFormats``; no names are kept in this project).
enum CountryNames {
  /// `code`'s name in `locale`'s language, or the code itself when CLDR has none.
  static func name(_ code: String, locale: Locale) -> String {
    locale.localizedString(forRegionCode: code) ?? code
  }

  /// `codes` with their names, sorted by name with `locale`'s collation (so `Égypte`
  /// sorts among the E's in French), then by code when two names are equal.
  static func sorted(_ codes: [String], locale: Locale) -> [(code: String, name: String)] {
    codes.map { (code: $0, name: name($0, locale: locale)) }.sorted { lhs, rhs in
      switch lhs.name.compare(rhs.name, options: [], range: nil, locale: locale) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: lhs.code < rhs.code
      }
    }
  }
}
