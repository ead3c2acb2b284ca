import RenderCore

/// Terms and conditions as HTML, written from ``CommonMarkDocument``'s Swift tree through
/// `HTMLWriter`, so merchant text and link addresses are escaped where all HTML is.
///
/// The markup is the one cmark's HTML renderer (0.30) gives for the same tree: one block
/// per line, `<p>` left out in tight lists, `<ol start="N">` for a list that does not start
/// at 1, `class="language-…"` from a code fence's first info word, and link addresses
/// percent-encoded as cmark does (``href(_:)``). Where `HTMLWriter`'s own rules differ the
/// DOM is the same: void elements are written `<br>` and `<hr>` (cmark: `<br />`), and a
/// `"` in text stays as is (cmark: `&quot;`). Nesting deeper than
/// ``CommonMarkDocument/maximumDepth`` is already flattened in the tree, so it is here too.
enum TermsHTML {
  /// Writes `blocks`, each heading moved down by `headingOffset` levels (at most `h6`)
  /// so it nests under the page's own.
  static func write(_ blocks: [MarkdownBlock], headingOffset: Int, into html: inout HTMLWriter) {
    var writer = Writer(headingOffset: headingOffset)
    writer.blocks(blocks, tight: false, into: &html)
  }

  /// A link address as cmark writes it in `href`: bytes outside printable ASCII, and
  /// space `"` `<` `>` `[` `\` `]` `^` `` ` `` `{` `|` `}`, percent-encoded (upper-case
  /// hex, UTF-8); everything else, `%` included, kept. `&` and `'` are left for
  /// `HTMLWriter`'s attribute escaping.
  static func href(_ url: String) -> String {
    var encoded = ""
    for byte in url.utf8 {
      if (0x21...0x7E).contains(byte), !unsafeInHref.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  private static let unsafeInHref = Set("\"<>[\\]^`{|}".utf8)

  /// Walks the tree, knowing whether the output stands at the start of a line: cmark
  /// starts each block on a new line, adding a line feed only where none was written.
  private struct Writer {
    let headingOffset: Int
    var atLineStart = true

    init(headingOffset: Int) { self.headingOffset = headingOffset }

    /// - Parameter tight: the blocks of an item in a tight list, whose paragraphs are
    ///   written without `<p>`.
    mutating func blocks(_ blocks: [MarkdownBlock], tight: Bool, into html: inout HTMLWriter) {
      for block in blocks { self.block(block, tight: tight, into: &html) }
    }

    private mutating func block(_ block: MarkdownBlock, tight: Bool, into html: inout HTMLWriter) {
      switch block {
      case .paragraph(let inlines):
        if tight {
          self.inlines(inlines, into: &html)
        } else {
          startLine(&html)
          html.element("p") { self.inlines(inlines, into: &$0) }
          endLine(&html)
        }
      case .heading(let level, let inlines):
        startLine(&html)
        html.element(Self.headingNames[min(6, max(1, level + headingOffset)) - 1]) { self.inlines(inlines, into: &$0) }
        endLine(&html)
      case .list(let ordered, let start, let tight, let items):
        startLine(&html)
        let attributes: [HTMLWriter.Attribute] = ordered && start != 1 ? [.init("start", String(start))] : []
        html.element(ordered ? "ol" : "ul", attributes) { list in
          list.newline()
          atLineStart = true
          for item in items {
            startLine(&list)
            list.element("li") { listItem in
              atLineStart = false
              self.blocks(item, tight: tight, into: &listItem)
            }
            endLine(&list)
          }
        }
        endLine(&html)
      case .blockQuote(let blocks):
        startLine(&html)
        html.element("blockquote") { quote in
          quote.newline()
          atLineStart = true
          self.blocks(blocks, tight: false, into: &quote)
          startLine(&quote)
        }
        endLine(&html)
      case .codeBlock(let literal, let info):
        startLine(&html)
        let language = String(String.UnicodeScalarView(info.unicodeScalars.prefix { !Self.fenceSpaces.contains($0) }))
        html.element("pre") { pre in
          pre.element("code", language.isEmpty ? [] : [.init("class", "language-" + language)], text: literal)
        }
        endLine(&html)
      case .thematicBreak:
        startLine(&html)
        html.void("hr")
        endLine(&html)
      }
    }

    private mutating func inlines(_ inlines: [MarkdownInline], into html: inout HTMLWriter) {
      for inline in inlines {
        switch inline {
        case .text(let text):
          html.text(text)
          if !text.isEmpty { atLineStart = text.hasSuffix("\n") }
        case .softBreak:
          endLine(&html)
        case .lineBreak:
          html.void("br")
          endLine(&html)
        case .code(let code):
          html.element("code", text: code)
          atLineStart = false
        case .emphasis(let children):
          html.element("em") { self.inlines(children, into: &$0) }
          atLineStart = false
        case .strong(let children):
          html.element("strong") { self.inlines(children, into: &$0) }
          atLineStart = false
        case .link(let url, let title, let children):
          var attributes: [HTMLWriter.Attribute] = [.init("href", TermsHTML.href(url))]
          if !title.isEmpty { attributes.append(.init("title", title)) }
          html.element("a", attributes) { self.inlines(children, into: &$0) }
          atLineStart = false
        }
      }
    }

    /// cmark's `cr`: a line feed unless the output already stands at a line's start.
    private mutating func startLine(_ html: inout HTMLWriter) {
      if !atLineStart { endLine(&html) }
    }

    private mutating func endLine(_ html: inout HTMLWriter) {
      html.newline()
      atLineStart = true
    }

    /// cmark's `cmark_isspace`, which ends a fence's first info word.
    private static let fenceSpaces = Set(" \t\n\u{0B}\u{0C}\r".unicodeScalars)

    private static let headingNames: [StaticString] = ["h1", "h2", "h3", "h4", "h5", "h6"]
  }
}
