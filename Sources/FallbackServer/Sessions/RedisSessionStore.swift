import Foundation
import RedisClient
import RenderCore
import Synchronization

/// Sessions in a Redis that several servers share, so any server serves any session and
/// a restart loses none. What Redis holds (a hash, a journal, an events Stream and the
/// idempotent answers per session, each key expiring after the idle timeout, all removed
/// at once by `DELETE`; `tts:live` and `tts:seen` for all sessions) and when a server
/// answers from its kept copy without asking Redis are docs/SERVER.md's "What Redis
/// holds" and "Kept sessions"; the key names are ``meta(_:)`` and its neighbours below.
///
/// A session's state is its journal replayed (``ServedSession/replay(_:eventsKept:)``);
/// its length is the session's version. A change is appended by a Lua script only when
/// the journal still has the length it was read at (optimistic concurrency: otherwise
/// the route runs again on the newer state), and announced on `tts:changed` as
/// `ID CHANGES` (`ID` alone: removed), which each process's one subscriber turns into
/// wake-ups. A kept session read or written within ``freshMilliseconds`` and announced
/// changed by no message since is taken as kept; the last activity and the customer's
/// last request are written at most once per ``touchMilliseconds`` when they are all
/// that changed.
final class RedisSessionStore: SessionStore {
  let pool: RedisPool
  let idleTimeoutSeconds: Int
  /// `--events-kept`: what a replayed session keeps.
  let eventsKept: Int
  private let cache = Mutex(Cache())
  private let subscriber = Mutex<Subscriber>(Subscriber())

  private struct Cached {
    var session: ServedSession
    var length: Int
    /// When the read or write that confirmed this state was sent to Redis; nil: not confirmed.
    var checked: ContinuousClock.Instant?
    /// When the last activity, and the customer's last request, were last written.
    var activeWritten: ContinuousClock.Instant?
    var seenWritten: ContinuousClock.Instant?
  }

  private struct Cache {
    var sessions: [String: Cached] = [:]
    /// Customer token → session id (fixed for a session's life).
    var tokens: [String: String] = [:]
    /// The latest change announced per session (`UInt64.max`: removed) and when it
    /// arrived, for ``freshMilliseconds`` (older ones no longer matter).
    var announced: [String: (changes: UInt64, at: ContinuousClock.Instant)] = [:]
  }

  private struct Subscriber {
    var running = false
    var connection: RedisConnection?
  }

  /// Sessions kept replayed in memory at most; beyond, the cache starts again empty.
  static let cacheLimit = 20_000
  /// How long a kept session is taken as current without asking Redis, while no message
  /// says otherwise: the staleness when a message is lost.
  static let freshMilliseconds = 200
  /// How often, per session, a request that only keeps it alive writes that to Redis.
  static let touchMilliseconds = 1_000
  /// This store's ``freshMilliseconds`` and ``touchMilliseconds`` (tests change them).
  let fresh: Duration
  let touch: Duration
  /// The subscriber is connected: messages arrive, so kept sessions may be fresh.
  private let subscribed = Atomic<Bool>(false)
  /// Locks that a session's changes in this process take (by a hash of its id).
  private let gates = (0..<gateCount).map { _ in PThreadMutex(()) }
  private static let gateCount = 64
  /// Times a change is tried against a newer state before the store is called unavailable.
  static let attempts = 16
  /// Milliseconds a command may take; longer is the store unavailable.
  static let commandMilliseconds = 2_000
  /// After a command timed out or could not connect, the store answers unavailable at
  /// once for this long, without asking Redis (a paused Redis would otherwise hold each
  /// request's thread for ``commandMilliseconds``); then one request tries Redis again
  /// while the others still answer unavailable.
  static let backOffMilliseconds = 1_000
  private let breaker = Mutex<ContinuousClock.Instant?>(nil)

  /// Told how long each command took, in microseconds (the server's metrics).
  private let observe: @Sendable (Int) -> Void

