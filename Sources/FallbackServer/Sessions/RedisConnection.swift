internal import CHiredis
import Foundation
import Synchronization

/// A Redis reply, copied out of hiredis's.
enum RedisReply: Sendable, Equatable {
  case string([UInt8])
  case integer(Int)
  case array([RedisReply])
  case null
  case status(String)
  case error(String)

  var text: String? {
    if case .string(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
    return nil
  }
}

/// Redis did not answer (down, unreachable, a timeout, a refused login, a primary that
/// is one no more), or hiredis cannot be loaded: the connection is gone. Or, with
/// ``replicaMissing``, a write no replica acknowledged in time: the connection is fine,
/// the write stored on the primary only.
struct RedisFailure: Error, CustomStringConvertible {
  var description: String
  var replicaMissing = false
}

/// One connection to Redis through hiredis: the one file that calls into it. Used by one
/// thread at a time (``RedisPool`` hands each to one caller).
final class RedisConnection: @unchecked Sendable {
  private let context: UnsafeMutablePointer<redisContext>

  /// Connects, logs in and selects the database; every command then waits at most
  /// `milliseconds` (0: no limit, for a subscriber).
  init(_ address: RedisAddress, milliseconds: Int) throws(RedisFailure) {
    if let problem = tts_redis_load() { throw RedisFailure(description: String(cString: problem)) }
    let connectLimit = milliseconds == 0 ? 2_000 : milliseconds
    let made: UnsafeMutablePointer<redisContext>?
    switch address.endpoint {
    case .tcp(let host, let port): made = tts_redis_connect(host, Int32(port), connectLimit)
    case .unix(let path): made = tts_redis_connect(path, -1, connectLimit)
    }
    guard let made else { throw RedisFailure(description: "\(address): cannot make a connection") }
    if made.pointee.err != 0 {
      let reason = Self.errorText(made)
      tts_redis_free(made)
      throw RedisFailure(description: "\(address): \(reason)")
    }
    context = made
    if milliseconds == 0 { _ = tts_redis_set_timeout(made, 0) }
    if let password = address.password {
      // No user (or an empty one): the default user, `AUTH PASSWORD`.
      let login = address.user.flatMap { $0.isEmpty ? nil : ["AUTH", $0, password] } ?? ["AUTH", password]
      if case .error(let text) = try command(login) {
        throw RedisFailure(description: "\(address): login refused: \(text)")
      }
    }
    if address.database != 0, case .error(let text) = try command(["SELECT", String(address.database)]) {
      throw RedisFailure(description: "\(address): \(text)")
    }
  }

  deinit { tts_redis_free(context) }

  /// Sends one command and waits for its reply (an error reply is a reply, not a throw).
  func command(_ arguments: [String]) throws(RedisFailure) -> RedisReply {
    try command(arguments.map { Array($0.utf8) })
  }

  func command(_ arguments: [[UInt8]]) throws(RedisFailure) -> RedisReply {
    let reply = Self.withArgv(arguments) { count, pointers, lengths in
      tts_redis_command_argv(context, count, pointers, lengths)
    }
    guard let reply else { throw RedisFailure(description: Self.errorText(context)) }
    defer { tts_redis_free_reply(reply) }
    return Self.copy(reply)
  }

  /// Sends one command without waiting (a subscriber's `SUBSCRIBE`).
  func send(_ arguments: [String]) throws(RedisFailure) {
    let sent = Self.withArgv(arguments.map { Array($0.utf8) }) { count, pointers, lengths in
      tts_redis_append_command_argv(context, count, pointers, lengths)
    }
    guard sent == REDIS_OK else { throw RedisFailure(description: Self.errorText(context)) }
  }

  /// The next reply that arrives (a subscriber's messages).
  func nextReply() throws(RedisFailure) -> RedisReply {
    guard let reply = tts_redis_get_reply(context) else { throw RedisFailure(description: Self.errorText(context)) }
    defer { tts_redis_free_reply(reply) }
    return Self.copy(reply)
  }

  /// Ends a ``nextReply()`` waiting in another thread: shuts the socket down.
  func interrupt() { tts_redis_interrupt(context) }

  /// Whether the connection failed (it is then of no more use).
  var isBroken: Bool { context.pointee.err != 0 }

