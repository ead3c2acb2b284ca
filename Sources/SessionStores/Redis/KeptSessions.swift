import Synchronization

/// The sessions this process keeps replayed, so that most requests ask Redis nothing
/// (docs/SERVER.md's "Kept sessions"). A kept session read or written within `fresh` and
/// announced changed by no message since is taken as current; messages that may have
/// been lost make every kept session stale. Every access is under one `Mutex` that is
/// never held across a call to Redis.
final class KeptSessions: Sendable {
  struct Kept {
    var session: ServedSession
    /// The journal length this state is replayed from (the session's version).
    var length: Int
    /// When the read or write that confirmed this state was sent to Redis; nil: not confirmed.
    var checked: ContinuousClock.Instant?
    /// When the last activity, and the customer's last request, were last written.
    var activeWritten: ContinuousClock.Instant?
    var seenWritten: ContinuousClock.Instant?
  }

  private struct State {
    var sessions: [String: Kept] = [:]
    /// Customer token → session id (fixed for a session's life).
    var tokens: [String: String] = [:]
    /// The latest change announced per session (`UInt64.max`: removed) and when it
    /// arrived, for `fresh` (older ones no longer matter).
    var announced: [String: (changes: UInt64, at: ContinuousClock.Instant)] = [:]
  }

  /// Sessions kept at most; beyond, the cache starts again empty.
  static let limit = 20_000
  /// Announcements kept at most before those older than `fresh` are dropped.
  private static let announcedLimit = 1_024

  private let state = Mutex(State())
  /// How long a kept session is current without asking Redis while no message says otherwise.
  let fresh: Duration
  /// The sessions' idle timeout: Redis forgets one by its TTL, which no message announces.
  let idleTimeout: Duration

  init(fresh: Duration, idleTimeout: Duration) {
    self.fresh = fresh
    self.idleTimeout = idleTimeout
  }

  /// The kept session, current or not.
  func any(_ id: String) -> Kept? { state.withLock { $0.sessions[id] } }

  /// The session id of a customer token seen before.
  func id(forToken token: String) -> String? { state.withLock { $0.tokens[token] } }

  /// The kept session when it may be taken as current at `now`: confirmed within `fresh`,
  /// not idle past the timeout, and no message since announced a newer change.
  func current(_ id: String, now: ContinuousClock.Instant) -> Kept? {
    state.withLock { state -> Kept? in
      guard let kept = state.sessions[id], let checked = kept.checked, now - checked < fresh,
        now - kept.session.lastActivity < idleTimeout
      else { return nil }
      if let announced = state.announced[id], announced.changes > kept.session.changes { return nil }
      return kept
    }
  }

  /// The kept session when a write of this process confirmed a state newer than
  /// `length` (another request's, which won the race to the journal): where a change
  /// that lost that race starts again without reading Redis.
  func confirmed(_ id: String, newerThan length: Int) -> Kept? {
    state.withLock { state -> Kept? in
      guard let kept = state.sessions[id], kept.length > length, kept.checked != nil else { return nil }
      return kept
    }
  }

  /// Keeps `kept` unless a newer state is kept already (a read that ran beside a write
  /// may come back after it); `token` maps to `id` from now on.
  func remember(_ id: String, _ kept: Kept, token: String?) {
    state.withLock { state in
      if state.sessions.count >= Self.limit, state.sessions[id] == nil {
        state.sessions.removeAll()
        state.tokens.removeAll()
      }
      if let token { state.tokens[token] = id }
      if let current = state.sessions[id], current.length > kept.length { return }
      state.sessions[id] = kept
    }
  }

  func forget(_ id: String) {
    state.withLock { state in
      if let removed = state.sessions.removeValue(forKey: id) { state.tokens[removed.session.customerToken] = nil }
    }
  }

  /// A message: the session changed or was removed. Kept sessions it makes stale are no
  /// longer fresh; a removed one is forgotten.
  func announce(_ change: SessionChange) {
    let now = ContinuousClock.now
    state.withLock { state in
      if state.announced.count >= Self.announcedLimit {
        state.announced = state.announced.filter { now - $0.value.at < fresh }
      }
      let id: String
      let changes: UInt64
      switch change {
      case .changed(let changed, let count): (id, changes) = (changed, count)
      case .removed(let removed): (id, changes) = (removed, .max)
      }
      state.announced[id] = (max(state.announced[id]?.changes ?? 0, changes), now)
      if case .removed = change, let removed = state.sessions.removeValue(forKey: id) {
        state.tokens[removed.session.customerToken] = nil
      }
    }
  }

  /// Messages may have been lost: no kept session is fresh until read or written again.
  func staleAll() {
    state.withLock { state in
      for id in state.sessions.keys { state.sessions[id]?.checked = nil }
    }
  }
}
