import Foundation
import RedisClient
import RenderCore

/// A session as its journal in Redis says: the configuration the session was made with,
/// then each entry replayed in order (``ServedSession/replay(_:eventsKept:)``).
package enum SessionJournal {
  /// A journal entry that is not JSON (written by something else than this server, or
  /// damaged): skipped, so the session replays without it, and reported, since what the
  /// session shows then differs from what was acknowledged.
  package struct UnreadableEntry: Equatable, Sendable {
    /// The session's routing key (not secret, as in the request log); never its id.
    package var routingKey: String
    /// The entry's place in the journal, from 0.
    package var position: Int
    /// The entry's length in bytes; its content is never shown (it is what the customer
    /// typed, or the merchant's cart).
    package var bytes: Int
  }

  /// A new session with the configuration as stored ("" for the default); nil when it
  /// does not read as one.
  static func session(id: String, token: String, configuration: String, now: ContinuousClock.Instant)
    -> ServedSession?
  {
    var parsed = SessionConfiguration.default
    if !configuration.isEmpty {
      guard let json = try? JSONParser.parse(Array(configuration.utf8)),
        let made = try? SessionConfiguration(json: json)
      else { return nil }
      parsed = made
    }
    return ServedSession(id: id, customerToken: token, configuration: parsed, now: now)
  }

  /// Replays `entries`, the journal's from `position` on, onto `session`; those that are
  /// not JSON are skipped and returned.
  static func replay(
    _ entries: [RedisReply], from position: Int, onto session: inout ServedSession, eventsKept: Int
  ) -> [UnreadableEntry] {
    var unreadable: [UnreadableEntry] = []
    for (offset, entry) in entries.enumerated() {
      guard let text = entry.text, let json = try? JSONParser.parse(Array(text.utf8)) else {
        let routingKey = String(session.id.prefix { $0 != "." })
        let bytes = if case .string(let data) = entry { data.count } else { 0 }
        unreadable.append(UnreadableEntry(routingKey: routingKey, position: position + offset, bytes: bytes))
        continue
      }
      _ = session.replay(json, eventsKept: eventsKept)
    }
    return unreadable
  }
}
