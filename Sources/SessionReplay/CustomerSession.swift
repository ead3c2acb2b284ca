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
package struct CustomerSession: Sendable {
  /// Where the session stands as the customer sees it: which screen is up, and what it
  /// needs (``screen(hintsAgainst:form:)`` makes the ``RenderCore/Screen`` to render).
  package enum Stage: Sendable, Equatable {
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

  package private(set) var stage: Stage = .none
  private var phase = Phase.waiting
  /// The latest cart, shown when no form or status covers it.
  private var cart: ShoppingCart?
  /// The cart the customer last saw, for hints on the next cart screen.
  private var cartLastShown: ShoppingCart?
  /// What a closing form returns to.
  private var stageBehindForm: Stage = .welcome
  /// A cart update arrived while a form was open: the cart shows when it closes.
  private var cartChangedWhileFormOpen = false

  /// The session's ISO 3166-1 region: it lays out an address form, and so decides which
  /// keys the form's response may hold.
  package let region: String

  package init(region: String = SessionConfiguration.default.region.rawValue) {
    self.region = region
  }

  /// Applies one step.
  /// - Throws: ``CustomerSessionError``; the session is unchanged then.
  package mutating func apply(_ step: SessionStep) throws(CustomerSessionError) {
    switch step {
    case .event(.connected):
      guard phase == .waiting else { throw .notReady }
      phase = .connected
      stage = .welcome
    case .event(.ready):
      guard phase == .connected else { throw .notReady }
      phase = .ready
    case .event(.disconnected):
      guard phase == .connected || phase == .ready else { throw .notReady }
      phase = .ended
      stage = .status(.disconnected)
    case .event(.closed), .close:
      // A customer who never connected sees nothing; an ended session stays as it is.
      if phase == .connected || phase == .ready { stage = .status(.closed) }
      phase = .ended
    case .updateShoppingCart(let newCart):
      try requireReady()
      cart = newCart
      if case .form = stage {
        cartChangedWhileFormOpen = true  // kept, shown when the form closes
        return
      }
      stage = cartStage()
    case .request(let request):
      try requireReady()
      if case .form = stage { throw .sessionBusy }
      stageBehindForm = stage
      stage = .form(request)
    case .requestPayment:
      try requireReady()
      if case .form = stage { throw .sessionBusy }
      throw .incompatibleRequest("Apple Pay")
    case .response, .declined:
      try requireReady()
      guard case .form(let request) = stage else { throw .noOpenRequest }
      if case .response(let values) = step { try Self.check(values, answers: request.form, region: region) }
      switch stageBehindForm {
      case .cart: stage = cartStage()
      case _ where cartChangedWhileFormOpen: stage = cartStage()
      default: stage = stageBehindForm
      }
      cartChangedWhileFormOpen = false
    case .updateStatus(let status):
      try requireReady()
      if case .form = stage { throw .sessionBusy }
      stage = status == .ready ? cartStage() : .status(status)
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
  private mutating func cartStage() -> Stage {
    let shown = cart ?? ShoppingCart(items: [])
    defer { cartLastShown = shown }
    return .cart(shown, previous: cartLastShown)
  }

}
