import CartRender
import FormRender
import RenderCore
import StatusRender

extension CustomerSession.Screen {
  /// The screen to render, or nil before the customer connects (``none``): the welcome
  /// and the statuses as ``StatusScreen``, an open form as a fresh ``FormScreen`` (replay
  /// issues no token), a cart as itself, or as a ``CartUpdate`` with its animation hints
  /// when another cart was shown before it.
  /// - Throws: ``CartDiff/DuplicateIDError`` when either cart has an id twice (a decoded
  ///   cart never has).
  public func renderable() throws(CartDiff.DuplicateIDError) -> (any RenderCore.Screen)? {
    switch self {
    case .none: nil
    case .welcome: StatusScreen.connected
    case .status(let status): status
    case .form(let request): FormScreen(request.form)
    case .cart(let cart, let previous?): try CartUpdate(cart, previous: previous)
    case .cart(let cart, nil): cart
    }
  }
}
