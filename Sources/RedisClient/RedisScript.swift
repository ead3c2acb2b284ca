import Synchronization

/// A Lua script run by its SHA-1 (`EVALSHA`, which Redis answers from its script cache):
/// loaded (`SCRIPT LOAD`) on first use and again after a Redis restart emptied the cache
/// (`NOSCRIPT`). The hash is what Redis answered for the source, kept per script.
package final class RedisScript: Sendable {
  package let source: String
  private let hash = Mutex<String?>(nil)

  package init(_ source: String) { self.source = source }

  /// Runs the script with `keys` (every key it touches, as Redis Cluster requires) and
  /// `arguments`, each command sent through `send` (the caller's breaker and timing).
  /// - Returns: the script's reply, or nil when Redis refused it (an error reply other
  ///   than one `NOSCRIPT`, or a load that gave no hash).
  package func run<Failure: Error>(
    keys: [String], arguments: [String], send: ([String]) throws(Failure) -> RedisReply
  ) throws(Failure) -> RedisReply? {
    let rest = [String(keys.count)] + keys + arguments
    for _ in 0..<2 {
      var known = hash.withLock { $0 }
      if known == nil {
        let loaded = try send(["SCRIPT", "LOAD", source])
        known = loaded.text
        hash.withLock { $0 = known }
      }
      guard let known else { return nil }
      let reply = try send(["EVALSHA", known] + rest)
      if case .error(let text) = reply {
        guard text.hasPrefix("NOSCRIPT") else { return nil }
        hash.withLock { $0 = nil }
        continue
      }
      return reply
    }
    return nil
  }
}
