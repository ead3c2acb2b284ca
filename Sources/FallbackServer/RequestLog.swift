import Foundation
import HTTPServer
import RenderCore
import SessionStores

/// The log line of one request (standard error): method, path, status, microseconds:
/// `GET /c/k7Qz.… 200 183µs`. Session ids and customer tokens keep only their routing
/// key (not secret), never a character of their random part, and the query is left out,
/// so the log cannot be used to get in; bodies, and so anything the customer typed, are
/// never logged. Whatever a stranger sends is written as visible ASCII only (every other
/// byte as `%XX`), so a path cannot forge a line (`%0A`) or drive a terminal (`%1B`).
///
/// `--log-format json` writes the same facts as one JSON object a line (JSON Lines) for a
/// log shipper: `time` (RFC 3339, UTC), `method`, `route` (the route class of
/// `/metrics`), `path` (redacted as above), `status`, `duration_us`, `routing_key` (the
/// session's, when the path carries one) and `request_id` (also sent as `X-Request-Id`).
enum RequestLog {
  static func line(method: String, path: String, status: Int, microseconds: Int) -> String {
    "\(visible(String(method.prefix(16)))) \(redacted(path)) \(status) \(microseconds)µs"
  }

  /// The path with the segment after `/c/` and `/v1/sessions/` cut after its routing
  /// key's dot (`k1.…`; without a dot, `…`), and so is any other segment that looks like
  /// an id or a token (a dot followed by eight characters or more: `//c/KEY.…`,
  /// `/C/KEY.…` and other paths that match no route carry them too); at most 64
  /// characters, visible ASCII only.
  static func redacted(_ path: String) -> String {
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for index in segments.indices.dropFirst() {
      let before = segments[index - 1]
      let isSecret = (before == "c" && index == 2) || (before == "sessions" && index == 3 && segments[1] == "v1")
      let key = segments[index].prefix { $0 != "." }
      let looksLikeToken = segments[index].count - key.count > 8
      guard isSecret || looksLikeToken, !segments[index].isEmpty else { continue }
      let hasKey = key.count < segments[index].count && key.count <= 32
      segments[index] = (hasKey ? key + "." : "") + "…"
    }
    // Whatever else a stranger sends is shown only as long as a known route is.
    let joined = segments.joined(separator: "/")
    return visible(joined.count > 64 ? joined.prefix(64) + "…" : joined)
  }

  /// `text` with every byte outside printable ASCII (and `%` itself) as `%XX`; the cut
  /// mark `…` stays.
  static func visible(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "…" {
        out.append(character)
        continue
      }
      for byte in String(character).utf8 {
        if (0x21...0x7E).contains(byte), byte != 0x25 {
          out.append(Character(Unicode.Scalar(byte)))
        } else {
          let hex = String(byte, radix: 16, uppercase: true)
          out += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
      }
    }
    return out
  }

  /// The JSON Lines form of ``line(method:path:status:microseconds:)``.
  static func json(_ request: HTTPRequest, route: String, status: Int, microseconds: Int) -> String {
    let path = redacted(request.path)
    var members: [(String, String)] = [
      ("time", JSONOutput.quoted(Date.now.formatted(timeFormat))),
      ("method", JSONOutput.quoted(visible(String(request.method.prefix(16))))),
      ("route", JSONOutput.quoted(route)), ("path", JSONOutput.quoted(path)), ("status", String(status)),
      ("duration_us", String(microseconds)),
    ]
    if let key = routingKey(path) { members.append(("routing_key", JSONOutput.quoted(key))) }
    members.append(("request_id", JSONOutput.quoted(request.id)))
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// RFC 3339 in UTC with milliseconds: `2026-12-02T01:05:00.123Z`.
  private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

  /// The routing key a redacted path shows (`/c/k1.…` → `k1`), or nil.
  static func routingKey(_ redactedPath: String) -> String? {
    let segments = redactedPath.split(separator: "/")
    guard segments.count >= 2, segments[0] == "c" || (segments.count >= 3 && segments[1] == "sessions") else {
      return nil
    }
    let secret = segments[0] == "c" ? segments[1] : segments[2]
    guard secret.hasSuffix(".…") else { return nil }
    return String(secret.dropLast(2))
  }
}

extension SessionJournal.UnreadableEntry {
  /// The server log's line for it, in the request log's format.
  func line(_ format: ServerOptions.LogFormat) -> String {
    let key = RequestLog.visible(String(routingKey.prefix(32)))
    switch format {
    case .text:
      return "session store: journal entry \(position) of a session of routing key \(key) is not JSON "
        + "(\(bytes) bytes): skipped"
    case .json:
      let members: [(String, String)] = [
        ("time", JSONOutput.quoted(Date.now.formatted(.iso8601))), ("event", #""journal_entry_unreadable""#),
        ("routing_key", JSONOutput.quoted(key)), ("position", String(position)), ("bytes", String(bytes)),
      ]
      return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
  }
}
