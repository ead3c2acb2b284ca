import Glibc

/// A lock around a value, with `Synchronization.Mutex`'s `init(_:)` and `withLock(_:)`,
/// on a `pthread_mutex_t`. The ThreadSanitizer build (scripts/test-tsan, compiled with
/// `-D THREAD_SANITIZER_LOCKS`) uses it in place of `Mutex` in every module that locks:
/// `Mutex` on Linux waits with futex calls from the uninstrumented standard library,
/// so the sanitizer sees none of its ordering and reports every critical section as a
/// race, while it intercepts `pthread_mutex_lock` and `_unlock` and so checks the same
/// critical sections for what they really are. Release builds use `Mutex`.
///
/// Every pthread call's return code is checked (`precondition`): a lock that cannot be
/// made, taken or given back stops the process rather than letting two threads into
/// the value. Debug builds make an error-checking mutex (`PTHREAD_MUTEX_ERRORCHECK`), so
/// a thread that takes the lock it holds, or gives back one it does not, fails there
/// instead of deadlocking or corrupting the lock.
package final class PThreadMutex<Value>: @unchecked Sendable {
  // Sound to share: `value` is read and written only between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` of `lock` (both checked), which is allocated once and never moves.
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    var code = pthread_mutexattr_init(&attributes)
    precondition(code == 0, "pthread_mutexattr_init: \(code)")
    defer { pthread_mutexattr_destroy(&attributes) }
    #if DEBUG
      code = pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
      precondition(code == 0, "pthread_mutexattr_settype: \(code)")
    #endif
    code = pthread_mutex_init(lock, &attributes)
    precondition(code == 0, "pthread_mutex_init: \(code)")
  }

  deinit {
    let code = pthread_mutex_destroy(lock)
    precondition(code == 0, "pthread_mutex_destroy: \(code)")
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let locked = pthread_mutex_lock(lock)
    precondition(locked == 0, "pthread_mutex_lock: \(locked)")
    defer {
      let unlocked = pthread_mutex_unlock(lock)
      precondition(unlocked == 0, "pthread_mutex_unlock: \(unlocked)")
    }
    return try body(&value)
  }
}
