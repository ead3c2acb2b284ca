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

  /// Where the lifecycle is: each step taken once, under the lock, so a second `start`
  /// or `stop`, even at the same time, does nothing (a `start` throws).
  private enum Phase {
    case new
    /// `start` is making the daemon; a `stop` now marks it stopped, and `start` stops it.
    case starting
    case running(HTTPDaemon)
    /// `stop` is draining the daemon, which answers the requests in flight.
    case stopping(HTTPDaemon)
    case stopped
  }

  private let phase = Mutex<Phase>(.new)
  /// Signalled by `stop` to end the clock at once; the clock signals `ended` as it ends.
  private let wake = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)
  /// The requests that wait, parked by the daemon and woken by the server above.
  package let waits: ParkedRequests

  package init(waits: ParkedRequests = ParkedRequests()) { self.waits = waits }

  /// The running daemon (also while ``stop(grace:whileDraining:)`` drains it); nil before
  /// ``start(_:responder:clockName:tick:everySecond:)`` and after `stop`.
  package var current: HTTPDaemon? {
    phase.withLock {
      switch $0 {
      case .running(let daemon), .stopping(let daemon): daemon
      case .new, .starting, .stopped: nil
      }
    }
  }

  /// Starts the daemon (its waits are ``waits``, whatever `configuration` says) and the
  /// clock, a thread named `clockName`. Each tick expires waits, shuts down stalled
  /// connections (``HTTPDaemon/closeStalledConnections(now:)``), then calls `tick` with
  /// the time and how many it shut down; a second or more after its last call (or the
  /// start), it calls `everySecond` (the relay's idle and absent sweeps).
  /// - Returns: the port the daemon listens on.
  /// - Throws: ``HTTPDaemon/StartError`` as ``HTTPDaemon/init(_:responder:)``, or when
  ///   the lifecycle was started or stopped before (it runs once); nothing was started then.
  package func start(
    _ configuration: HTTPDaemon.Configuration, responder: any HTTPResponder, clockName: String,
    tick: @escaping @Sendable (_ now: ContinuousClock.Instant, _ closed: Int) -> Void = { _, _ in },
    everySecond: @escaping @Sendable (_ now: ContinuousClock.Instant) -> Void = { _ in }
  ) throws(HTTPDaemon.StartError) -> Int {
    try phase.withLock { phase throws(HTTPDaemon.StartError) in
      guard case .new = phase else {
        throw HTTPDaemon.StartError(description: "this server was started or stopped before; it runs once")
      }
      phase = .starting
    }
    var configuration = configuration
    configuration.waits = waits
    let started: HTTPDaemon
    do { started = try HTTPDaemon(configuration, responder: responder) } catch {
      phase.withLock { if case .starting = $0 { $0 = .new } }
      throw error
    }
    let stoppedMeanwhile = phase.withLock { phase -> Bool in
      guard case .starting = phase else { return true }
      phase = .running(started)
      return false
    }
    guard !stoppedMeanwhile else {
      started.stop()
      throw HTTPDaemon.StartError(description: "this server was stopped while it started")
    }
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
  /// for up to `grace`, stops the daemon and ends the clock. Does nothing when already
  /// stopped (or stopping); before or during `start`, it marks the lifecycle stopped, so
  /// `start` starts nothing (or stops what it started). A lifecycle runs once.
  package func stop(grace: Duration, whileDraining: () -> Void = {}) {
    let running = phase.withLock { phase -> HTTPDaemon? in
      switch phase {
      case .running(let daemon):
        phase = .stopping(daemon)
        return daemon
      case .new, .starting:
        phase = .stopped
        return nil
      case .stopping, .stopped:
        return nil
      }
    }
    guard let running else { return }
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
    phase.withLock { $0 = .stopped }
  }
}
