import FallbackServer
import Foundation
import RenderCore

#if canImport(Glibc)
  import Glibc
#endif

/// Raw HTTP requests, as bytes on a socket, to one `render-cli serve` server running in
/// the process (libmicrohttpd reads them): the merchant API and the customer pages.
///
/// `{key}`, `{id}` and `{token}` in the input stand for the API key and a live session's
/// id and customer token, so mutated requests reach the routes behind them; the session
/// is made again whenever an input closed or deleted it.
enum HTTPHarness {
  static let harness = FuzzHarness(
    name: "http", summary: "raw HTTP requests → render-cli serve (libmicrohttpd, merchant API, customer pages)",
    check: check)

  static let apiKey = "fuzz-key-0123456789abcdef0123456789"

  /// The server, started once on a free loopback port.
  static let port: Int = {
    var options = ServerOptions(apiKey: apiKey)
    options.port = 0
    options.connectionTimeoutSeconds = 2
    options.idleTimeoutSeconds = 60
    let server = RelayServer(options: options) { _ in }
    do { return try server.start() } catch {
      FileHandle.standardError.write(Data("http harness: the server did not start: \(error)\n".utf8))
      exit(2)
    }
  }()

  /// The session the placeholders name.
  nonisolated(unsafe) static var session: (id: String, token: String)?

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    let setting = FuzzSetting(bytes)
    if session == nil || setting.sampled(oneIn: 64) { session = makeSession() }
    let request = substituted(bytes)
    let answer = exchange(request)
    try checkAnswer(answer)
    // Still serving after the input: a well-formed request gets its answer.
    if setting.sampled(oneIn: 16) {
      let health = exchange(Array("GET /healthz HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8))
      guard health.starts(with: Array("HTTP/1.1 200".utf8)) else {
        throw PropertyFailure(
          "http.alive", "GET /healthz after the input: \(String(decoding: health.prefix(60), as: UTF8.self))")
      }
    }
  }

  /// The answers' properties, one answer after another (a request the library reads
  /// past its body, or several requests in one input, get several): an HTTP status line
  /// (or nothing, when the library drops a broken request); every answer of the
  /// server's own carries the security headers; an HTML body passes the HTML properties
  /// (the one live script aside); a JSON body parses; a 401 says nothing but that.
  static func checkAnswer(_ answer: [UInt8]) throws(PropertyFailure) {
    var rest = answer[...]
    while !rest.isEmpty {
      rest = try checkOneAnswer(rest)
    }
  }

  /// Checks the first answer in `answer` and returns what follows it.
  static func checkOneAnswer(_ answer: ArraySlice<UInt8>) throws(PropertyFailure) -> ArraySlice<UInt8> {
    let head = String(decoding: answer.prefix(12), as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 ") || head.hasPrefix("HTTP/1.0 "), let status = Int(head.dropFirst(9).prefix(3))
    else { throw PropertyFailure("http.statusLine", "answer starts \(head.debugDescription)") }
    let end = Array("\r\n\r\n".utf8)
    guard let split = answer.indices.first(where: { answer[$0...].starts(with: end) }) else {
      throw PropertyFailure("http.headers", "no end of headers in a \(status) answer")
    }
    let headers = String(decoding: answer[..<split], as: UTF8.self).split(separator: "\r\n").dropFirst().map { line in
      (
        name: line.prefix { $0 != ":" }.lowercased(),
        value: String(line.drop { $0 != ":" }.dropFirst().trimmingPrefix(" "))
      )
    }
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    let bodyStart = split + end.count
    // A HEAD answer names a length it does not send; a chunked one is not read here.
    if header("transfer-encoding")?.lowercased().contains("chunked") == true { return [] }
    let length = header("content-length").flatMap(Int.init) ?? (answer.endIndex - bodyStart)
    let bodyEnd = min(answer.endIndex, bodyStart + max(0, length))
    let body = String(decoding: answer[bodyStart..<bodyEnd], as: UTF8.self)
    // The library's own answers to requests it cannot read (400, 413, 414, 431, 505)
    // come before the server sees them; every other answer is the server's.
    let fromLibrary = [400, 413, 414, 431, 505].contains(status) && header("content-security-policy") == nil
    // libmicrohttpd 0.9.75 writes the status line and headers of its own 400 for a
    // malformed Content-Length twice (docs/FUZZING.md): nothing after it is read.
    if fromLibrary { return [] }
    for required in ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control"]
    where header(required) == nil {
      throw PropertyFailure("http.securityHeaders", "a \(status) answer without \(required)")
    }
    guard bodyEnd - bodyStart == length else { return [] }  // cut short: the server closed
    let type = header("content-type") ?? ""
    if type.hasPrefix("text/html") {
      try OutputProperties.checkHTML(body, "\(status) page", servedScript: true)
    } else if type.hasPrefix("application/json") {
      do { _ = try JSONParser.parse(Array(body.utf8)) } catch {
        throw PropertyFailure("http.json", "a \(status) JSON answer does not parse: \(error)")
      }
    }
    if status == 401, body != "{\"error\": \"unauthorized\"}\n" {
      throw PropertyFailure("http.unauthorized", "a 401 says more: \(body.prefix(80).debugDescription)")
    }
    return answer[bodyEnd...]
  }

  /// The input with `{key}`, `{id}` and `{token}` replaced.
  static func substituted(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(UInt8(ascii: "{")), var text = String(validating: bytes, as: UTF8.self) else { return bytes }
    text = text.replacingOccurrences(of: "{key}", with: apiKey)
    if let session {
      text = text.replacingOccurrences(of: "{id}", with: session.id)
      text = text.replacingOccurrences(of: "{token}", with: session.token)
    }
    return Array(text.utf8)
  }

  /// A new session the customer has opened (so it is `ready`), or nil when the server
  /// refuses one (too many sessions).
  static func makeSession() -> (id: String, token: String)? {
    let config = #"{"currency": "USD", "region": "US", "privacyPolicyURL": "https://example.com/privacy"}"#
    let created = exchange(
      Array(
        ("POST /v1/sessions HTTP/1.1\r\nHost: fuzz\r\nAuthorization: Bearer \(apiKey)\r\n"
          + "Content-Type: application/json\r\nContent-Length: \(config.utf8.count)\r\nConnection: close\r\n\r\n"
          + config).utf8))
    let text = String(decoding: created, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n"),
      case .object(let members)? = try? JSONParser.parse(Array(text[split.upperBound...].utf8)),
      case .string(let id)? = members.first(where: { $0.key == "id" })?.value,
      case .string(let url)? = members.first(where: { $0.key == "customerURL" })?.value
    else { return nil }
    let token = String(url.dropFirst("/c/".count))
    _ = exchange(Array("GET /c/\(token) HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8))
    return (id, token)
  }

  /// Sends `request` on a new connection, closes the sending side, and reads the answer
  /// until the server closes, or for at most a second (a long poll, a live stream).
  static func exchange(_ request: [UInt8]) -> [UInt8] {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return [] }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return [] }
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { break }
      sent += count
    }
    shutdown(socket, Int32(SHUT_WR))
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while answer.count < 4 << 20 {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      answer += buffer[..<count]
    }
    return answer
  }
}
