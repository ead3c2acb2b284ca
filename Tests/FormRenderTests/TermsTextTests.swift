import RenderCore
import Testing

@testable import FormRender

@Suite struct TermsTextTests {
  func text(_ markdown: String, width: Int = 30, locale: String = "en-US") throws -> [String] {
    let document = try #require(CommonMarkDocument(markdown: markdown))
    return TermsText.lines(document.blocks, width: width, localeTag: locale)
  }

  /// Tabs are CommonMark white space: to the next multiple of 4 columns in a code
  /// block, one space elsewhere, even before a combining mark (one Character with it).
  @Test func tabsBecomeSpaces() throws {
    #expect(try text("Terms\twith\ttabs") == ["Terms with tabs"])
    #expect(try text("\tab\tc\n\t\t\td") == ["    ab  c", "            d"])
    #expect(try text("a\t\u{301}b") == ["a \u{301}b"])
    #expect(TermsText.expandingTabs("漢\tx\n\t\u{301}y") == "漢  x\n    \u{301}y")
    #expect(TermsText.expandingTabs(String(repeating: "\t", count: 3)) == String(repeating: " ", count: 12))
  }

  /// Fuzzing found `&#x1A;` decoded by cmark into a control character in the text.
  @Test func characterReferencesToControlsShowAsReplacementCharacters() throws {
    #expect(try text("a&#x1A;b &#27;[31m `&#7;`") == ["a\u{FFFD}b \u{FFFD}[31m &#7;"])
    let document = try #require(CommonMarkDocument(markdown: "[a](https://e.x \"t&#27;\") &#9;x"))
    guard case .paragraph(let inlines) = document.blocks.first, case .link(_, let title, _) = inlines.first else {
      Issue.record("expected a paragraph with a link")
      return
    }
    #expect(title == "t\u{FFFD}")
    // A tab made by a reference is white space like a typed one.
    #expect(TermsText.plain(inlines).hasSuffix("  x"))
  }

  @Test func headingsAreUnderlinedAndEmphasisMarked() throws {
    #expect(
      try text("# Terms\n\n## Returns\n\nKeep the *receipt* and **tags**.") == [
        "Terms", "=====", "", "Returns", "-------", "", "Keep the _receipt_ and *tags*.",
      ])
  }

  @Test func linksShowTheirAddressKeptWhole() throws {
    #expect(
      try text("Read [the policy](https://example.com/privacy/terms) now.", width: 40) == [
        "Read the policy", "<https://example.com/privacy/terms> now.",
      ])
    // Only an address wider than the whole line is broken.
    #expect(
      try text("See <https://example.com/a/very/long/path/to/terms>", width: 24) == [
        "See", "<https://example.com/a/v", "ery/long/path/to/terms>",
      ])
    #expect(try text("Write to <help@example.com>.") == ["Write to <help@example.com>."])
    #expect(try text("<https://example.com>") == ["<https://example.com>"])
  }

  @Test func listItemsHangUnderTheirMarker() throws {
    #expect(
      try text("1. First item that is long enough to wrap\n2. Second\n   - nested", width: 24) == [
        "1. First item that is",
        "   long enough to wrap",
        "2. Second",
        "   • nested",
      ])
    #expect(try text("9. nine\n10. ten") == ["9.  nine", "10. ten"])
  }

  @Test func looseListsKeepBlankLinesBetweenItems() throws {
    #expect(try text("- one\n\n- two") == ["• one", "", "• two"])
  }

  @Test func quotesCodeAndBreaks() throws {
    #expect(
      try text("> Quoted words that wrap at the width\n\n    let x = 1\n\n***\n\nline one  \nline two") == [
        "> Quoted words that wrap at", "> the width", "", "    let x = 1", "", "* * *", "", "line one", "line two",
      ])
  }

  @Test func japaneseWrapsBetweenCharactersWithinTheWidth() throws {
    let lines = try text("**利用規約**\n\n本規約は、当店の会員サービスの利用条件を定めるものです。", width: 20, locale: "ja-JP")
    #expect(lines.first == "*利用規約*")
    #expect(lines.count > 3)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
  }

  @Test func unsafeContentNeverReachesTheText() throws {
    let lines = try text("<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![pic](https://t.example/p.png)")
    #expect(lines == ["x pic"])
  }
}
