import CCmark
import Foundation
import RenderCore

/// A CommonMark document parsed by libcmark. The one file that calls cmark's C API: the
/// class owns the root node and frees it once; callers see Swift values only.
public final class CommonMarkDocument {
  private let root: OpaquePointer

  /// Parses `markdown` (CommonMark 0.30). Nil only when cmark cannot allocate.
  public init?(markdown: String) {
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
    let parsed = markdown.withCString { cmark_parse_document($0, strlen($0), options) }
    guard let parsed else { return nil }
    root = parsed
  }

  deinit { cmark_node_free(root) }

  /// The document as HTML in safe mode: raw HTML is replaced by a comment, and
  /// `javascript:`, `vbscript:`, `file:` and non-image `data:` links are emptied.
  public func safeHTML() -> TrustedHTML {
    guard let buffer = cmark_render_html(root, CMARK_OPT_SAFE) else { return TrustedHTML(cmarkSafeOutput: "") }
    defer { free(buffer) }
    return TrustedHTML(cmarkSafeOutput: String(cString: buffer))
  }
}
