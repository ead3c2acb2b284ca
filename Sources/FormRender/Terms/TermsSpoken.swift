import RenderCore

/// The merchant's terms as a screen reader meets them, mirroring ``TermsHTML``: headings
/// (one level below their Markdown level, under the page's heading), paragraphs, lists
/// of list items (a tight list's paragraphs read straight in the item), block quotes,
/// code blocks and separators. Inside a block the inline text is one run (emphasis,
/// strong and code read in place); a link is a `link` node of its own, its title the
/// description; a hard line break starts a new run. The terms are in a `dir="auto"` block
/// on the page: every run and name is ``RenderCore/SpokenWriter/isolated(_:)``.
enum TermsSpoken {
  static func write(_ blocks: [MarkdownBlock], headingOffset: Int, into tree: inout SpokenWriter) {
    for block in blocks { self.block(block, tight: false, headingOffset: headingOffset, into: &tree) }
  }

  private static func block(_ block: MarkdownBlock, tight: Bool, headingOffset: Int, into tree: inout SpokenWriter) {
    switch block {
    case .paragraph(let inlines):
      if tight {
        self.inlines(inlines, into: &tree)
      } else {
        tree.node("paragraph") { self.inlines(inlines, into: &$0) }
      }
    case .heading(let level, let inlines):
      var name = ""
      for inline in inlines { plain(inline, into: &name) }
      tree.node(SpokenWriter.heading(min(6, max(1, level + headingOffset))), name: tree.isolated(name))
    case .list(_, _, let tight, let items):
      tree.node("list", states: [SpokenWriter.items(items.count)]) { list in
        for item in items {
          list.node("listitem") { entry in
            for block in item { self.block(block, tight: tight, headingOffset: headingOffset, into: &entry) }
          }
        }
      }
    case .blockQuote(let blocks):
      tree.node("blockquote") { quote in
        for block in blocks { self.block(block, tight: false, headingOffset: headingOffset, into: &quote) }
      }
    case .codeBlock(let literal, _):
      tree.node("code") { $0.text(literal) }
    case .thematicBreak:
      tree.node("separator")
    }
  }

  /// A block's inline content: text runs, broken by links and hard line breaks.
  private static func inlines(_ inlines: [MarkdownInline], into tree: inout SpokenWriter) {
    var run = ""
    func flush(_ tree: inout SpokenWriter) {
      tree.text(tree.isolated(run))
      run = ""
    }
    func walk(_ inlines: [MarkdownInline], _ tree: inout SpokenWriter) {
      for inline in inlines {
        switch inline {
        case .text(let text), .code(let text): run += text
        case .softBreak: run += " "
        case .lineBreak: flush(&tree)
        case .emphasis(let children), .strong(let children): walk(children, &tree)
        case .link(_, let title, let children):
          flush(&tree)
          var name = ""
          for child in children { plain(child, into: &name) }
          tree.node("link", name: tree.isolated(name), description: title.isEmpty ? nil : title)
        }
      }
    }
    walk(inlines, &tree)
    flush(&tree)
  }

  /// The text an inline reads as, for a name.
  private static func plain(_ inline: MarkdownInline, into name: inout String) {
    switch inline {
    case .text(let text), .code(let text): name += text
    case .softBreak, .lineBreak: name += " "
    case .emphasis(let children), .strong(let children), .link(_, _, let children):
      for child in children { plain(child, into: &name) }
    }
  }
}
