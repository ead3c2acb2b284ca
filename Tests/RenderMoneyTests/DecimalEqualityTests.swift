import Foundation
import Testing

@testable import RenderCore
@testable import RenderMoney

/// `Decimal.isSameValue(as:)` answers as Foundation's `==` on every pair, read from the
/// storage for finite values.
@Suite struct DecimalEqualityTests {
  static let posix = Locale(identifier: "en_US_POSIX")

  static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: posix) ?? .nan }

  /// `mantissa` × 10^`exponent`, stored as given (not compacted), written into the
  /// storage as ``DecimalDigits`` reads it (`layoutIsKnown` checks that reading).
  static func stored(_ mantissa: UInt64, exponent: Int8, negative: Bool = false) -> Decimal {
    var value = Decimal()
    let length = mantissa == 0 ? 0 : (64 - mantissa.leadingZeroBitCount + 15) / 16
    withUnsafeMutableBytes(of: &value) { raw in
      for index in raw.indices { raw[index] = 0 }
      raw[0] = UInt8(bitPattern: exponent)
      raw[1] = UInt8(length << 4) | (negative ? 0x08 : 0)
      for byte in 0..<8 { raw[4 + byte] = UInt8(truncatingIfNeeded: mantissa >> (8 * byte)) }
    }
    return value
  }

  static let finite: [Decimal] = [
    decimal("0"), stored(0, exponent: 5), stored(0, exponent: -7), Decimal(sign: .minus, exponent: 0, significand: 0),
    -decimal("0"), decimal("1.5"), decimal("1.50"), stored(15, exponent: -1), stored(150, exponent: -2),
    stored(1_500_000, exponent: -6), decimal("-1.5"), stored(150, exponent: -2, negative: true), decimal("15"),
    stored(15, exponent: 0), stored(150, exponent: -1), decimal("1.6"), decimal("1"), stored(1, exponent: 1),
    decimal("10"), stored(10, exponent: -1), decimal("99999999999999999999999999999999999999"),
    decimal("9999999999999999999999999999999999999.9"), decimal("12345678901234567890123456789012345678"),
    decimal("1234567890123456789012345678901234567.8"), decimal("1e127"), stored(1, exponent: 127),
    stored(10, exponent: 126), decimal("1e-128"), stored(1, exponent: -128), stored(10, exponent: -128),
    Decimal.greatestFiniteMagnitude, Decimal.leastFiniteMagnitude, Decimal.leastNonzeroMagnitude,
    stored(UInt64.max, exponent: 0), stored(UInt64.max, exponent: -1), decimal("18446744073709551615"),
    decimal("184467440737095516150"), stored(UInt64.max, exponent: 1),
  ]

  @Test func finiteValuesAreReadFromStorage() {
    for value in Self.finite { #expect(DecimalDigits.parts(value) != nil, "\(value)") }
  }

  @Test func everyPairAnswersAsFoundation() {
    let values = Self.finite + [Decimal.nan, Decimal.quietNaN]
    for lhs in values {
      for rhs in values { #expect(lhs.isSameValue(as: rhs) == (lhs == rhs), "\(lhs) vs \(rhs)") }
    }
  }

  @Test func equalValuesWithOtherExponentsAreEqual() {
    #expect(Self.decimal("1.5").isSameValue(as: Self.stored(150, exponent: -2)))
    #expect(Self.stored(0, exponent: 5).isSameValue(as: Self.decimal("0")))
    #expect(Self.stored(1, exponent: 127).isSameValue(as: Self.stored(10, exponent: 126)))
    #expect(!Self.decimal("1.5").isSameValue(as: Self.decimal("-1.5")))
    #expect(!Self.decimal("1.5").isSameValue(as: Self.decimal("1.6")))
    #expect(!Self.stored(UInt64.max, exponent: 1).isSameValue(as: Self.decimal("18446744073709551615")))
  }
}
