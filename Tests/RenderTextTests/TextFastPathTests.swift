import Testing

@testable import RenderCore
@testable import RenderLocalization
@testable import RenderText

/// The layout's UTF-8 fast paths write exactly what the general path writes, over text
/// made of the pieces that are hard for them: right-to-left letters and bidi controls,
/// combining marks (after a space too), emoji and flags, wide and ideographic-space
/// text, Thai's SARA AM, Hangul jamo, prepended marks, tabs, line feeds and runs of spaces.
@Suite struct TextFastPathTests {
  static let pieces = [
    "Hair", "Spray", "12", "a", " ", "  ", "   ", "longwordwithoutanybreak", ",", ":", "-", "$", "%",
    "\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{645}\u{62B}\u{628}\u{62A}", "\u{661}\u{665}\u{66B}\u{660}\u{660}",
    "\u{200F}", "\u{061C}", "\u{202E}", "\u{2068}", "\u{A0}", "\u{202F}", "\u{3000}", "\u{2003}",
    "e\u{301}", " \u{301}", "\u{301}", "\u{E01}\u{E33}", " \u{E33}", "\u{1100}\u{1161}\u{11A8}", "\u{600}1",
    "👍", "❤\u{FE0F}", "🇫🇷", "👩\u{200D}💻", "\u{200D}", "東京都", "ＡＢ", "한국어", "\t", "\n", "\r\n", "\u{7F}",
    "\u{1}", "Zoë", "(1)",
  ]

  /// Seeded texts of 0 to 11 pieces, and the texts of a cart.
  static let texts: [String] = {
    var state: UInt64 = 0x7E57_FA57
    var texts = [
      "", "Item number 12 with a reasonably long product name", "Size M", "Colour: blue",
      "This item cannot be shipped.", "\u{627}\u{644}\u{643}\u{645}\u{64A}\u{629} \u{664}", "Qty 4",
    ]
    for index in 0..<700 {
      var text = ""
      for _ in 0..<(index % 12) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      texts.append(text)
    }
    return texts
  }()

  static let values = [
    "$15.00", "-$2.00", "\u{200F}\u{661}\u{665}\u{66B}\u{660}\u{660}\u{A0}US$",
    "\u{61C}-\u{200F}\u{662}\u{66B}\u{660}\u{660}\u{A0}US$",
    "10%", "Free", "", "\u{5D7}\u{5D9}\u{5E0}\u{5DD}", "👍 1", "KWD\u{A0}10,000,000,000.840", "15,00\u{A0}$US ",
    "\u{E01}\u{E33}", "a\nb",
  ]

  static func layouts(_ width: Int, _ locale: String = "en-US") -> (fast: TextLayout, general: TextLayout) {
    (
      TextLayout(width: width, localeTag: locale, generalPathOnly: false),
      TextLayout(width: width, localeTag: locale, generalPathOnly: true)
    )
  }

  /// Both paths' bytes for the same writes, into a page buffer (trimmed, with a gutter)
  /// and into a plain one.
  static func compare(
    _ layouts: (fast: TextLayout, general: TextLayout), _ what: String,
    _ write: (TextLayout, inout TextLines) -> Void
  ) {
    for trims in [true, false] {
      var fast = TextLines(trimsLineEnds: trims)
      var general = TextLines(trimsLineEnds: trims)
      if trims {
        fast.linePrefix = "~ "
        general.linePrefix = "~ "
      }
      write(layouts.fast, &fast)
      write(layouts.general, &general)
      #expect(fast.bytes == general.bytes, "\(what) trimmed: \(trims)")
      #expect(fast.strings == general.strings, "\(what)")
    }
  }

  @Test func wrapMatchesTheGeneralPath() {
    for width in [1, 3, 8, 13, 20, 40] {
      for (index, text) in Self.texts.enumerated() {
        let indent = [0, 2, 4][index % 3]
        Self.compare(Self.layouts(width), "wrap \(text.debugDescription) in \(width)") {
          $0.wrap(text, indent: indent, into: &$1)
        }
      }
    }
  }

  @Test(arguments: ["en-US", "ar-EG", "ja-JP"])
  func rowsMatchTheGeneralPath(_ locale: String) {
    for width in [4, 12, 20, 40] {
      let layouts = Self.layouts(width, locale)
      for (index, label) in Self.texts.enumerated() {
        let value = Self.values[index % Self.values.count]
        let indent = [0, 2, 4][index % 3]
        let what = "row \(label.debugDescription), \(value.debugDescription) in \(width)"
        Self.compare(layouts, what) { $0.row(label, value, indent: indent, into: &$1) }
        Self.compare(layouts, what + " (UTF-8)") { layout, lines in
          var value = value
          value.withUTF8 { layout.row(label, utf8: $0, indent: indent, into: &lines) }
        }
        let template: MessageTemplate = [.literal("was "), .argument(1), .literal(" "), .argument(2)]
        Self.compare(layouts, what + " (template)") { layout, lines in
          var value = value
          value.withUTF8 { layout.row(label, template: template, argument: $0, indent: indent, into: &lines) }
        }
      }
    }
  }

