import Testing

@testable import RenderCore
@testable import RenderSpoken

@Suite struct SpokenWriterTests {
  @Test func nodesIndentByDepthWithNameStatesAndDescription() {
    var tree = SpokenWriter()
    tree.node("main") { main in
      main.node(SpokenWriter.heading(1), name: "Your Cart")
      main.node("list", states: [SpokenWriter.items(1)]) { $0.node("listitem") { $0.text("Qty 4") } }
      main.node("textbox", name: "Email", states: ["required", "invalid"], description: "Error: Enter an email.")
    }
    #expect(
      tree.text == """
        main
          heading level 1 "Your Cart"
          list 1 item
            listitem
              text "Qty 4"
          textbox "Email" required invalid, description "Error: Enter an email."

        """)
  }

  /// A name or a text keeps every line one line: white space collapses, quotes escape.
  @Test func namesCollapseWhiteSpaceAndEscapeQuotes() {
    #expect(SpokenWriter.quoted("  Say \"hi\"\n\tto \\ me  ") == #""Say \"hi\" to \\ me""#)
    #expect(SpokenWriter.collapsed(" \n ").isEmpty)
    // A combining mark after a quote or a backslash joins it into one Character: it is
    // escaped all the same, so the quote cannot end early.
    #expect(SpokenWriter.quoted("Spray\"\u{301} x") == "\"Spray\\\"\u{301} x\"")
    #expect(SpokenWriter.quoted("end\\\u{301}") == "\"end\\\\\u{301}\"")
    // No-break spaces and bidirectional marks are text, not white space to collapse.
    #expect(SpokenWriter.collapsed("\u{200F}15.00\u{A0}US$") == "\u{200F}15.00\u{A0}US$")
  }

  /// A value is written as the page shows it: a typed line break as its control picture,
  /// the one way every path writes it.
  @Test func aValueIsQuotedAsThePageShowsIt() {
    #expect(SpokenWriter.quotedValue(" ") == #"" ""#)
    #expect(SpokenWriter.quotedValue("Suite␍␊5 \"B\"") == #""Suite␍␊5 \"B\"""#)
    #expect(SpokenWriter.quotedValue("Suite\r\n5\\") == #""Suite␍␊5\\""#)
  }

  /// Merchant text against the page's direction, or holding a bidi control, is isolated;
  /// text in the page's direction, digits and marks are not.
  @Test func textAgainstThePageIsIsolated() {
    let leftToRight = SpokenWriter()
    let rightToLeft = SpokenWriter(rightToLeft: true)
    #expect(leftToRight.isolated(" Hair  Spray ") == "Hair Spray")
    #expect(leftToRight.isolated("שמפו 2") == "\u{2068}שמפו 2\u{2069}")
    #expect(leftToRight.isolated("Pay\u{202E}00.02$") == "\u{2068}Pay\u{202E}00.02$\u{2069}")
    #expect(rightToLeft.isolated("Hair Spray") == "\u{2068}Hair Spray\u{2069}")
    #expect(rightToLeft.isolated("شامبو ١٢") == "شامبو ١٢")
    #expect(rightToLeft.isolated("\u{200F}١٥٫٠٠") == "\u{200F}١٥٫٠٠")
    // A stray PDI cannot close the isolate early and let the override after it out.
    #expect(
      leftToRight.isolated("A\u{2069}\u{202E}B") == "\u{2068}\u{2068}A\u{2069}\u{202E}B\u{2069}\u{2069}")
    #expect(leftToRight.isolated("\u{2067}A\u{2069}") == "\u{2068}\u{2067}A\u{2069}\u{2069}")
    // An isolate the text leaves open is closed before the text's own isolate ends.
    #expect(leftToRight.isolated("\u{2066}abc") == "\u{2068}\u{2066}abc\u{2069}\u{2069}")
    #expect(
      leftToRight.isolated("\u{2067}\u{2066}A\u{2069}\u{2069}\u{2069}\u{202E}B")
        == "\u{2068}\u{2068}\u{2067}\u{2066}A\u{2069}\u{2069}\u{2069}\u{202E}B\u{2069}\u{2069}")
  }

  /// A merchant's name with a Unicode line or paragraph separator (or a vertical tab, or
  /// U+0085) stays on its line: any reader that splits lines the Unicode way sees one.
  @Test func noLineBreakOfAnyKindReachesALine() {
    var tree = SpokenWriter()
    tree.node("heading level 1", name: "Oakbrook\u{2028}button \"Pay\"") {
      $0.text("Hair\u{2029}Spray\u{0B}x\u{85}y")
    }
    #expect(tree.text == "heading level 1 \"Oakbrook button \\\"Pay\\\"\"\n  text \"Hair Spray x y\"\n")
    #expect(tree.text.split(whereSeparator: \.isNewline).count == 2)
    #expect(SpokenWriter.quotedValue("a\u{2028}b\nc") == "\"a\u{FFFD}b␊c\"")
  }

  @Test func emptyTextWritesNoLine() {
    var tree = SpokenWriter()
    tree.node("status", states: ["live polite", "atomic"]) { $0.text("  ") }
    #expect(tree.text == "status live polite atomic\n")
    #expect(SpokenWriter.items(3) == "3 items")
  }
}
