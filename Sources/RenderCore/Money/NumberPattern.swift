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

  /// `amount` as Foundation writes it with this pattern, or nil when its digits cannot
  /// be read (see ``DecimalDigits``). The bytes are ``Packed/withUTF8(_:_:)-(Decimal,_)``'s.
  func format(_ amount: Decimal) -> String? {
    withPacked { $0.withUTF8(amount) { String(decoding: $0, as: UTF8.self) } }
  }

  /// A whole number (a quantity) with this pattern; fraction digits, if any, are zeros.
  func format(_ count: Int) -> String {
    withPacked { $0.withUTF8(count) { String(decoding: $0, as: UTF8.self) } }
  }

  /// The bytes ``Packed`` needs for this pattern: a table of its digits as 16 words
  /// (``Packed/digitTableBytes``), its text, and ``Packed/slack`` bytes after the text
  /// that a word-sized copy of its last piece may read.
  var packedByteCount: Int {
    Packed.digitTableBytes + positivePrefix.count + positiveSuffix.count + negativePrefix.count
      + negativeSuffix.count + decimalSeparator.count + groupingSeparator.count + Packed.slack
  }

  /// This pattern copied into `storage` (at least ``packedByteCount`` bytes), which must
  /// outlive the result. Its digits are one scalar each (1 to 4 bytes) and its fraction
  /// digits at most 19, as ``learn(wholeNumbers:reference:)`` makes them (0 to 6).
  func packed(into storage: UnsafeMutableBufferPointer<UInt8>) -> Packed {
    precondition(storage.count >= packedByteCount && (1...4).contains(digitWidth) && (0...19).contains(fractionDigits))
    storage.initialize(repeating: 0)
    let raw = UnsafeRawBufferPointer(storage)
    let table = UnsafeMutableRawBufferPointer(storage)
    for digit in 0..<10 {
      var word: UInt32 = 0
      for byte in 0..<digitWidth { word |= UInt32(digits[digit * digitWidth + byte]) << (8 * byte) }
      table.storeBytes(of: word.littleEndian, toByteOffset: 4 * digit, as: UInt32.self)
    }
    var at = Packed.digitTableBytes
    func place(_ bytes: [UInt8]) -> Packed.Text {
      for (index, byte) in bytes.enumerated() { storage[at + index] = byte }
      defer { at += bytes.count }
      return Packed.Text(offset: at, count: bytes.count)
    }
    let positivePrefix = place(positivePrefix)
    let positiveSuffix = place(positiveSuffix)
    let negativePrefix = place(negativePrefix)
    let negativeSuffix = place(negativeSuffix)
    let decimalSeparator = place(decimalSeparator)
    let groupingSeparator = place(groupingSeparator)
    let affixes = max(
      positivePrefix.count + positiveSuffix.count, negativePrefix.count + negativeSuffix.count)
    return Packed(
      storage: raw, positivePrefix: positivePrefix, positiveSuffix: positiveSuffix, negativePrefix: negativePrefix,
      negativeSuffix: negativeSuffix, decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator,
      digitWidth: digitWidth, primaryGroup: primaryGroup, secondaryGroup: max(1, secondaryGroup),
      minimumGrouping: minimumGrouping, fractionDigits: fractionDigits, negativeZeroKeepsSign: negativeZeroKeepsSign,
      isMarkupFree: isMarkupFree, readsDecimalStorage: DecimalDigits.layoutIsKnown,
      fixedRoom: affixes + decimalSeparator.count + Packed.slack,
      integerDigitRoom: digitWidth + groupingSeparator.count)
  }

  /// Calls `body` with this pattern packed in a temporary buffer.
  private func withPacked<Result>(_ body: (Packed) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: packedByteCount) { body(packed(into: $0)) }
  }

  /// A ``NumberPattern`` laid out for writing in memory its owner keeps
  /// (``MoneyFormatter`` keeps one per pair for its lifetime): copying it retains
  /// nothing, so an amount is written without touching a reference count. Every amount
  /// and count, `String` or bytes, is laid out by one function,
  /// ``layout(negative:integer:fraction:into:)``, in one pass: each affix and separator
  /// (at most 16 bytes) is copied as one 16-byte word and each digit as one 4-byte word
  /// from a table, each store overwriting the slack the one before wrote past its end.
  ///
  /// Digits come from ``DecimalDigits/roundedUnits(_:places:)`` (a mantissa of at most 64
  /// bits, rounded in integer arithmetic: almost every amount) or else
  /// ``DecimalDigits/withRounded(_:places:_:)``; both round half-even to the same digits.
  struct Packed {
    /// Bytes of the digit table at the start of the storage: 16 little-endian words, the
    /// UTF-8 of digit `d` in word `d` (words 10 to 15 are zero: a digit is read as `d & 15`).
    static let digitTableBytes = 64
    /// Bytes past what a piece holds that writing it may touch: the storage keeps them
    /// after its last text, an output buffer after its last byte.
    static let slack = 16

    /// One text of the pattern (an affix or a separator) in the storage.
    struct Text {
      var offset: Int
      var count: Int
    }

    /// The digit table, then the texts, then ``slack`` zero bytes.
    var storage: UnsafeRawBufferPointer
    var positivePrefix: Text
    var positiveSuffix: Text
    var negativePrefix: Text
    var negativeSuffix: Text
    var decimalSeparator: Text
    var groupingSeparator: Text
    var digitWidth: Int
    var primaryGroup: Int
    var secondaryGroup: Int
    var minimumGrouping: Int
    var fractionDigits: Int
    var negativeZeroKeepsSign: Bool
    /// ``NumberPattern/isMarkupFree``: the bytes written need no HTML escaping.
    var isMarkupFree: Bool
    /// ``DecimalDigits/layoutIsKnown``, read once.
    var readsDecimalStorage: Bool
    /// Room an amount needs besides its digits: the longer pair of affixes, the decimal
    /// separator and the slack.
    var fixedRoom: Int
    /// Room an integer digit needs at most: the digit and a grouping separator.
    var integerDigitRoom: Int

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

    /// `amount` rounded to the pattern's places as digits (`0`–`9` as values or as
    /// ASCII: the layout reads `d & 15`), and whether it shows a minus sign (a negative
    /// that rounds to zero keeps it only where Foundation does): what every writer of an
    /// amount lays out. Nil when its digits cannot be read.
    @inline(__always)
    private func withDigits<Result>(
      _ amount: Decimal,
      _ body: (_ negative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) ->
        Result
    ) -> Result? {
      if readsDecimalStorage, let (isNegative, units) = DecimalDigits.roundedUnits(amount, places: fractionDigits) {
        return withDigits(of: units, zeros: 0) { integer, fraction in
          body(isNegative && (units != 0 || negativeZeroKeepsSign), integer, fraction)
        }
      }
      return DecimalDigits.withRounded(amount, places: fractionDigits) { isNegative, integer, fraction in
        let isZero = !integer.contains { $0 != UInt8(ascii: "0") } && !fraction.contains { $0 != UInt8(ascii: "0") }
        return body(isNegative && (!isZero || negativeZeroKeepsSign), integer, fraction)
      }
    }

    /// `count` as digits with the pattern's places of zeros, and whether it is negative:
    /// what every writer of a count lays out.
    @inline(__always)
    private func withDigits<Result>(
      _ count: Int,
      _ body: (_ negative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) ->
        Result
    ) -> Result {
      withDigits(of: UInt64(count.magnitude), zeros: fractionDigits) { body(count < 0, $0, $1) }
    }

    /// The digits (values 0–9) of `units` followed by `zeros` zeros, split before the
    /// last ``fractionDigits``, with zeros in front so that at least one integer digit is
    /// left: `units` 5 at two places is `0` and `05`. In a buffer on the stack: 20 digits,
    /// at most 19 zeros after them or in front.
    @inline(__always)
    private func withDigits<Result>(
      of units: UInt64, zeros: Int,
      _ body: (_ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
        var start = 40 - zeros
        for index in start..<40 { buffer[index] = 0 }
        var rest = units
        repeat {
          start -= 1
          buffer[start] = UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        } while rest != 0
        let integerEnd = 40 - fractionDigits
        while start >= integerEnd {
          start -= 1
          buffer[start] = 0
        }
        let digits = UnsafeBufferPointer(buffer)
        return body(
          UnsafeBufferPointer(rebasing: digits[start..<integerEnd]), UnsafeBufferPointer(rebasing: digits[integerEnd...]))
      }
    }

    /// The room ``layout(negative:integer:fraction:into:)`` needs for so many digits: at
    /// least what it writes, and the slack its last word may write past that.
    @inline(__always)
    private func room(integerDigits: Int, fractionDigits: Int) -> Int {
      fixedRoom + integerDigits * integerDigitRoom + fractionDigits * digitWidth
    }

    /// Lays out digits in the room `html` reserves for them.
    @inline(__always)
    private func place(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      _ html: inout HTMLWriter
    ) {
      html.appendLaidOut(room(integerDigits: integer.count, fractionDigits: fraction.count)) {
        layout(negative: negative, integer: integer, fraction: fraction, into: UnsafeMutableRawBufferPointer($0))
      }
    }

    /// Lays out digits in a temporary buffer and calls `body` with the bytes.
    private func laidOut<Result>(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      let capacity = room(integerDigits: integer.count, fractionDigits: fraction.count)
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out in
        let written = layout(negative: negative, integer: integer, fraction: fraction, into: UnsafeMutableRawBufferPointer(out))
        return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(out)[..<written]))
      }
    }

    /// Lays out digits into `out` (at least ``room(integerDigits:fractionDigits:)``
    /// bytes): affixes, grouped integer part, decimal separator, fraction. Returns the
    /// bytes written; those after them up to the room are scratch.
    @inline(__always)
    private func layout(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      into out: UnsafeMutableRawBufferPointer
    ) -> Int {
      var at = 0
      put(negative ? negativePrefix : positivePrefix, into: out, at: &at)
      if primaryGroup > 0 && integer.count >= primaryGroup + minimumGrouping {
        // The leftmost group is what is left over by the secondary groups.
        let beforePrimary = integer.count - primaryGroup
        var index = (beforePrimary - 1) % secondaryGroup + 1
        putDigits(UnsafeBufferPointer(rebasing: integer[0..<index]), into: out, at: &at)
        while index < beforePrimary {
          put(groupingSeparator, into: out, at: &at)
          putDigits(UnsafeBufferPointer(rebasing: integer[index..<(index + secondaryGroup)]), into: out, at: &at)
          index += secondaryGroup
        }
        put(groupingSeparator, into: out, at: &at)
        putDigits(UnsafeBufferPointer(rebasing: integer[index...]), into: out, at: &at)
      } else {
        putDigits(integer, into: out, at: &at)
      }
      if !fraction.isEmpty {
        put(decimalSeparator, into: out, at: &at)
        putDigits(fraction, into: out, at: &at)
      }
      put(negative ? negativeSuffix : positiveSuffix, into: out, at: &at)
      return at
    }

    /// Copies `text` to `out` at `at`: one 16-byte word when it is that short.
    @inline(__always)
    private func put(_ text: Text, into out: UnsafeMutableRawBufferPointer, at: inout Int) {
      if text.count <= 16 {
        let word = storage.loadUnaligned(fromByteOffset: text.offset, as: SIMD16<UInt8>.self)
        out.storeBytes(of: word, toByteOffset: at, as: SIMD16<UInt8>.self)
      } else {
        UnsafeMutableRawBufferPointer(rebasing: out[at..<(at + text.count)]).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: storage[text.offset..<(text.offset + text.count)]))
      }
      at += text.count
    }

    /// Writes `digits` in the pattern's digits: one 4-byte word from the table each.
    @inline(__always)
    private func putDigits(_ digits: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer, at: inout Int) {
      for digit in digits {
        let word = storage.loadUnaligned(fromByteOffset: Int(digit & 15) &<< 2, as: UInt32.self)
        out.storeBytes(of: word, toByteOffset: at, as: UInt32.self)
        at += digitWidth
      }
    }
  }
}
