import RenderLocalization

/// Terminal display width per Unicode, read from ICU's character properties:
/// East Asian Wide and Fullwidth characters (UAX #11) and emoji shown as emoji take two
/// columns; nonspacing and enclosing marks, format characters (RLM, ALM, U+061C) and
/// other default ignorables take none; everything else, spacing marks included, one.
package enum DisplayWidth {
  /// Columns `text` takes, summed over its grapheme clusters.
  package static func of(_ text: some StringProtocol) -> Int {
    // Printable ASCII is one column a byte: no grapheme breaking, no ICU.
    if let width = printableASCIIWidth(text) { return width }
    if let width = scalarWidth(text) { return width }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns of `text` summed scalar by scalar, without grapheme breaking; nil when
  /// a scalar is an emoji shown as emoji (or U+FE0F), whose cluster counts as a whole.
  /// Without those a cluster's width is the sum of its scalars', so this is the same sum.
  static func scalarWidth(_ text: some StringProtocol) -> Int? {
    var width = 0
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20, scalar.value < 0x7F {
        width += 1
        continue
      }
      if scalar.value == 0xFE0F || ICU.isEmojiPresentation(scalar) { return nil }
      width += ICU.isZeroWidth(scalar) ? 0 : ICU.isEastAsianWide(scalar) ? 2 : 1
    }
    return width
  }

  /// The byte count when `text` is all printable ASCII (U+0020–U+007E), else nil.
  static func printableASCIIWidth(_ text: some StringProtocol) -> Int? {
    let counted = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
      return bytes.count
    }
    if let counted { return counted }
    for byte in text.utf8 where byte < 0x20 || byte > 0x7E { return nil }
    return text.utf8.count
  }

  /// Whether `text` shows anything: a character that is not white space and takes at
  /// least one column. False for text of only spaces or only zero-width characters
  /// (U+200B, U+FEFF, U+200E, U+00AD, a lone combining mark…), which reads as empty.
  package static func hasVisibleCharacter(_ text: some StringProtocol) -> Bool {
    // A printable ASCII character other than a space is visible, whatever follows it.
    if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
    return text.contains { !$0.isWhitespace && of($0) > 0 }
  }

  /// Columns one grapheme cluster takes. An emoji cluster (a ZWJ sequence, a flag, a
  /// base with U+FE0F) is drawn as one glyph of two columns; otherwise the scalars add up.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Printable ASCII is one column; no need to ask ICU.
    if scalars.count == 1, let only = scalars.first, only.value >= 0x20, only.value < 0x7F { return 1 }
    if scalars.contains(where: { ICU.isEmojiPresentation($0) || $0.value == 0xFE0F }) { return 2 }
    return scalars.reduce(0) { width, scalar in
      width + (ICU.isZeroWidth(scalar) ? 0 : ICU.isEastAsianWide(scalar) ? 2 : 1)
    }
  }
}
