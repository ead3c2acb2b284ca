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

extension RequestLog {
  /// ``line(method:path:status:microseconds:)`` and its line feed as UTF-8 bytes, for one
  /// write. A method and path of visible ASCII only (what clients send) are formatted
  /// byte by byte, where a character is a byte; anything else takes the `String` route.
  static func lineBytes(method: String, path: String, status: Int, microseconds: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(32 + path.utf8.count)
    if method.utf8.allSatisfy(isVisibleASCII), path.utf8.allSatisfy(isVisibleASCII) {
      appendVisible(method.utf8.prefix(16), to: &out)
      out.append(0x20)
      appendRedacted(path, to: &out)
    } else {
      out += visible(String(method.prefix(16))).utf8
      out.append(0x20)
      out += redacted(path).utf8
    }
    out.append(0x20)
    appendDecimal(status, to: &out)
    out.append(0x20)
    appendDecimal(microseconds, to: &out)
    out += [0xC2, 0xB5, 0x73, 0x0A]  // "µs\n"
    return out
  }

  private static func isVisibleASCII(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }

  /// `…`, the cut mark, in UTF-8.
  private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

  /// ``redacted(_:)`` of a path of visible ASCII, appended: the same segments cut the
  /// same way, counting a byte as a character and `…` as one.
  private static func appendRedacted(_ path: String, to out: inout [UInt8]) {
    let bytes = path.utf8
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count)
    // Each segment as written so far: the one before decides whether this one is secret.
    var previous: Range<Int> = 0..<0
    var secondSegment: Range<Int> = 0..<0
    var index = 0
    var start = bytes.startIndex
    while true {
      let end = bytes[start...].firstIndex(of: 0x2F) ?? bytes.endIndex
      let segment = bytes[start..<end]
      if index > 0 { joined.append(0x2F) }
      let segmentStart = joined.count
      if index > 0, !segment.isEmpty {
        let before = joined[previous]
        let isSecret =
          (index == 2 && before.elementsEqual("c".utf8))
          || (index == 3 && before.elementsEqual("sessions".utf8) && joined[secondSegment].elementsEqual("v1".utf8))
        let key = segment.prefix { $0 != 0x2E }
        let keyCount = segment.distance(from: segment.startIndex, to: key.endIndex)
        let count = segment.count
        if isSecret || count - keyCount > 8 {
          if keyCount < count, keyCount <= 32 {
            joined += key
            joined.append(0x2E)
          }
          joined += ellipsis
        } else {
          joined += segment
        }
      } else {
        joined += segment
      }
      previous = segmentStart..<joined.count
      if index == 1 { secondSegment = previous }
      index += 1
      guard end != bytes.endIndex else { break }
      start = bytes.index(after: end)
    }
    // At most 64 characters: every byte here is one but the cut marks' (three bytes each).
    var characters = 0
    var cut = joined.endIndex
    var position = 0
    while position < joined.count {
      if characters == 64 {
        cut = position
        break
      }
      characters += 1
      position += joined[position] == 0xE2 ? 3 : 1
    }
    appendVisible(joined[..<cut], to: &out)
    if cut < joined.endIndex { out += ellipsis }
  }

  /// `bytes` (visible ASCII and cut marks) with `%` as `%25`, as ``visible(_:)``.
  private static func appendVisible(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
    for byte in bytes {
      if byte == 0x25 {
        out += [0x25, 0x32, 0x35]
      } else {
        out.append(byte)
      }
    }
  }

  /// `value` in decimal, as `String(value)` writes it.
  private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(0x2D) }
    let magnitude = value.magnitude
    // The largest power of ten not above `magnitude` (1 for 0): its first digit's place.
    var place: UInt = 1
    while magnitude / place >= 10 { place *= 10 }
    while place > 0 {
      out.append(0x30 + UInt8(magnitude / place % 10))
      place /= 10
    }
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
