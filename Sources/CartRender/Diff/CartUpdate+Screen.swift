import RenderCore

/// A cart shown after ``CartUpdate/previous``: the cart screen with the contract's
/// animation hints in HTML and the change gutter in text.
extension CartUpdate: Screen {
  /// The page with `data-change` hints, as ``CartHTML`` renders it.
  public func htmlUTF8(context: RenderContext) -> [UInt8] { CartHTML.renderUTF8(self, context: context) }

  /// The text with a change gutter, as ``CartText`` renders it.
  public func text(context: RenderContext, width: Int) -> String {
    CartText.render(self, context: context, width: width)
  }
}