  private static func withArgv<R>(
    _ arguments: [[UInt8]], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int>?) -> R
  ) -> R {
    // One buffer holding every argument, and pointers into it.
    var joined: [UInt8] = []
    joined.reserveCapacity(arguments.reduce(0) { $0 + $1.count } + 1)
    var offsets: [Int] = []
    for argument in arguments {
      offsets.append(joined.count)
      joined += argument
    }
    joined.append(0)
    let lengths = arguments.map(\.count)
    return joined.withUnsafeBytes { bytes in
      let base = bytes.bindMemory(to: CChar.self).baseAddress
      var pointers: [UnsafePointer<CChar>?] = offsets.map { offset in base.map { UnsafePointer($0 + offset) } }
      return pointers.withUnsafeMutableBufferPointer { argv in
        lengths.withUnsafeBufferPointer { sizes in body(Int32(arguments.count), argv.baseAddress, sizes.baseAddress) }
      }
    }
  }

  private static func copy(_ reply: UnsafeMutablePointer<redisReply>) -> RedisReply {
    let value = reply.pointee
    switch value.type {
    case REDIS_REPLY_STRING:
      guard let start = value.str else { return .string([]) }
      return .string(Array(UnsafeRawBufferPointer(start: start, count: value.len)))
    case REDIS_REPLY_INTEGER: return .integer(Int(value.integer))
    case REDIS_REPLY_ARRAY:
      guard let elements = value.element else { return .array([]) }
      return .array((0..<value.elements).compactMap { index in elements[index].map(copy) })
    case REDIS_REPLY_STATUS: return .status(value.str.map { String(cString: $0) } ?? "")
    case REDIS_REPLY_ERROR: return .error(value.str.map { String(cString: $0) } ?? "")
    default: return .null
    }
  }

  private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
    let text = withUnsafeBytes(of: context.pointee.errstr) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "the connection failed" : text
  }
}

/// Where a pool's connections go: one Redis, or the primary Redis Sentinel names.
enum RedisTarget: Sendable, CustomStringConvertible {
  case fixed(RedisAddress)
  case sentinel(SentinelLocation)

  var description: String {
    switch self {
    case .fixed(let address): address.description
    case .sentinel(let location): location.description
    }
  }
}

/// Connections to one Redis, each used by one request at a time; a broken one is dropped
/// and the next request connects anew. With sentinels, the primary they name is asked
/// for again after any connection failed or a reply said it is no primary (`READONLY`,
/// `LOADING`, `MASTERDOWN`), and connections to the one before are dropped.
final class RedisPool: Sendable {
  let target: RedisTarget
  let milliseconds: Int
  /// Replicas that must acknowledge a write (`WAIT`) before it counts as stored; 0: none.
  let replicas: Int
  /// How long a write waits for its replicas before the store answers unavailable.
  static let replicaWaitMilliseconds = 1_000
  /// How long a sentinel may take to connect and answer before the next one is asked.
  static let sentinelMilliseconds = 500
  /// Kept for reuse at most; more connect while needed and close after.
  private let idleLimit = 16

  private struct State {
    /// The Redis connections go to; nil until the sentinels named one.
    var primary: RedisAddress?
    /// Counts the primaries known: a connection made for an earlier one is not kept.
    var generation = 0
    var idle: [(connection: RedisConnection, generation: Int)] = []
  }

  private let state: Mutex<State>

  init(_ target: RedisTarget, milliseconds: Int) {
    self.target = target
    self.milliseconds = milliseconds
    switch target {
    case .fixed(let address):
      state = Mutex(State(primary: address))
      replicas = 0
    case .sentinel:
      state = Mutex(State())
      replicas = 1
    }
  }

  /// Runs `body` with a connection; a failure in it drops the connection (and, with
  /// sentinels, the primary: the next request asks them again).
  func with<T>(_ body: (RedisConnection) throws(RedisFailure) -> T) throws(RedisFailure) -> T {
    let (connection, generation) = try checkOut()
    let result: T
    do throws(RedisFailure) {
      result = try body(connection)
    } catch {
      if error.replicaMissing { checkIn(connection, generation) } else { lost(generation) }
      throw error
    }
    checkIn(connection, generation)
    return result
  }

  /// One command on a pooled connection. When ``replicas`` is not 0 and `written` says
  /// the reply is of a write, `WAIT` on the same connection: a failure with
  /// ``RedisFailure/replicaMissing`` unless enough replicas have it.
  func command(_ arguments: [String], written: (RedisReply) -> Bool = { _ in false }) throws(RedisFailure)
    -> RedisReply
  {
    try with { connection throws(RedisFailure) in
      let reply = try connection.command(arguments)
      if case .error(let text) = reply, ["READONLY", "LOADING", "MASTERDOWN"].contains(where: { text.hasPrefix($0) }) {
        throw RedisFailure(description: "\(target): \(text)")
      }
      if replicas > 0, written(reply) {
        let waited = try connection.command(["WAIT", String(replicas), String(Self.replicaWaitMilliseconds)])
        guard case .integer(let count) = waited, count >= replicas else {
          throw RedisFailure(
            description: "\(target): no replica acknowledged a write within \(Self.replicaWaitMilliseconds) ms",
            replicaMissing: true)
        }
      }
      return reply
    }
  }

