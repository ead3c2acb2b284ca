internal import CCmark
import RenderCore

/// A CommonMark document read by libcmark: the one file that calls cmark's C API.
///
/// cmark's node tree lives only inside ``init(markdown:)``: it is parsed, made safe,
/// converted once into Swift values (``blocks``) and freed before the initializer
/// returns, whichever way it returns (one `defer` in ``parse(_:options:memory:_:)``).
/// No pointer is stored, so a document is a plain `Sendable` value and nothing can
/// reach freed memory or leak it.
///
/// Making safe happens on the C tree, before the conversion: raw HTML nodes are removed,
/// images are replaced by their description (the page loads nothing external), and a
/// link whose address is not `http:`, `https:`, `mailto:` or `tel:` is replaced by its
/// text (an autolink, whose text is that address, by nothing). The HTML is written from
/// ``blocks`` by ``TermsHTML`` through `HTMLWriter`, never by cmark.
package struct CommonMarkDocument: Sendable, Equatable {
  /// Link schemes kept (with a valid host for `http:` and `https:`); any other link
  /// (`javascript:`, `vbscript:`, `data:`, `file:`, a relative address) loses its address
  /// and keeps its text.
  package static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

  /// Deepest nesting of containers (quotes, lists, emphasis…) kept in ``blocks``;
  /// deeper ones give their content to the container above, so a hostile document of
  /// thousands of `>` cannot exhaust the stack of whatever walks the result.
  package static let maximumDepth = 24

  /// The document's blocks, safe content only, nesting at most ``maximumDepth`` deep.
  package let blocks: [MarkdownBlock]

  /// Parses `markdown` (CommonMark 0.30) and removes unsafe content. Nil only when cmark
  /// cannot allocate.
  package init?(markdown: String) {
    self.init(markdown: markdown, memory: cmark_get_default_mem_allocator())
  }

  /// The same, with cmark allocating through `memory` (tests count what it frees).
  init?(markdown: String, memory: UnsafeMutablePointer<cmark_mem>) {
    let converted = Self.parse(markdown, options: CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8, memory: memory) {
      root in
      Self.makeSafe(root)
      return Self.convert(root)
    }
    guard let converted else { return nil }
    blocks = converted
  }

  /// Parses `markdown`, hands the root to `body` and frees the whole tree when `body`
  /// returns: the only owner of cmark nodes. `body` must not keep a node.
  private static func parse<Result>(
    _ markdown: String, options: Int32, memory: UnsafeMutablePointer<cmark_mem>,
    _ body: (OpaquePointer) -> Result
  ) -> Result? {
    guard let parser = cmark_parser_new_with_mem(options, memory) else { return nil }
    defer { cmark_parser_free(parser) }
    var source = markdown
    source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
    }
    guard let root = cmark_parser_finish(parser) else { return nil }
    defer { cmark_node_free(root) }
    return body(root)
  }

  /// The tree as Swift values, read with cmark's iterator. Nesting beyond
  /// ``maximumDepth`` is flattened; no text is lost.
  private static func convert(_ root: OpaquePointer) -> [MarkdownBlock] {
    var stack: [Container] = [Container(node: root)]
    var flattened = 0
    walk(root) { node, entering in
      let type = cmark_node_get_type(node)
      if type == CMARK_NODE_DOCUMENT { return }
      if isLeaf(type) {
        stack[stack.count - 1].add(leaf(node, type))
      } else if entering {
        if stack.count > maximumDepth {
          flattened += 1
        } else {
          stack.append(Container(node: node))
        }
      } else if flattened > 0 {
        flattened -= 1
      } else if let finished = stack.popLast(), !stack.isEmpty {
        stack[stack.count - 1].add(finished.value())
      }
    }
    return stack.first.map { $0.blocksAndLooseText() } ?? []
  }

  /// Calls `visit(node, entering)` for every node in document order, through
  /// `cmark_iter`. Leaf nodes are visited once, with `entering` true.
  private static func walk(_ start: OpaquePointer, _ visit: (OpaquePointer, Bool) -> Void) {
    guard let iterator = cmark_iter_new(start) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      visit(node, event == CMARK_EVENT_ENTER)
    }
  }

  /// Removes raw HTML and autolinks to other schemes, unwraps images and other links
  /// to other schemes. Nodes are collected first and changed after the walk: cmark's
  /// iterator must not see a changing tree.
  private static func makeSafe(_ root: OpaquePointer) {
    var unwrap: [OpaquePointer] = []
    var remove: [OpaquePointer] = []
    guard let iterator = cmark_iter_new(root) else { return }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
        remove.append(node)
      case CMARK_NODE_IMAGE:
        unwrap.append(node)
      case CMARK_NODE_LINK:
        let url = string(cmark_node_get_url(node))
        guard !isAllowed(url: url) else { break }
        // An autolink's text is its address (`<javascript:…>`): nothing worth keeping.
        if let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
          cmark_node_get_type(child) == CMARK_NODE_TEXT, string(cmark_node_get_literal(child)) == url
        {
          remove.append(node)
        } else {
          unwrap.append(node)
        }
      default:
        break
      }
    }
    cmark_iter_free(iterator)
    // Children move out before their parent is freed, so every collected node is
    // still alive when its turn comes.
    for node in unwrap {
      while let child = cmark_node_first_child(node) {
        guard cmark_node_insert_before(node, child) == 1 else { break }
      }
      cmark_node_free(node)
    }
    for node in remove { cmark_node_free(node) }
  }

  /// Whether a link address may stay: ``RenderCore/WebURL``'s check, the one the
  /// session's own links pass, with one of ``allowedSchemes``: an `http:` or `https:`
  /// address needs a valid host (`https:evil.example`, `https:///x` and `https://` lose
  /// theirs), and an address holding a tab, line feed, space or other control
  /// (`java&#9;script:`) is refused rather than cleaned up as a browser would.
  static func isAllowed(url: String) -> Bool {
    WebURL.problem(url, schemes: allowedSchemes) == nil
  }

  private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// Text as the customer reads it: cmark decodes character references, so `&#27;`
  /// in the terms is an escape character in the literal. Each control character but
  /// the tab and the line feed becomes U+FFFD, as CommonMark makes `&#0;` (fuzzing
  /// found `&#26;` reaching the text preview).
  static func text(_ pointer: UnsafePointer<CChar>?) -> String {
    let raw = string(pointer)
    guard raw.unicodeScalars.contains(where: isHiddenControl) else { return raw }
    var shown = String.UnicodeScalarView()
    shown.append(contentsOf: raw.unicodeScalars.lazy.map { isHiddenControl($0) ? "\u{FFFD}" : $0 })
    return String(shown)
  }

  private static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n"
  }

  private static func isLeaf(_ type: cmark_node_type) -> Bool {
    switch type {
    case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
      CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
      true
    default:
      false
    }
  }

  private static func leaf(_ node: OpaquePointer, _ type: cmark_node_type) -> Content {
    let literal = text(cmark_node_get_literal(node))
    switch type {
    case CMARK_NODE_TEXT: return .inline(.text(literal))
    case CMARK_NODE_SOFTBREAK: return .inline(.softBreak)
    case CMARK_NODE_LINEBREAK: return .inline(.lineBreak)
    case CMARK_NODE_CODE: return .inline(.code(literal))
    case CMARK_NODE_CODE_BLOCK:
      return .block(.codeBlock(literal, info: text(cmark_node_get_fence_info(node))))
    case CMARK_NODE_THEMATIC_BREAK: return .block(.thematicBreak)
    default: return .none  // raw HTML, already removed by makeSafe
    }
  }

  /// What a finished node contributes to its parent.
  private enum Content {
    case block(MarkdownBlock)
    case inline(MarkdownInline)
    case item([MarkdownBlock])
    case none
  }

  /// A node being read: its children so far.
  private struct Container {
    let node: OpaquePointer
    var blocks: [MarkdownBlock] = []
    var inlines: [MarkdownInline] = []
    var items: [[MarkdownBlock]] = []

    init(node: OpaquePointer) { self.node = node }

    mutating func add(_ content: Content) {
      switch content {
      case .block(let block): blocks.append(block)
      case .inline(let inline): inlines.append(inline)
      case .item(let item): items.append(item)
      case .none: break
      }
    }

    /// The blocks, with inline content that arrived from flattened nesting as a last
    /// paragraph.
    func blocksAndLooseText() -> [MarkdownBlock] {
      inlines.isEmpty ? blocks : blocks + [.paragraph(inlines)]
    }

    func value() -> Content {
      switch cmark_node_get_type(node) {
      case CMARK_NODE_PARAGRAPH: return .block(.paragraph(inlines))
      case CMARK_NODE_HEADING: return .block(.heading(level: Int(cmark_node_get_heading_level(node)), inlines))
      case CMARK_NODE_BLOCK_QUOTE: return .block(.blockQuote(blocksAndLooseText()))
      case CMARK_NODE_LIST:
        let loose = blocksAndLooseText()
        return .block(
          .list(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0,
            items: loose.isEmpty ? items : items + [loose]))
      case CMARK_NODE_ITEM: return .item(blocksAndLooseText())
      case CMARK_NODE_EMPH: return .inline(.emphasis(inlines))
      case CMARK_NODE_STRONG: return .inline(.strong(inlines))
      case CMARK_NODE_LINK:
        return .inline(
          .link(
            url: CommonMarkDocument.string(cmark_node_get_url(node)),
            title: CommonMarkDocument.text(cmark_node_get_title(node)), inlines))
      // Images are unwrapped by makeSafe; custom nodes never come from the parser.
      default: return .none
      }
    }
  }
}
