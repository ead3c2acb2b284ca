import Foundation

/// ISO 4217 facts, read from the libraries' CLDR data rather than kept here.
public enum CurrencyCode {
  /// True for a three-letter code in Foundation's ISO 4217 list.
  public static func isKnown(_ code: String) -> Bool {
    code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase }
      && Locale.Currency.isoCurrencies.contains(Locale.Currency(code))
  }

  /// The currency's minor units per CLDR (ICU): 2 for USD, 0 for JPY, 3 for KWD.
  public static func fractionDigits(_ code: String) -> Int { ICU.currencyFractionDigits(code) }
}
