#if THREAD_SANITIZER_LOCKS
  import RenderCore

  /// This module's `Mutex` in the ThreadSanitizer build: a lock the sanitizer sees
  /// (RenderBase's `PThreadMutex` explains why).
  typealias Mutex = PThreadMutex
#endif
