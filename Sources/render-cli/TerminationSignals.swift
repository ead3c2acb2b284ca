import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM and SIGINT for a command that serves until told to stop (`serve`, `preview`,
/// `strings review`, `snapshot --review`):
/// blocked from ``block()`` on, in this thread and so in every thread started after it
/// (the servers' threads), so that only ``wait()`` receives them, in the thread that
/// will stop the server.
struct TerminationSignals {
  private var signals = sigset_t()

  /// Blocks both signals in this thread and the threads it starts from here on.
  static func block() -> TerminationSignals {
    var blocked = TerminationSignals()
    sigemptyset(&blocked.signals)
    sigaddset(&blocked.signals, SIGTERM)
    sigaddset(&blocked.signals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &blocked.signals, nil)
    return blocked
  }

  /// Delivers them as before ``block()`` (the command ends without serving).
  func unblock() {
    var signals = signals
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Waits until one of them arrives.
  func wait() {
    var signals = signals
    var received: Int32 = 0
    sigwait(&signals, &received)
  }
}
