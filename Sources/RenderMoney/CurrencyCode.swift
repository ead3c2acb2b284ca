import Foundation
import Synchronization

/// A current ISO 4217 currency code (`USD`, `JPY`, `KWD`, `ZWG`, `XCG`): one of ISO 4217's
/// list one as the project carries it (`data/iso4217.txt`, embedded by `scripts/embed-data`),
/// with minor units and not a fund.
///
/// Not the system ICU's list, which lags ISO by years (it still had HRK, SLL, CUC and ANG,
/// and not ZWG or XCG). XXX (no currency), XTS (testing), precious metals, withdrawn codes
/// (ESP, HRK) and lower case (`usd`) are refused. The initializer is the only way to make
/// one, so a value that exists holds such a code. Also the home of the currency facts
/// read from Foundation's data (minor units).
public struct CurrencyCode: Sendable, Hashable, CustomStringConvertible {
  /// The code, e.g. `USD`.
  public let rawValue: String

  /// The currency `code`; nil when it is not a current ISO 4217 code (``current``).
  public init?(_ code: String) {
    guard Self.isKnown(code) else { return nil }
    rawValue = code
  }

  /// The code, e.g. `USD`.
  public var description: String { rawValue }

  /// True for a code of ``current``.
  package static func isKnown(_ code: String) -> Bool { current.contains(code) }

  /// The current ISO 4217 codes: the first column of each line of `data/iso4217.txt`
  /// but its `#` comments (each three capital ASCII letters; a test checks the file).
  package static let current: Set<String> = Set(
    (EmbeddedCurrencies.files.first?.text ?? "").split(separator: "\n").compactMap { line in
      line.hasPrefix("#") ? nil : line.split(separator: "\t").first.map(String.init)
    })

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

  /// The digits after the decimal point when Foundation writes 0.123456789 in `code`:
  /// counted after the figure's `0.`, since a symbol may hold a full stop of its own
  /// (XCG's is `Cg.`).
  private static func countedFractionDigits(_ code: String, locale: Locale) -> Int {
    let written = Decimal(string: "0.123456789", locale: locale)?.formatted(
      Decimal.FormatStyle.Currency(code: code, locale: locale))
    guard let written, let figure = written.range(of: "0.") else { return 0 }
    return written[figure.upperBound...].prefix { $0.isASCII && $0.isNumber }.count
  }
}
