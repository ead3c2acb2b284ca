import Foundation
import RenderLocalization
import Synchronization

/// A current ISO 4217 currency code: three capital ASCII letters that ICU's CLDR data
/// lists as a common, non-deprecated currency (`USD`, `JPY`, `KWD`).
///
/// The source of truth is ICU (`ucurr`), not a table here, so XXX (no currency), XTS
/// (testing), withdrawn codes such as ESP or DEM, and lower case (`usd`) are refused. The
/// initializer is the only way to make one, so a value that exists holds such a code.
/// Also the home of the currency facts read from the same data (minor units).
public struct CurrencyCode: Sendable, Hashable, CustomStringConvertible {
  /// The code, e.g. `USD`.
  public let rawValue: String

  /// The currency `code`; nil when it is not three capital ASCII letters that ICU lists
  /// as a current currency.
  public init?(_ code: String) {
    guard Self.isKnown(code) else { return nil }
    rawValue = code
  }

  /// The code, e.g. `USD`.
  public var description: String { rawValue }

  /// True for a three-letter code that is a current ISO 4217 currency in CLDR (ICU):
  /// not XXX (no currency), XTS (testing), nor a withdrawn code such as ESP or DEM.
  package static func isKnown(_ code: String) -> Bool {
    code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase } && ICU.isCurrentCurrency(code)
  }

  private static let minorUnits = Mutex<[String: Int]>([:])

  /// The currency's minor units (2 for USD, 0 for JPY, 3 for KWD), read from the same
  /// data that formats amounts: the decimal places Foundation's currency format shows,
  /// so an amount that passes this check is never rounded on screen. (ICU takes them
  /// from CLDR's currency data, whatever the locale; the differential test checks that
  /// every locale agrees.)
  package static func fractionDigits(_ code: String) -> Int {
    if let known = minorUnits.withLock({ $0[code] }) { return known }
    let digits = countedFractionDigits(code, locale: Locale(identifier: "en_US_POSIX"))
    minorUnits.withLock { $0[code] = digits }
    return digits
  }

  /// The digits after the decimal point when Foundation writes 0.123456789 in `code`.
  private static func countedFractionDigits(_ code: String, locale: Locale) -> Int {
    let written = Decimal(string: "0.123456789", locale: locale)?.formatted(
      Decimal.FormatStyle.Currency(code: code, locale: locale))
    guard let written, let point = written.firstIndex(of: ".") else { return 0 }
    return written[written.index(after: point)...].prefix { $0.isASCII && $0.isNumber }.count
  }
}
