import Foundation

/// A currency's ISO 4217 code and minor units (CLDR, via ICU: USD 2, JPY 0, KWD 3),
/// which amounts are checked and rounded against.
package struct CurrencyMinorUnits: Sendable, Equatable {
  package let code: String
  package let fractionDigits: Int

  package init(_ code: String) {
    self.code = code
    fractionDigits = CurrencyCode.fractionDigits(code)
  }

  /// `amount` to ``fractionDigits`` places, half to even: the rounding of Foundation's
  /// currency format, so the rounded amount formats to the same figure as the original
  /// (`0.125` USD is `$0.12`, `0.135` is `$0.14`). A negative amount that rounds to zero
  /// becomes zero, shown without a sign.
  package func rounded(_ amount: Decimal) -> Decimal {
    var value = amount
    var result = Decimal()
    NSDecimalRound(&result, &value, fractionDigits, .bankers)
    return result
  }
}
