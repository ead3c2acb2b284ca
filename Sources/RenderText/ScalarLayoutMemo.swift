import RenderLocalization

/// ICU's answers about the scalars one page's text uses, asked once per distinct scalar:
/// the columns it takes, whether it is an emoji shown as emoji (whose grapheme cluster
/// counts as a whole) and whether it needs a bidi isolate. A page of Arabic asks ICU
/// about its few dozen letters and digits once each instead of four times a scalar a
/// measure; printable ASCII never asks (one column, no isolate).
///
/// The same functions answer as in ``DisplayWidth`` and ``TextLayout/needsIsolation(_:)``:
/// the memo only keeps their answers (no table of Unicode data of its own).
/// Direct-mapped and page-local (a ``TextLines`` holds one), so nothing is shared between
/// threads; a slot taken by another scalar is asked again.
struct ScalarLayoutMemo: Sendable {
  /// What a measure found; the same values the general path computes from the `String`.
  struct Metrics: Equatable {
    /// `DisplayWidth.of(text)`.
    var width = 0
    /// Every byte below 0x80.
    var isASCII = true
    /// `TextLayout.needsIsolation(text)`.
    var needsIsolation = false
    /// A U+000A byte.
    var hasLineFeed = false
  }

  /// `scalar << 8 | known | answers`, by slot; empty until the first scalar asked.
  private var slots: [UInt32] = []
  private static let slotBits = 10

  // The answer bits of a slot.
  private static let widthMask: UInt32 = 0b11
  private static let emoji: UInt32 = 0b100
  private static let isolation: UInt32 = 0b1000
  private static let endsVisibly: UInt32 = 0b1_0000
  private static let known: UInt32 = 0x80

  init() {}

  /// The metrics of `utf8` (valid UTF-8), one pass over its bytes; nil when it holds an
  /// emoji shown as emoji or U+FE0F (their clusters are measured whole, by the general
  /// path) or is not valid UTF-8.
  mutating func measure(_ utf8: UnsafeBufferPointer<UInt8>) -> Metrics? {
    var metrics = Metrics()
    guard let base = utf8.baseAddress else { return metrics }
    var index = 0
    let count = utf8.count
    while index < count {
      // Eight bytes at a time while they are printable ASCII: a column each. Safety:
      // each load reads bytes index..<index + 8 of `utf8`, inside it by the condition.
      while index + 8 <= count, Self.isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        metrics.width += 8
        index += 8
      }
      guard index < count else { break }
      let lead = base[index]
      if lead >= 0x20, lead < 0x7F {
        metrics.width += 1
        index += 1
        continue
      }
      let scalar: UInt32
      let length: Int
      if lead >= 0xC2, lead < 0xE0, index + 1 < count, base[index + 1] & 0xC0 == 0x80 {
        // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic…), the common case.
        (scalar, length) = (UInt32(lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F), 2)
      } else {
        guard let decoded = Self.decode(utf8, at: index) else { return nil }
        (scalar, length) = decoded
      }
      if lead >= 0x80 { metrics.isASCII = false }
      if lead == 0x0A { metrics.hasLineFeed = true }
      let answers = self.answers(scalar)
      if answers & Self.emoji != 0 { return nil }
      metrics.width += Int(answers & Self.widthMask)
      if answers & Self.isolation != 0 { metrics.needsIsolation = true }
      index += length
    }
    return metrics
  }

  /// Whether all eight bytes of `word` are printable ASCII (0x20–0x7E): none has its
  /// high bit, none is below 0x20, none is 0x7F (the usual borrow tests for a byte
  /// below a bound, exact for "is there one").
  @inline(__always)
  static func isPrintableASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high = ones &* 0x80
    let below = (word &- ones &* 0x20) & ~word & high
    let delete = word ^ (ones &* 0x7F)
    let isDelete = (delete &- ones) & ~delete & high
    return (word & high) | below | isDelete == 0
  }

  /// True when a text whose last scalar starts at `index` (valid UTF-8) certainly ends
  /// in a grapheme cluster that is not white space, so `trimmingTrailingSpaces` keeps
  /// it whole: that scalar is not white space and does not extend the cluster before it
  /// (it would, after a space, if it were a combining or spacing mark or a joiner). A
  /// cluster that starts with white space goes on only with such scalars (UAX #29), so
  /// any other last scalar ends a cluster that starts with something else. False when
  /// unsure.
  mutating func endsVisibly(_ utf8: UnsafeBufferPointer<UInt8>, lastScalarAt index: Int) -> Bool {
    guard let (scalar, length) = Self.decode(utf8, at: index), index + length == utf8.count else { return false }
    return answers(scalar) & Self.endsVisibly != 0
  }

  /// `DisplayWidth.of(utf8)`, falling back to the general path for emoji.
  mutating func width(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    measure(utf8)?.width ?? DisplayWidth.of(String(decoding: utf8, as: UTF8.self))
  }

  /// The scalar starting at `index` and its length in bytes; nil for a byte sequence that
  /// is not UTF-8 (cut short, a stray continuation byte, an overlong form, a surrogate).
  private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
    let lead = UInt32(utf8[index])
    let length: Int
    var value: UInt32
    switch lead {
    case 0..<0x80: return (lead, 1)
    case 0xC2...0xDF: (length, value) = (2, lead & 0x1F)
    case 0xE0...0xEF: (length, value) = (3, lead & 0x0F)
    case 0xF0...0xF4: (length, value) = (4, lead & 0x07)
    default: return nil
    }
    guard index + length <= utf8.count else { return nil }
    for offset in 1..<length {
      let byte = UInt32(utf8[index + offset])
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | (byte & 0x3F)
    }
    // Shortest form only, no surrogate, at most U+10FFFF.
    let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
    guard value >= least, Unicode.Scalar(value) != nil else { return nil }
    return (value, length)
  }

  /// The answer bits for `scalar` (a valid scalar value), from the memo or from ICU.
  @inline(__always)
  private mutating func answers(_ scalar: UInt32) -> UInt32 {
    let slot = Int(truncatingIfNeeded: (scalar &* 0x9E37_79B1) >> (32 - Self.slotBits))
    if slot < slots.count {
      let entry = slots[slot]
      if entry >> 8 == scalar, entry & Self.known != 0 { return entry & 0xFF }
    }
    return remember(scalar, at: slot)
  }

  /// ICU's answers for a scalar the memo does not hold, kept in `slot`.
  @inline(never)
  private mutating func remember(_ scalar: UInt32, at slot: Int) -> UInt32 {
    if slots.isEmpty { slots = [UInt32](repeating: 0, count: 1 << Self.slotBits) }
    let answers = Self.ask(scalar) | Self.known
    slots[slot] = scalar << 8 | answers
    return answers
  }

  /// ICU's answers, as ``DisplayWidth/scalarWidth(_:)`` and ``TextLayout/needsIsolation(_:)`` ask them.
  static func ask(_ value: UInt32) -> UInt32 {
    guard let scalar = Unicode.Scalar(value) else { return emoji }
    var answers: UInt32 = 0
    if value == 0xFE0F || ICU.isEmojiPresentation(scalar) { answers |= emoji }
    answers |= ICU.isZeroWidth(scalar) ? 0 : ICU.isEastAsianWide(scalar) ? 2 : 1
    if ICU.needsBidiIsolation(scalar) { answers |= isolation }
    // Swift's own grapheme breaking, which `trimmingTrailingSpaces` follows: does the
    // scalar stay apart from a space before it?
    if !scalar.properties.isWhitespace, (" " + String(scalar)).count == 2 { answers |= endsVisibly }
    return answers
  }
}
