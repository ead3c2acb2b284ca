import RenderCore

/// Every status is a screen of its own: the welcome (``StatusScreen/connected``), the
/// merchant's statuses and the end-of-session screens.
extension StatusScreen: Screen {
  /// The status page, or its text.
  public func renderUTF8(_ format: OutputFormat, context: RenderContext, width: Int) -> [UInt8] {
    switch format {
    case .html: StatusHTML.renderUTF8(self, context: context)
    case .text: Array(StatusText.render(self, context: context, width: width).utf8)
    case .spoken: StatusSpoken.renderUTF8(self, context: context)
    }
  }
}
