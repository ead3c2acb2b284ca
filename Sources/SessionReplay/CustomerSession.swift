import CartRender
import FormRender
import RenderCore
import StatusRender

/// What the customer's screen shows as the merchant's app makes its calls, with the
/// rules a real `CustomerEngagementSession` enforces:
///
/// - events come in the session's order: `connected`, then `ready`; after `disconnected`
///   or `closed` nothing starts again, and anything out of that order fails as `notReady`;
/// - a call before the `ready` event (or after the session ended) fails as `notReady`;
///   only `close()` may come at any time, and closing an ended session changes nothing;
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

  /// The session's ISO 3166-1 region: it lays out an address form, and so decides which
  /// keys the form's response may hold.
  public let region: String

  public init(region: String = SessionConfiguration.default.region) {
    self.region = region
  }

  /// Applies one step.
  /// - Throws: ``CustomerSessionError``; the session is unchanged then.
  public mutating func apply(_ step: SessionStep) throws(CustomerSessionError) {
    switch step {
    case .event(.connected):
      guard phase == .waiting else { throw .notReady }
      phase = .connected
      screen = .welcome
    case .event(.ready):
      guard phase == .connected else { throw .notReady }
      phase = .ready
    case .event(.disconnected):
      guard phase == .connected || phase == .ready else { throw .notReady }
      phase = .ended
      screen = .status(.disconnected)
    case .event(.closed), .close:
      // A customer who never connected sees nothing; an ended session stays as it is.
      if phase == .connected || phase == .ready { screen = .status(.closed) }
      phase = .ended
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
      if case .response(let values) = step { try Self.check(values, answers: request.form, region: region) }
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

  /// A response holds only keys of the fields the open form shows (its layout in the
  /// session's region: a hidden opt-in or a contact field not asked for is not one):
  /// text or null, and for the opt-ins true, false or null. Text holds no control
  /// characters but the line feed between two street lines. No token: replay issues none.
  static func check(_ response: JSONValue, answers form: FormRequest, region: String) throws(CustomerSessionError) {
    guard case .object(let members) = response else { throw .invalidResponse("expected an object") }
    let keys = FormLayout(request: form, region: region).fields
    for member in members {
      guard let field = keys.first(where: { $0.rawValue == member.key }) else {
        let known = keys.map(\.rawValue).joined(separator: ", ")
        throw .invalidResponse("\(Echo.quoted(member.key)) is not a field of the open form; use \(known)")
      }
      let isOptIn = field == .emailOptInSelection || field == .smsOptInSelection
      switch member.value {
      case .null: continue
      case .bool where isOptIn: continue
      case .string(let text) where !isOptIn:
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
          throw .invalidResponse("\(member.key) holds a control character")
        }
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
