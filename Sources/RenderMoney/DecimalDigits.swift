import Foundation

/// The exact digits of a `Decimal`, rounded half-even to a number of decimal places, as
/// ASCII: what ``NumberPattern`` lays out in a locale's digits.
///
/// Foundation offers no cheap exact way to a `Decimal`'s digits (`description` costs
/// about as much as formatting), so sign, exponent and mantissa are read from its
/// 20-byte storage as swift-foundation lays it out: the exponent in byte 0 (`Int8`), the
/// mantissa's length in 16-bit words in the high four bits of byte 1 and the sign in its
/// bit 3, the mantissa as eight little-endian `UInt16` from byte 4. ``layoutIsKnown``
/// checks that reading on known values once per process, and every read is checked
/// against the public `exponent` and `sign`; when either check fails the caller formats
/// with Foundation instead.
///
/// Safety: the storage is read only through `withUnsafeBytes(of:)` of a `Decimal` whose
/// size is checked to be 20 first, at offsets below 20 (the raw buffer's subscripts and
/// loads check their bounds in debug builds); the rounded digits are written into a
/// temporary buffer of the capacity counted for them, through its subscripts (checked
/// in debug builds too).
///
/// `@usableFromInline`, with ``shortParts(_:)`` and ``roundedUnits(_:places:)``
/// inlinable: they are the start of every amount a page writes, inlined with money's
/// layout into the writer of another module (docs/PERFORMANCE.md). It makes nothing
/// public.
@usableFromInline
enum DecimalDigits {
  /// Sign, exponent and mantissa (128 bits, as two halves) of a finite `Decimal`.
  @usableFromInline
  struct Parts: Equatable {
    @usableFromInline var isNegative: Bool
    @usableFromInline var exponent: Int
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @inlinable
    init(isNegative: Bool, exponent: Int, low: UInt64, high: UInt64) {
      self.isNegative = isNegative
      self.exponent = exponent
      self.low = low
      self.high = high
    }
  }

