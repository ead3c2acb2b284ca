import Foundation

/// How one (locale, currency) pair, or one locale's whole numbers, are written, learned
/// from Foundation's `FormatStyle` by ``learn(fractionDigits:probe:)`` and proven
/// against it before use: affixes (symbol, its spacing, the minus sign and direction
/// marks) for positive and negative values, the locale's digits, the decimal and
/// grouping separators, grouping sizes (3, or 3;2 as in en-IN), the minimum digits
/// before the first grouping (2 in es and pl: `1234` but `12.345`), the fraction digits.
///
/// Amounts are rounded half-even, as ICU does. All text is kept as UTF-8 bytes.
struct NumberPattern: Sendable, Equatable {
  var positivePrefix: [UInt8]
  var positiveSuffix: [UInt8]
  var negativePrefix: [UInt8]
  var negativeSuffix: [UInt8]
  /// The ten digits' UTF-8, each ``digitWidth`` bytes, `0` first.
  var digits: [UInt8]
  var digitWidth: Int
  var decimalSeparator: [UInt8]
  var groupingSeparator: [UInt8]
  /// Digits in the group nearest the decimal separator; 0 when nothing is grouped.
  var primaryGroup: Int
  /// Digits in each group further left.
  var secondaryGroup: Int
  /// Grouping applies only when the integer part has at least `primaryGroup +
  /// minimumGrouping` digits.
  var minimumGrouping: Int
  var fractionDigits: Int
  /// Whether a negative amount that rounds to zero keeps its minus sign (`-$0.00`).
  var negativeZeroKeepsSign: Bool

  /// True when the digits are ASCII `0`–`9`: runs of digits are copied as they are.
  private var asciiDigits: Bool { digitWidth == 1 && digits == Array("0123456789".utf8) }

  /// `amount` as Foundation writes it with this pattern, or nil when its digits cannot
  /// be read (see ``DecimalDigits``).
  func format(_ amount: Decimal) -> String? {
    DecimalDigits.withRounded(amount, places: fractionDigits) { isNegative, integer, fraction in
      let isZero = !integer.contains { $0 != UInt8(ascii: "0") } && !fraction.contains { $0 != UInt8(ascii: "0") }
      return write(negative: isNegative && (!isZero || negativeZeroKeepsSign), integer: integer, fraction: fraction)
    }
  }

  /// A whole number (a quantity) with this pattern; fraction digits, if any, are zeros.
  func format(_ count: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + fractionDigits) { buffer in
      var rest = count.magnitude
      var start = 20
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest != 0
      for index in 20..<(20 + fractionDigits) { buffer[index] = UInt8(ascii: "0") }
      let base = UnsafeBufferPointer(buffer)
      return write(
        negative: count < 0, integer: UnsafeBufferPointer(rebasing: base[start..<20]),
        fraction: UnsafeBufferPointer(rebasing: base[20..<(20 + fractionDigits)]))
    }
  }

  /// Lays out ASCII digits: affixes, grouped integer part, decimal separator, fraction.
  func write(negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>) -> String {
    let prefix = negative ? negativePrefix : positivePrefix
    let suffix = negative ? negativeSuffix : positiveSuffix
    let grouped = primaryGroup > 0 && integer.count >= primaryGroup + minimumGrouping
    let separators = grouped ? 1 + max(0, integer.count - primaryGroup - 1) / secondaryGroup : 0
    let capacity =
      prefix.count + suffix.count + (integer.count + fraction.count) * digitWidth + separators
      * groupingSeparator.count + (fraction.isEmpty ? 0 : decimalSeparator.count)
    let ascii = asciiDigits
    return String(unsafeUninitializedCapacity: capacity) { out in
      var at = 0
      func put(_ bytes: [UInt8]) {
        for byte in bytes {
          out[at] = byte
          at += 1
        }
      }
      func putDigits(_ run: UnsafeBufferPointer<UInt8>) {
        if ascii {
          for byte in run {
            out[at] = byte
            at += 1
          }
          return
        }
        for byte in run {
          let offset = Int(byte &- UInt8(ascii: "0")) * digitWidth
          for index in offset..<(offset + digitWidth) {
            out[at] = digits[index]
            at += 1
          }
        }
      }
      put(prefix)
      if grouped {
        // The leftmost group is what is left over by the secondary groups.
        let beforePrimary = integer.count - primaryGroup
        var first = beforePrimary % secondaryGroup
        if first == 0 { first = secondaryGroup }
        var index = 0
        putDigits(UnsafeBufferPointer(rebasing: integer[0..<first]))
        index = first
        while index < beforePrimary {
          put(groupingSeparator)
          putDigits(UnsafeBufferPointer(rebasing: integer[index..<(index + secondaryGroup)]))
          index += secondaryGroup
        }
        put(groupingSeparator)
        putDigits(UnsafeBufferPointer(rebasing: integer[index...]))
      } else {
        putDigits(integer)
      }
      if !fraction.isEmpty {
        put(decimalSeparator)
        putDigits(fraction)
      }
      put(suffix)
      return at
    }
  }
}
