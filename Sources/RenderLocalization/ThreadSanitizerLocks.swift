#if THREAD_SANITIZER_LOCKS
  import RenderBase

  /// This module's `Mutex` in the ThreadSanitizer build (RenderBase's `PThreadMutex`).
  typealias Mutex = PThreadMutex
#endif
