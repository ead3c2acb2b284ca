import Glibc

/// A lock around a value, with `Synchronization.Mutex`'s `init(_:)` and `withLock(_:)`,
/// on a `pthread_mutex_t`. The ThreadSanitizer build (scripts/test-tsan, compiled with
/// `-D THREAD_SANITIZER_LOCKS`) uses it in place of `Mutex` in every module that locks:
/// `Mutex` on Linux waits with futex calls from the uninstrumented standard library,
/// so the sanitizer sees none of its ordering and reports every critical section as a
/// race, while it intercepts `pthread_mutex_lock` and `_unlock` and so checks the same
/// critical sections for what they really are. Release builds use `Mutex`.
package final class PThreadMutex<Value>: @unchecked Sendable {
  // Sound to share: `value` is read and written only between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` of `lock`, which is allocated once and never moves.
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return try body(&value)
  }
}
