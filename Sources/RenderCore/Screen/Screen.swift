/// Something the customer can be shown, with everything it needs besides the context
/// (the session, locale and strings) held in its own stored properties: a cart, a cart
/// with the one shown before it, a form with its submitted values and errors, a status.
///
/// `render-cli`, `replay` and a server render any screen the same way, through
/// ``renderUTF8(_:context:width:)`` (the bytes, as a file or an HTTP answer holds them)
/// or ``render(_:context:width:)`` (the same as a `String`). Rendering never fails and
/// is deterministic: the same screen and context give the same bytes.
public protocol Screen: Sendable {
  /// The screen as a complete, self-contained HTML document (see ``PageShell``): its
  /// UTF-8 bytes, as served with `Content-Type: text/html; charset=utf-8`.
  ///
  /// The bytes are valid UTF-8 by construction: every piece of the page is a Swift
  /// `String` (valid UTF-8 itself) or the engine's own ASCII markup, and escaping only
  /// replaces ASCII bytes (`& " < >`) with ASCII entities, never splitting a character.
  func htmlUTF8(context: RenderContext) -> [UInt8]

  /// The screen as plain text: lines of at most `width` display columns (an amount
  /// wider than a whole line overflows rather than lose a digit), each ending in `\n`.
  func text(context: RenderContext, width: Int) -> String
}

extension Screen {
  /// ``htmlUTF8(context:)`` as one `String` (the bytes, validated once more by
  /// `String(decoding:as:)`, which is what a `String` costs).
  public func html(context: RenderContext) -> String {
    String(decoding: htmlUTF8(context: context), as: UTF8.self)
  }

  /// The screen in `format`, as UTF-8 bytes: ``htmlUTF8(context:)``, or the text's bytes.
  /// - Parameter width: display columns of the text format; ignored for HTML.
  public func renderUTF8(
    _ format: OutputFormat, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> [UInt8] {
    switch format {
    case .html: htmlUTF8(context: context)
    case .text: Array(text(context: context, width: width).utf8)
    }
  }

  /// The screen in `format`, as a `String`.
  /// - Parameter width: display columns of the text format; ignored for HTML.
  public func render(
    _ format: OutputFormat, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> String {
    switch format {
    case .html: html(context: context)
    case .text: text(context: context, width: width)
    }
  }
}
