import Foundation
import RedisClient
import RenderCore
import Synchronization

/// Sessions in a Redis that several servers share, so any server serves any session and
/// a restart loses none. What Redis holds is docs/SERVER.md's "What Redis holds" (the
/// names: ``RedisKeys``); when a server answers from its kept copy without asking Redis
/// is its "Kept sessions" (``KeptSessions``, kept current by ``RedisChangeFeed``).
///
/// A session's state is its journal replayed (``SessionJournal``); its length is the
/// session's version. A change is appended by `commit.lua` only when the journal still
/// has the length it was read at (optimistic concurrency): otherwise the route runs again
/// on the newer state, which this process's own winning write has kept when it was that
/// one, or Redis is read. No lock is held while a request waits on Redis: this process's
/// changes of one session take turns (``SessionTurns``, a semaphore per waiting change,
/// bounded), which spares them lost races, and the script alone decides what lands. The
/// last activity and the customer's last request are written at most once per
/// ``touchMilliseconds`` when they are all that changed.
package final class RedisSessionStore: SessionStore {
  let idleTimeoutSeconds: Int
  /// `--events-kept`: what a replayed session keeps.
  let eventsKept: Int
  private let redis: GuardedRedis
  private let kept: KeptSessions
  private let feed: RedisChangeFeed
  private let turns = SessionTurns()
  /// Told of each journal entry that is not JSON (the server logs it and counts it).
  private let unreadable: @Sendable (SessionJournal.UnreadableEntry) -> Void

  /// How long a kept session is taken as current without asking Redis, while no message
  /// says otherwise: the staleness when a message is lost.
  static let freshMilliseconds = 200
  /// How often, per session, a request that only keeps it alive writes that to Redis.
  static let touchMilliseconds = 1_000
  /// This store's ``touchMilliseconds`` (tests change it, and ``freshMilliseconds``).
  let touch: Duration
  /// Times a change is tried on a state read from Redis (or loses to a change this
  /// process has not seen) before the store is called unavailable.
  static let attempts = 16
  /// Times a change may lose to changes whose newer state this process has kept already
  /// (each of them landed) before the store is called unavailable.
  static let yieldLimit = 256
  /// Milliseconds a command may take; longer is the store unavailable.
  static var commandMilliseconds: Int { GuardedRedis.commandMilliseconds }

  var pool: RedisPool { redis.pool }

  convenience init(
    _ address: RedisAddress, idleTimeoutSeconds: Int, eventsKept: Int,
    observe: @escaping @Sendable (Int) -> Void = { _ in },
    unreadable: @escaping @Sendable (SessionJournal.UnreadableEntry) -> Void = { _ in },
    freshMilliseconds: Int = freshMilliseconds, touchMilliseconds: Int = touchMilliseconds
  ) {
    self.init(
      .fixed(address), idleTimeoutSeconds: idleTimeoutSeconds, eventsKept: eventsKept, observe: observe,
      unreadable: unreadable, freshMilliseconds: freshMilliseconds, touchMilliseconds: touchMilliseconds)
  }

  /// With sentinels, every write a route answers on (a session made, a change appended,
  /// a session removed) is followed by `WAIT` for a replica: unacknowledged, the route
  /// answers unavailable (the write may still be there; an `Idempotency-Key` makes the
  /// retry safe).
  /// - Parameters:
  ///   - observe: told how long each command took, in microseconds (the server's metrics).
  ///   - unreadable: told of each journal entry that is not JSON.
  package init(
    _ target: RedisTarget, idleTimeoutSeconds: Int, eventsKept: Int,
    observe: @escaping @Sendable (Int) -> Void = { _ in },
    unreadable: @escaping @Sendable (SessionJournal.UnreadableEntry) -> Void = { _ in },
    freshMilliseconds: Int = freshMilliseconds, touchMilliseconds: Int = touchMilliseconds
  ) {
    redis = GuardedRedis(target, observe: observe)
    kept = KeptSessions(fresh: .milliseconds(freshMilliseconds), idleTimeout: .seconds(idleTimeoutSeconds))
    feed = RedisChangeFeed(pool: redis.pool, kept: kept)
    self.unreadable = unreadable
    touch = .milliseconds(touchMilliseconds)
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.eventsKept = eventsKept
  }

  /// Connects and asks `PING`: how `serve` checks the store before listening.
  package func check() throws(RedisFailure) {
    let reply = try pool.command(["PING"])
    if case .error(let text) = reply { throw RedisFailure(description: "\(pool.target): \(text)") }
  }

  package var isAvailable: Bool { (try? redis.run(["PING"])) == .status("PONG") }

  // MARK: Sessions

  package func create(
    configuration: SessionConfiguration, source: JSONValue?, routingKey: String, limit: Int,
    now: ContinuousClock.Instant, idempotency: (key: String, fingerprint: String)?
  ) throws(SessionStoreError) -> SessionCreation {
    let session = ServedSession(routingKey: routingKey, configuration: configuration, now: now)
    let call = CreateScriptCall(
      id: session.id, customerToken: session.customerToken, configuration: source.map(JSONOutput.compact),
      ttlSeconds: idleTimeoutSeconds, nowMilliseconds: Self.wallMilliseconds(), limit: limit,
      idempotency: idempotency, keyLifetimeSeconds: SessionCreation.keyLifetimeSeconds)
    switch CreateScriptCall.outcome(try redis.run(call, replicated: true)) {
    case .made:
      kept.remember(
        session.id, KeptSessions.Kept(session: session, length: 0, checked: nil), token: session.customerToken)
      return .created(session)
    case .full: throw .full
    case .kept(let fingerprint, let id, let customerToken):
      return .kept(fingerprint: fingerprint, id: id, customerToken: customerToken)
    case nil: throw .unavailable
    }
  }

  package func withSession<T>(id: String, answerKey: String?, _ body: (inout ServedSession) -> T)
    throws(SessionStoreError)
    -> T?
  {
    try change(id: id, answerKey: answerKey, readsKept: false, body)
  }

  package func withSession<T>(token: String, _ body: (inout ServedSession) -> T) throws(SessionStoreError) -> T? {
    var id = kept.id(forToken: token)
    if id == nil {
      switch try redis.run(["GET", RedisKeys.token(token)]) {
      case .string(let bytes): id = String(decoding: bytes, as: UTF8.self)
      default: return nil
      }
    }
    guard let id else { return nil }
    return try change(id: id, answerKey: nil, readsKept: true, body)
  }

  package func configuration(id: String) throws(SessionStoreError) -> SessionConfiguration? {
    if let configuration = kept.any(id)?.session.configuration { return configuration }
    return try change(id: id, answerKey: nil, readsKept: false) { $0.configuration }
  }

  /// Reads the keys the session's hash names (its customer token's, its Idempotency-Key's),
  /// then removes them all in one script, which passes every key it deletes in `KEYS`.
  package func remove(id: String) throws(SessionStoreError) -> Bool {
    guard case .array(let fields) = try redis.run(["HMGET", RedisKeys.meta(id), "token", "created"]), fields.count == 2,
      let token = fields[0].text
    else {
      kept.forget(id)
      return false
    }
    let call = DeleteScriptCall(id: id, customerToken: token, createdKey: fields[1].text)
    let reply = try redis.run(call, replicated: true)
    kept.forget(id)
    return reply == .integer(1)
  }

  /// Redis forgets idle sessions itself (the keys' TTL).
  package func removeIdle(before cutoff: ContinuousClock.Instant) -> [String] { [] }

  package func disconnectAbsent(
    before cutoff: ContinuousClock.Instant, eventsKept: Int
  ) -> [(id: String, changes: UInt64)] {
    let cutoffWall = Self.wallMilliseconds() - Self.milliseconds(ContinuousClock.now - cutoff)
    guard
      case .array(let found)? = try? redis.run([
        "ZRANGEBYSCORE", RedisKeys.seen, "-inf", "(\(cutoffWall)", "LIMIT", "0", "256",
      ])
    else { return [] }
    var disconnected: [(id: String, changes: UInt64)] = []
    for case .string(let bytes) in found {
      let id = String(decoding: bytes, as: UTF8.self)
      let outcome: (sent: Bool, absent: Bool, changes: UInt64)?
      do {
        outcome = try change(id: id, answerKey: nil, readsKept: false) { session in
          let absent = session.lastCustomerContact < cutoff
          let sent = absent && session.disconnect(eventsKept: eventsKept)
          return (sent, absent, session.changes)
        }
      } catch {
        continue  // unavailable: tried again on the next sweep
      }
      guard let outcome else {
        _ = try? redis.run(["ZREM", RedisKeys.seen, id])
        continue
      }
      if outcome.sent { disconnected.append((id, outcome.changes)) }
      // Sent here or by another server, or a customer who never arrived: nothing more to send.
      if outcome.absent { _ = try? redis.run(["ZREM", RedisKeys.seen, id]) }
    }
    return disconnected
  }

  package var count: Int {
    let wall = Self.wallMilliseconds()
    guard
      case .integer(let count)? = try? redis.run([
        "ZCOUNT", RedisKeys.live, String(wall - idleTimeoutSeconds * 1000), "+inf",
      ])
    else { return 0 }
    return count
  }

  // MARK: Changes

  /// Loads the session, runs `body` on it and appends what it changed, again on the newer
  /// state while another request (on another server, or here past its turn) changed it
  /// meanwhile. As in the memory store, only a `body` that sets
  /// ``ServedSession/lastActivity`` keeps the session alive (its keys' TTL, `tts:live`)
  /// and only one that sets ``ServedSession/lastCustomerContact`` counts as the customer
  /// seen (`tts:seen`); a `body` that changes none of these writes nothing. The first
  /// attempt starts from the kept session when it is current (see the type's notes), a
  /// later one from the state a winning change here kept; `readsKept`: a `body` that
  /// changes nothing may answer from the kept session (a merchant's read is exact: it
  /// reads Redis again). Changes of one session here take turns (``SessionTurns``: no
  /// lock held while waiting on Redis); a customer's read takes none.
  private func change<T>(
    id: String, answerKey: String?, readsKept: Bool, _ body: (inout ServedSession) -> T
  ) throws(SessionStoreError) -> T? {
    if readsKept, answerKey == nil {
      // A read waits for no other request's round trip; one that turns out to write
      // runs again in its turn.
      guard let loaded = try readStart(id: id) else { return nil }
      var session = loaded.start.session
      let result = body(&session)
      if !writes(session, from: loaded.start, at: loaded.sent) { return result }
    }
    return try turns.inTurn(id, limit: .milliseconds(GuardedRedis.commandMilliseconds)) {
      () throws(SessionStoreError) -> T? in
      try attempts(id: id, answerKey: answerKey, readsKept: readsKept, body)
    }
  }

  /// Where a read starts, as the first of ``attempts(id:answerKey:readsKept:_:)``
  /// does (the kept session when current, else Redis), out of the generic attempts: the
  /// customer's page reads here, and only a read that writes takes a turn.
  /// - Returns: nil when there is no such session.
  private func readStart(id: String) throws(SessionStoreError)
    -> (start: KeptSessions.Kept, sent: ContinuousClock.Instant)?
  {
    let sent = ContinuousClock.now
    if feed.isSubscribed, let current = kept.current(id, now: sent) { return (current, sent) }
    guard let read = try load(id: id, answerKey: nil, sent: sent) else { return nil }
    return (read, sent)
  }

  /// Whether `session`, changed from `loaded` by a request sent at `sent`, has anything
  /// to write: entries, or its last activity or customer contact due to be written again.
  private func writes(_ session: ServedSession, from loaded: KeptSessions.Kept, at sent: ContinuousClock.Instant)
    -> Bool
  {
    guard session.unsaved.isEmpty else { return true }
    let active = session.lastActivity != loaded.session.lastActivity
    let seen = session.lastCustomerContact != loaded.session.lastCustomerContact
    return (active && due(loaded.activeWritten, now: sent)) || (seen && due(loaded.seenWritten, now: sent))
  }

  private func attempts<T>(
    id: String, answerKey: String?, readsKept: Bool, _ body: (inout ServedSession) -> T
  ) throws(SessionStoreError) -> T? {
    // Where the next attempt starts when the last one lost to a change whose newer state
    // this process has kept already; nil: the kept session when current, else Redis.
    var next: KeptSessions.Kept?
    // With an Idempotency-Key the answer kept in Redis is read with the session.
    var startsKept = answerKey == nil
    // Attempts that read Redis or lost to a change this process has not seen, and those
    // lost to a change it has (mostly its own requests racing): each of the latter is
    // another change landed, so they have a bound of their own, far enough that requests
    // racing here do not starve.
    var tried = 0
    var yielded = 0
    while tried < Self.attempts, yielded < Self.yieldLimit {
      let sent = ContinuousClock.now
      var start: KeptSessions.Kept?
      if startsKept {
        // Only the first attempt starts from the kept session: after a lost race it may
        // still look current (the winner's message not arrived yet).
        start = next ?? (tried + yielded == 0 && feed.isSubscribed ? kept.current(id, now: sent) : nil)
      }
      next = nil
      let fromKept = start != nil
      if start == nil {
        guard let read = try load(id: id, answerKey: answerKey, sent: sent) else { return nil }
        start = read
      }
      guard let loaded = start else { return nil }
      var session = loaded.session
      let lastSeq = session.lastEventSeq
      let result = body(&session)
      let active = session.lastActivity != loaded.session.lastActivity
      let seen = session.lastCustomerContact != loaded.session.lastCustomerContact
      if session.unsaved.isEmpty {
        if fromKept, !readsKept {
          startsKept = false
          tried += 1
          continue
        }
        let writesActive = active && due(loaded.activeWritten, now: sent)
        let writesSeen = seen && due(loaded.seenWritten, now: sent)
        if !writesActive, !writesSeen { return result }
      }
      let call = CommitScriptCall(
        id: id, customerToken: session.customerToken, expectedLength: loaded.length,
        activeTTLSeconds: active ? idleTimeoutSeconds : nil, nowMilliseconds: Self.wallMilliseconds(),
        eventsKept: eventsKept, changes: session.changes, customerSeen: seen,
        entries: session.unsaved.map(JSONOutput.compact),
        answers: session.unsavedAnswers.map { (key: $0.0, answer: $0.1) },
        events: session.recordedEvents(after: lastSeq).map { (seq: $0.seq, json: JSONOutput.compact($0.json)) })
      let written = ContinuousClock.now
      switch CommitScriptCall.outcome(try redis.run(call, replicated: true)) {
      case .appended:
        let length = loaded.length + session.unsaved.count
        session.unsaved.removeAll()
        session.unsavedAnswers.removeAll()
        kept.remember(
          id,
          KeptSessions.Kept(
            session: session, length: length, checked: written,
            activeWritten: active ? written : loaded.activeWritten, seenWritten: seen ? written : loaded.seenWritten),
          token: nil)
        return result
      case .journalGrew:
        next = kept.confirmed(id, newerThan: loaded.length)
        if next == nil { tried += 1 } else { yielded += 1 }
      case .noSession:
        kept.forget(id)
        return nil
      }
    }
    throw .unavailable
  }

  private func due(_ written: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> Bool {
    guard let written else { return true }
    return now - written >= touch
  }

  /// The session as its journal says now, with its last activity and the customer's last
  /// request as Redis has them (read only: nothing is written); nil when there is none.
  private func load(id: String, answerKey: String?, sent: ContinuousClock.Instant) throws(SessionStoreError)
    -> KeptSessions.Kept?
  {
    let known = kept.any(id)
    let wall = Self.wallMilliseconds()
    let call = LoadScriptCall(id: id, from: known?.length ?? 0, answerKey: answerKey)
    guard let read = LoadScriptCall.loaded(try redis.run(call)) else {
      kept.forget(id)
      return nil
    }
    let now = ContinuousClock.now
    var current: KeptSessions.Kept
    var position = 0
    if let known, known.length + read.entries.count == read.length {
      current = known
      position = known.length
    } else if read.entries.count == read.length {
      guard
        let made = SessionJournal.session(
          id: id, token: read.customerToken, configuration: read.configuration, now: now)
      else { return nil }
      current = KeptSessions.Kept(session: made, length: 0, checked: nil)
    } else {
      // The kept copy is behind what was read (the session was made again): read it whole.
      kept.forget(id)
      return try load(id: id, answerKey: answerKey, sent: sent)
    }
    for problem in SessionJournal.replay(read.entries, from: position, onto: &current.session, eventsKept: eventsKept) {
      unreadable(problem)
    }
    current.session.unsaved.removeAll()
    if let answerKey, !read.answer.isEmpty { current.session.restore(answer: read.answer, forKey: answerKey) }
    current.length = read.length
    current.checked = sent
    // Exactly as read: a route that sets either to `.now` changes it, which `change` writes.
    current.session.lastActivity = now - .milliseconds(max(0, wall - (read.activeMilliseconds ?? wall)))
    if let seen = read.seenMilliseconds {
      current.session.lastCustomerContact = now - .milliseconds(max(0, wall - seen))
    }
    kept.remember(id, current, token: read.customerToken)
    return current
  }

  // MARK: Change feed

  package func watch(_ changed: @escaping @Sendable (String, UInt64?) -> Void) { feed.watch(changed) }

  package func stopWatching() { feed.stop() }

  /// The subscriber is connected (and so kept sessions may be fresh).
  var isSubscribed: Bool { feed.isSubscribed }

  static func wallMilliseconds() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