  convenience init(
    _ address: RedisAddress, idleTimeoutSeconds: Int, eventsKept: Int,
    observe: @escaping @Sendable (Int) -> Void = { _ in }, freshMilliseconds: Int = freshMilliseconds,
    touchMilliseconds: Int = touchMilliseconds
  ) {
    self.init(
      .fixed(address), idleTimeoutSeconds: idleTimeoutSeconds, eventsKept: eventsKept, observe: observe,
      freshMilliseconds: freshMilliseconds, touchMilliseconds: touchMilliseconds)
  }

  /// With sentinels, every write a route answers on (a session made, a change appended,
  /// a session removed) is followed by `WAIT` for a replica: unacknowledged, the route
  /// answers unavailable (the write may still be there; an `Idempotency-Key` makes the
  /// retry safe).
  init(
    _ target: RedisTarget, idleTimeoutSeconds: Int, eventsKept: Int,
    observe: @escaping @Sendable (Int) -> Void = { _ in }, freshMilliseconds: Int = freshMilliseconds,
    touchMilliseconds: Int = touchMilliseconds
  ) {
    self.observe = observe
    fresh = .milliseconds(freshMilliseconds)
    touch = .milliseconds(touchMilliseconds)
    pool = RedisPool(target, milliseconds: Self.commandMilliseconds)
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.eventsKept = eventsKept
  }

  /// Connects and asks `PING`: how `serve` checks the store before listening.
  func check() throws(RedisFailure) {
    let reply = try pool.command(["PING"])
    if case .error(let text) = reply { throw RedisFailure(description: "\(pool.target): \(text)") }
  }

  var isAvailable: Bool { (try? run(["PING"])) == .status("PONG") }

  // MARK: Sessions

  func create(
    configuration: SessionConfiguration, source: JSONValue?, routingKey: String, limit: Int,
    now: ContinuousClock.Instant, idempotency: (key: String, fingerprint: String)?
  ) throws(SessionStoreError) -> SessionCreation {
    let session = ServedSession(
      id: routingKey + "." + SecureToken.make(), customerToken: routingKey + "." + SecureToken.make(),
      configuration: configuration, now: now)
    let wall = Self.wallMilliseconds()
    let reply = try run(
      Self.createScript,
      keys: [
        Self.meta(session.id), Self.token(session.customerToken), Self.live,
        Self.createdKey(idempotency?.key ?? ""),
      ],
      arguments: [
        source.map(JSONOutput.compact) ?? "", session.customerToken, session.id,
        String(idleTimeoutSeconds), String(wall), String(limit), String(wall - idleTimeoutSeconds * 1000),
        idempotency.map { $0.fingerprint + " " + session.id + " " + session.customerToken } ?? "",
        String(SessionCreation.keyLifetimeSeconds),
      ], replicated: true)
    if let kept = reply.text {
      let fields = kept.split(separator: " ").map(String.init)
      guard fields.count == 3 else { throw .unavailable }
      return .kept(fingerprint: fields[0], id: fields[1], customerToken: fields[2])
    }
    guard reply == .integer(1) else { throw .full }
    remember(id: session.id, Cached(session: session, length: 0, checked: nil), token: session.customerToken)
    return .created(session)
  }

  func withSession<T>(id: String, answerKey: String?, _ body: (inout ServedSession) -> T) throws(SessionStoreError)
    -> T?
  {
    try change(id: id, answerKey: answerKey, readsKept: false, body)
  }

  func withSession<T>(token: String, _ body: (inout ServedSession) -> T) throws(SessionStoreError) -> T? {
    var id = cache.withLock { $0.tokens[token] }
    if id == nil {
      switch try run(["GET", Self.token(token)]) {
      case .string(let bytes): id = String(decoding: bytes, as: UTF8.self)
      default: return nil
      }
    }
    guard let id else { return nil }
    return try change(id: id, answerKey: nil, readsKept: true, body)
  }

  func configuration(id: String) throws(SessionStoreError) -> SessionConfiguration? {
    if let kept = cache.withLock({ $0.sessions[id]?.session.configuration }) { return kept }
    return try change(id: id, answerKey: nil, readsKept: false) { $0.configuration }
  }

