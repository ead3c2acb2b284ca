import CartRender
import FormRender
import RenderCore
import StatusRender

/// What the customer's screen shows as the merchant's app makes its calls, with the
/// rules a real `CustomerEngagementSession` enforces:
///
/// - a call before the `ready` event (or after the session ended) fails as `notReady`;
/// - a second request, or a status update, while a form is open fails as `sessionBusy`;
/// - Apple Pay and Wallet-pass requests fail as `incompatibleRequest` on the web;
/// - a cart update while a form is open is kept and shown when the form closes;
/// - the `ready` status returns the screen to the cart (or the placeholder).
///
/// A failed call leaves the session as it was.
public struct CustomerSession: Sendable {
  /// A screen the customer can be shown.
  public enum Screen: Sendable, Equatable {
    /// Before the customer's device connects: nothing is shown.
    case none
    /// Connected: the store's welcome.
    case welcome
    /// The cart, with the cart shown before it (for animation hints), if any.
    case cart(ShoppingCart, previous: ShoppingCart?)
    case form(SessionRequest)
    case status(StatusScreen)
  }

  private enum Phase {
    case waiting, connected, ready, ended
  }

  public private(set) var screen: Screen = .none
  private var phase = Phase.waiting
  /// The latest cart, shown when no form or status covers it.
  private var cart: ShoppingCart?
  /// The cart the customer last saw, for hints on the next cart screen.
  private var cartLastShown: ShoppingCart?
  /// What a closing form returns to.
  private var screenBehindForm: Screen = .welcome
  /// A cart update arrived while a form was open: the cart shows when it closes.
  private var cartChangedWhileFormOpen = false

  public init() {}

  /// Applies one step.
  /// - Throws: ``CustomerSessionError``; the session is unchanged then.
  public mutating func apply(_ step: SessionStep) throws(CustomerSessionError) {
    switch step {
    case .event(.connected):
      phase = .connected
      screen = .welcome
    case .event(.ready):
      guard phase != .ended else { throw .notReady }
      phase = .ready
      if screen == .none { screen = .welcome }
    case .event(.disconnected):
      phase = .ended
      screen = .status(.disconnected)
    case .event(.closed):
      phase = .ended
      screen = .status(.closed)
    case .close:
      guard phase != .ended else { throw .notReady }
      phase = .ended
      screen = .status(.closed)
    case .updateShoppingCart(let newCart):
      try requireReady()
      cart = newCart
      if case .form = screen {
        cartChangedWhileFormOpen = true  // kept, shown when the form closes
        return
      }
      screen = cartScreen()
    case .request(let request):
      try requireReady()
      if case .form = screen { throw .sessionBusy }
      screenBehindForm = screen
      screen = .form(request)
    case .requestPayment:
      try requireReady()
      if case .form = screen { throw .sessionBusy }
      throw .incompatibleRequest("Apple Pay")
    case .response, .declined:
      try requireReady()
      guard case .form(let request) = screen else { throw .noOpenRequest }
      if case .response(let values) = step { try Self.check(values, answers: request.form) }
      switch screenBehindForm {
      case .cart: screen = cartScreen()
      case _ where cartChangedWhileFormOpen: screen = cartScreen()
      default: screen = screenBehindForm
      }
      cartChangedWhileFormOpen = false
    case .updateStatus(let status):
      try requireReady()
      if case .form = screen { throw .sessionBusy }
      screen = status == .ready ? cartScreen() : .status(status)
    }
  }

  /// A response holds only the open form's response keys (and its `token`): text or
  /// null, and for the opt-ins true, false or null.
  static func check(_ response: JSONValue, answers form: FormRequest) throws(CustomerSessionError) {
    guard case .object(let members) = response else { throw .invalidResponse("expected an object") }
    let keys = form.responseKeys
    for member in members {
      if member.key == "token", case .string = member.value { continue }
      guard let field = keys.first(where: { $0.rawValue == member.key }) else {
        let known = keys.map(\.rawValue).joined(separator: ", ")
        throw .invalidResponse(
          "\(Echo.quoted(member.key)) is not a key of this \(form.kind.rawValue) response; use \(known)")
      }
      let isOptIn = field == .emailOptInSelection || field == .smsOptInSelection
      switch member.value {
      case .null: continue
      case .bool where isOptIn: continue
      case .string where !isOptIn: continue
      default:
        throw .invalidResponse("\(member.key) must be \(isOptIn ? "true, false or null" : "text or null")")
      }
    }
  }

  private func requireReady() throws(CustomerSessionError) {
    guard phase == .ready else { throw .notReady }
  }

  /// The cart screen for the latest cart (the placeholder when there is none yet),
  /// remembering it as the one the customer saw.
  private mutating func cartScreen() -> Screen {
    let shown = cart ?? ShoppingCart(items: [])
    defer { cartLastShown = shown }
    return .cart(shown, previous: cartLastShown)
  }

}
