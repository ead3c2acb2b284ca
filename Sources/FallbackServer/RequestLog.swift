/// The log line of one request (standard error): method, path, status, microseconds:
/// `GET /c/k7Qz.… 200 183µs`. Session ids and customer tokens keep only their routing
/// key (not secret), never a character of their random part, and the query is left out,
/// so the log cannot be used to get in; bodies, and so anything the customer typed, are
/// never logged. Whatever a stranger sends is written as visible ASCII only (every other
/// byte as `%XX`), so a path cannot forge a line (`%0A`) or drive a terminal (`%1B`).
enum RequestLog {
  static func line(method: String, path: String, status: Int, microseconds: Int) -> String {
    "\(visible(String(method.prefix(16)))) \(redacted(path)) \(status) \(microseconds)µs"
  }

  /// The path with the segment after `/c/` and `/v1/sessions/` cut after its routing
  /// key's dot (`k1.…`; without a dot, `…`), at most 64 characters, visible ASCII only.
  static func redacted(_ path: String) -> String {
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for index in segments.indices.dropFirst() {
      let before = segments[index - 1]
      let isSecret = (before == "c" && index == 2) || (before == "sessions" && index == 3 && segments[1] == "v1")
      guard isSecret, !segments[index].isEmpty else { continue }
      let key = segments[index].prefix { $0 != "." }
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
}
