import RenderCore

/// A cart on its own is the cart screen, without animation hints.
extension ShoppingCart: Screen {
  /// The page, as ``CartHTML`` renders it.
  public func htmlUTF8(context: RenderContext) -> [UInt8] { CartHTML.renderUTF8(self, context: context) }

  /// The text, as ``CartText`` renders it.
  public func text(context: RenderContext, width: Int) -> String {
    CartText.render(self, context: context, width: width)
  }
}
