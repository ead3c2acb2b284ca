import CCmark
import Foundation
import RenderCore
import Synchronization
import Testing

@testable import FormRender

/// Terms written from the Swift tree through `HTMLWriter`: the bytes cmark's own HTML
/// renderer gives (checked against it here, in the tests only), links and text escaped.
@Suite struct TermsHTMLTests {
  func html(_ markdown: String, headingOffset: Int = 0) throws -> String {
    let document = try #require(CommonMarkDocument(markdown: markdown))
    var writer = HTMLWriter()
    TermsHTML.write(document.blocks, headingOffset: headingOffset, into: &writer)
    return writer.output
  }

  /// cmark's own rendering, with its XHTML-style void elements written as `HTMLWriter`
  /// writes them.
  func cmarkHTML(_ markdown: String) throws -> String {
    let rendered = try #require(cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT))
    defer { free(rendered) }
    return String(cString: rendered).replacing("<br />", with: "<br>").replacing("<hr />", with: "<hr>")
  }

  /// Documents holding only what the engine keeps (no raw HTML, images or other
  /// schemes, and no `"` in text, which `HTMLWriter` leaves unescaped).
  static let keptOnly = [
    "**Terms and Conditions**\n\nYour terms, in Markdown.",
    "# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n\nSetext\n======\n\nAnd two\n---",
    "Some *emphasis*, **strong *nested* text**, `co<b>de` and a [link](https://example.com).\\\nNext line  \nhard\nsoft",
    "[titled](https://example.com 'say \"hi\" & <go>') and [plain](https://example.com/)",
    "- one\n- two\n- three",
    "- loose\n\n- list\n\n  with two paragraphs",
    "3. three\n4. four",
    "1. one\n\n   > quoted in an item\n2. two",
    "- a\n  - b\n    - c\n- d",
    "- \n- empty item above",
    "-\n  ```\n  fenced in a tight item\n  ```\n- next",
    "> quoted\n>\n> - list\n> - in quote\n>\n> > nested",
    ">",
    "    indented <code> & more\n\n```swift  extra words\nlet x = 1 < 2\n```\n\n```\n```",
    "***\n\n---\n\n___",
    "Entities: &copy; &amp; &lt; &#65; &#10;next",
    "Escapes: \\<script\\>alert(1)\\</script\\> \\*not emphasis\\*",
    "Links: <https://example.com/a&amp;b> [q](https://example.com/?q=a&b=c) [m](https://münchen.example/straße?ä=ö)",
    "[v6](http://[::1]:8080/x) [pct](https://example.com/%7Euser) [paren](https://example.com/a\\)b)",
    "[sub](https://example.com/~user/!$*(),;=:@) [frag](https://example.com/#frag?x) <mailto:a+b@example.com>",
    "[call](tel:+1-408-555-0100) <help@example.com>",
    "",
  ]

  @Test(arguments: keptOnly)
  func bytesAreCmarksOwn(_ markdown: String) throws {
    #expect(try html(markdown) == cmarkHTML(markdown))
  }

