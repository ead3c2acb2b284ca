import Dispatch
import Foundation
import Synchronization

/// One server's time on the network, the same for the relay and the preview: its
/// ``HTTPDaemon``, the one clock thread that ends waits whose time is up and shuts
/// connections whose request is late, and a stop that lets requests in flight finish.
///
/// The clock ticks every ``tickMilliseconds`` until ``stop(grace:whileDraining:)`` wakes it,
/// and `stop` returns only once it has ended (joined), so no tick runs after `stop`.
package final class ServerLifecycle: Sendable {
  /// How often the clock looks at the waits and the connections.
  package static let tickMilliseconds = 100

  private let daemon = Mutex<HTTPDaemon?>(nil)
  /// Set by the first `stop`: a second one, even at the same time, does nothing.
  private let stopping = Atomic<Bool>(false)
  /// Signalled by `stop` to end the clock at once; the clock signals `ended` as it ends.
  private let wake = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)
  /// The requests that wait, parked by the daemon and woken by the server above.
  package let waits: ParkedRequests

  package init(waits: ParkedRequests = ParkedRequests()) { self.waits = waits }

  /// The running daemon; nil before ``start(_:responder:clockName:tick:everySecond:)`` and after
  /// ``stop(grace:whileDraining:)``.
  package var current: HTTPDaemon? { daemon.withLock { $0 } }

  /// Starts the daemon (its waits are ``waits``, whatever `configuration` says) and the
  /// clock, a thread named `clockName`. Each tick expires waits, shuts down stalled
  /// connections (``HTTPDaemon/closeStalledConnections(now:)``), then calls `tick` with
  /// the time and how many it shut down; a second or more after its last call (or the
  /// start), it calls `everySecond` (the relay's idle and absent sweeps).
  /// - Returns: the port the daemon listens on.
  /// - Throws: ``HTTPDaemon/StartError`` as ``HTTPDaemon/init(_:responder:)``; nothing
  ///   was started then.
  package func start(
    _ configuration: HTTPDaemon.Configuration, responder: any HTTPResponder, clockName: String,
    tick: @escaping @Sendable (_ now: ContinuousClock.Instant, _ closed: Int) -> Void = { _, _ in },
    everySecond: @escaping @Sendable (_ now: ContinuousClock.Instant) -> Void = { _ in }
  ) throws(HTTPDaemon.StartError) -> Int {
    var configuration = configuration
    configuration.waits = waits
    let started = try HTTPDaemon(configuration, responder: responder)
    daemon.withLock { $0 = started }
    let thread = Thread { [waits, wake, ended] in
      var lastSecond = ContinuousClock.now
      while wake.wait(timeout: .now() + .milliseconds(Self.tickMilliseconds)) == .timedOut {
        let now = ContinuousClock.now
        waits.expire(now: now)
        tick(now, started.closeStalledConnections(now: now))
        if now - lastSecond >= .seconds(1) {
          lastSecond = now
          everySecond(now)
        }
      }
      ended.signal()
    }
    thread.name = clockName
    thread.start()
    return started.port
  }

  /// Stops accepting connections, calls `whileDraining` (the relay stops its store's
  /// change feed there), answers every waiting request, lets requests in flight finish
  /// for up to `grace`, stops the daemon and ends the clock. Does nothing when not started
  /// or already stopped (or stopping). A lifecycle runs once: it is not started again.
  package func stop(grace: Duration, whileDraining: () -> Void = {}) {
    guard let running = daemon.withLock({ $0 }), !stopping.exchange(true, ordering: .acquiringAndReleasing) else {
      return
    }
    running.stopAccepting()
    whileDraining()
    waits.stop()
    let deadline = ContinuousClock.now + grace
    while running.requestsInFlight > 0, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    wake.signal()
    // A tick is a few lock-held steps: bounded, but never waited on forever.
    _ = ended.wait(timeout: .now() + .seconds(5))
    running.stop()
    daemon.withLock { $0 = nil }
  }
}
