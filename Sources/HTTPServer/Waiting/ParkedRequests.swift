import Synchronization

/// Requests waiting for a session to change (the merchant's long polls, the customer's
/// live-update streams), each resumed exactly once: when its session changes, when its
/// deadline passes, or when the server stops. The transport parks into it
/// (``HTTPDaemon/Configuration/waits``); the server above wakes through it.
package final class ParkedRequests: Sendable {
  private struct Parked {
    var resumption: Resumption
    var deadline: ContinuousClock.Instant
  }

  private struct State {
    var parked: [String: [Int: Parked]] = [:]
    /// The latest change announced per session, so a change that lands between a
    /// route's look and its parking still wakes it.
    var latest: [String: UInt64] = [:]
    var nextID = 0
    var stopped = false
  }

  private let state = Mutex(State())

  package init() {}

  func park(_ resumption: Resumption, key: String, version: UInt64, deadline: ContinuousClock.Instant) {
    let parkedNow = state.withLock { state -> Bool in
      if state.stopped || (state.latest[key] ?? 0) > version || deadline <= .now { return false }
      state.nextID += 1
      state.parked[key, default: [:]][state.nextID] = Parked(resumption: resumption, deadline: deadline)
      return true
    }
    if !parkedNow { resumption.resume() }
  }

  /// Sessions whose latest change is kept at most: a shared store announces every
  /// server's changes, most of sessions this process never serves; beyond, those with
  /// nothing parked are dropped.
  package static let latestLimit = 100_000

  /// Session `key` changed to `version`: wakes everything parked on it.
  package func changed(_ key: String, version: UInt64) {
    let woken = state.withLock { state -> [Parked] in
      if state.latest.count >= Self.latestLimit { state.latest = state.latest.filter { state.parked[$0.key] != nil } }
      state.latest[key] = max(state.latest[key] ?? 0, version)
      return state.parked.removeValue(forKey: key).map { Array($0.values) } ?? []
    }
    for parked in woken { parked.resumption.resume() }
  }

  /// Session `key` is gone: wakes what waits on it and forgets it.
  package func forget(_ key: String) {
    let woken = state.withLock { state -> [Parked] in
      state.latest[key] = nil
      return state.parked.removeValue(forKey: key).map { Array($0.values) } ?? []
    }
    for parked in woken { parked.resumption.resume() }
  }

  /// Wakes every request parked (a change may have been missed): each looks again.
  package func wakeAll() {
    let woken = state.withLock { state -> [Parked] in
      defer { state.parked = [:] }
      return state.parked.values.flatMap(\.values)
    }
    for parked in woken { parked.resumption.resume() }
  }

  /// Wakes every request whose deadline is past.
  package func expire(now: ContinuousClock.Instant) {
    let woken = state.withLock { state -> [Parked] in
      var due: [Parked] = []
      for (key, entries) in state.parked {
        let late = entries.filter { $0.value.deadline <= now }
        guard !late.isEmpty else { continue }
        due += late.map(\.value)
        let rest = entries.filter { $0.value.deadline > now }
        state.parked[key] = rest.isEmpty ? nil : rest
      }
      return due
    }
    for parked in woken { parked.resumption.resume() }
  }

  /// Requests parked on `key` now.
  package func count(_ key: String) -> Int { state.withLock { $0.parked[key]?.count ?? 0 } }

  /// The server is stopping: wakes everything, and nothing parks from now on.
  package func stop() {
    let woken = state.withLock { state -> [Parked] in
      state.stopped = true
      defer { state.parked = [:] }
      return state.parked.values.flatMap(\.values)
    }
    for parked in woken { parked.resumption.resume() }
  }

  package var isStopped: Bool { state.withLock { $0.stopped } }
}
