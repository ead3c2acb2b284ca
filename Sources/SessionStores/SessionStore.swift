import RenderCore
import Synchronization

/// Where the sessions live: this process's memory (``MemorySessionStore``) or a Redis
/// that several servers share (``RedisSessionStore``). Each route reads or changes a
/// session inside ``withSession(id:_:)`` or ``withSession(token:_:)`` and renders
/// outside it; neither the routes nor the seeds' rules know which store they use.
///
/// `body` may run more than once (a shared store runs it again on the session's newer
/// state when another server changed it meanwhile), so it does nothing but read and
/// change the session it is given.
package protocol SessionStore: Sendable {
  /// Makes a session whose id and customer token both start with `routingKey`.
  /// - Parameter source: the configuration's JSON as the merchant sent it; nil for the default.
  /// - Parameter idempotency: the request's `Idempotency-Key` and fingerprint: a key
  ///   seen in the last ``SessionCreation/keyLifetimeSeconds`` makes nothing and gives
  ///   back what the first request made (and its fingerprint).
  func create(
    configuration: SessionConfiguration, source: JSONValue?, routingKey: String, limit: Int,
    now: ContinuousClock.Instant, idempotency: (key: String, fingerprint: String)?
  ) throws(SessionStoreError) -> SessionCreation

  /// Runs `body` on the session with merchant id `id` and keeps what it changed; nil
  /// when there is none. `answerKey`: an `Idempotency-Key` whose kept answer `body`
  /// finds in the session's ``ServedSession/answers``.
  func withSession<T>(id: String, answerKey: String?, _ body: (inout ServedSession) -> T) throws(SessionStoreError)
    -> T?

  /// Runs `body` on the session whose customer token is `token`; nil when there is none.
  /// In both stores a request counts as activity (``ServedSession/lastActivity``) or as
  /// the customer seen (``ServedSession/lastCustomerContact``) only when `body` sets it,
  /// so a `HEAD`, which sets neither, keeps nothing alive.
  func withSession<T>(token: String, _ body: (inout ServedSession) -> T) throws(SessionStoreError) -> T?

  /// The configuration of the session with merchant id `id` (fixed for its life), from a
  /// copy this process keeps when it has one; nil when there is none. A session removed
  /// meanwhile may still give its configuration: the change that follows finds it gone.
  func configuration(id: String) throws(SessionStoreError) -> SessionConfiguration?

  /// Forgets a session and everything in it; false when there was none.
  func remove(id: String) throws(SessionStoreError) -> Bool

  func removeIdle(before cutoff: ContinuousClock.Instant) -> [String]

  func disconnectAbsent(before cutoff: ContinuousClock.Instant, eventsKept: Int) -> [(id: String, changes: UInt64)]

  /// Sessions held now.
  var count: Int { get }

  /// Whether the store answers now (`GET /healthz`).
  var isAvailable: Bool { get }

  /// Calls `changed` with a session's id and change counter whenever another server
  /// changes it (nil: removed), and with the id "" when such news may have been lost
  /// (every waiting request looks again), until ``stopWatching()``.
  func watch(_ changed: @escaping @Sendable (String, UInt64?) -> Void)

  func stopWatching()
}

extension SessionStore {
  package func withSession<T>(id: String, _ body: (inout ServedSession) -> T) throws(SessionStoreError) -> T? {
    try withSession(id: id, answerKey: nil, body)
  }
}

/// What `POST /v1/sessions` made.
package enum SessionCreation {
  case created(ServedSession)
  /// The request's `Idempotency-Key` made this session before (`fingerprint`: that
  /// request's).
  case kept(fingerprint: String, id: String, customerToken: String)

  /// How long a `POST /v1/sessions` key is remembered at most: 24 hours, as Stripe's
  /// API. Never longer than the session it made: the key holds the customer token, so it
  /// goes when the session is removed or expires.
  static let keyLifetimeSeconds = 24 * 3600
}

/// Why a store could not do what it was asked.
package enum SessionStoreError: Error, Equatable {
  /// `--max-sessions` are open.
  case full
  /// The store did not answer (Redis down, unreachable, or failing over): nothing was changed.
  case unavailable
}

