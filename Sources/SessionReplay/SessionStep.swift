import CartRender
import FormRender
import RenderCore
import StatusRender

/// One line of a session transcript: an event from the session, a call the merchant's
/// app made, or the customer's answer to the open form.
package enum SessionStep: Sendable, Equatable {
  /// `connected`, `ready`, `disconnected`, `closed` (the session's event stream).
  case event(SessionEvent)
  /// `updateShoppingCart(_:)`: replaces the whole cart.
  case updateShoppingCart(ShoppingCart)
  /// `requestCustomerInfo`, `requestAddress`, `requestSignup`: opens a form.
  case request(SessionRequest)
  /// `requestPayment` / `requestApplePayPayment`: Apple Pay, which the web cannot serve.
  case requestPayment
  /// The customer shared the open form's values.
  case response(JSONValue)
  /// The customer chose "Don't share" (`userDeclined`).
  case declined
  /// `updateStatus(_:)` / `updateCustomerStatus(_:)`.
  case updateStatus(StatusScreen)
  /// `close()` / `closeCustomerSession()`.
  case close
}

/// The session's events, as the seeds' `events` stream names them.
package enum SessionEvent: String, Sendable, CaseIterable {
  case connected, ready, disconnected, closed
}

/// A request for the customer's details, decoded as the form renderer reads it.
package struct SessionRequest: Sendable, Equatable {
  /// The call's name as the transcript spells it (`requestSignup`).
  package var call: String
  package var form: FormRequest

  package init(call: String, form: FormRequest) {
    self.call = call
    self.form = form
  }
}
