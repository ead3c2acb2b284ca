import RenderCore

/// A screen with a title and a subtitle and nothing to act on: the statuses the
/// merchant's app sets with `updateStatus(_:)` / `updateCustomerStatus(_:)`, the screen
/// shown when the customer connects, and the ones the web fallback shows when the
/// session ends (the `disconnected` and `closed` events).
public enum StatusScreen: String, CaseIterable, Sendable {
  /// What the customer sees on connecting, before any cart: the store's welcome.
  case connected
  /// `CustomerStatus.ready`: connected and waiting for the cart.
  case ready
  /// `CustomerStatus.paymentCompleted`: the payment went through.
  case paymentCompleted
  /// Never says the customer was charged: they are told the payment did not go
  /// through and to follow the staff's lead.
  case paymentFailed
  /// `CustomerStatus.checkoutCompleted`: the purchase is done.
  case checkoutCompleted
  /// The customer's device went out of range of the merchant's iPhone.
  case disconnected
  /// The merchant closed the session: "You can close this page".
  case closed

  /// The statuses of the seeds' `updateStatus` API, as opposed to session events.
  package static let customerStatuses: [StatusScreen] = [.ready, .paymentCompleted, .paymentFailed, .checkoutCompleted]

  /// How the screen feels: it picks the symbol and colour beside the title.
  package enum Tone: String, Sendable {
    case neutral, success, failure
  }

  package var tone: Tone {
    switch self {
    case .paymentCompleted, .checkoutCompleted: .success
    case .paymentFailed: .failure
    case .connected, .ready, .disconnected, .closed: .neutral
    }
  }

  /// The title in the context's language; the welcome names the store when it has a name.
  package func title(_ context: RenderContext) -> FilledTemplate {
    let strings = context.strings
    switch self {
    case .connected:
      if let store = context.configuration.storeName { return strings.filled(.welcomeTitle, store) }
      return strings.filled(.welcomeTitleNoStore)
    case .ready: return strings.filled(.statusReadyTitle)
    case .paymentCompleted: return strings.filled(.statusPaymentCompletedTitle)
    case .paymentFailed: return strings.filled(.statusPaymentFailedTitle)
    case .checkoutCompleted: return strings.filled(.statusCheckoutCompletedTitle)
    case .disconnected: return strings.filled(.statusDisconnectedTitle)
    case .closed: return strings.filled(.statusClosedTitle)
    }
  }

  /// Whether ``title(_:)`` names the store itself (the welcome does), so the page's
  /// `<title>` does not repeat the name after it.
  package var titleNamesStore: Bool { self == .connected }

  package func subtitle(_ context: RenderContext) -> String {
    let strings = context.strings
    switch self {
    case .connected: return strings(.welcomeSubtitle)
    case .ready: return strings(.statusReadySubtitle)
    case .paymentCompleted: return strings(.statusPaymentCompletedSubtitle)
    case .paymentFailed: return strings(.statusPaymentFailedSubtitle)
    case .checkoutCompleted: return strings(.statusCheckoutCompletedSubtitle)
    case .disconnected: return strings(.statusDisconnectedSubtitle)
    case .closed: return strings(.statusClosedSubtitle)
    }
  }
}
