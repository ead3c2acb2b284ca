import Foundation

/// ISO 4217 facts, read from the libraries' CLDR data rather than kept here.
public enum CurrencyCode {
  /// True for a three-letter code that is a current ISO 4217 currency in CLDR (ICU):
  /// not XXX (no currency), XTS (testing), nor a withdrawn code such as VEF or ESP.
  public static func isKnown(_ code: String) -> Bool {
    code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase } && ICU.isCurrentCurrency(code)
  }

  /// The currency's minor units per CLDR (ICU): 2 for USD, 0 for JPY, 3 for KWD.
  public static func fractionDigits(_ code: String) -> Int { ICU.currencyFractionDigits(code) }
}
