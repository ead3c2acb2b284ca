/// A region code that CLDR knows by that very code: two capital ASCII letters for a
/// territory (`US`, `CH`, `XK`) or three ASCII digits for a UN M.49 area (`001` the world,
/// `419` Latin America), or a grouping such as `EU`.
///
/// The source of truth is ICU's region data (`uregion_getRegionFromCode`), not a table
/// here: a code is accepted when ICU gives back the same code for it. So aliases (`UK`
/// for `GB`, `840` for `US`), deprecated codes (`AN`, `YU`), CLDR's unknown region `ZZ`,
/// lower case (`us`) and codes ICU has never heard of (`AA`) are refused. The initializer
/// is the only way to make one, so a value that exists holds such a code.
public struct RegionCode: Sendable, Hashable, CustomStringConvertible {
  /// The code as CLDR writes it, e.g. `US` or `419`.
  public let rawValue: String

  /// The region whose CLDR code is `code`; nil when `code` is not two capital ASCII
  /// letters or three ASCII digits, or when ICU does not know it by that code.
  public init?(_ code: String) {
    let scalars = code.unicodeScalars
    let letters = scalars.count == 2 && scalars.allSatisfy { ("A"..."Z").contains($0) }
    let digits = scalars.count == 3 && scalars.allSatisfy { ("0"..."9").contains($0) }
    guard letters || digits, ICU.isRegionCode(code) else { return nil }
    rawValue = code
  }

  /// The country whose ISO 3166-1 alpha-2 code is `code`, in ICU's list of them (`US`,
  /// `XK`); nil for anything else. Each of them is also a region ICU knows by that code,
  /// so this is ``init(_:)`` for the configuration's region without reading ICU's region
  /// data too (which a command would otherwise map into memory for one check).
  package init?(isoCountry code: String) {
    let scalars = code.unicodeScalars
    guard scalars.count == 2, scalars.allSatisfy({ ("A"..."Z").contains($0) }), ICU.isISOCountry(code) else {
      return nil
    }
    rawValue = code
  }

  /// The code, e.g. `US`.
  public var description: String { rawValue }

}
