/// Terminal display width per Unicode, read from ICU's character properties:
/// East Asian Wide and Fullwidth characters (UAX #11) and emoji shown as emoji take two
/// columns; combining marks, format characters (RLM, ALM, U+061C) and other default
/// ignorables take none; everything else takes one.
public enum DisplayWidth {
  /// Columns `text` takes, summed over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// Columns one grapheme cluster takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    var visible = false
    for scalar in character.unicodeScalars {
      // U+FE0F asks for emoji presentation of the base before it.
      if ICU.isEastAsianWide(scalar) || ICU.isEmojiPresentation(scalar) || scalar.value == 0xFE0F { return 2 }
      if !ICU.isZeroWidth(scalar) { visible = true }
    }
    return visible ? 1 : 0
  }
}