  @Test func theSignupTermsAreTheGoldenPagesBytes() throws {
    #expect(
      try html("**Terms and Conditions**\n\nYour terms, in Markdown.")
        == "<p><strong>Terms and Conditions</strong></p>\n<p>Your terms, in Markdown.</p>\n")
  }

  @Test func markupInTermsIsText() throws {
    #expect(
      try html("Do not \\<script>alert(1)\\</script> & `<script>`")
        == "<p>Do not &lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>&lt;script&gt;</code></p>\n")
    // Written by HTMLWriter: a quote in text needs no escaping (cmark writes `&quot;`).
    #expect(try html("say \"hi\"") == "<p>say \"hi\"</p>\n")
  }

  @Test(arguments: [
    ("https://example.com/?q=a&b=c", "https://example.com/?q=a&amp;b=c"),
    ("https://münchen.example/ä", "https://m%C3%BCnchen.example/%C3%A4"),
    ("http://[::1]:8080/", "http://%5B::1%5D:8080/"),
    ("https://example.com/%7Euser%20x", "https://example.com/%7Euser%20x"),
    ("https://example.com/a\\)b", "https://example.com/a)b"),
    ("<https://example.com/a b>", "https://example.com/a%20b"),
  ])
  func linkAddressesAreEncodedAsCmarkDoes(_ destination: String, _ href: String) throws {
    let output = try html("[x](\(destination))")
    if destination.contains(" ") {
      // WebURL refuses a space: the link keeps its text only.
      #expect(output == "<p>x</p>\n")
    } else {
      #expect(output == "<p><a href=\"\(href)\">x</a></p>\n")
    }
    #expect(TermsHTML.href("a\"<>[\\]^`{|} \u{7F}é") == "a%22%3C%3E%5B%5C%5D%5E%60%7B%7C%7D%20%7F%C3%A9")
  }

  @Test func theTreeOfASampleDocument() throws {
    let document = try #require(
      CommonMarkDocument(
        markdown: """
          ## Returns

          3. Keep the [receipt](https://example.com/r "Receipts").
          4. Ask <b>us</b>![logo](https://example.com/logo.png)

          ```text
          30 days
          ```
          """))
    #expect(
      document.blocks == [
        .heading(level: 2, [.text("Returns")]),
        .list(
          ordered: true, start: 3, tight: true,
          items: [
            [
              .paragraph([
                .text("Keep the "), .link(url: "https://example.com/r", title: "Receipts", [.text("receipt")]),
                .text("."),
              ])
            ],
            [.paragraph([.text("Ask "), .text("us"), .text("logo")])],
          ]),
        .codeBlock("30 days\n", info: "text"),
      ])
  }

  /// The HTML walks the flattened tree: a hostile nesting cannot exhaust the stack.
  @Test func deepNestingIsWrittenAtMostMaximumDepthDeep() throws {
    let output = try html(String(repeating: "> ", count: 5000) + "deep")
    #expect(output.components(separatedBy: "<blockquote>").count - 1 == CommonMarkDocument.maximumDepth)
    #expect(
      output.hasSuffix("<p>deep</p>\n" + String(repeating: "</blockquote>\n", count: CommonMarkDocument.maximumDepth)))
  }

  @Test func headingsNestUnderThePageAtMostSix() throws {
    #expect(try html("# A\n\n##### B\n\n###### C", headingOffset: 1) == "<h2>A</h2>\n<h6>B</h6>\n<h6>C</h6>\n")
  }

  /// The C tree lives only inside the initializer: every block cmark allocates while
  /// parsing, making safe and converting is freed before it returns.
  @Test func everyCNodeIsFreedBeforeTheDocumentExists() throws {
    var memory = cmark_mem(calloc: countingCalloc, realloc: countingRealloc, free: countingFree)
    let markdown = "# T\n\n- [a](https://example.com) <b>x</b> ![i](https://e.com/i.png)\n- [j](javascript:x)\n\n> q"
    let document = withUnsafeMutablePointer(to: &memory) { CommonMarkDocument(markdown: markdown, memory: $0) }
    #expect(document?.blocks.count == 3)
    let (allocated, live) = CountingAllocator.state.withLock { ($0.allocated, $0.live.count) }
    #expect(allocated > 10)
    #expect(live == 0)
    // Nothing but Swift values is kept.
    #expect(Mirror(reflecting: try #require(document)).children.map(\.label) == ["blocks"])
  }
}

/// Counts what cmark allocates through ``TermsHTMLTests``'s allocator and what is still live.
enum CountingAllocator {
  struct State {
    var allocated = 0
    var live: Set<UInt> = []
  }

  static let state = Mutex(State())

  static func track(freed: UnsafeMutableRawPointer?, allocated: UnsafeMutableRawPointer?) {
    state.withLock { state in
      if let freed { state.live.remove(UInt(bitPattern: freed)) }
      if let allocated {
        state.allocated += 1
        state.live.insert(UInt(bitPattern: allocated))
      }
    }
  }
}

private func countingCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
  let pointer = calloc(count, size)
  CountingAllocator.track(freed: nil, allocated: pointer)
  return pointer
}

private func countingRealloc(_ old: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
  let pointer = realloc(old, size)
  if pointer != nil || size == 0 { CountingAllocator.track(freed: old, allocated: pointer) }
  return pointer
}

private func countingFree(_ pointer: UnsafeMutableRawPointer?) {
  CountingAllocator.track(freed: pointer, allocated: nil)
  free(pointer)
}
