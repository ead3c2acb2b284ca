/// One HTTP request as a responder sees it: decoded by libmicrohttpd (``HTTPDaemon``),
/// a plain value with nothing of the transport's in it, so every route is tested
/// without a socket. What the transport refuses (framing, a body over the limit) never
/// reaches a responder.
@usableFromInline
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
  /// When the request arrived: a long poll's wait counts from here.
  package var arrival: ContinuousClock.Instant
  /// A fresh random id for this request, sent back as `X-Request-Id` and logged, so an
  /// answer a client reports can be found in the log.
  package var id: String

  /// Largest body a request may carry (the contract's 1 MiB); more is `413`.
  package static let maximumBodyBytes = 1 << 20
  /// Most bytes of a body over the limit read and dropped before its `413`, so that a
  /// client still sending reads the answer (``HTTPDaemon``); past it the connection is
  /// closed mid-body.
  package static let maximumDiscardedBytes = 128 << 20

  package init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    arrival: ContinuousClock.Instant = .now
  ) {
    self.method = method
    self.path = path
    self.query = query
    // Spaces and tabs around a field's value are not part of it (RFC 9110 §5.5);
    // libmicrohttpd drops those before it but keeps those after.
    self.headers = headers.map { ($0.name.lowercased(), Self.trimmed($0.value)) }
    self.body = body
    self.arrival = arrival
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() as UInt64, radix: 16)
    id = String(repeating: "0", count: 16 - random.count) + random
  }

  /// `value` without the spaces and tabs around it (RFC 9110 §5.5: not part of a field's value).
  package static func trimmed(_ value: String) -> String {
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

  /// Whether the body is declared a form (`Content-Type` whose media type, before any
  /// parameter, is `application/x-www-form-urlencoded`, in any case).
  package var isURLEncodedForm: Bool {
    guard let type = header("content-type")?.split(separator: ";", omittingEmptySubsequences: false).first else {
      return false
    }
    let words = type.split(whereSeparator: { $0 == " " || $0 == "\t" })
    return words.count == 1 && words[0].lowercased() == "application/x-www-form-urlencoded"
  }

  /// The first value of query argument `name`.
  package func argument(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }
}