  /// A connection of its own, not pooled, to the primary (a subscriber's).
  func connect(milliseconds: Int) throws(RedisFailure) -> RedisConnection {
    let (address, generation, _) = try primary()
    do throws(RedisFailure) {
      return try RedisConnection(address, milliseconds: milliseconds)
    } catch {
      lost(generation)
      throw error
    }
  }

  /// Closes every idle connection (Redis went away: the next request connects anew).
  func drain() { state.withLock { $0.idle.removeAll() } }

  private func checkOut() throws(RedisFailure) -> (RedisConnection, Int) {
    if let reused = state.withLock({ $0.idle.popLast() }) { return reused }
    let (address, generation, checked) = try primary()
    if let checked { return (checked, generation) }
    do throws(RedisFailure) {
      return (try RedisConnection(address, milliseconds: milliseconds), generation)
    } catch {
      lost(generation)
      throw error
    }
  }

  private func checkIn(_ connection: RedisConnection, _ generation: Int) {
    guard !connection.isBroken else { return }
    state.withLock { state in
      if state.generation == generation, state.idle.count < idleLimit { state.idle.append((connection, generation)) }
    }
  }

  /// With sentinels: the primary `generation` named failed; the next request asks again.
  private func lost(_ generation: Int) {
    guard case .sentinel = target else { return }
    state.withLock { state in
      guard state.generation == generation, state.primary != nil else { return }
      state.primary = nil
      state.generation += 1
      state.idle.removeAll()
    }
  }

  /// The primary, asking the sentinels when none is known (then with the connection
  /// that checked its role, for reuse).
  private func primary() throws(RedisFailure) -> (RedisAddress, Int, RedisConnection?) {
    if let known = state.withLock({ state in state.primary.map { ($0, state.generation) } }) {
      return (known.0, known.1, nil)
    }
    guard case .sentinel(let location) = target else {
      throw RedisFailure(description: "\(target): no address")
    }
    let (found, connection) = try Self.discover(location, milliseconds: milliseconds)
    // Another request may have asked meanwhile: the first answer stands.
    let (address, generation) = state.withLock { state -> (RedisAddress, Int) in
      if state.primary == nil {
        state.primary = found
        state.generation += 1
        state.idle.removeAll()
      }
      return (state.primary ?? found, state.generation)
    }
    return (address, generation, address == found ? connection : nil)
  }

  /// Asks each sentinel in turn for the primary of `location.masterName` and checks with
  /// `ROLE` that the one named is a primary; the first that is, with its connection.
  private static func discover(_ location: SentinelLocation, milliseconds: Int) throws(RedisFailure) -> (
    RedisAddress, RedisConnection
  ) {
    var problems: [String] = []
    for sentinel in location.sentinels {
      let named = "sentinel \(sentinel.host):\(sentinel.port)"
      let address = RedisAddress(
        endpoint: .tcp(host: sentinel.host, port: sentinel.port), password: location.sentinelPassword)
      do throws(RedisFailure) {
        let asked = try RedisConnection(address, milliseconds: sentinelMilliseconds)
        let reply = try asked.command(["SENTINEL", "get-master-addr-by-name", location.masterName])
        guard case .array(let parts) = reply, parts.count == 2, let host = parts[0].text,
          let port = parts[1].text.flatMap({ Int($0) })
        else {
          if case .error(let text) = reply {
            problems.append("\(named): \(text)")
          } else {
            problems.append("\(named) knows no master named '\(location.masterName)'")
          }
          continue
        }
        let primary = location.primary(host: host, port: port)
        let connection = try RedisConnection(primary, milliseconds: milliseconds)
        let role = try connection.command(["ROLE"])
        guard case .array(let fields) = role, fields.first?.text == "master" else {
          problems.append("\(named) names \(primary), which is not a primary (ROLE: \(role))")
          continue
        }
        return (primary, connection)
      } catch {
        problems.append("\(named): \(error.description)")
      }
    }
    throw RedisFailure(description: "\(location): " + problems.joined(separator: "; "))
  }
}