  func remove(id: String) throws(SessionStoreError) -> Bool {
    let reply = try run(
      Self.deleteScript,
      keys: [Self.meta(id), Self.journal(id), Self.events(id), Self.live, Self.seen, Self.answers(id)],
      arguments: [id], replicated: true)
    forgetLocally(id)
    return reply == .integer(1)
  }

  /// Redis forgets idle sessions itself (the keys' TTL).
  func removeIdle(before cutoff: ContinuousClock.Instant) -> [String] { [] }

  func disconnectAbsent(before cutoff: ContinuousClock.Instant, eventsKept: Int) -> [(id: String, changes: UInt64)] {
    let cutoffWall = Self.wallMilliseconds() - Self.milliseconds(ContinuousClock.now - cutoff)
    guard
      case .array(let found)? = try? run([
        "ZRANGEBYSCORE", Self.seen, "-inf", "(\(cutoffWall)", "LIMIT", "0", "256",
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
        _ = try? run(["ZREM", Self.seen, id])
        continue
      }
      if outcome.sent { disconnected.append((id, outcome.changes)) }
      // Sent here or by another server, or a customer who never arrived: nothing more to send.
      if outcome.absent { _ = try? run(["ZREM", Self.seen, id]) }
    }
    return disconnected
  }

  var count: Int {
    let wall = Self.wallMilliseconds()
    guard case .integer(let count)? = try? run(["ZCOUNT", Self.live, String(wall - idleTimeoutSeconds * 1000), "+inf"])
    else { return 0 }
    return count
  }

  // MARK: Changes

  /// Loads the session, runs `body` on it and appends what it changed, again on the newer
  /// state while another server changed it meanwhile. As in the memory store, only a
  /// `body` that sets ``ServedSession/lastActivity`` keeps the session alive (its keys'
  /// TTL, `tts:live`) and only one that sets ``ServedSession/lastCustomerContact`` counts
  /// as the customer seen (`tts:seen`); a `body` that changes none of these writes nothing.
  /// The first attempt starts from the kept session when it is fresh (see the type's
  /// notes); `readsKept`: a `body` that changes nothing may answer from it.
  private func change<T>(
    id: String, answerKey: String?, readsKept: Bool, _ body: (inout ServedSession) -> T
  ) throws(SessionStoreError) -> T? {
    if readsKept, answerKey == nil {
      // A read takes no turn: it waits for no other request's round trip. One that
      // turns out to write runs again in its turn.
      let sent = ContinuousClock.now
      var start = freshlyKept(id, now: sent)
      if start == nil { start = try load(id: id, answerKey: nil, sent: sent) }
      guard let start else { return nil }
      var session = start.session
      let result = body(&session)
      if session.unsaved.isEmpty {
        let active = session.lastActivity != start.session.lastActivity
        let seen = session.lastCustomerContact != start.session.lastCustomerContact
        // Not written yet: the kept copy keeps the times last read or written, which is
        // what Redis has (its TTL is no later than they say).
        if !(active && due(start.activeWritten, now: sent)), !(seen && due(start.seenWritten, now: sent)) {
          return result
        }
      }
    }
    // This process's changes of one session take turns, so they do not conflict with
    // each other (other servers' still may).
    return try gates[Self.gate(id)].withLock { _ throws(SessionStoreError) -> T? in
      try changeInTurn(id: id, answerKey: answerKey, readsKept: readsKept, body)
    }
  }

