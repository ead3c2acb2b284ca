import Foundation

extension Decimal {
  /// True when `self` and `other` are the same number: exactly Foundation's `==` (equal
  /// values with different exponents are equal, `1.50` is `1.5`; every zero equals
  /// every zero), without its cost for finite values.
  ///
  /// Foundation's `==` normalises both sides through its general comparison, which costs
  /// more than the rest of an item's work; a cart asks once per item (`isAdjusted`). Finite values are read as
  /// ``DecimalDigits/Parts`` (``DecimalDigits/shortParts(_:)`` in one load when both
  /// mantissas fit 64 bits) and their mantissas compared at the same exponent; NaN, or
  /// storage that does not read as expected, is left to Foundation's `==`.
  package func isSameValue(as other: Decimal) -> Bool {
    if DecimalDigits.layoutIsKnown, let lhs = DecimalDigits.shortParts(self), let rhs = DecimalDigits.shortParts(other)
    {
      return DecimalDigits.areSameValue(lhs, rhs)
    }
    guard let lhs = DecimalDigits.parts(self), let rhs = DecimalDigits.parts(other) else { return self == other }
    return DecimalDigits.areSameValue(lhs, rhs)
  }
}

extension DecimalDigits {
  /// True when two finite values' parts are the same number.
  static func areSameValue(_ lhs: Parts, _ rhs: Parts) -> Bool {
    if lhs == rhs { return true }
    let lhsIsZero = lhs.low == 0 && lhs.high == 0
    let rhsIsZero = rhs.low == 0 && rhs.high == 0
    if lhsIsZero || rhsIsZero { return lhsIsZero && rhsIsZero }
    guard lhs.isNegative == rhs.isNegative else { return false }
    // The mantissa with the larger exponent, scaled to the smaller one: past 128 bits it
    // exceeds every mantissa, so the two differ.
    let (larger, smaller) = lhs.exponent >= rhs.exponent ? (lhs, rhs) : (rhs, lhs)
    var scaled = UInt128(larger.high) << 64 | UInt128(larger.low)
    for _ in 0..<(larger.exponent - smaller.exponent) {
      let (times, overflow) = scaled.multipliedReportingOverflow(by: 10)
      if overflow { return false }
      scaled = times
    }
    return scaled == UInt128(smaller.high) << 64 | UInt128(smaller.low)
  }
}
