import CartRender
import FormRender
import RenderCore
import SessionReplay
import StatusRender
import Synchronization

/// One session the server holds: the seeds' rules (``CustomerSession``, the same rule
/// book `render-cli replay` follows), the events the merchant has not read yet, and what
/// the customer's pages need (screen version, recent carts, the open form's token).
///
/// Everything the customer shared lives only in ``events`` and goes with the session.
struct ServedSession: Sendable {
  /// The merchant's id: `{routingKey}.{128-bit token}`.
  let id: String
  /// The customer's token in `/c/{token}`: `{routingKey}.{another 128-bit token}`.
  let customerToken: String
  let configuration: SessionConfiguration
  private(set) var rules: CustomerSession
  /// Grows by one whenever the customer's screen changes; pages carry it.
  private(set) var screenVersion: UInt64 = 1
  /// Grows with every change a waiting request may care about (events, screen).
  private(set) var changes: UInt64 = 0
  /// `{"seq": …, …}` objects, oldest first, at most the server's `eventsKept`.
  private(set) var events: [(seq: Int, json: JSONValue)] = []
  private var lastSeq = 0
  /// The carts recently shown, by screen version: a page that showed one of them gets
  /// the next cart with animation hints against it.
  private(set) var recentCarts: [(version: UInt64, cart: ShoppingCart)] = []
  /// The open form's request token (server-made, 128 bits); nil when no form is open.
  private(set) var formToken: String?
  /// The customer's page has been opened (`connected` and `ready` were sent).
  private(set) var customerArrived = false
  /// `close` was called: every later call is refused.
  private(set) var isClosed = false
  /// The customer's page went away (`disconnected` was sent): the seeds' rules refuse
  /// every call but `close`.
  private(set) var isDisconnected = false
  var lastActivity: ContinuousClock.Instant
  /// The customer's last request (a page, a post, a live-update stream, which a page
  /// with script keeps open or reopens every 25 s at most).
  var lastCustomerContact: ContinuousClock.Instant

  /// The session no longer changes for the customer: closed or disconnected.
  var hasEnded: Bool { isClosed || isDisconnected }

  /// Carts kept for hints.
  static let recentCartLimit = 8

  init(id: String, customerToken: String, configuration: SessionConfiguration, now: ContinuousClock.Instant) {
    self.id = id
    self.customerToken = customerToken
    self.configuration = configuration
    rules = CustomerSession(region: configuration.region)
    lastActivity = now
    lastCustomerContact = now
  }

  /// The customer's page is gone: `disconnected` (the seeds' event for a customer's
  /// device out of range), once, and only for a customer who arrived and a session not
  /// ended. - Returns: whether it was sent.
  mutating func disconnect(eventsKept: Int) -> Bool {
    guard customerArrived, !hasEnded else { return false }
    let before = rules.stage
    do throws(CustomerSessionError) { try rules.apply(.event(.disconnected)) } catch { return false }
    isDisconnected = true
    formToken = nil
    record(.object([("event", .string(SessionEvent.disconnected.rawValue))]), eventsKept: eventsKept)
    if rules.stage != before {
      screenVersion += 1
      changes += 1
    }
    return true
  }

  /// The customer opened the page for the first time: `connected`, then `ready`.
  mutating func arrive(eventsKept: Int) {
    guard !customerArrived, !isClosed else { return }
    customerArrived = true
    for event in [SessionEvent.connected, .ready] {
      // A new session accepts both in this order; a closed one was turned away above.
      _ = try? apply(.event(event), eventsKept: eventsKept)
      record(.object([("event", .string(event.rawValue))]), eventsKept: eventsKept)
    }
  }

  /// Applies one merchant call or customer answer under the seeds' rules.
  /// - Parameter answer: for a response, the merchant's event (`parse`'s keys, every one
  ///   of them); the step holds only the keys the open form shows, as the rules check.
  /// - Throws: ``CustomerSessionError``; the session is unchanged then.
  mutating func apply(
    _ step: SessionStep, eventsKept: Int, answer: JSONValue? = nil
  ) throws(CustomerSessionError) {
    // The seeds let close come twice; the server's contract refuses every call after it.
    if isClosed { throw .notReady }
    let before = rules.stage
    try rules.apply(step)
    switch step {
    case .request: formToken = SecureToken.make()
    case .response(let values):
      formToken = nil
      record(.object([("response", answer ?? values)]), eventsKept: eventsKept)
    case .declined:
      formToken = nil
      record(.object([("declined", .bool(true))]), eventsKept: eventsKept)
    case .close:
      isClosed = true
      formToken = nil
      record(.object([("event", .string(SessionEvent.closed.rawValue))]), eventsKept: eventsKept)
    default: break
    }
    if rules.stage != before {
      screenVersion += 1
      changes += 1
      if case .cart(let cart, _) = rules.stage {
        recentCarts.append((screenVersion, cart))
        if recentCarts.count > Self.recentCartLimit { recentCarts.removeFirst() }
      }
    }
  }

  /// Events with a sequence number above `after`, oldest first.
  func events(after: Int) -> [JSONValue] {
    events.filter { $0.seq > after }.map(\.json)
  }

  /// The cart the page showing screen `version` saw, if it showed a recent cart.
  func cart(shownAt version: UInt64) -> ShoppingCart? {
    recentCarts.last { $0.version == version }?.cart
  }

  /// Events dropped by ``record(_:eventsKept:)`` in this process, for `/metrics`.
  static let eventsDropped = Atomic<Int>(0)

  /// Appends `{"seq": N, …members}`, dropping the oldest beyond `eventsKept`.
  private mutating func record(_ event: JSONValue, eventsKept: Int) {
    guard case .object(let members) = event else { return }
    lastSeq += 1
    events.append((lastSeq, .object([("seq", .number(String(lastSeq)))] + members)))
    if events.count > max(1, eventsKept) {
      Self.eventsDropped.add(events.count - max(1, eventsKept), ordering: .relaxed)
      events.removeFirst(events.count - max(1, eventsKept))
    }
    changes += 1
  }
}
