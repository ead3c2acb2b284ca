import Testing

@testable import RenderCore
@testable import RenderLocalization
@testable import RenderText

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("Hair Spray", 10),
    ("東京都", 6),  // East Asian Wide
    ("ＡＢ", 4),  // Fullwidth
    ("e\u{301}", 1),  // combining acute
    ("\u{200F}١٥٫٠٠\u{A0}US$", 9),  // RLM takes no column, NBSP one
    ("\u{061C}-", 1),  // ALM
    ("👍", 2),
    ("❤\u{FE0F}", 2),
    ("한국어", 6),
    ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: one wide syllable
  ])
  func widths(_ text: String, _ expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func invisibleTextIsNotVisible() {
    for text in ["", " ", "\u{200B}", "\u{FEFF}", "\u{200E}", "\u{00AD}", "\u{301}", "\u{3000}\u{200B}"] {
      #expect(!DisplayWidth.hasVisibleCharacter(text), "\(text.unicodeScalars.map(\.value))")
    }
    for text in ["a", "\u{200B}a", "東", "😀", "-"] {
      #expect(DisplayWidth.hasVisibleCharacter(text))
    }
  }
}

@Suite struct TextLayoutTests {
  let layout = TextLayout(width: 20, localeTag: "en-US")

  @Test func wrapsAtWordBoundaries() {
    #expect(
      layout.wrap("Unscented hair spray with a very long name") == ["Unscented hair spray", "with a very long", "name"])
  }

  /// Locale tags come from outside: the pool of idle break iterators stays bounded, and
  /// breaking gives the same offsets after it started over.
  @Test func breakIteratorsAreKeptForABoundedNumberOfLocales() {
    let text: Substring = "東京都 渋谷区"
    let before = ICU.lineBreakOffsets(text, locale: "ja-JP")
    for index in 0..<(3 * LineBreakers.localeLimit) {
      #expect(ICU.lineBreakOffsets(text, locale: "en-x-\(index)") != nil)
      #expect(LineBreakers.idleLocaleCount <= LineBreakers.localeLimit)
    }
    #expect(ICU.lineBreakOffsets(text, locale: "ja-JP") == before)
  }

  @Test func wrapsJapaneseBetweenCharactersWithinWidth() {
    let japanese = TextLayout(width: 10, localeTag: "ja-JP")
    let lines = japanese.wrap("無香料ヘアスプレー大容量タイプ")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
    #expect(lines.joined() == "無香料ヘアスプレー大容量タイプ")
    #expect(lines.count == 3)
  }

  @Test func japaneseLinesNeverStartWithASmallKana() {
    let japanese = TextLayout(width: 40, localeTag: "ja-JP")
    let lines = japanese.wrap("お支払い方法については、対応しているスタッフにご確認ください。")
    #expect(lines == ["お支払い方法については、対応しているス", "タッフにご確認ください。"])
  }

  @Test func cutsAWordWiderThanTheLine() {
    #expect(layout.wrap("Supercalifragilisticexpialidocious") == ["Supercalifragilistic", "expialidocious"])
  }

  /// The one line wider than the width: an amount wider than the whole line, alone.
  @Test func anAmountWiderThanTheLineStandsAloneUnsplit() {
    let amount = "KWD\u{A0}10,000,000,000.840"
    #expect(layout.row("Tax", amount) == ["Tax", amount])
    #expect(layout.row("Microfiber Hair Towel", amount) == ["Microfiber Hair", "Towel", amount])
    var lines = TextLines()
    layout.row("Qty 2", FilledTemplate([.literal("was "), .argument(1)], [amount]), indent: 2, into: &lines)
    #expect(lines.text == "  Qty 2\n" + String(repeating: " ", count: 17) + "was\n" + amount + "\n")
    // A value that fits a line is laid out as one piece, as before.
    lines = TextLines()
    layout.row("Qty 2", FilledTemplate([.literal("was "), .argument(1)], ["$10.50"]), indent: 2, into: &lines)
    #expect(lines.text == "  Qty 2   was $10.50\n")
  }

  /// The ASCII word path (letters, digits, spaces) breaks exactly as the general path
  /// (which a piece kept together, found nowhere, forces).
  @Test func asciiWordPathMatchesTheGeneralPath() {
    let pieces = ["a", "bc", "Def", "12", " ", "  ", "longword", "x9"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<600 {
      var text = ""
      for _ in 0..<Int(state % 12) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      for width in [1, 2, 3, 5, 8, 13] {
        let layout = TextLayout(width: width, localeTag: "en-US")
        #expect(
          layout.wrap(text, indent: width > 3 ? 2 : 0)
            == layout.wrap(text, indent: width > 3 ? 2 : 0, keepingTogether: ["#"]),
          "\(text.debugDescription) in \(width)")
      }
    }
  }

  /// A page buffer holds the same lines as the `[String]` API, each line's end trimmed.
  @Test func pageBufferTrimsLineEndsAndWritesTheGutter() {
    var lines = TextLines()
    lines.linePrefix = "~ "
    layout.wrap("Unscented hair spray with a very long name", indent: 2, into: &lines)
    lines.linePrefix = "  "
    lines.append(line: "")
    layout.wrap("\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{3000}", into: &lines)
    layout.rule("-", into: &lines)
    #expect(
      lines.text
        == "~   Unscented hair\n~   spray with a very\n~   long name\n\n  \u{2068}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{2069}\n  "
        + String(repeating: "-", count: 20) + "\n")
    #expect(lines.strings.count == 6)
    #expect(lines.strings.last == "  " + String(repeating: "-", count: 20))
  }

  @Test func keepsLineFeeds() {
    #expect(layout.wrap("one\ntwo") == ["one", "two"])
  }

  @Test func rowRightAlignsTheValue() {
    #expect(layout.row("Total", "$14.30") == ["Total         $14.30"])
    #expect(layout.row("Coupon Code: NY2OFF long", "-$2.00") == ["Coupon Code:  -$2.00", "NY2OFF long"])
  }

  @Test func rowPutsAnOverlongValueOnItsOwnLine() {
    #expect(
      layout.row("Shipping", "Free on orders over fifty", valueBreaks: true)
        == ["Shipping", " Free on orders over", "               fifty"])
  }

  @Test func anAmountIsNeverBrokenNorSeparatedFromItsSign() {
    #expect(layout.row("Total", "$99,999,999,999,999,999,999.99") == ["Total", "$99,999,999,999,999,999,999.99"])
    let japanese = TextLayout(width: 20, localeTag: "ja-JP")
    #expect(japanese.row("数量 4", "変更前 -$1,234,567.89") == ["数量 4", "変更前 -$1,234,567.89"])
  }

  @Test func aShortLabelStaysWholeAndTheValueGoesBelow() {
    #expect(layout.row("मात्रा 12", "पहले $1,234,567.89", indent: 2) == ["  मात्रा 12", "   पहले $1,234,567.89"])
  }

  @Test func rightToLeftTextAndBidiControlsAreIsolatedPerLine() {
    let wide = TextLayout(width: 30, localeTag: "en-US")
    // 30 columns: the label's 10 or 11, the padding, the amount's 6.
    #expect(
      wide.row("Gift card \u{202E}", "$12.34")
        == ["\u{2068}Gift card \u{202E}\u{2069}" + String(repeating: " ", count: 14) + "$12.34"])
    #expect(
      wide.row("ספריי לשיער", "$15.00") == [
        "\u{2068}ספריי לשיער\u{2069}" + String(repeating: " ", count: 13) + "$15.00"
      ])
    #expect(wide.wrap("Hair Spray") == ["Hair Spray"])
  }

  /// A PDI of the text's own that closes nothing gets an FSI more, and an isolate the
  /// text leaves open a PDI more, so an override in the text cannot reach the amount.
  @Test func aStrayPDIOrAnOpenIsolateStaysInsideTheTextsIsolate() {
    let wide = TextLayout(width: 30, localeTag: "en-US")
    #expect(
      wide.row("x\u{2069}\u{202E}evil", "$1.00")
        == ["\u{2068}\u{2068}x\u{2069}\u{202E}evil\u{2069}" + String(repeating: " ", count: 20) + "$1.00"])
    #expect(
      wide.row("\u{2066}abc", "$1.00")
        == ["\u{2068}\u{2066}abc\u{2069}\u{2069}" + String(repeating: " ", count: 22) + "$1.00"])
    #expect(TextLayout.isolated("\u{2067}\u{2069}\u{2069}a") == "\u{2068}\u{2068}\u{2067}\u{2069}\u{2069}a\u{2069}")
    for text in ["x\u{2069}\u{202E}evil", "\u{2066}abc", "\u{2069}\u{2069}\u{2066}"] {
      var open = 0
      var closedBelowZero = false
      for scalar in TextLayout.isolated(text).unicodeScalars {
        if (0x2066...0x2068).contains(scalar.value) { open += 1 }
        if scalar.value == 0x2069 { open -= 1 }
        if open < 0 { closedBelowZero = true }
      }
      #expect(open == 0 && !closedBelowZero, "\(text.debugDescription)")
    }
  }

  @Test func everyLineFitsForMixedScripts() {
    let narrow = TextLayout(width: 12, localeTag: "ar-EG")
    for line in narrow.row("مثبت الشعر برائحة خفيفة", "\u{200F}١٥٫٠٠\u{A0}US$") {
      #expect(DisplayWidth.of(line) <= 12)
    }
  }
}

/// The line breaker's ASCII fast path gives ICU's answers, or stands aside.
@Suite struct ASCIIWordBreakTests {
  /// Seeded strings of letters, digits and runs of spaces, leading and trailing ones too.
  static let samples: [String] = {
    let alphabet = Array("ab Zz09  ")
    var state: UInt64 = 0x5EED
    return (0..<400).map { index in
      (0..<(index % 37)).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return alphabet[Int(state >> 33) % alphabet.count]
      }.map(String.init).joined()
    } + ["Item number 12 with a reasonably long product name", "   ", " a", "a ", "12 34"]
  }()

  @Test func matchesICU() {
    for sample in Self.samples {
      for locale in ["en", "ja-JP", "ar-EG"] {
        #expect(
          TextLayout.asciiWordBreaks(sample[...]) == ICU.lineBreakOffsets(sample[...], locale: locale),
          "\(sample.debugDescription) in \(locale)")
      }
    }
  }

  @Test func standsAsideForPunctuationAndOtherScripts() {
    for sample in ["Size M, blue", "a-b", "Zoë", "東京", "a\tb", "(1)"] {
      #expect(TextLayout.asciiWordBreaks(sample[...]) == nil, "\(sample.debugDescription)")
    }
  }
}
