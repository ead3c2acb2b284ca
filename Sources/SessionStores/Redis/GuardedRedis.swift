import Foundation
import RedisClient
import Synchronization

/// The store's commands to Redis, each timed (the server's metrics) and sent through a
/// circuit breaker: after a command timed out or could not connect, Redis is not asked
/// for ``backOffMilliseconds``, so a paused Redis does not hold each request's thread
/// for ``commandMilliseconds`` in turn; then one request tries again while the others
/// still answer unavailable. No lock is held while a command waits on Redis.
final class GuardedRedis: Sendable {
  let pool: RedisPool
  /// Milliseconds a command may take; longer is the store unavailable.
  static let commandMilliseconds = 2_000
  /// How long the store answers unavailable at once after Redis failed.
  static let backOffMilliseconds = 1_000
  /// Until when Redis is not asked; nil: ask.
  private let failedUntil = Mutex<ContinuousClock.Instant?>(nil)
  /// Told how long each command took, in microseconds.
  private let observe: @Sendable (Int) -> Void

  init(_ target: RedisTarget, observe: @escaping @Sendable (Int) -> Void) {
    pool = RedisPool(target, milliseconds: Self.commandMilliseconds)
    self.observe = observe
  }

  /// One command; an error reply is the store unavailable.
  func run(_ arguments: [String]) throws(SessionStoreError) -> RedisReply {
    let reply = try command(arguments)
    if case .error = reply { throw .unavailable }
    return reply
  }

  /// Runs a script (``RedisScript``: `EVALSHA`, loaded again after `NOSCRIPT`), every
  /// command through the breaker. `replicated`: the script's `1` is a write a route
  /// answers on (``RedisPool/command(_:written:)``: with sentinels, `WAIT` for a replica).
  func run(_ call: some SessionScriptCall, replicated: Bool = false) throws(SessionStoreError) -> RedisReply {
    let script = type(of: call).script
    let reply = try script.run(keys: call.keys, arguments: call.arguments) { command throws(SessionStoreError) in
      try self.command(command, replicated: replicated && command.first == "EVALSHA")
    }
    guard let reply else { throw .unavailable }
    return reply
  }

  /// One command, unless Redis failed within ``backOffMilliseconds``: then unavailable at once.
  private func command(_ arguments: [String], replicated: Bool = false) throws(SessionStoreError) -> RedisReply {
    let admitted = failedUntil.withLock { failedUntil -> Bool in
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
      failedUntil.withLock { $0 = nil }
      return reply
    } catch {
      if error.replicaMissing { throw .unavailable }  // Redis answers: no back-off
      failedUntil.withLock { $0 = ContinuousClock.now + .milliseconds(Self.backOffMilliseconds) }
      pool.drain()
      throw .unavailable
    }
  }
}
