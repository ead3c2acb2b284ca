/// Something the customer can be shown, with everything it needs besides the context
/// (the session, locale and strings) held in its own stored properties: a cart, a cart
/// with the one shown before it, a form, a status.
///
/// A screen renders one way, ``renderUTF8(_:context:width:)``: its bytes in a format, as
/// a file or an HTTP answer holds them; ``render(_:context:width:)`` gives the same as a
/// `String`. Rendering never fails and is deterministic: the same screen and context
/// give the same bytes. The screens are the library's own (`ShoppingCart`, `CartUpdate`,
/// `FormScreen`, `StatusScreen`).
public protocol Screen: Sendable {
  /// The screen in `format`, as UTF-8 bytes.
  ///
  /// - `html`: a complete, self-contained HTML document, as served with
  ///   `Content-Type: text/html; charset=utf-8`;
  /// - `text`: lines of at most `width` display columns (an amount wider than a whole
  ///   line overflows rather than lose a digit), each ending in `\n`;
  /// - `spoken`: the page's accessibility tree as a screen reader meets it, one node a
  ///   line (see ``OutputFormat/spoken``).
  ///
  /// The bytes are valid UTF-8: every piece is a Swift `String` or the engine's own
  /// ASCII markup, and escaping only replaces ASCII bytes with ASCII entities.
  /// - Parameters:
  ///   - format: HTML, text or spoken.
  ///   - context: the session, locale and UI strings (``RenderContext``).
  ///   - width: display columns of the text format (at least 1); ignored for HTML and spoken.
  func renderUTF8(_ format: OutputFormat, context: RenderContext, width: Int) -> [UInt8]
}

extension Screen {
  /// ``renderUTF8(_:context:width:)`` with the default text width.
  public func renderUTF8(_ format: OutputFormat, context: RenderContext) -> [UInt8] {
    renderUTF8(format, context: context, width: OutputFormat.defaultTextWidth)
  }

  /// The screen in `format` as a `String`: ``renderUTF8(_:context:width:)``'s bytes.
  /// - Parameter width: display columns of the text format; ignored for HTML and spoken.
  public func render(
    _ format: OutputFormat, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> String {
    String(decoding: renderUTF8(format, context: context, width: width), as: UTF8.self)
  }

  /// The HTML document's bytes (inside the package, where a call names its format).
  package func htmlUTF8(context: RenderContext) -> [UInt8] {
    renderUTF8(.html, context: context, width: OutputFormat.defaultTextWidth)
  }

  /// The HTML document as a `String`.
  package func html(context: RenderContext) -> String { render(.html, context: context) }

  /// The text format as a `String`.
  package func text(context: RenderContext, width: Int) -> String {
    render(.text, context: context, width: width)
  }
}
