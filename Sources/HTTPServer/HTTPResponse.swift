/// One HTTP answer: status, header fields and body bytes.
@usableFromInline
package struct HTTPResponse: Sendable {
  package var status: Int
  /// In order; names as written on the wire.
  package var headers: [(name: String, value: String)]
  package var body: [UInt8]
  /// What the responder says this answer was for, handed back to its ``HTTPObserver``
  /// untouched (the relay: the route it matched, so it is matched once); never written
  /// on the wire, never read by the transport.
  package var label: Int?

  package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The first value of header `name` (any case).
  package func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name.lowercased() == wanted }?.value
  }

  /// The reason phrase of the statuses the server writes itself (RFC 9110 §15).
  static func reason(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 413: "Content Too Large"
    default: "Status"
    }
  }

  /// The body as UTF-8 text (for tests and logs of the server's own answers).
  package var text: String { String(decoding: body, as: UTF8.self) }

  /// `text/plain; charset=utf-8`.
  package static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
  }

  /// `application/json` with `json` (already serialized) and a final line feed.
  package static func json(_ status: Int, _ json: String) -> HTTPResponse {
    HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array((json + "\n").utf8))
  }
}

/// What a route does with a request: answer now, or wait for a session to change.
@usableFromInline
package enum RouteResult: Sendable {
  case respond(HTTPResponse)
  /// Park the request until `key` changes past `version` (``ParkedRequests/changed(_:version:)``),
  /// or `deadline` passes; the transport parks it, and then asks again with the same request.
  case wait(key: String, version: UInt64, deadline: ContinuousClock.Instant)
}

extension RouteResult {
  /// The answer, or nil for a wait.
  package var response: HTTPResponse? {
    if case .respond(let response) = self { return response }
    return nil
  }
}