  private static func gate(_ id: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(gateCount))
  }

  private func changeInTurn<T>(
    id: String, answerKey: String?, readsKept: Bool, _ body: (inout ServedSession) -> T
  ) throws(SessionStoreError) -> T? {
    for attempt in 0..<Self.attempts {
      let sent = ContinuousClock.now
      let kept = attempt == 0 && answerKey == nil ? freshlyKept(id, now: sent) : nil
      let loaded: Cached
      if let kept {
        loaded = kept
      } else {
        guard let read = try load(id: id, answerKey: answerKey, sent: sent) else { return nil }
        loaded = read
      }
      var session = loaded.session
      let lastSeq = session.lastEventSeq
      let result = body(&session)
      let active = session.lastActivity != loaded.session.lastActivity
      let seen = session.lastCustomerContact != loaded.session.lastCustomerContact
      if session.unsaved.isEmpty {
        // A merchant's read is exact: read again from Redis.
        if kept != nil, !readsKept { continue }
        let writesActive = active && due(loaded.activeWritten, now: sent)
        let writesSeen = seen && due(loaded.seenWritten, now: sent)
        if !writesActive, !writesSeen { return result }
      }
      var arguments = [
        String(loaded.length), active ? String(idleTimeoutSeconds) : "", String(Self.wallMilliseconds()), id,
        String(max(1, eventsKept)), "\(id) \(session.changes)", seen ? "1" : "0", String(session.unsaved.count),
        String(session.unsavedAnswers.count),
      ]
      arguments += session.unsaved.map(JSONOutput.compact)
      for (key, value) in session.unsavedAnswers { arguments += [key, value] }
      for (seq, event) in session.recordedEvents(after: lastSeq) {
        arguments += [String(seq), JSONOutput.compact(event)]
      }
      let written = ContinuousClock.now
      let reply = try run(
        Self.commitScript,
        keys: [Self.meta(id), Self.journal(id), Self.events(id), Self.live, Self.answers(id), Self.seen],
        arguments: arguments, replicated: true)
      switch reply {
      case .integer(1):
        let length = loaded.length + session.unsaved.count
        session.unsaved.removeAll()
        session.unsavedAnswers.removeAll()
        remember(
          id: id,
          Cached(
            session: session, length: length, checked: written,
            activeWritten: active ? written : loaded.activeWritten, seenWritten: seen ? written : loaded.seenWritten),
          token: nil)
        return result
      case .integer(0): continue
      default:
        forgetLocally(id)
        return nil
      }
    }
    throw .unavailable
  }

  private func due(_ written: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> Bool {
    guard let written else { return true }
    return now - written >= touch
  }

  /// The subscriber is connected (and so kept sessions may be fresh).
  var isSubscribed: Bool { subscribed.load(ordering: .acquiring) }

  /// The kept session when it may be taken as current (see the type's notes); nil otherwise.
  private func freshlyKept(_ id: String, now: ContinuousClock.Instant) -> Cached? {
    guard subscribed.load(ordering: .acquiring) else { return nil }
    return cache.withLock { cache -> Cached? in
      guard let cached = cache.sessions[id], let checked = cached.checked,
        now - checked < fresh,
        // Gone from Redis by its TTL, which no message announces.
        now - cached.session.lastActivity < .seconds(idleTimeoutSeconds)
      else { return nil }
      if let announced = cache.announced[id], announced.changes > cached.session.changes { return nil }
      return cached
    }
  }

  /// A message: session `id` changed (`changes`) or was removed (nil); "" after messages
  /// may have been lost. Kept sessions it makes stale are no longer fresh.
  private func announce(_ id: String, changes: UInt64?) {
    let now = ContinuousClock.now
    cache.withLock { cache in
      if id.isEmpty {
        for key in cache.sessions.keys { cache.sessions[key]?.checked = nil }
        return
      }
      if cache.announced.count >= 1_024 {
        cache.announced = cache.announced.filter { now - $0.value.at < fresh }
      }
      let previous = cache.announced[id]?.changes ?? 0
      cache.announced[id] = (max(previous, changes ?? .max), now)
      if changes == nil, let removed = cache.sessions.removeValue(forKey: id) {
        cache.tokens[removed.session.customerToken] = nil
      }
    }
  }

  /// The session as its journal says now, with its last activity and the customer's last
  /// request as Redis has them (read only: nothing is written); nil when there is none.
  private func load(id: String, answerKey: String?, sent: ContinuousClock.Instant) throws(SessionStoreError)
    -> Cached?
  {
    let cached = cache.withLock { $0.sessions[id] }
    let wall = Self.wallMilliseconds()
    let reply = try run(
      Self.loadScript,
      keys: [Self.meta(id), Self.journal(id), Self.events(id), Self.live, Self.seen, Self.answers(id)],
      arguments: [
        String(cached?.length ?? 0), id, answerKey ?? "",
      ])
    guard case .array(let parts) = reply, parts.count == 7, case .integer(let length) = parts[0],
      let configuration = parts[1].text, let token = parts[2].text, let seen = parts[3].text,
      case .array(let entries) = parts[4], let answer = parts[5].text, let active = parts[6].text
    else {
      forgetLocally(id)
      return nil
    }
    let now = ContinuousClock.now
    var current: Cached
    if let cached, cached.length + entries.count == length {
      current = cached
    } else if entries.count == length {
      guard let made = Self.session(id: id, token: token, configuration: configuration, now: now) else { return nil }
      current = Cached(session: made, length: 0, checked: nil)
    } else {
      // The cache is behind what was read (the session was made again): read it whole.
      forgetLocally(id)
      return try load(id: id, answerKey: answerKey, sent: sent)
    }
    for entry in entries {
      guard let text = entry.text, let json = try? JSONParser.parse(Array(text.utf8)) else { continue }
      _ = current.session.replay(json, eventsKept: eventsKept)
    }
    current.session.unsaved.removeAll()
    if let answerKey, !answer.isEmpty { current.session.restore(answer: answer, forKey: answerKey) }
    current.length = length
    current.checked = sent
    // Exactly as read: a route that sets either to `.now` changes it, which `change` writes.
    current.session.lastActivity = now - .milliseconds(max(0, wall - (Int(active) ?? wall)))
    if let seenWall = Int(seen) {
      current.session.lastCustomerContact = now - .milliseconds(max(0, wall - seenWall))
    }
    remember(id: id, current, token: token)
    return current
  }

  private static func session(id: String, token: String, configuration: String, now: ContinuousClock.Instant)
    -> ServedSession?
  {
    var parsed = SessionConfiguration.default
    if !configuration.isEmpty {
      guard let json = try? JSONParser.parse(Array(configuration.utf8)),
        let made = try? SessionConfiguration(json: json)
      else { return nil }
      parsed = made
    }
    return ServedSession(id: id, customerToken: token, configuration: parsed, now: now)
  }

  private func remember(id: String, _ cached: Cached, token: String?) {
    cache.withLock { cache in
      if cache.sessions.count >= Self.cacheLimit, cache.sessions[id] == nil {
        cache.sessions.removeAll()
        cache.tokens.removeAll()
      }
      if let token { cache.tokens[token] = id }
      // A read that ran beside a write may come back after it: the newer state stays.
      if let kept = cache.sessions[id], kept.length > cached.length { return }
      cache.sessions[id] = cached
    }
  }

  private func forgetLocally(_ id: String) {
    cache.withLock { cache in
      if let removed = cache.sessions.removeValue(forKey: id) { cache.tokens[removed.session.customerToken] = nil }
    }
  }

  // MARK: Pub/sub

  func watch(_ changed: @escaping @Sendable (String, UInt64?) -> Void) {
    let start = subscriber.withLock { state -> Bool in
      guard !state.running else { return false }
      state.running = true
      return true
    }
    guard start else { return }
    let thread = Thread { [self] in listen(changed) }
    thread.name = "redis-subscriber"
    thread.start()
  }

  func stopWatching() {
    subscribed.store(false, ordering: .releasing)
    let connection = subscriber.withLock { state -> RedisConnection? in
      state.running = false
      return state.connection
    }
    connection?.interrupt()
  }

  /// `SUBSCRIBE tts:changed` on a connection of its own, for as long as the server runs;
  /// connects again after a failure and then wakes everything (a message may be lost).
  private func listen(_ changed: @escaping @Sendable (String, UInt64?) -> Void) {
    var lostOne = false
    while subscriber.withLock({ $0.running }) {
      do throws(RedisFailure) {
        let connection = try pool.connect(milliseconds: 0)
        try connection.send(["SUBSCRIBE", Self.channel])
        _ = try connection.nextReply()
        let current = subscriber.withLock { state -> Bool in
          if state.running { state.connection = connection }
          return state.running
        }
        guard current else { return }
        // Messages sent before now may have been missed: no kept session is fresh.
        announce("", changes: nil)
        subscribed.store(true, ordering: .releasing)
        if lostOne { changed("", nil) }
        while true {
          guard case .array(let parts) = try connection.nextReply(), parts.count == 3, let payload = parts[2].text
          else { continue }
          let fields = payload.split(separator: " ")
          guard let id = fields.first else { continue }
          let changes = fields.count > 1 ? UInt64(fields[1]) : nil
          announce(String(id), changes: changes)
          changed(String(id), changes)
        }
      } catch {
        subscribed.store(false, ordering: .releasing)
        lostOne = true
        subscriber.withLock { $0.connection = nil }
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
  }

  // MARK: Redis

  private func run(_ arguments: [String]) throws(SessionStoreError) -> RedisReply {
    let reply = try command(arguments)
    if case .error = reply { throw .unavailable }
    return reply
  }

  /// One command, unless Redis failed within ``backOffMilliseconds``: then unavailable
  /// at once.
  private func command(_ arguments: [String], replicated: Bool = false) throws(SessionStoreError) -> RedisReply {
    let admitted = breaker.withLock { failedUntil -> Bool in
      let now = ContinuousClock.now
      guard let until = failedUntil else { return true }
      if now < until { return false }
      // This request tries Redis; the others wait for its answer no longer than it may take.
      failedUntil = now + .milliseconds(Self.commandMilliseconds + Self.backOffMilliseconds)
      return true
    }
    guard admitted else { throw .unavailable }
    let started = ContinuousClock.now
    defer {
      let (seconds, attoseconds) = (ContinuousClock.now - started).components
      observe(Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }
    do throws(RedisFailure) {
      let reply = try pool.command(arguments, written: { replicated && $0 == .integer(1) })
      breaker.withLock { $0 = nil }
      return reply
    } catch {
      if error.replicaMissing { throw .unavailable }  // Redis answers: no back-off
      breaker.withLock { $0 = ContinuousClock.now + .milliseconds(Self.backOffMilliseconds) }
      pool.drain()
      throw .unavailable
    }
  }

  /// Runs a script (``RedisScript``: `EVALSHA`, loaded again after `NOSCRIPT`), every
  /// command through the breaker. `replicated`: the script's `1` is a write a route
  /// answers on (``RedisPool/command(_:written:)``).
  private func run(_ script: RedisScript, keys: [String], arguments: [String], replicated: Bool = false)
    throws(SessionStoreError) -> RedisReply
  {
    let reply = try script.run(keys: keys, arguments: arguments) { command throws(SessionStoreError) in
      try self.command(command, replicated: replicated && command.first == "EVALSHA")
    }
    guard let reply else { throw .unavailable }
    return reply
  }

  static func wallMilliseconds() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  static func meta(_ id: String) -> String { "tts:s:" + id }
  static func journal(_ id: String) -> String { "tts:s:" + id + ":j" }
  static func events(_ id: String) -> String { "tts:s:" + id + ":e" }
  static func answers(_ id: String) -> String { "tts:s:" + id + ":i" }
  static func token(_ token: String) -> String { "tts:t:" + token }
  static func createdKey(_ key: String) -> String { "tts:k:" + key }
  static let live = "tts:live"
  static let seen = "tts:seen"
  static let channel = "tts:changed"

  /// KEYS: meta, token, live, idempotency key's. ARGV: configuration, token, id, ttl, now,
  /// limit, idle cutoff, what the idempotency key keeps ('' without one), its lifetime.
  /// 1 made, 0 full, or the text the key kept.
  static let createScript = RedisScript(
    """
    if ARGV[8] ~= '' then
      local kept = redis.call('GET', KEYS[4])
      if kept then return kept end
    end
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[7])
    if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then return 0 end
    redis.call('HSET', KEYS[1], 'config', ARGV[1], 'token', ARGV[2])
    redis.call('EXPIRE', KEYS[1], ARGV[4])
    redis.call('SET', KEYS[2], ARGV[3], 'EX', ARGV[4])
    redis.call('ZADD', KEYS[3], ARGV[5], ARGV[3])
    if ARGV[8] ~= '' then
      redis.call('SET', KEYS[4], ARGV[8], 'EX', math.min(tonumber(ARGV[9]), tonumber(ARGV[4])))
      redis.call('HSET', KEYS[1], 'created', KEYS[4])
    end
    return 1
    """)

  /// KEYS: meta, journal, events, live, seen, answers. ARGV: from, id, an idempotency key
  /// ('' for none). Reads only.
  static let loadScript = RedisScript(
    """
    local token = redis.call('HGET', KEYS[1], 'token')
    if not token then return false end
    local fields = redis.call('HMGET', KEYS[1], 'config', 'token', 'seen')
    local answer = ''
    if ARGV[3] ~= '' then answer = redis.call('HGET', KEYS[6], ARGV[3]) or '' end
    return {redis.call('LLEN', KEYS[2]), fields[1] or '', token, fields[3] or '',
      redis.call('LRANGE', KEYS[2], ARGV[1], -1), answer, redis.call('ZSCORE', KEYS[4], ARGV[2]) or ''}
    """)

  /// KEYS: meta, journal, events, live, answers, seen. ARGV: expected length, ttl ('' when
  /// the session was not active: the keys keep the session's TTL), now, id, events kept,
  /// message, customer seen (1 or 0), entry count, answer count, the entries, (key,
  /// answer) pairs, then (seq, event) pairs. 1 appended, 0 the journal grew meanwhile,
  /// -1 no session.
  static let commitScript = RedisScript(
    """
    local token = redis.call('HGET', KEYS[1], 'token')
    if not token then return -1 end
    if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
    local count = tonumber(ARGV[8])
    local answers = tonumber(ARGV[9])
    for i = 10, 9 + count do redis.call('RPUSH', KEYS[2], ARGV[i]) end
    for i = 10 + count, 9 + count + 2 * answers, 2 do redis.call('HSET', KEYS[5], ARGV[i], ARGV[i + 1]) end
    for i = 10 + count + 2 * answers, #ARGV, 2 do
      redis.call('XADD', KEYS[3], 'MAXLEN', ARGV[5], ARGV[i] .. '-0', 'event', ARGV[i + 1])
    end
    if ARGV[7] == '1' then
      redis.call('HSET', KEYS[1], 'seen', ARGV[3])
      redis.call('ZADD', KEYS[6], ARGV[3], ARGV[4])
    end
    local ttl = ARGV[2]
    if ttl == '' then
      ttl = redis.call('PTTL', KEYS[1])
      if ttl < 1 then ttl = 1 end
    else
      ttl = tonumber(ttl) * 1000
      redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
    end
    for _, key in ipairs({KEYS[1], KEYS[2], KEYS[3], KEYS[5], 'tts:t:' .. token}) do
      redis.call('PEXPIRE', key, ttl)
    end
    if count > 0 then redis.call('PUBLISH', 'tts:changed', ARGV[6]) end
    return 1
    """)

  /// KEYS: meta, journal, events, live, seen, answers. ARGV: id. 1 removed, 0 none.
  static let deleteScript = RedisScript(
    """
    local token = redis.call('HGET', KEYS[1], 'token')
    if not token then return 0 end
    local created = redis.call('HGET', KEYS[1], 'created')
    if created then redis.call('DEL', created) end
    redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[6], 'tts:t:' .. token)
    redis.call('ZREM', KEYS[4], ARGV[1])
    redis.call('ZREM', KEYS[5], ARGV[1])
    redis.call('PUBLISH', 'tts:changed', ARGV[1])
    return 1
    """)
}
