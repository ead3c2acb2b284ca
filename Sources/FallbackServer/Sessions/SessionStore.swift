import RenderCore
import Synchronization

/// Every session of this process, in memory, behind one lock (`Mutex`): each route
/// reads or changes a session inside ``withSession(id:_:)`` or
/// ``withSession(token:_:)`` and renders outside it.
final class SessionStore: Sendable {
  private struct State {
    var sessions: [String: ServedSession] = [:]
    /// Customer token → session id.
    var tokens: [String: String] = [:]
  }

  private let state = Mutex(State())

  /// Why a session was not made.
  enum CreateError: Error {
    case full
  }

  /// Makes a session whose id and customer token both start with `routingKey`.
  func create(
    configuration: SessionConfiguration, routingKey: String, limit: Int, now: ContinuousClock.Instant
  ) throws(CreateError) -> ServedSession {
    let session = ServedSession(
      id: routingKey + "." + SecureToken.make(), customerToken: routingKey + "." + SecureToken.make(),
      configuration: configuration, now: now)
    let added = state.withLock { state -> Bool in
      guard state.sessions.count < limit else { return false }
      state.sessions[session.id] = session
      state.tokens[session.customerToken] = session.id
      return true
    }
    guard added else { throw .full }
    return session
  }

  /// Runs `body` on the session with merchant id `id`; nil when there is none.
  func withSession<T>(id: String, _ body: (inout ServedSession) -> T) -> T? {
    state.withLock { state in
      // Taken out and put back, so the session is changed in place, never copied.
      guard var session = state.sessions.removeValue(forKey: id) else { return nil }
      defer { state.sessions[id] = session }
      return body(&session)
    }
  }

  /// Runs `body` on the session whose customer token is `token`; nil when there is none.
  func withSession<T>(token: String, _ body: (inout ServedSession) -> T) -> T? {
    state.withLock { state in
      guard let id = state.tokens[token], var session = state.sessions.removeValue(forKey: id) else { return nil }
      defer { state.sessions[id] = session }
      return body(&session)
    }
  }

  /// Forgets a session and everything in it; false when there was none.
  @discardableResult
  func remove(id: String) -> Bool {
    state.withLock { state in
      guard let session = state.sessions.removeValue(forKey: id) else { return false }
      state.tokens[session.customerToken] = nil
      return true
    }
  }

  /// Forgets every session untouched since `cutoff`; returns their ids.
  func removeIdle(before cutoff: ContinuousClock.Instant) -> [String] {
    state.withLock { state in
      let idle = state.sessions.values.filter { $0.lastActivity < cutoff }
      for session in idle {
        state.sessions[session.id] = nil
        state.tokens[session.customerToken] = nil
      }
      return idle.map(\.id)
    }
  }

  /// Sends `disconnected` for every session whose customer arrived and has not been
  /// seen since `cutoff`; returns their ids and change counters (to wake their waits).
  func disconnectAbsent(before cutoff: ContinuousClock.Instant, eventsKept: Int) -> [(id: String, changes: UInt64)] {
    state.withLock { state in
      var disconnected: [(id: String, changes: UInt64)] = []
      for id in state.sessions.keys {
        guard var session = state.sessions[id], session.lastCustomerContact < cutoff else { continue }
        if session.disconnect(eventsKept: eventsKept) {
          disconnected.append((id, session.changes))
          state.sessions[id] = session
        }
      }
      return disconnected
    }
  }

  /// Every session id (for shutdown).
  var ids: [String] { state.withLock { Array($0.sessions.keys) } }

  var count: Int { state.withLock { $0.sessions.count } }
}
