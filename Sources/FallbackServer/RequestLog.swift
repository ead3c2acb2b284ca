/// The log line of one request (standard error): method, path, status, microseconds:
/// `GET /c/k7Qz… 200 183µs`. Session ids and customer tokens are cut to their first 4
/// characters and the query is left out, so the log cannot be used to get in; bodies,
/// and so anything the customer typed, are never logged.
enum RequestLog {
  static func line(method: String, path: String, status: Int, microseconds: Int) -> String {
    "\(method) \(redacted(path)) \(status) \(microseconds)µs"
  }

  /// The path with the segment after `/c/` and `/v1/sessions/` cut to 4 characters.
  static func redacted(_ path: String) -> String {
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for index in segments.indices.dropFirst() {
      let before = segments[index - 1]
      let isSecret = (before == "c" && index == 2) || (before == "sessions" && index == 3 && segments[1] == "v1")
      if isSecret, segments[index].count > 4 { segments[index] = segments[index].prefix(4) + "…" }
    }
    // Whatever else a stranger sends is shown only as long as a known route is.
    let joined = segments.joined(separator: "/")
    return joined.count > 64 ? joined.prefix(64) + "…" : joined
  }
}
