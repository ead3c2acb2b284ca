import Foundation
import RedisClient
import Synchronization

/// This process's one subscriber to ``RedisKeys/channel``: a thread of its own, on a
/// connection of its own, for as long as the server runs. Each message updates the kept
/// sessions and is passed on as a wake-up; after a lost connection it connects again,
/// makes every kept session stale and wakes everything (a message may have been lost).
final class RedisChangeFeed: Sendable {
  private struct State {
    var running = false
    var connection: RedisConnection?
  }

  private let pool: RedisPool
  private let kept: KeptSessions
  private let state = Mutex(State())
  /// The subscriber is connected: messages arrive, so kept sessions may be fresh.
  private let connected = Atomic<Bool>(false)
  /// How long the thread waits before it connects again after a failure.
  private static let reconnectSeconds = 0.2

  init(pool: RedisPool, kept: KeptSessions) {
    self.pool = pool
    self.kept = kept
  }

  var isSubscribed: Bool { connected.load(ordering: .acquiring) }

  /// Starts the subscriber (once: a second call does nothing). `changed` gets a session's
  /// id with its change counter, nil when removed; "" after messages may have been lost
  /// (every wait looks again).
  func watch(_ changed: @escaping @Sendable (String, UInt64?) -> Void) {
    let start = state.withLock { state -> Bool in
      guard !state.running else { return false }
      state.running = true
      return true
    }
    guard start else { return }
    let thread = Thread { [self] in listen(changed) }
    thread.name = "redis-subscriber"
    thread.start()
  }

  /// Ends the subscriber: its connection is interrupted and its thread returns.
  func stop() {
    connected.store(false, ordering: .releasing)
    let connection = state.withLock { state -> RedisConnection? in
      state.running = false
      return state.connection
    }
    connection?.interrupt()
  }

  private func listen(_ changed: @escaping @Sendable (String, UInt64?) -> Void) {
    var lostOne = false
    while state.withLock({ $0.running }) {
      do throws(RedisFailure) {
        let connection = try pool.connect(milliseconds: 0)
        try connection.send(["SUBSCRIBE", RedisKeys.channel])
        _ = try connection.nextReply()
        let current = state.withLock { state -> Bool in
          if state.running { state.connection = connection }
          return state.running
        }
        guard current else { return }
        // Messages sent before now may have been missed: no kept session is fresh.
        kept.staleAll()
        connected.store(true, ordering: .releasing)
        if lostOne { changed("", nil) }
        while true {
          guard case .array(let parts) = try connection.nextReply(), parts.count == 3, let payload = parts[2].text,
            let change = SessionChange(message: payload)
          else { continue }
          kept.announce(change)
          switch change {
          case .changed(let id, let changes): changed(id, changes)
          case .removed(let id): changed(id, nil)
          }
        }
      } catch {
        connected.store(false, ordering: .releasing)
        lostOne = true
        state.withLock { $0.connection = nil }
        Thread.sleep(forTimeInterval: Self.reconnectSeconds)
      }
    }
  }
}