  /// True when ``parts(_:)`` reads known values right on this platform.
  static let layoutIsKnown: Bool = {
    let known: [(String, Parts)] = [
      ("-1234.56", Parts(isNegative: true, exponent: -2, low: 123_456, high: 0)),
      ("0", Parts(isNegative: false, exponent: 0, low: 0, high: 0)),
      ("1e20", Parts(isNegative: false, exponent: 20, low: 1, high: 0)),
      (
        "99999999999999999999999999999999999999",
        Parts(isNegative: false, exponent: 0, low: 0x098A_223F_FFFF_FFFF, high: 0x4B3B_4CA8_5A86_C47A)
      ),
      ("0.000000000000000000000000000001", Parts(isNegative: false, exponent: -30, low: 1, high: 0)),
    ]
    return known.allSatisfy { text, expected in
      guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return false }
      return read(value) == expected
    }
  }()

  /// The parts of `value`, or nil for NaN or when the storage does not read as
  /// swift-foundation's (see the type's documentation).
  static func parts(_ value: Decimal) -> Parts? {
    guard layoutIsKnown, let parts = read(value), parts.exponent == value.exponent,
      parts.isNegative == (value.sign == .minus)
    else { return nil }
    return parts
  }

  private static func read(_ value: Decimal) -> Parts? {
    guard MemoryLayout<Decimal>.size == 20 else { return nil }
    return withUnsafeBytes(of: value) { raw -> Parts? in
      let length = Int(raw[1] >> 4)
      let isNegative = raw[1] & 0x08 != 0
      // Length 0 is zero, or NaN when negative.
      guard length <= 8, length > 0 || !isNegative else { return nil }
      var low: UInt64 = 0
      var high: UInt64 = 0
      for word in 0..<length {
        let bits = UInt64(raw[4 + 2 * word]) | UInt64(raw[5 + 2 * word]) << 8
        if word < 4 { low |= bits << (16 * word) } else { high |= bits << (16 * (word - 4)) }
      }
      return Parts(isNegative: isNegative, exponent: Int(Int8(bitPattern: raw[0])), low: low, high: high)
    }
  }

  /// ``parts(_:)`` of a value whose mantissa has at most 64 bits (`high` is 0), read in
  /// one load and without asking Foundation: nil for a longer mantissa or NaN. The
  /// caller checks ``layoutIsKnown`` once (``NumberPattern/Packed`` does when it is
  /// made); the public `exponent` and `sign` are not asked again per value (two calls
  /// into Foundation): a struct has one layout, and every learned
  /// pattern writes its probes through this read before it is used.
  @inlinable @inline(__always)
  static func shortParts(_ value: Decimal) -> Parts? {
    #if _endian(little)
      guard MemoryLayout<Decimal>.size == 20 else { return nil }
      let (exponent, flags, stored) = withUnsafeBytes(of: value) { raw in
        (
          Int(Int8(bitPattern: raw[0])), raw[1],
          // The mantissa's first four 16-bit words, little-endian: one load.
          raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
        )
      }
      // The length in words, then the sign: 0 is zero, 1 (negative, no words) NaN, 2 to
      // 9 a mantissa of one to four words; words past the length are not read.
      let lengthAndSign = flags >> 3
      guard lengthAndSign <= 9, lengthAndSign != 1 else { return nil }
      let length = Int(lengthAndSign >> 1)
      let mantissa = length == 0 ? 0 : stored & (UInt64.max &>> (64 &- 16 &* length))
      return Parts(isNegative: lengthAndSign & 1 != 0, exponent: exponent, low: mantissa, high: 0)
    #else
      return nil
    #endif
  }

  /// `value` × 10^`places` rounded half-even, as a whole number of the currency's
  /// smallest unit (`14.305` at two places is 1430), and `value`'s sign: the common
  /// amount, a mantissa of at most 64 bits (``shortParts(_:)``), rounded in integer
  /// arithmetic, without ``withRounded(_:places:_:)``'s digit buffer. The units' decimal
  /// digits, the last `places` of them the fraction, are the digits `withRounded` gives.
  ///
  /// Nil when `shortParts` is, when the result does not fit 64 bits or `places` exceeds
  /// 19: the caller takes `withRounded`.
  @inlinable @inline(__always)
  static func roundedUnits(_ value: Decimal, places: Int) -> (isNegative: Bool, units: UInt64)? {
    guard UInt(bitPattern: places) <= 19, let parts = shortParts(value) else { return nil }
    let mantissa = parts.low
    let shift = parts.exponent &+ places
    if shift == 0 { return (parts.isNegative, mantissa) }
    if shift > 0 {
      guard shift <= 19 else { return mantissa == 0 ? (parts.isNegative, 0) : nil }
      var scale: UInt64 = 10
      for _ in 1..<shift { scale &*= 10 }
      let (high, units) = mantissa.multipliedFullWidth(by: scale)
      guard high == 0 else { return nil }
      return (parts.isNegative, units)
    }
    // Past 19 dropped digits a 64-bit mantissa is below 0.19 units: it rounds to 0.
    guard shift >= -19 else { return (parts.isNegative, 0) }
    var divisor: UInt64 = 10
    for _ in 1..<(-shift) { divisor &*= 10 }
    let (quotient, remainder) = mantissa.quotientAndRemainder(dividingBy: divisor)
    let half = divisor >> 1
    let roundsUp = remainder > half || (remainder == half && quotient & 1 == 1)
    return (parts.isNegative, roundsUp ? quotient &+ 1 : quotient)
  }

  /// `value` as an `Int` when it is a whole number that fits, else nil.
  static func integer(_ value: Decimal) -> Int? {
    withRounded(value, places: 0) { isNegative, integer, _ -> Int? in
      var magnitude = 0
      for digit in integer {
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, carry) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
        guard !overflow, !carry else { return nil }
        magnitude = sum
      }
      return isNegative ? -magnitude : magnitude
    } ?? nil
  }

  /// Calls `body` with the sign and the ASCII digits of `value` rounded half-even to
  /// `places` decimal places: the integer part (no leading zeros, at least one digit)
  /// and exactly `places` fraction digits. Nil when ``parts(_:)`` is.
  ///
  /// The sign is `value`'s, even when the rounded digits are all zero (-0.001 at two
  /// places is negative); the caller decides how such a zero is shown.
  static func withRounded<Result>(
    _ value: Decimal, places: Int,
    _ body: (_ isNegative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) ->
      Result
  ) -> Result? {
    guard let parts = parts(value), places >= 0, places <= 40 else { return nil }
    // Mantissa digits end at `anchor`; up to 127 zeros follow (positive exponent), up
    // to 129 lead (negative exponent); one slot in front takes a carry.
    let anchor = 200
    let capacity = anchor + 128 + places + 1
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Result in
      let zero = UInt8(ascii: "0")
      var start = anchor
      if parts.high == 0 {
        var rest = parts.low
        repeat {
          start -= 1
          buffer[start] = zero + UInt8(rest % 10)
          rest /= 10
        } while rest != 0
      } else {
        var rest = UInt128(parts.high) << 64 | UInt128(parts.low)
        repeat {
          start -= 1
          buffer[start] = zero + UInt8(rest % 10)
          rest /= 10
        } while rest != 0
      }
      var end = anchor
      if parts.exponent > 0 {
        for index in end..<(end + parts.exponent) { buffer[index] = zero }
        end += parts.exponent
      }
      var fractionCount = max(0, -parts.exponent)
      // At least one integer digit.
      while end - start <= fractionCount {
        start -= 1
        buffer[start] = zero
      }
      if fractionCount > places {
        let keptEnd = end - fractionCount + places
        let first = buffer[keptEnd]
        var beyond = false
        for index in (keptEnd + 1)..<max(keptEnd + 1, end) where buffer[index] != zero {
          beyond = true
          break
        }
        let lastKeptIsOdd = (buffer[keptEnd - 1] - zero) % 2 == 1
        let roundsUp = first > UInt8(ascii: "5") || (first == UInt8(ascii: "5") && (beyond || lastKeptIsOdd))
        end = keptEnd
        fractionCount = places
        if roundsUp {
          var index = keptEnd - 1
          while true {
            if buffer[index] == UInt8(ascii: "9") {
              buffer[index] = zero
              if index == start {
                start -= 1
                buffer[start] = UInt8(ascii: "1")
                break
              }
              index -= 1
            } else {
              buffer[index] += 1
              break
            }
          }
        }
      }
      while fractionCount < places {
        buffer[end] = zero
        end += 1
        fractionCount += 1
      }
      let integerEnd = end - fractionCount
      while start < integerEnd - 1, buffer[start] == zero { start += 1 }
      let base = UnsafeBufferPointer(buffer)
      return body(
        parts.isNegative, UnsafeBufferPointer(rebasing: base[start..<integerEnd]),
        UnsafeBufferPointer(rebasing: base[integerEnd..<end]))
    }
  }
}
