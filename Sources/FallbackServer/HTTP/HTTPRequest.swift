/// One HTTP request as the routes see it: decoded by libmicrohttpd (``HTTPDaemon``),
/// a plain value, so every route is tested without a socket.
package struct HTTPRequest: Sendable {
  /// `GET`, `POST`, `DELETE`, … as sent.
  package var method: String
  /// The path without the query, percent-decoded by libmicrohttpd: `/v1/sessions`.
  package var path: String
  /// The query's arguments, decoded, in order.
  package var query: [(name: String, value: String)]
  /// Header fields with lower-cased names, in order.
  package var headers: [(name: String, value: String)]
  /// The body, at most ``HTTPRequest/maximumBodyBytes``.
  package var body: [UInt8]
  /// The body was longer than ``HTTPRequest/maximumBodyBytes`` and was not kept.
  package var bodyTooLarge: Bool
  /// Why the request's framing cannot be trusted (two lengths, an unknown coding, a
  /// header name that is not a token), or nil: such a request is `400` and its
  /// connection closed (``HTTPDaemon``).
  package var framingProblem: String?
  /// When the request arrived: a long poll's wait counts from here.
  package var arrival: ContinuousClock.Instant
  /// A fresh random id for this request, sent back as `X-Request-Id` and logged, so an
  /// answer a client reports can be found in the log.
  package var id: String
  /// The request was parked at least once (``RouteResult/wait(key:version:deadline:)``):
  /// the route runs again after each wake, and the request ends one wait when answered.
  package var parked = false

  /// Largest body a request may carry (the contract's 1 MiB); more is `413`.
  package static let maximumBodyBytes = 1 << 20
  /// Most bytes of a body over the limit read and dropped before its `413`, so that a
  /// client still sending reads the answer (``HTTPDaemon``); past it the connection is
  /// closed mid-body.
  package static let maximumDiscardedBytes = 128 << 20

  package init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [], body: [UInt8] = [], bodyTooLarge: Bool = false,
    framingProblem: String? = nil, arrival: ContinuousClock.Instant = .now
  ) {
    self.method = method
    self.path = path
    self.query = query
    // Spaces and tabs around a field's value are not part of it (RFC 9110 §5.5);
    // libmicrohttpd drops those before it but keeps those after.
    self.headers = headers.map { ($0.name.lowercased(), Self.trimmed($0.value)) }
    self.body = body
    self.bodyTooLarge = bodyTooLarge
    self.framingProblem = framingProblem
    self.arrival = arrival
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() as UInt64, radix: 16)
    id = String(repeating: "0", count: 16 - random.count) + random
  }

  /// `value` without the spaces and tabs around it (RFC 9110 §5.5: not part of a field's value).
  static func trimmed(_ value: String) -> String {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let bytes = value.utf8
    guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return value }
    return String(value[first...last])
  }

  /// The first value of header `name` (any case).
  package func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name == wanted }?.value
  }

  /// The first value of query argument `name`.
  package func argument(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }
}
