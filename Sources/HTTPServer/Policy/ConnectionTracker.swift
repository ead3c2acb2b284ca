import Foundation

/// The open connections, for the request timeout and the per-address limit; kept under
/// ``DaemonContext/connections``, the lock the library's close notice also takes.
struct ConnectionTracker {
  struct Tracked {
    var socket: Int32
    /// The peer's address (no port), for the per-address count.
    var address: String
    /// Since when the connection waits for its request to be in; nil while the request
    /// is answered or parked.
    var waitingSince: ContinuousClock.Instant?
  }

  /// By the library's connection handle (its address as a number).
  var tracked: [UInt: Tracked] = [:]
  var perAddress: [String: Int] = [:]

  mutating func opened(_ key: UInt, socket: Int32, address: String) {
    tracked[key] = Tracked(socket: socket, address: address, waitingSince: .now)
    perAddress[address, default: 0] += 1
  }

  mutating func closed(_ key: UInt) {
    guard let gone = tracked.removeValue(forKey: key) else { return }
    let left = (perAddress[gone.address] ?? 1) - 1
    perAddress[gone.address] = left > 0 ? left : nil
  }

  /// Shuts down the sockets of connections waiting for their request longer than
  /// `timeout`. Called under the lock the library's close notice also takes, so each
  /// socket is still its connection's: it is closed only after that notice.
  mutating func shutDownStalled(now: ContinuousClock.Instant, timeout: Duration) -> Int {
    var closed = 0
    for (key, connection) in tracked {
      guard let since = connection.waitingSince, now - since > timeout else { continue }
      shutdown(connection.socket, Int32(SHUT_RDWR))
      tracked[key]?.waitingSince = nil
      closed += 1
    }
    return closed
  }
}
