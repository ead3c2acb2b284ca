import CartRender
import FormRender
import RenderCore
import StatusRender

extension CustomerSession.Stage {
  /// The screen this stage shows, the one mapping `replay` and the relay server share:
  /// nil before the customer connects (``none``); the welcome and the statuses as
  /// ``StatusScreen``; an open form as a ``FormScreen`` in `form`'s state; a cart as
  /// itself, or as a ``CartUpdate`` with its animation hints against `hintsAgainst`.
  ///
  /// - Parameters:
  ///   - hintsAgainst: the cart the customer's page showed before. `replay` passes the
  ///     cart this stage followed (``cart(_:previous:)``'s `previous`); the server
  ///     passes the cart the asking page showed, which may be older. Nil, or a cart
  ///     with an id twice (a decoded cart never has), shows the cart without hints.
  ///   - form: the form's values, errors and token; `replay` issues no token.
  package func screen(hintsAgainst: ShoppingCart?, form: FormState = .fresh) -> (any Screen)? {
    switch self {
    case .none: nil
    case .welcome: StatusScreen.connected
    case .status(let status): status
    case .form(let request): FormScreen(request.form, state: form)
    case .cart(let cart, _):
      if let previous = hintsAgainst, let update = try? CartUpdate(cart, previous: previous) { update } else { cart }
    }
  }

  /// The cart this stage followed, the base of its hints in `replay`; nil on any other stage.
  package var previousCart: ShoppingCart? {
    if case .cart(_, let previous) = self { previous } else { nil }
  }
}