  /// The template row fills in the first placeholder and leaves the others empty, as
  /// `FilledTemplate` does with one argument.
  @Test func templateRowFillsTheFirstPlaceholder() {
    let layout = TextLayout(width: 24, localeTag: "en-US")
    var lines = TextLines()
    var amount = "$20.00"
    amount.withUTF8 {
      layout.row(
        "Qty 4", template: [.literal("was "), .argument(1), .argument(2)], argument: $0, indent: 2, into: &lines)
    }
    #expect(lines.text == "  Qty 4       was $20.00\n")
  }

  /// Lines the fast paths write, as a reader sees them: trailing spaces trimmed after a
  /// combining mark too, a right-to-left label isolated, a long ASCII label wrapped with
  /// the amount on its first line.
  @Test func fastPathsWriteTheExpectedLines() {
    let layout = TextLayout(width: 20, localeTag: "en-US")
    var lines = TextLines(trimsLineEnds: false)
    layout.wrap("Zoe\u{301}   ", into: &lines)
    layout.row("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "$1.00", into: &lines)
    layout.row("Item number 7 with a long name", "$10.07", indent: 2, into: &lines)
    #expect(
      lines.strings == [
        "Zoe\u{301}", "\u{2068}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{2069}" + String(repeating: " ", count: 11) + "$1.00",
        "  Item number $10.07", "  7 with a", "  long name",
      ])
  }

  /// The memo's answers are those of DisplayWidth and needsIsolation, and printable
  /// ASCII, which it never asks ICU about, is one column and never isolated.
  @Test func measureMatchesDisplayWidthAndIsolation() {
    var memo = ScalarLayoutMemo()
    for text in Self.texts + Self.values {
      var copy = text
      let metrics = copy.withUTF8 { memo.measure($0) }
      let hasEmoji = text.unicodeScalars.contains { $0.value == 0xFE0F || ICU.isEmojiPresentation($0) }
      #expect((metrics == nil) == hasEmoji, "\(text.debugDescription)")
      guard let metrics else { continue }
      #expect(metrics.width == DisplayWidth.of(text), "\(text.debugDescription)")
      #expect(metrics.needsIsolation == TextLayout.needsIsolation(text), "\(text.debugDescription)")
      #expect(metrics.hasLineFeed == text.utf8.contains(0x0A))
      #expect(metrics.isASCII == text.utf8.allSatisfy { $0 < 0x80 })
    }
    for value in UInt32(0)..<0x80 {
      let scalar = Unicode.Scalar(UInt8(value))
      #expect(!ICU.needsBidiIsolation(scalar), "U+\(value)")
      if value >= 0x20, value < 0x7F { #expect(DisplayWidth.of(String(scalar)) == 1) }
    }
    // The memo asked about the same scalar again, whichever slot it took.
    var arabic = "\u{645}\u{645}\u{645}"
    #expect(arabic.withUTF8 { memo.measure($0) } == .init(width: 3, isASCII: false, needsIsolation: true))
  }

  /// Bytes that are not UTF-8 are left to the general path, never read past the end.
  @Test func measureRefusesBytesThatAreNotUTF8() {
    var memo = ScalarLayoutMemo()
    for bytes: [UInt8] in [
      [0xE2, 0x81], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x61, 0xC3],
    ] {
      #expect(bytes.withUnsafeBufferPointer { memo.measure($0) } == nil, "\(bytes)")
    }
    #expect([0xC3, 0xA9].withUnsafeBufferPointer { memo.measure($0) } == .init(width: 1, isASCII: false))
  }
}

/// The memo's eight-byte test agrees with a byte-by-byte one, for every byte value in
/// every position.
@Suite struct PrintableASCIIWordTests {
  @Test func agreesWithTheByteTest() {
    for byte in UInt64(0)...0xFF {
      for position in 0..<8 {
        // The other seven bytes printable ("a"), one byte under test.
        let word = (0x6161_6161_6161_6161 & ~(0xFF << (8 * position))) | byte << (8 * position)
        #expect(ScalarLayoutMemo.isPrintableASCII(word) == (byte >= 0x20 && byte < 0x7F), "\(byte) at \(position)")
      }
    }
    #expect(ScalarLayoutMemo.isPrintableASCII(0x7E7E_2020_4141_7A7A))
    #expect(!ScalarLayoutMemo.isPrintableASCII(0x0000_0000_0000_0000))
    #expect(!ScalarLayoutMemo.isPrintableASCII(0x8080_8080_8080_8080))
  }
}

/// A page buffer is a value: a copy keeps its lines when the original goes on, and a
/// buffer grows past its reserve.
@Suite struct TextLinesStorageTests {
  @Test func copiesAreIndependentAndGrow() {
    var lines = TextLines(reservingCapacity: 4)
    lines.append(line: "first")
    let copy = lines
    lines.append(line: String(repeating: "x", count: 300))
    #expect(copy.text == "first\n")
    #expect(copy.strings == ["first"])
    #expect(lines.strings == ["first", String(repeating: "x", count: 300)])
    #expect(lines.bytes.count == 6 + 301)
  }
}
