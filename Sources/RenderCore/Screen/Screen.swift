/// Something the customer can be shown, with everything it needs besides the context
/// (the session, locale and strings) held in its own stored properties: a cart, a cart
/// with the one shown before it, a form with its submitted values and errors, a status.
///
/// `render-cli`, `replay` and a server render any screen the same way, through
/// ``render(_:context:width:)``. Rendering never fails and is deterministic: the same
/// screen and context give the same bytes.
public protocol Screen: Sendable {
  /// The screen as a complete, self-contained HTML document (see ``PageShell``).
  func html(context: RenderContext) -> String

  /// The screen as plain text: lines of at most `width` display columns (an amount
  /// wider than a whole line overflows rather than lose a digit), each ending in `\n`.
  func text(context: RenderContext, width: Int) -> String
}

extension Screen {
  /// The screen in `format`.
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
