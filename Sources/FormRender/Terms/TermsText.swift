import RenderCore

/// Terms and conditions as wrapped plain text, laid out from the Markdown tree that
/// ``CommonMarkDocument`` made, the one ``TermsHTML`` writes (never by stripping tags):
/// headings underlined, `_emphasis_` and `*strong*` marked, list items with a hanging
/// indent, quotes behind `> `, and links as `text <url>`.
enum TermsText {
  /// Narrowest column nested content is indented into; deeper content is not indented
  /// further, so every line stays within the width however deep the nesting.
  static let minimumWidth = 10

  /// - Parameter tight: no blank line between blocks (the items of a tight list).
  static func lines(_ blocks: [MarkdownBlock], width: Int, localeTag: String, tight: Bool = false) -> [String] {
    var lines: [String] = []
    for (index, block) in blocks.enumerated() {
      if index > 0, !tight { lines.append("") }
      lines += self.lines(block, width: width, localeTag: localeTag)
    }
    return lines
  }

  private static func lines(_ block: MarkdownBlock, width: Int, localeTag: String) -> [String] {
    let layout = TextLayout(width: width, localeTag: localeTag)
    switch block {
    case .paragraph(let inlines):
      return wrap(inlines, layout)
    case .heading(let level, let inlines):
      let text = wrap(inlines, layout)
      let widest = text.map { DisplayWidth.of($0) }.max() ?? 0
      return text + [String(repeating: level == 1 ? "=" : "-", count: min(width, max(1, widest)))]
    case .list(let ordered, let start, let tight, let items):
      var lines: [String] = []
      let lastNumber = start + max(0, items.count - 1)
      let markerWidth = ordered ? "\(lastNumber).".count + 1 : 2
      for (index, item) in items.enumerated() {
        if index > 0, !tight { lines.append("") }
        let marker = ordered ? "\(start + index)." : "•"
        let padded = marker + String(repeating: " ", count: max(1, markerWidth - DisplayWidth.of(marker)))
        guard width - markerWidth >= minimumWidth else {
          lines += [marker] + Self.lines(item, width: width, localeTag: localeTag, tight: tight)
          continue
        }
        let inner = Self.lines(item, width: width - markerWidth, localeTag: localeTag, tight: tight)
        for (lineIndex, line) in (inner.isEmpty ? [""] : inner).enumerated() {
          if lineIndex == 0 {
            lines.append((padded + line).trimmingTrailingWhitespace())
          } else {
            lines.append(line.isEmpty ? "" : String(repeating: " ", count: markerWidth) + line)
          }
        }
      }
      return lines
    case .blockQuote(let blocks):
      guard width - 2 >= minimumWidth else { return Self.lines(blocks, width: width, localeTag: localeTag) }
      return Self.lines(blocks, width: width - 2, localeTag: localeTag).map { $0.isEmpty ? ">" : "> " + $0 }
    case .codeBlock(let literal, _):
      return layout.wrap(literal.hasSuffix("\n") ? String(literal.dropLast()) : literal, indent: 4)
    case .thematicBreak:
      return ["* * *"]
    }
  }

  /// Inline content wrapped, each link's `<address>` kept on one line.
  private static func wrap(_ inlines: [MarkdownInline], _ layout: TextLayout) -> [String] {
    layout.wrap(plain(inlines), keepingTogether: addresses(inlines))
  }

  /// Inline content as one string; a hard line break stays a line feed, which the
  /// layout turns into a new line.
  static func plain(_ inlines: [MarkdownInline]) -> String {
    inlines.map { inline in
      switch inline {
      case .text(let text), .code(let text): text
      case .softBreak: " "
      case .lineBreak: "\n"
      case .emphasis(let children): "_" + plain(children) + "_"
      case .strong(let children): "*" + plain(children) + "*"
      case .link(let url, _, let children):
        // An autolink (`<https://…>`, `<name@example.com>`) is its own text: show it once.
        plain(children) == url || "mailto:" + plain(children) == url
          ? address(url, text: plain(children)) : plain(children) + " " + address(url, text: plain(children))
      }
    }.joined()
  }

  /// A link's address as shown: `<https://example.com>`, or `<name@example.com>` for
  /// an email autolink.
  private static func address(_ url: String, text: String) -> String {
    "mailto:" + text == url ? "<\(text)>" : "<\(url)>"
  }

  private static func addresses(_ inlines: [MarkdownInline]) -> [String] {
    inlines.flatMap { inline -> [String] in
      switch inline {
      case .emphasis(let children), .strong(let children): addresses(children)
      case .link(let url, _, let children): [address(url, text: plain(children))] + addresses(children)
      default: []
      }
    }
  }
}
