import RenderCore

/// A cart on its own is the cart screen, without animation hints.
extension ShoppingCart: Screen {
  /// The cart page, or its text: the items, the summary and the total.
  public func renderUTF8(_ format: OutputFormat, context: RenderContext, width: Int) -> [UInt8] {
    switch format {
    case .html: CartHTML.renderUTF8(self, context: context)
    case .text: Array(CartText.render(self, context: context, width: width).utf8)
    case .spoken: CartSpoken.renderUTF8(self, context: context)
    }
  }
}
