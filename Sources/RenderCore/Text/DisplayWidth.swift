/// Terminal display width per Unicode, read from ICU's character properties:
/// East Asian Wide and Fullwidth characters (UAX #11) and emoji shown as emoji take two
/// columns; nonspacing and enclosing marks, format characters (RLM, ALM, U+061C) and
/// other default ignorables take none; everything else, spacing marks included, one.
public enum DisplayWidth {
  /// Columns `text` takes, summed over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// Whether `text` shows anything: a character that is not white space and takes at
  /// least one column. False for text of only spaces or only zero-width characters
  /// (U+200B, U+FEFF, U+200E, U+00AD, a lone combining mark…), which reads as empty.
  public static func hasVisibleCharacter(_ text: some StringProtocol) -> Bool {
    text.contains { !$0.isWhitespace && of($0) > 0 }
  }

  /// Columns one grapheme cluster takes. An emoji cluster (a ZWJ sequence, a flag, a
  /// base with U+FE0F) is drawn as one glyph of two columns; otherwise the scalars add up.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Printable ASCII is one column; no need to ask ICU.
    if scalars.count == 1, let only = scalars.first, only.value >= 0x20, only.value < 0x7F { return 1 }
    if scalars.contains(where: { ICU.isEmojiPresentation($0) || $0.value == 0xFE0F }) { return 2 }
    return scalars.reduce(0) { width, scalar in
      width + (ICU.isZeroWidth(scalar) ? 0 : ICU.isEastAsianWide(scalar) ? 2 : 1)
    }
  }
}
