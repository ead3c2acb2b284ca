import RenderCore

/// A cart shown after the one before it: the cart screen with the contract's animation
/// hints in HTML (`data-change`) and the change gutter in text.
extension CartUpdate: Screen {
  /// The cart page with its animation hints, or its text with the change gutter.
  public func renderUTF8(_ format: OutputFormat, context: RenderContext, width: Int) -> [UInt8] {
    switch format {
    case .html: CartHTML.renderUTF8(self, context: context)
    case .text: Array(CartText.render(self, context: context, width: width).utf8)
    case .spoken: CartSpoken.renderUTF8(self, context: context)
    }
  }
}
