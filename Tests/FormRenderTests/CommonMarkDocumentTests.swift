import RenderCore
import Testing

@testable import FormRender

@Suite struct CommonMarkDocumentTests {
  func html(_ markdown: String, headingOffset: Int = 0) throws -> String {
    let document = try #require(CommonMarkDocument(markdown: markdown))
    var writer = HTMLWriter()
    TermsHTML.write(document.blocks, headingOffset: headingOffset, into: &writer)
    return writer.output
  }

  func blocks(_ markdown: String) throws -> [MarkdownBlock] {
    try #require(CommonMarkDocument(markdown: markdown)).blocks
  }

  @Test func boldTermsHeading() throws {
    #expect(
      try html("**Terms and Conditions**\n\nYour terms, in Markdown.")
        == "<p><strong>Terms and Conditions</strong></p>\n<p>Your terms, in Markdown.</p>\n")
  }

  @Test func rawHTMLAndScriptLinksAreDropped() throws {
    let output = try html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
    #expect(output == "<p>x </p>\n")
  }

  @Test func theIssuesHostileTermsLeaveNothingExecutable() throws {
    let output = try html("<script>alert(1)</script>[x](javascript:alert(1))")
    #expect(!output.contains("<script"))
    #expect(!output.contains("javascript:"))
    #expect(!output.contains("alert"))
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/png;base64,iVBORw0KGgo=", "file:///etc/passwd", "java&#9;script:alert(1)", "java%0Ascript:alert(1)",
    "/relative/path", "//evil.example/x", "#top", "&#x6A;avascript:alert(1)",
    // A web scheme is not enough: an absolute URL with a valid host, as the session's links.
    "https:evil.example", "http:relative", "https:/evil.example", "https:///evil.example", "https://",
    "https://bank.example@evil.example/", "https://exa&#9;mple.com", "https://example.com:99999/", "mailto:", "tel:",
  ])
  func linksToOtherSchemesKeepTheirTextOnly(_ url: String) throws {
    let output = try html("[click](\(url))")
    #expect(output == "<p>click</p>\n")
    #expect(try blocks("[click](\(url))") == [.paragraph([.text("click")])])
  }

  @Test func autolinksToOtherSchemesVanish() throws {
    #expect(try html("Go <javascript:alert(1)> now") == "<p>Go  now</p>\n")
    #expect(try html("<vbscript:x>") == "<p></p>\n")
    #expect(try html("a <http:relative> b <https://> c") == "<p>a  b  c</p>\n")
  }

  @Test(arguments: [
    "https://example.com/terms", "http://example.com", "mailto:help@example.com", "tel:+14085550100",
    "HTTPS://example.com:8443/a?b=c#d",
  ])
  func safeLinksStay(_ url: String) throws {
    #expect(try html("[here](\(url))") == "<p><a href=\"\(url)\">here</a></p>\n")
  }

  @Test func imagesBecomeTheirDescriptionSoThePageLoadsNothing() throws {
    #expect(try html("![Our *logo*](https://example.com/logo.png)") == "<p>Our <em>logo</em></p>\n")
    #expect(try html("![a](data:image/png;base64,AAAA)") == "<p>a</p>\n")
  }

  @Test func inlineHTMLIsRemovedAndItsTextKept() throws {
    #expect(try html("a <b onclick=\"x()\">bold</b> c") == "<p>a bold c</p>\n")
  }

  @Test func headingsMoveDownUnderThePage() throws {
    #expect(try html("# Terms\n\n###### Small", headingOffset: 1) == "<h2>Terms</h2>\n<h6>Small</h6>\n")
    // The offset is the rendering's: the tree keeps the level as written.
    #expect(try blocks("# Terms") == [.heading(level: 1, [.text("Terms")])])
  }

  @Test func theTreeHoldsEveryKindOfBlock() throws {
    let markdown = """
      # Title

      Some *emphasis*, **strong**, `code` and a [link](https://example.com).\\
      Next line
      soft

      1. one
      2. two

      - loose

      - list

      > quoted

          code

      ---
      """
    #expect(
      try blocks(markdown) == [
        .heading(level: 1, [.text("Title")]),
        .paragraph([
          .text("Some "), .emphasis([.text("emphasis")]), .text(", "), .strong([.text("strong")]), .text(", "),
          .code("code"), .text(" and a "), .link(url: "https://example.com", title: "", [.text("link")]), .text("."),
          .lineBreak,
          .text("Next line"), .softBreak, .text("soft"),
        ]),
        .list(
          ordered: true, start: 1, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
        .list(
          ordered: false, start: 0, tight: false,
          items: [[.paragraph([.text("loose")])], [.paragraph([.text("list")])]]),
        .blockQuote([.paragraph([.text("quoted")])]),
        .codeBlock("code\n", info: ""),
        .thematicBreak,
      ])
  }

  @Test func deepNestingIsFlattenedWithoutLosingText() throws {
    let quotes = try blocks(String(repeating: "> ", count: 5000) + "deep")
    var depth = 0
    var current = quotes
    while case .blockQuote(let inner)? = current.first {
      depth += 1
      current = inner
    }
    #expect(depth == CommonMarkDocument.maximumDepth)
    #expect(current == [.paragraph([.text("deep")])])
    let emphasis = try blocks(String(repeating: "*", count: 3000) + "x" + String(repeating: "*", count: 3000))
    #expect(
      TermsText.plain(
        emphasis.flatMap { block -> [MarkdownInline] in
          if case .paragraph(let inlines) = block { return inlines }
          return []
        }
      ).contains("x"))
    let lines = TermsText.lines(quotes, width: 40, localeTag: "en-US")
    #expect(lines.last?.hasSuffix("deep") == true)
    #expect(lines.allSatisfy { $0.count <= 40 })
    let lists = try blocks((0..<30).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n"))
    let listLines = TermsText.lines(lists, width: 20, localeTag: "en-US")
    #expect(listLines.allSatisfy { $0.count <= 20 })
    #expect(listLines.joined().contains("item 29"))
  }

  @Test func emptyAndOddInputParse() throws {
    #expect(try blocks("") == [])
    #expect(try html("") == "")
    #expect(try blocks("\u{FEFF}x") == [.paragraph([.text("x")])])
  }
}
