import Foundation
import RenderBase

/// How one (locale, currency) pair, or one locale's whole numbers, are written, learned
/// from Foundation's `FormatStyle` by ``learn(fractionDigits:probe:)`` and proven
/// against it before use: affixes (symbol, its spacing, the minus sign and direction
/// marks) for positive and negative values, the locale's digits, the decimal and
/// grouping separators, grouping sizes (3, or 3;2 as in en-IN), the minimum digits
/// before the first grouping (2 in es and pl: `1234` but `12.345`), the fraction digits.
///
/// Amounts are rounded half-even, as ICU does. All text is kept as UTF-8 bytes.
@usableFromInline
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
  /// Every byte the pattern can write (affixes, digits, separators): what a writer
  /// checks once to know whether the pattern's amounts need its escaping.
  var textBytes: ByteSet {
    ByteSet(
      positivePrefix + positiveSuffix + negativePrefix + negativeSuffix + digits + decimalSeparator
        + groupingSeparator)
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

  /// The bytes ``Packed`` needs for this pattern: its ``Packed/Plan``, a table of its
  /// digits as 16 words (``Packed/digitTableBytes``), its text, and ``Packed/slack``
  /// bytes after the text that a word-sized copy of its last piece may read.
  var packedByteCount: Int {
    Packed.textStart + positivePrefix.count + positiveSuffix.count + negativePrefix.count + negativeSuffix.count
      + decimalSeparator.count + groupingSeparator.count + Packed.slack
  }

  /// This pattern laid out in `storage` (at least ``packedByteCount`` bytes, aligned as
  /// ``Packed/alignment``), which must outlive the result. Its digits are one scalar
  /// each (1 to 4 bytes) and its fraction digits at most 19, as
  /// ``learn(wholeNumbers:reference:)`` makes them (0 to 6).
  func packed(into storage: UnsafeMutableRawBufferPointer) -> Packed {
    precondition(
      storage.count >= packedByteCount && (1...4).contains(digitWidth) && (0...19).contains(fractionDigits))
    guard let base = storage.baseAddress, Int(bitPattern: base) % Packed.alignment == 0 else {
      preconditionFailure("packed storage must be aligned for NumberPattern.Packed.Plan")
    }
    storage.initializeMemory(as: UInt8.self, repeating: 0)
    for digit in 0..<10 {
      var word: UInt32 = 0
      for byte in 0..<digitWidth { word |= UInt32(digits[digit * digitWidth + byte]) << (8 * byte) }
      storage.storeBytes(of: word.littleEndian, toByteOffset: Packed.digitTableStart + 4 * digit, as: UInt32.self)
    }
    var at = Packed.textStart
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
    var digitRuns = Packed.DigitRuns.oneByOne
    if digits == Array("0123456789".utf8) {
      digitRuns = .ascii
    } else if digitWidth == 2, let lead = digits.first, let zero = digits.dropFirst().first,
      (0..<10).allSatisfy({ digits[2 * $0] == lead && digits[2 * $0 + 1] == zero &+ UInt8($0) })
    {
      digitRuns = .twoBytes(zero: UInt16(lead) | UInt16(zero) << 8)
    }
    #if !_endian(little)
      digitRuns = .oneByOne
    #endif
    let affixes = max(positivePrefix.count + positiveSuffix.count, negativePrefix.count + negativeSuffix.count)
    let plan = Packed.Plan(
      positivePrefix: positivePrefix, positiveSuffix: positiveSuffix, negativePrefix: negativePrefix,
      negativeSuffix: negativeSuffix, decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator,
      digitWidth: digitWidth, primaryGroup: primaryGroup, secondaryGroup: max(1, secondaryGroup),
      minimumGrouping: minimumGrouping, fractionDigits: fractionDigits, negativeZeroKeepsSign: negativeZeroKeepsSign,
      readsDecimalStorage: DecimalDigits.layoutIsKnown,
      digitRuns: digitRuns, fixedRoom: affixes + decimalSeparator.count + Packed.slack,
      integerDigitRoom: digitWidth + groupingSeparator.count,
      unitsRoom: affixes + decimalSeparator.count + Packed.slack + 20 * (digitWidth + groupingSeparator.count)
        + fractionDigits * digitWidth)
    let planned = base.initializeMemory(as: Packed.Plan.self, repeating: plan, count: 1)
    return Packed(base: UnsafeRawPointer(base), plan: UnsafePointer(planned), byteCount: storage.count)
  }

  /// Calls `body` with this pattern packed in a temporary buffer.
  func withPacked<Result>(_ body: (Packed) -> Result) -> Result {
    withUnsafeTemporaryAllocation(byteCount: packedByteCount, alignment: Packed.alignment) { body(packed(into: $0)) }
  }

  /// A ``NumberPattern`` laid out for writing, in memory its owner keeps
  /// (``MoneyFormatter`` keeps one per pair for its lifetime): two pointers, so copying
  /// it copies nothing else and retains nothing. Every amount and count, `String` or
  /// bytes, is laid out by one function,
  /// ``layout(negative:integer:integerCount:fraction:fractionCount:digitsEnd:into:)``,
  /// in one pass: each affix and separator (at most 16 bytes) is copied as one 16-byte
  /// word, a run of digits as 16-byte words too when they are ASCII or two bytes each
  /// (`٤`, see ``DigitRuns``), other digits as one 4-byte word each from a table; each
  /// store overwrites the slack the one before wrote past its end.
  ///
  /// The digits of almost every amount come from ``DecimalDigits/roundedUnits(_:places:)``
  /// (a mantissa of at most 64 bits, rounded in integer arithmetic), two at a time into
  /// a buffer on the stack (``layout(negative:units:zeros:into:)``); the others' from
  /// ``DecimalDigits/withRounded(_:places:_:)``. Both round half-even to the same digits.
  ///
  /// Safety: `base` points at the storage ``NumberPattern/packed(into:)`` filled, whose
  /// owner keeps it alive and unchanged for the whole life of every copy of this value
  /// (``MoneyFormatter`` frees it in its `deinit`; ``NumberPattern/withPacked(_:)`` only
  /// inside its closure). It is ``byteCount`` bytes: the ``Plan`` at its start (`plan`,
  /// aligned to ``alignment``), the digit table, the texts, then ``slack`` zero bytes, so
  /// a 16-byte load at any text's offset stays inside. Every output buffer has the room
  /// ``room(integerDigits:fractionDigits:)`` or ``Plan/unitsRoom`` gives (slack
  /// included), so a 16-byte store at any piece's start stays inside; the digit buffer
  /// of ``layout(negative:units:zeros:into:)`` is 64 bytes with its digits ending at 40,
  /// so a 16-byte load at any digit stays inside. Debug builds assert each of these
  /// bounds where the memory is touched.
  @usableFromInline
  struct Packed {
    /// The pattern's numbers and where its texts lie, at the start of the storage.
    @usableFromInline
    struct Plan {
      @usableFromInline var positivePrefix: Text
      @usableFromInline var positiveSuffix: Text
      @usableFromInline var negativePrefix: Text
      @usableFromInline var negativeSuffix: Text
      @usableFromInline var decimalSeparator: Text
      @usableFromInline var groupingSeparator: Text
      @usableFromInline var digitWidth: Int
      @usableFromInline var primaryGroup: Int
      @usableFromInline var secondaryGroup: Int
      @usableFromInline var minimumGrouping: Int
      @usableFromInline var fractionDigits: Int
      @usableFromInline var negativeZeroKeepsSign: Bool
      /// ``DecimalDigits/layoutIsKnown``, read once.
      @usableFromInline var readsDecimalStorage: Bool
      /// How runs of digits are written.
      @usableFromInline var digitRuns: DigitRuns
      /// Room an amount needs besides its digits: the longer pair of affixes, the
      /// decimal separator and the slack.
      @usableFromInline var fixedRoom: Int
      /// Room an integer digit needs at most: the digit and a grouping separator.
      @usableFromInline var integerDigitRoom: Int
      /// The room of 20 integer digits and the fraction: what
      /// ``layout(negative:units:zeros:into:)`` needs.
      @usableFromInline var unitsRoom: Int
    }

    /// How a run of digit values (0–9) becomes the pattern's digits.
    @usableFromInline
    enum DigitRuns {
      /// ASCII `0`–`9`: 16 digits at a time, `0x30` or-ed into each byte.
      case ascii
      /// Two bytes each, the same first byte and the second counting up from digit 0's
      /// (`٠`–`٩`, U+0660–0669: `D9 A0`–`D9 A9`): 8 digits at a time, each value widened
      /// to 16 bits, shifted into the second byte and added to `zero`, digit 0's bytes
      /// as a little-endian word.
      case twoBytes(zero: UInt16)
      /// Any other digits: one 4-byte word each from the digit table.
      case oneByOne
    }

    /// One text of the pattern (an affix or a separator): bytes from the storage's start.
    @usableFromInline
    struct Text {
      @usableFromInline var offset: Int
      @usableFromInline var count: Int
    }

    /// The storage's alignment.
    static let alignment = MemoryLayout<Plan>.alignment
    /// Where the digit table starts: 16 little-endian words, the UTF-8 of digit `d` in
    /// word `d` (words 10 to 15 are zero: a digit is read as `d & 15`).
    /// (Computed, as the next two are: constants fold into the inlined layout, where a
    /// stored one would be another module's global, reached through its lazy
    /// initializer's check.)
    @inlinable static var digitTableStart: Int { (MemoryLayout<Plan>.size + 15) & ~15 }
    /// Where the texts start, after the digit table.
    @inlinable static var textStart: Int { digitTableStart + 64 }
    /// Bytes past what a piece holds that writing it may touch: the storage keeps them
    /// after its last text, an output buffer after its last byte, the digit buffer
    /// after its last digit.
    @inlinable static var slack: Int { 16 }

    /// The storage: plan, digit table, texts, then ``slack`` zero bytes.
    @usableFromInline let base: UnsafeRawPointer
    @usableFromInline let plan: UnsafePointer<Plan>
    /// The storage's size, for the debug bounds checks.
    @usableFromInline let byteCount: Int

    fileprivate init(base: UnsafeRawPointer, plan: UnsafePointer<Plan>, byteCount: Int) {
      assert(UnsafeRawPointer(plan) == base && Int(bitPattern: base) % Packed.alignment == 0)
      assert(byteCount >= Packed.textStart + Packed.slack)
      self.base = base
      self.plan = plan
      self.byteCount = byteCount
    }

    /// Calls `body` with `amount`'s UTF-8 as ``NumberPattern/format(_:)-(Decimal)``
    /// writes it, laid out in a temporary buffer; nil when its digits cannot be read.
    func withUTF8<Result>(_ amount: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
      if let (negative, units) = roundedUnits(amount) {
        return laidOut(room: unitsRoom, body) { layout(negative: negative, units: units, zeros: 0, into: $0) }
      }
      return DecimalDigits.withRounded(amount, places: plan.pointee.fractionDigits) { isNegative, integer, fraction in
        let negative = isNegative && (!Self.isZero(integer, fraction) || plan.pointee.negativeZeroKeepsSign)
        return laidOut(room: room(integerDigits: integer.count, fractionDigits: fraction.count), body) {
          layout(negative: negative, integer: integer, fraction: fraction, into: $0)
        }
      }
    }

    /// Calls `body` with `count`'s UTF-8 as ``NumberPattern/format(_:)-(Int)`` writes it.
    func withUTF8<Result>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      let zeros = plan.pointee.fractionDigits
      return laidOut(room: unitsRoom, body) {
        layout(negative: count < 0, units: UInt64(count.magnitude), zeros: zeros, into: $0)
      }
    }

    /// Lays `amount` out as ``withUTF8(_:_:)-(Decimal,_)`` gives it straight into
    /// `sink`, by the same layout; false, nothing written, when its digits cannot be read.
    /// Inlinable, as is the layout of an amount in units under it (the common amount,
    /// see ``roundedUnits(_:)``): specialized for the writer of the module that calls
    /// it, the page's own `append` and the whole layout are inlined into that writer,
    /// with no call per amount (docs/PERFORMANCE.md). Only the rare amount of
    /// ``writeRounded(_:into:)`` is a call.
    @inlinable
    func write<Sink: ByteSink & ~Copyable>(_ amount: Decimal, into sink: inout Sink) -> Bool {
      if let (negative, units) = roundedUnits(amount) {
        // A local function, not a closure, so that it can be always inlined: a closure
        // given to the inlined `append` stayed a function of its own, called per amount.
        @inline(__always) func layOut(_ out: UnsafeMutableRawBufferPointer) -> Int {
          layout(negative: negative, units: units, zeros: 0, into: out)
        }
        sink.append(room: unitsRoom, layOut)
        return true
      }
      return writeRounded(amount, into: &sink)
    }

    /// ``write(_:into:)-(Decimal,_)`` for an amount ``roundedUnits(_:)`` does not take.
    @usableFromInline @inline(never)
    func writeRounded<Sink: ByteSink & ~Copyable>(_ amount: Decimal, into sink: inout Sink) -> Bool {
      let written: Void? = DecimalDigits.withRounded(amount, places: plan.pointee.fractionDigits) {
        isNegative, integer, fraction in
        let negative = isNegative && (!Self.isZero(integer, fraction) || plan.pointee.negativeZeroKeepsSign)
        sink.append(room: room(integerDigits: integer.count, fractionDigits: fraction.count)) {
          layout(negative: negative, integer: integer, fraction: fraction, into: $0)
        }
      }
      return written != nil
    }

    /// Lays `count` out as ``withUTF8(_:_:)-(Int,_)`` gives it straight into `sink`
    /// (inlinable as the amount's write is).
    @inlinable
    func write<Sink: ByteSink & ~Copyable>(_ count: Int, into sink: inout Sink) {
      let zeros = plan.pointee.fractionDigits
      @inline(__always) func layOut(_ out: UnsafeMutableRawBufferPointer) -> Int {
        layout(negative: count < 0, units: UInt64(count.magnitude), zeros: zeros, into: out)
      }
      sink.append(room: unitsRoom, layOut)
    }

    /// `amount` in the pattern's smallest units (``DecimalDigits/roundedUnits(_:places:)``)
    /// and whether it shows a minus sign: a negative that rounds to zero keeps it only
    /// where Foundation does. Nil when that read does not take the amount.
    @inlinable @inline(__always)
    func roundedUnits(_ amount: Decimal) -> (negative: Bool, units: UInt64)? {
      guard plan.pointee.readsDecimalStorage,
        let (isNegative, units) = DecimalDigits.roundedUnits(amount, places: plan.pointee.fractionDigits)
      else { return nil }
      return (isNegative && (units != 0 || plan.pointee.negativeZeroKeepsSign), units)
    }

    /// True when ASCII digits are all `0`.
    private static func isZero(_ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) -> Bool {
      !integer.contains { $0 != UInt8(ascii: "0") } && !fraction.contains { $0 != UInt8(ascii: "0") }
    }

    /// The room ``layout(negative:integer:integerCount:fraction:fractionCount:digitsEnd:into:)``
    /// needs for so many digits: at least what it writes, and the slack its last word
    /// may write past that.
    @inline(__always)
    private func room(integerDigits: Int, fractionDigits: Int) -> Int {
      let integerRoom = integerDigits &* plan.pointee.integerDigitRoom
      return plan.pointee.fixedRoom + integerRoom + fractionDigits &* plan.pointee.digitWidth
    }

    /// ``Plan/unitsRoom``.
    @inlinable var unitsRoom: Int { plan.pointee.unitsRoom }

    /// Lays out bytes with `write` in a temporary buffer of `room` bytes and calls `body`
    /// with them.
    @inline(__always)
    private func laidOut<Result>(
      room: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result, _ write: (UnsafeMutableRawBufferPointer) -> Int
    ) -> Result {
      withUnsafeTemporaryAllocation(byteCount: room, alignment: 16) { out in
        let written = write(out)
        assert(written >= 0 && written <= out.count, "NumberPattern.Packed: laid out past its room")
        guard let start = out.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: start.bindMemory(to: UInt8.self, capacity: written), count: written))
      }
    }

    /// Lays out `units` followed by `zeros` zeros, the last ``Plan/fractionDigits`` of
    /// them the fraction, into `out` (``unitsRoom`` bytes). The digits are made two at a
    /// time into a zeroed buffer on the stack, right-aligned, so that the zeros after
    /// them and the zeros before a short fraction (`units` 5 at two places is `0.05`)
    /// are already there.
    @inlinable @inline(__always)
    func layout(negative: Bool, units: UInt64, zeros: Int, into out: UnsafeMutableRawBufferPointer) -> Int {
      assert(out.count >= unitsRoom && (0...19).contains(zeros))
      // 20 digits and up to 19 zeros end at 40; the slack follows.
      return withUnsafeTemporaryAllocation(byteCount: 64, alignment: 16) { buffer in
        guard let digits = buffer.baseAddress else { return 0 }
        let digitsEnd = UnsafeRawPointer(digits + 64)
        for offset in stride(from: 0, to: 64, by: 16) {
          digits.storeBytes(of: SIMD16<UInt8>(), toByteOffset: offset, as: SIMD16<UInt8>.self)
        }
        var start = 40 &- zeros
        var rest = units
        while rest >= 100 {
          let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
          let tens = pair / 10
          start &-= 2
          assert(start >= 0, "NumberPattern.Packed: more than 20 digits")
          digits.storeBytes(
            of: UInt16(truncatingIfNeeded: tens | (pair &- tens &* 10) &<< 8), toByteOffset: start, as: UInt16.self)
          rest = quotient
        }
        if rest >= 10 {
          let tens = rest / 10
          start &-= 2
          digits.storeBytes(
            of: UInt16(truncatingIfNeeded: tens | (rest &- tens &* 10) &<< 8), toByteOffset: start, as: UInt16.self)
        } else {
          start &-= 1
          digits.storeBytes(of: UInt8(truncatingIfNeeded: rest), toByteOffset: start, as: UInt8.self)
        }
        let integerEnd = 40 &- plan.pointee.fractionDigits
        start = min(start, integerEnd &- 1)
        assert(start >= 0 && integerEnd <= 40)
        return layout(
          negative: negative, integer: UnsafeRawPointer(digits + start), integerCount: integerEnd &- start,
          fraction: UnsafeRawPointer(digits + integerEnd), fractionCount: 40 &- integerEnd, digitsEnd: digitsEnd,
          into: out)
      }
    }

    /// Lays out ASCII digits from ``DecimalDigits/withRounded(_:places:_:)`` into `out`.
    private func layout(
      negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
      into out: UnsafeMutableRawBufferPointer
    ) -> Int {
      guard let integerStart = integer.baseAddress else { return 0 }
      assert(out.count >= room(integerDigits: integer.count, fractionDigits: fraction.count))
      return layout(
        negative: negative, integer: UnsafeRawPointer(integerStart), integerCount: integer.count,
        fraction: UnsafeRawPointer(fraction.baseAddress ?? integerStart), fractionCount: fraction.count,
        digitsEnd: nil, into: out)
    }

    /// Lays out digits (values 0–9, or ASCII: a digit is read as `d & 15`) into `out`
    /// (room for ``room(integerDigits:fractionDigits:)`` bytes): affixes, grouped integer
    /// part, decimal separator, fraction. Returns the bytes written; those after them up
    /// to the room are scratch. `digitsEnd`, when given, ends the buffer the digits lie
    /// in, at least 16 bytes after the last: runs of digits are then read 16 at a time.
    @inlinable @inline(__always)
    func layout(
      negative: Bool, integer: UnsafeRawPointer, integerCount: Int, fraction: UnsafeRawPointer, fractionCount: Int,
      digitsEnd: UnsafeRawPointer?, into buffer: UnsafeMutableRawBufferPointer
    ) -> Int {
      guard let out = buffer.baseAddress else { return 0 }
      let room = buffer.count
      var at = 0
      put(negative ? plan.pointee.negativePrefix : plan.pointee.positivePrefix, into: out, room: room, at: &at)
      let primary = plan.pointee.primaryGroup
      if primary > 0 && integerCount >= primary &+ plan.pointee.minimumGrouping {
        // The leftmost group is what is left over by the secondary groups.
        let secondary = plan.pointee.secondaryGroup
        let beforePrimary = integerCount &- primary
        var index = (beforePrimary &- 1) % secondary &+ 1
        putDigits(integer, count: index, digitsEnd: digitsEnd, into: out, room: room, at: &at)
        while index < beforePrimary {
          put(plan.pointee.groupingSeparator, into: out, room: room, at: &at)
          putDigits(integer + index, count: secondary, digitsEnd: digitsEnd, into: out, room: room, at: &at)
          index &+= secondary
        }
        put(plan.pointee.groupingSeparator, into: out, room: room, at: &at)
        putDigits(integer + index, count: primary, digitsEnd: digitsEnd, into: out, room: room, at: &at)
      } else {
        putDigits(integer, count: integerCount, digitsEnd: digitsEnd, into: out, room: room, at: &at)
      }
      if fractionCount > 0 {
        put(plan.pointee.decimalSeparator, into: out, room: room, at: &at)
        putDigits(fraction, count: fractionCount, digitsEnd: digitsEnd, into: out, room: room, at: &at)
      }
      put(negative ? plan.pointee.negativeSuffix : plan.pointee.positiveSuffix, into: out, room: room, at: &at)
      assert(at <= room)
      return at
    }

    /// Copies `text` to `out` at `at`: one 16-byte word when it is that short.
    @inlinable @inline(__always)
    func put(_ text: Text, into out: UnsafeMutableRawPointer, room: Int, at: inout Int) {
      assert(text.offset >= Packed.textStart && text.offset + max(16, text.count) <= byteCount)
      assert(at >= 0 && at + max(16, text.count) <= room, "NumberPattern.Packed: a text past the room")
      if text.count <= 16 {
        let word = base.loadUnaligned(fromByteOffset: text.offset, as: SIMD16<UInt8>.self)
        out.storeBytes(of: word, toByteOffset: at, as: SIMD16<UInt8>.self)
      } else {
        (out + at).copyMemory(from: base + text.offset, byteCount: text.count)
      }
      at &+= text.count
    }

    /// Writes `count` digits from `digits` in the pattern's digits: a run at a time
    /// (``DigitRuns``) when `digitsEnd` says 16 bytes may be read past them, else one
    /// 4-byte word each from the table.
    @inlinable @inline(__always)
    func putDigits(
      _ digits: UnsafeRawPointer, count: Int, digitsEnd: UnsafeRawPointer?, into out: UnsafeMutableRawPointer,
      room: Int, at: inout Int
    ) {
      if let digitsEnd {
        switch plan.pointee.digitRuns {
        case .ascii:
          var done = 0
          repeat {
            assert(digits + done + 16 <= digitsEnd, "NumberPattern.Packed: a digit run read past its buffer")
            assert(at + done + 16 <= room, "NumberPattern.Packed: a digit run past the room")
            let word = digits.loadUnaligned(fromByteOffset: done, as: SIMD16<UInt8>.self) | SIMD16(repeating: 0x30)
            out.storeBytes(of: word, toByteOffset: at &+ done, as: SIMD16<UInt8>.self)
            done &+= 16
          } while done < count
          at &+= count
          return
        case .twoBytes(let zero):
          var done = 0
          repeat {
            assert(digits + done + 8 <= digitsEnd, "NumberPattern.Packed: a digit run read past its buffer")
            assert(at + 2 * done + 16 <= room, "NumberPattern.Packed: a digit run past the room")
            let values = SIMD8<UInt16>(
              truncatingIfNeeded: digits.loadUnaligned(fromByteOffset: done, as: SIMD8<UInt8>.self))
            let words = values &<< 8 &+ SIMD8(repeating: zero)
            out.storeBytes(of: words, toByteOffset: at &+ 2 &* done, as: SIMD8<UInt16>.self)
            done &+= 8
          } while done < count
          at &+= 2 &* count
          return
        case .oneByOne:
          break
        }
      }
      let table = base + Packed.digitTableStart
      let width = plan.pointee.digitWidth
      for index in 0..<count {
        assert(at + 4 <= room, "NumberPattern.Packed: a digit past the room")
        let digit = digits.load(fromByteOffset: index, as: UInt8.self)
        let word = table.loadUnaligned(fromByteOffset: Int(digit & 15) &<< 2, as: UInt32.self)
        out.storeBytes(of: word, toByteOffset: at, as: UInt32.self)
        at &+= width
      }
    }
  }
}
