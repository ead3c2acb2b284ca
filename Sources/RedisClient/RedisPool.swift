import Synchronization

/// Where a pool's connections go: one Redis, or the primary Redis Sentinel names.
package enum RedisTarget: Sendable, CustomStringConvertible {
  case fixed(RedisAddress)
  case sentinel(SentinelLocation)

  package var description: String {
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
package final class RedisPool: Sendable {
  package let target: RedisTarget
  package let milliseconds: Int
  /// Replicas that must acknowledge a write (`WAIT`) before it counts as stored; 0: none.
  package let replicas: Int
  /// How long a write waits for its replicas before the store answers unavailable.
  package static let replicaWaitMilliseconds = 1_000
  /// How long a sentinel may take to connect and answer before the next one is asked.
  package static let sentinelMilliseconds = 500
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

  package init(_ target: RedisTarget, milliseconds: Int) {
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
  package func with<T>(_ body: (RedisConnection) throws(RedisFailure) -> T) throws(RedisFailure) -> T {
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
  package func command(_ arguments: [String], written: (RedisReply) -> Bool = { _ in false }) throws(RedisFailure)
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
  package func connect(milliseconds: Int) throws(RedisFailure) -> RedisConnection {
    let (address, generation, _) = try primary()
    do throws(RedisFailure) {
      return try RedisConnection(address, milliseconds: milliseconds)
    } catch {
      lost(generation)
      throw error
    }
  }

  /// Closes every idle connection (Redis went away: the next request connects anew).
  package func drain() { state.withLock { $0.idle.removeAll() } }

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
}
