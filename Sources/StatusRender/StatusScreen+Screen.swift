import RenderCore

/// Every status is a screen of its own: the welcome (``StatusScreen/connected``), the
/// merchant's statuses and the end-of-session screens.
extension StatusScreen: Screen {
  /// The page, as ``StatusHTML`` renders it.
  public func htmlUTF8(context: RenderContext) -> [UInt8] { StatusHTML.renderUTF8(self, context: context) }

  /// The text, as ``StatusText`` renders it.
  public func text(context: RenderContext, width: Int) -> String {
    StatusText.render(self, context: context, width: width)
  }
}
