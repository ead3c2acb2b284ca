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
  /// True when no text of the pattern (affixes, digits, separators) holds a byte HTML
  /// escapes (`&` `"` `<` `>`): its amounts are copied into a page unscanned. Set by
  /// ``learn(wholeNumbers:reference:)`` from the learned text.
  var isMarkupFree = false

  /// True when none of the pattern's text holds `&` `"` `<` or `>`.
  var textIsMarkupFree: Bool {
    let markup: [UInt8] = Array("&\"<>".utf8)
    let texts = [
      positivePrefix, positiveSuffix, negativePrefix, negativeSuffix, digits, decimalSeparator, groupingSeparator,
    ]
    return !texts.contains { $0.contains(where: markup.contains) }
  }

  /// True when the digits are ASCII `0`–`9`: runs of digits are copied as they are.
  private var asciiDigits: Bool { digitWidth == 1 && digits == Array("0123456789".utf8) }

  /// `amount` as Foundation writes it with this pattern, or nil when its digits cannot
  /// be read (see ``DecimalDigits``). The bytes are ``Packed/withUTF8(_:_:)-(Decimal,_)``'s.
  func format(_ amount: Decimal) -> String? {
    withPacked { $0.withUTF8(amount) { String(decoding: $0, as: UTF8.self) } }
  }

  /// A whole number (a quantity) with this pattern; fraction digits, if any, are zeros.
  func format(_ count: Int) -> String {
    withPacked { $0.withUTF8(count) { String(decoding: $0, as: UTF8.self) } }
  }

  /// The bytes ``Packed`` needs for this pattern's text.
  var packedByteCount: Int {
    positivePrefix.count + positiveSuffix.count + negativePrefix.count + negativeSuffix.count + digits.count
      + decimalSeparator.count + groupingSeparator.count
  }

  /// This pattern with its text copied into `storage` (at least ``packedByteCount``
  /// bytes), which must outlive the result.
  func packed(into storage: UnsafeMutableBufferPointer<UInt8>) -> Packed {
    var at = 0
    func place(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
      let slice = UnsafeMutableBufferPointer(rebasing: storage[at..<(at + bytes.count)])
      _ = slice.initialize(from: bytes)
      at += bytes.count
      return UnsafeBufferPointer(slice)
    }
    return Packed(
      positivePrefix: place(positivePrefix), positiveSuffix: place(positiveSuffix),
      negativePrefix: place(negativePrefix), negativeSuffix: place(negativeSuffix), digits: place(digits),
      decimalSeparator: place(decimalSeparator), groupingSeparator: place(groupingSeparator),
      digitWidth: digitWidth, primaryGroup: primaryGroup, secondaryGroup: secondaryGroup,
      minimumGrouping: minimumGrouping, fractionDigits: fractionDigits, negativeZeroKeepsSign: negativeZeroKeepsSign,
      asciiDigits: asciiDigits, isMarkupFree: isMarkupFree)
  }

  /// Calls `body` with this pattern packed in a temporary buffer.
  private func withPacked<Result>(_ body: (Packed) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, packedByteCount)) { body(packed(into: $0)) }
  }

  /// A ``NumberPattern`` whose text lies in memory its owner keeps (``MoneyFormatter``
  /// keeps one per pair for its lifetime): copying it retains nothing, so an amount is
  /// written without touching a reference count. Every amount, `String` or bytes, is
  /// laid out by ``Packed/layout(negative:integer:fraction:into:)``.
  struct Packed {
    var positivePrefix: UnsafeBufferPointer<UInt8>
    var positiveSuffix: UnsafeBufferPointer<UInt8>
    var negativePrefix: UnsafeBufferPointer<UInt8>
    var negativeSuffix: UnsafeBufferPointer<UInt8>
    var digits: UnsafeBufferPointer<UInt8>
    var decimalSeparator: UnsafeBufferPointer<UInt8>
    var groupingSeparator: UnsafeBufferPointer<UInt8>
    var digitWidth: Int
    var primaryGroup: Int
    var secondaryGroup: Int
    var minimumGrouping: Int
    var fractionDigits: Int
    var negativeZeroKeepsSign: Bool
    var asciiDigits: Bool
    /// ``NumberPattern/isMarkupFree``: the bytes written need no HTML escaping.
    var isMarkupFree: Bool

    /// Calls `body` with `amount`'s UTF-8 as ``NumberPattern/format(_:)-(Decimal)``
    /// writes it, laid out in a temporary buffer; nil when its digits cannot be read.
    func withUTF8<Result>(_ amount: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
      withDigits(amount) { negative, integer, fraction in
        laidOut(negative: negative, integer: integer, fraction: fraction, body)
      }
    }

    /// Calls `body` with `count`'s UTF-8 as ``NumberPattern/format(_:)-(Int)`` writes it.
    func withUTF8<Result>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      withDigits(count) { negative, integer, fraction in
        laidOut(negative: negative, integer: integer, fraction: fraction, body)
      }
    }

    /// Writes `amount` as ``withUTF8(_:_:)-(Decimal,_)`` gives it straight into `html`'s
    /// page, unescaped (for a pattern that ``isMarkupFree``), by the same layout; false,
    /// nothing written, when its digits cannot be read.
    func write(_ amount: Decimal, into html: inout HTMLWriter) -> Bool {
      let written: Void? = withDigits(amount) { negative, integer, fraction in
        place(negative: negative, integer: integer, fraction: fraction, &html)
      }
      return written != nil
    }

    /// Writes `count` as ``withUTF8(_:_:)-(Int,_)`` gives it straight into `html`'s page.
    func write(_ count: Int, into html: inout HTMLWriter) {
      withDigits(count) { negative, integer, fraction in
        place(negative: negative, integer: integer, fraction: fraction, &html)
      }
    }

    /// `amount` rounded to the pattern's places, as ASCII digits, and whether it shows a
    /// minus sign (a negative that rounds to zero keeps it only where Foundation does):
    /// what every writer of an amount lays out. Nil when its digits cannot be read.
    @inline(__always)
    private func withDigits<Result>(
      _ amount: Decimal,
      _ body: (_ negative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) ->
        Result
    ) -> Result? {
      DecimalDigits.withRounded(amount, places: fractionDigits) { isNegative, integer, fraction in
        let isZero = !integer.contains { $0 != UInt8(ascii: "0") } && !fraction.contains { $0 != UInt8(ascii: "0") }
        return body(isNegative && (!isZero || negativeZeroKeepsSign), integer, fraction)
      }
    }

    /// `count` as ASCII digits with the pattern's places of zeros, and whether it is
    /// negative: what every writer of a count lays out.
    @inline(__always)
    private func withDigits<Result>(
      _ count: Int,
      _ body: (_ negative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) ->
        Result
    ) -> Result {
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
        return body(
          count < 0, UnsafeBufferPointer(rebasing: base[start..<20]),
          UnsafeBufferPointer(rebasing: base[20..<(20 + fractionDigits)]))
      }
    }

    /// Lays out ASCII digits in the room `html` reserves for them.
    private func place(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      _ html: inout HTMLWriter
    ) {
      let capacity = length(negative: negative, integerDigits: integer.count, fractionDigits: fraction.count)
      html.appendLaidOut(capacity) { layout(negative: negative, integer: integer, fraction: fraction, into: $0) }
    }

    /// Lays out ASCII digits in a temporary buffer and calls `body` with the bytes.
    private func laidOut<Result>(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      let capacity = length(negative: negative, integerDigits: integer.count, fractionDigits: fraction.count)
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { out in
        let written = layout(negative: negative, integer: integer, fraction: fraction, into: out)
        return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[..<written]))
      }
    }

    /// The bytes ``layout(negative:integer:fraction:into:)`` writes for so many digits.
    private func length(negative: Bool, integerDigits: Int, fractionDigits: Int) -> Int {
      let grouped = primaryGroup > 0 && integerDigits >= primaryGroup + minimumGrouping
      let separators = grouped ? 1 + max(0, integerDigits - primaryGroup - 1) / secondaryGroup : 0
      let affixes =
        negative ? negativePrefix.count + negativeSuffix.count : positivePrefix.count + positiveSuffix.count
      return affixes + (integerDigits + fractionDigits) * digitWidth + separators * groupingSeparator.count
        + (fractionDigits == 0 ? 0 : decimalSeparator.count)
    }

    /// Lays out ASCII digits into `out` (at least ``length(negative:integerDigits:fractionDigits:)``
    /// bytes): affixes, grouped integer part, decimal separator, fraction. Returns the
    /// bytes written.
    private func layout(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
      let grouped = primaryGroup > 0 && integer.count >= primaryGroup + minimumGrouping
      var at = 0
      func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
          out[at] = byte
          at += 1
        }
      }
      func putDigits(_ run: UnsafeBufferPointer<UInt8>) {
        if asciiDigits {
          put(run)
          return
        }
        for byte in run {
          let offset = Int(byte &- UInt8(ascii: "0")) * digitWidth
          put(UnsafeBufferPointer(rebasing: digits[offset..<(offset + digitWidth)]))
        }
      }
      put(negative ? negativePrefix : positivePrefix)
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
      put(negative ? negativeSuffix : positiveSuffix)
      return at
    }
  }
}
