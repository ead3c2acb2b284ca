import CCmark
import Foundation
import RenderCore

/// A CommonMark document parsed by libcmark: the one file that calls cmark's C API.
///
/// The class owns the root node and frees it once in `deinit`; iterators and rendered
/// buffers are freed before each method returns. Callers see Swift values only
/// (``TrustedHTML``, ``MarkdownBlock``).
///
/// Parsing also makes the tree safe, before either rendering sees it: raw HTML nodes
/// are removed, images are replaced by their description (the page loads nothing
/// external), and a link whose address is not `http:`, `https:`, `mailto:` or `tel:`
/// is replaced by its text (an autolink, whose text is that address, by nothing). cmark's own safe mode (`CMARK_OPT_SAFE`) stays on as a
/// second guard; on its own it would still let `data:image/…` addresses through.
public final class CommonMarkDocument {
  /// Link schemes kept (with a valid host for `http:` and `https:`); any other link
  /// (`javascript:`, `vbscript:`, `data:`, `file:`, a relative address) loses its address
  /// and keeps its text.
  public static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

  private let root: OpaquePointer

  /// Parses `markdown` (CommonMark 0.30) and removes unsafe content. Nil only when cmark
  /// cannot allocate.
  public init?(markdown: String) {
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
    let length = markdown.utf8.count
    guard let parsed = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return nil }
    root = parsed
    Self.makeSafe(root)
  }

  deinit { cmark_node_free(root) }

  /// The document as HTML, with headings moved down by `headingOffset` levels (at most
  /// `h6`) so they nest under the page's own.
  public func safeHTML(headingOffset: Int = 0) -> TrustedHTML {
    var headings: [(node: OpaquePointer, level: Int32)] = []
    walk(root) { node, entering in
      if entering, cmark_node_get_type(node) == CMARK_NODE_HEADING {
        headings.append((node, cmark_node_get_heading_level(node)))
      }
    }
    for heading in headings {
      cmark_node_set_heading_level(heading.node, min(6, heading.level + Int32(headingOffset)))
    }
    defer {
      for heading in headings { cmark_node_set_heading_level(heading.node, heading.level) }
    }
    guard let buffer = cmark_render_html(root, CMARK_OPT_SAFE) else { return TrustedHTML(cmarkSafeOutput: "") }
    defer { cmark_get_default_mem_allocator().pointee.free(buffer) }
    return TrustedHTML(cmarkSafeOutput: String(cString: buffer))
  }

  /// Deepest nesting of containers (quotes, lists, emphasis…) kept in ``blocks()``;
  /// deeper ones give their content to the container above, so a hostile document of
  /// thousands of `>` cannot exhaust the stack of whatever walks the result.
  public static let maximumDepth = 24

  /// The document as Swift values, read with cmark's iterator. Nesting beyond
  /// ``maximumDepth`` is flattened; no text is lost.
  public func blocks() -> [MarkdownBlock] {
    var stack: [Container] = [Container(node: root)]
    var flattened = 0
    walk(root) { node, entering in
      let type = cmark_node_get_type(node)
      if type == CMARK_NODE_DOCUMENT { return }
      if Self.isLeaf(type) {
        stack[stack.count - 1].add(Self.leaf(node, type))
      } else if entering {
        if stack.count > Self.maximumDepth {
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
  private func walk(_ start: OpaquePointer, _ visit: (OpaquePointer, Bool) -> Void) {
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
    let literal = string(cmark_node_get_literal(node))
    switch type {
    case CMARK_NODE_TEXT: return .inline(.text(literal))
    case CMARK_NODE_SOFTBREAK: return .inline(.softBreak)
    case CMARK_NODE_LINEBREAK: return .inline(.lineBreak)
    case CMARK_NODE_CODE: return .inline(.code(literal))
    case CMARK_NODE_CODE_BLOCK:
      return .block(.codeBlock(literal.hasSuffix("\n") ? String(literal.dropLast()) : literal))
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
        return .inline(.link(url: CommonMarkDocument.string(cmark_node_get_url(node)), inlines))
      // Images are unwrapped by makeSafe; custom nodes never come from the parser.
      default: return .none
      }
    }
  }
}