/// Every session of this process, in memory, behind one lock (`Mutex`): `render-cli
/// serve`'s default store. A session lives as long as this process.
package final class MemorySessionStore: SessionStore {
  private struct State {
    var sessions: [String: ServedSession] = [:]
    /// Customer token → session id.
    var tokens: [String: String] = [:]
    /// `POST /v1/sessions` by `Idempotency-Key`, for ``SessionCreation/keyLifetimeSeconds``.
    var created: [String: (fingerprint: String, id: String, token: String, at: ContinuousClock.Instant)] = [:]
  }

  private let state = Mutex(State())

  package init() {}

  package func create(
    configuration: SessionConfiguration, source: JSONValue?, routingKey: String, limit: Int,
    now: ContinuousClock.Instant, idempotency: (key: String, fingerprint: String)?
  ) throws(SessionStoreError) -> SessionCreation {
    let session = ServedSession(routingKey: routingKey, configuration: configuration, now: now)
    let outcome = state.withLock { state -> SessionCreation? in
      if let idempotency {
        let oldest = now - .seconds(SessionCreation.keyLifetimeSeconds)
        if state.created.count >= 1_024 { state.created = state.created.filter { $0.value.at > oldest } }
        if let kept = state.created[idempotency.key], kept.at > oldest {
          return .kept(fingerprint: kept.fingerprint, id: kept.id, customerToken: kept.token)
        }
      }
      guard state.sessions.count < limit else { return nil }
      state.sessions[session.id] = session
      state.tokens[session.customerToken] = session.id
      if let idempotency {
        state.created[idempotency.key] = (idempotency.fingerprint, session.id, session.customerToken, now)
      }
      return .created(session)
    }
    guard let outcome else { throw .full }
    return outcome
  }

  package func withSession<T>(id: String, answerKey: String?, _ body: (inout ServedSession) -> T) -> T? {
    state.withLock { state in
      // Taken out and put back, so the session is changed in place, never copied.
      guard var session = state.sessions.removeValue(forKey: id) else { return nil }
      defer {
        session.unsaved.removeAll(keepingCapacity: true)
        session.unsavedAnswers.removeAll()
        state.sessions[id] = session
      }
      return body(&session)
    }
  }

  package func withSession<T>(token: String, _ body: (inout ServedSession) -> T) -> T? {
    state.withLock { state in
      guard let id = state.tokens[token], var session = state.sessions.removeValue(forKey: id) else { return nil }
      defer {
        session.unsaved.removeAll(keepingCapacity: true)
        session.unsavedAnswers.removeAll()
        state.sessions[id] = session
      }
      return body(&session)
    }
  }

  package func configuration(id: String) -> SessionConfiguration? {
    state.withLock { $0.sessions[id]?.configuration }
  }

  @discardableResult
  package func remove(id: String) -> Bool {
    state.withLock { state in
      guard let session = state.sessions.removeValue(forKey: id) else { return false }
      state.tokens[session.customerToken] = nil
      state.created = state.created.filter { $0.value.id != id }
      return true
    }
  }

  package func removeIdle(before cutoff: ContinuousClock.Instant) -> [String] {
    state.withLock { state in
      let idle = state.sessions.values.filter { $0.lastActivity < cutoff }
      for session in idle {
        state.sessions[session.id] = nil
        state.tokens[session.customerToken] = nil
      }
      if !idle.isEmpty { state.created = state.created.filter { state.sessions[$0.value.id] != nil } }
      return idle.map(\.id)
    }
  }

  package func disconnectAbsent(
    before cutoff: ContinuousClock.Instant, eventsKept: Int
  ) -> [(id: String, changes: UInt64)] {
    state.withLock { state in
      var disconnected: [(id: String, changes: UInt64)] = []
      for id in state.sessions.keys {
        guard var session = state.sessions[id], session.lastCustomerContact < cutoff else { continue }
        if session.disconnect(eventsKept: eventsKept) {
          session.unsaved.removeAll()
          disconnected.append((id, session.changes))
          state.sessions[id] = session
        }
      }
      return disconnected
    }
  }

  package var count: Int { state.withLock { $0.sessions.count } }

  /// Memory is always there.
  package var isAvailable: Bool { true }

  /// No other server changes this process's sessions.
  package func watch(_ changed: @escaping @Sendable (String, UInt64?) -> Void) {}

  package func stopWatching() {}
}
