import CartRender
import RenderCore
import StatusRender

/// One line of a session transcript: an event from the session, a call the merchant's
/// app made, or the customer's answer to the open form.
public enum SessionStep: Sendable, Equatable {
  /// `connected`, `ready`, `disconnected`, `closed` (the session's event stream).
  case event(SessionEvent)
  /// `updateShoppingCart(_:)`: replaces the whole cart.
  case updateShoppingCart(ShoppingCart)
  /// `requestCustomerInfo`, `requestAddress`, `requestSignup`: opens a form. The
  /// request's own fields are kept as JSON, decoded by the form renderer.
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
public enum SessionEvent: String, Sendable, CaseIterable {
  case connected, ready, disconnected, closed
}

/// A request for the customer's details, as the transcript gave it.
public struct SessionRequest: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case customerInfo, address, signup
  }

  public var kind: Kind
  /// The call's fields besides `call` (`purpose`, `fields`, `message`, …), in the
  /// contract's request shape with `request` set to ``kind``.
  public var json: JSONValue

  public init(kind: Kind, json: JSONValue) {
    self.kind = kind
    self.json = json
  }
}
