import Dispatch
import Synchronization

/// Changes of one session in this process, one after another: a change waits for the one
/// before it on a semaphore of its own, so no lock is held while either waits on Redis,
/// and changes of other sessions never wait. Turns are not what makes a change correct
/// (the commit script's length check decides every race, here or with other servers, and
/// a wait that runs out goes on without its turn); they spare the round trip and the
/// decoding and encoding that a race lost here would cost.
final class SessionTurns: Sendable {
  /// Per session with a change in its turn: the changes waiting, oldest first.
  private let waiting = Mutex<[String: [DispatchSemaphore]]>([:])

  /// Runs `body` in `id`'s turn, after waiting for it at most `limit` (then without it).
  func inTurn<T, Failure: Error>(_ id: String, limit: Duration, _ body: () throws(Failure) -> T) throws(Failure) -> T {
    let owned = take(id, limit: limit)
    defer { if owned { pass(id) } }
    return try body()
  }

  /// Waits for `id`'s turn; false when the wait ran out (the turn is not this caller's).
  private func take(_ id: String, limit: Duration) -> Bool {
    let semaphore = waiting.withLock { waiting -> DispatchSemaphore? in
      guard var queue = waiting[id] else {
        waiting[id] = []
        return nil
      }
      let semaphore = DispatchSemaphore(value: 0)
      queue.append(semaphore)
      waiting[id] = queue
      return semaphore
    }
    guard let semaphore else { return true }
    let (seconds, attoseconds) = limit.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    if semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { return true }
    // Ran out: leave the queue, unless the turn was passed to this caller meanwhile.
    let left = waiting.withLock { waiting -> Bool in
      guard var queue = waiting[id], let index = queue.firstIndex(where: { $0 === semaphore }) else { return false }
      queue.remove(at: index)
      waiting[id] = queue
      return true
    }
    if left { return false }
    semaphore.wait()  // passed: signalled, or about to be
    return true
  }

  /// Passes `id`'s turn to the oldest change waiting, if any.
  private func pass(_ id: String) {
    let next = waiting.withLock { waiting -> DispatchSemaphore? in
      guard var queue = waiting[id], !queue.isEmpty else {
        waiting[id] = nil
        return nil
      }
      let next = queue.removeFirst()
      waiting[id] = queue
      return next
    }
    next?.signal()
  }
}
