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
/// Everything the customer shared lives only in ``events`` (and, with a shared store, in
/// the session's journal there) and goes with the session.
package struct ServedSession: Sendable {
  /// The merchant's id: `{routingKey}.{128-bit token}`.
  package let id: String
  /// The customer's token in `/c/{token}`: `{routingKey}.{another 128-bit token}`.
  package let customerToken: String
  package let configuration: SessionConfiguration
  package private(set) var rules: CustomerSession
  /// Grows by one whenever the customer's screen changes; pages carry it.
  package private(set) var screenVersion: UInt64 = 1
  /// Grows with every change a waiting request may care about (events, screen).
  package private(set) var changes: UInt64 = 0
  /// `{"seq": …, …}` objects, oldest first, at most the server's `eventsKept`.
  private(set) var events: [(seq: Int, json: JSONValue)] = []
  private var lastSeq = 0
  /// The carts recently shown, by screen version: a page that showed one of them gets
  /// the next cart with animation hints against it.
  private(set) var recentCarts: [(version: UInt64, cart: ShoppingCart)] = []
  /// The open form's request token (server-made, 128 bits); nil when no form is open.
  package private(set) var formToken: String?
  /// The customer's page has been opened (`connected` and `ready` were sent).
  package private(set) var customerArrived = false
  /// `close` was called: every later call is refused.
  package private(set) var isClosed = false
  /// The customer's page went away (`disconnected` was sent): the seeds' rules refuse
  /// every call but `close`.
  private(set) var isDisconnected = false
  package var lastActivity: ContinuousClock.Instant
  /// The customer's last request (a page, a post, a live-update stream, which a page
  /// with script keeps open or reopens every 25 s at most).
  package var lastCustomerContact: ContinuousClock.Instant
  /// What changed the session since a store last saved it, one journal entry per change
  /// in order (see ``replay(_:eventsKept:)``): a shared store appends them to the
  /// session's journal, from which any server rebuilds the session; the memory store
  /// drops them.
  var unsaved: [JSONValue] = []
  /// The answers of calls made with an `Idempotency-Key`, by key: the request's
  /// fingerprint, a line feed, the answer's body. A shared store holds them beside the
  /// session and gives a route the one its request names.
  package private(set) var answers: [String: String] = [:]
  /// Answers kept since a store last saved the session (saved with ``unsaved``).
  var unsavedAnswers: [(key: String, value: String)] = []

  /// The session no longer changes for the customer: closed or disconnected.
  package var hasEnded: Bool { isClosed || isDisconnected }

  /// Carts kept for hints.
  static let recentCartLimit = 8

  /// A new session under `routingKey`: its id and its customer token each the routing
  /// key, a dot and a fresh ``SecureToken``.
  init(routingKey: String, configuration: SessionConfiguration, now: ContinuousClock.Instant) {
    self.init(
      id: routingKey + "." + SecureToken.make(), customerToken: routingKey + "." + SecureToken.make(),
      configuration: configuration, now: now)
  }

  init(id: String, customerToken: String, configuration: SessionConfiguration, now: ContinuousClock.Instant) {
    self.id = id
    self.customerToken = customerToken
    self.configuration = configuration
    rules = CustomerSession(region: configuration.region.rawValue)
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
    unsaved.append(.object([("disconnect", .bool(true))]))
    record(.object([("event", .string(SessionEvent.disconnected.rawValue))]), eventsKept: eventsKept)
    if rules.stage != before {
      screenVersion += 1
      changes += 1
    }
    return true
  }

  /// The customer opened the page for the first time: `connected`, then `ready`.
  package mutating func arrive(eventsKept: Int) {
    guard !customerArrived, !isClosed else { return }
    customerArrived = true
    unsaved.append(.object([("arrive", .bool(true))]))
    for event in [SessionEvent.connected, .ready] {
      // A new session accepts both in this order; a closed one was turned away above.
      _ = try? apply(.event(event), eventsKept: eventsKept)
      record(.object([("event", .string(event.rawValue))]), eventsKept: eventsKept)
    }
  }

  /// Applies one merchant call or customer answer under the seeds' rules.
  /// - Parameter answer: for a response, the merchant's event (`parse`'s keys, every one
  ///   of them); the step holds only the keys the open form shows, as the rules check.
  ///   - line: for a merchant's call, the transcript line it was parsed from (what the
  ///     journal keeps, so a session is rebuilt from it); nil for the customer's answers.
  ///   - formToken: the open form's token when a journal's `request` is replayed; nil
  ///     makes a new one.
  /// - Throws: ``CustomerSessionError``; the session is unchanged then.
  package mutating func apply(
    _ step: SessionStep, eventsKept: Int, answer: JSONValue? = nil, line: JSONValue? = nil,
    formToken token: String? = nil
  ) throws(CustomerSessionError) {
    // The seeds let close come twice; the server's contract refuses every call after it.
    if isClosed { throw .notReady }
    let before = rules.stage
    try rules.apply(step)
    switch step {
    case .request:
      formToken = token ?? SecureToken.make()
      unsaved.append(.object([("call", line ?? .null), ("formToken", .string(formToken ?? ""))]))
    case .response(let values):
      formToken = nil
      unsaved.append(.object([("response", values), ("answer", answer ?? values)]))
      record(.object([("response", answer ?? values)]), eventsKept: eventsKept)
    case .declined:
      formToken = nil
      unsaved.append(.object([("declined", .bool(true))]))
      record(.object([("declined", .bool(true))]), eventsKept: eventsKept)
    case .close:
      unsaved.append(.object([("call", line ?? .null)]))
      isClosed = true
      formToken = nil
      record(.object([("event", .string(SessionEvent.closed.rawValue))]), eventsKept: eventsKept)
    // The customer's page makes these (``arrive(eventsKept:)``, ``disconnect(eventsKept:)``), which journal them.
    case .event: break
    default: unsaved.append(.object([("call", line ?? .null)]))
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

  /// Applies one entry of the session's journal (what ``unsaved`` held when it was
  /// saved), as the change it records was applied first; false when it does not apply.
  mutating func replay(_ entry: JSONValue, eventsKept: Int) -> Bool {
    guard case .object(let members) = entry, let (name, value) = members.first.map({ ($0.key, $0.value) }) else {
      return false
    }
    switch name {
    case "arrive":
      arrive(eventsKept: eventsKept)
      return true
    case "disconnect": return disconnect(eventsKept: eventsKept)
    case "declined": return (try? apply(.declined, eventsKept: eventsKept)) != nil
    case "response":
      let answer = members.first { $0.key == "answer" }?.value
      return (try? apply(.response(value), eventsKept: eventsKept, answer: answer)) != nil
    case "call":
      guard let step = try? Transcript.step(value, currency: configuration.currency.rawValue).step else { return false }
      var token: String?
      if case .string(let text)? = members.first(where: { $0.key == "formToken" })?.value { token = text }
      return (try? apply(step, eventsKept: eventsKept, line: value, formToken: token)) != nil
    default: return false
    }
  }

  /// Events with a sequence number above `after`, with it, oldest first.
  func recordedEvents(after: Int) -> [(seq: Int, json: JSONValue)] {
    events.filter { $0.seq > after }
  }

  /// Keeps the answer to a call made with an `Idempotency-Key`: a later request with the
  /// key gets it again.
  package mutating func keep(answer value: String, forKey key: String) {
    answers[key] = value
    unsavedAnswers.append((key, value))
  }

  /// An answer kept in the store beside the session (read with it, not changed by it).
  mutating func restore(answer value: String, forKey key: String) { answers[key] = value }

  /// The sequence number of the latest event (0 before the first).
  var lastEventSeq: Int { lastSeq }

  /// Events with a sequence number above `after`, oldest first.
  package func events(after: Int) -> [JSONValue] {
    events.filter { $0.seq > after }.map(\.json)
  }

  /// The cart the page showing screen `version` saw, if it showed a recent cart.
  package func cart(shownAt version: UInt64) -> ShoppingCart? {
    recentCarts.last { $0.version == version }?.cart
  }

  /// Events dropped by ``record(_:eventsKept:)`` in this process, for `/metrics`.
  package static let eventsDropped = Atomic<Int>(0)

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
