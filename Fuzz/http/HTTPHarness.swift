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
    let answer = exchange(request).answer
    try checkAnswer(answer)
    // Still serving after the input: a well-formed request gets its answer. This one is
    // whole, so the sending side stays open, and the server has 5 s: on a loaded machine
    // a second was too short to tell a stuck server from a slow one.
    if setting.sampled(oneIn: 16) {
      let health = exchange(
        Array("GET /healthz HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8), wholeRequest: true)
      guard health.answer.starts(with: Array("HTTP/1.1 200".utf8)) else {
        throw PropertyFailure(
          "http.alive",
          "GET /healthz after the input: \(health.outcome), after \(health.elapsed), "
            + "\(openDescriptors()) descriptors open: "
            + String(decoding: health.answer.prefix(60), as: UTF8.self))
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
    guard let split = HTTPAnswerBytes.headerEnd(in: answer) else {
      let start = String(decoding: answer.prefix(12), as: UTF8.self)
      guard start.hasPrefix("HTTP/1.1 ") || start.hasPrefix("HTTP/1.0 ") else {
        throw PropertyFailure("http.statusLine", "answer starts \(start.debugDescription)")
      }
      throw PropertyFailure("http.headers", "no end of headers in an answer starting \(start.debugDescription)")
    }
    guard let (status, headers) = HTTPAnswerBytes.head(answer, end: split) else {
      let start = String(decoding: answer.prefix(12), as: UTF8.self)
      throw PropertyFailure("http.statusLine", "answer starts \(start.debugDescription)")
    }
    let end = Array("\r\n\r\n".utf8)
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    let bodyStart = split + end.count
    // The library's interim `100 Continue` (to `Expect: 100-continue`) has no body;
    // the answer follows it.
    if (100..<200).contains(status) { return answer[bodyStart...] }
    // An answer with no body (to `HEAD`) before the next one: the next starts here.
    if answer[bodyStart...].starts(with: Array("HTTP/1.".utf8)) {
      try checkSecurityHeaders(status: status, fromLibrary: isFromLibrary(status, header), header)
      return answer[bodyStart...]
    }
    // A HEAD answer names a length it does not send; a chunked one is not read here.
    if header("transfer-encoding")?.lowercased().contains("chunked") == true { return [] }
    let length = HTTPAnswerBytes.contentLength(headers) ?? (answer.endIndex - bodyStart)
    let bodyEnd = min(answer.endIndex, bodyStart + max(0, length))
    let body = String(decoding: answer[bodyStart..<bodyEnd], as: UTF8.self)
    // The library's own answers to requests it cannot read (400, 413, 414, 431, 505)
    // come before the server sees them; every other answer is the server's.
    let fromLibrary = isFromLibrary(status, header)
    // libmicrohttpd 0.9.75 writes the status line and headers of its own 400 for a
    // malformed Content-Length twice (docs/FUZZING.md): nothing after it is read.
    if fromLibrary { return [] }
    try checkSecurityHeaders(status: status, fromLibrary: false, header)
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

  static func isFromLibrary(_ status: Int, _ header: (String) -> String?) -> Bool {
    [400, 413, 414, 431, 505].contains(status) && header("content-security-policy") == nil
  }

  /// Every answer of the server's own carries the security headers.
  static func checkSecurityHeaders(
    status: Int, fromLibrary: Bool, _ header: (String) -> String?
  ) throws(PropertyFailure) {
    guard !fromLibrary else { return }
    for required in ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control"]
    where header(required) == nil {
      throw PropertyFailure("http.securityHeaders", "a \(status) answer without \(required)")
    }
  }

  /// The input with `{key}`, `{id}` and `{token}` replaced.
  static func substituted(_ bytes: [UInt8]) -> [UInt8] {
    guard HTTPAnswerBytes.contains(UInt8(ascii: "{"), in: bytes) else { return bytes }
    var values = [(placeholder: Array("{key}".utf8), value: Array(apiKey.utf8))]
    if let session {
      values.append((Array("{id}".utf8), Array(session.id.utf8)))
      values.append((Array("{token}".utf8), Array(session.token.utf8)))
    }
    return HTTPAnswerBytes.substituting(values, in: bytes)
  }

  /// A new session the customer has opened (so it is `ready`), or nil when the server
  /// refuses one (too many sessions).
  static func makeSession() -> (id: String, token: String)? {
    let config = #"{"currency": "USD", "region": "US", "privacyPolicyURL": "https://example.com/privacy"}"#
    let created = exchange(
      Array(
        ("POST /v1/sessions HTTP/1.1\r\nHost: fuzz\r\nAuthorization: Bearer \(apiKey)\r\n"
          + "Content-Type: application/json\r\nContent-Length: \(config.utf8.count)\r\nConnection: close\r\n\r\n"
          + config).utf8), wholeRequest: true
    ).answer
    let text = String(decoding: created, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n"),
      case .object(let members)? = try? JSONParser.parse(Array(text[split.upperBound...].utf8)),
      case .string(let id)? = members.first(where: { $0.key == "id" })?.value,
      case .string(let url)? = members.first(where: { $0.key == "customerURL" })?.value
    else { return nil }
    let token = String(url.dropFirst("/c/".count))
    _ = exchange(Array("GET /c/\(token) HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8), wholeRequest: true)
    return (id, token)
  }

  /// What one exchange got: the bytes, how it ended, and how long it took.
  struct Exchange {
    var answer: [UInt8] = []
    /// "closed", "deadline", "no socket (errno N)", "connect failed (errno N)", …
    var outcome = "closed"
    var elapsed: Duration = .zero
  }

  /// Sends `request` on a new connection and reads what the server answers until it
  /// closes, or for at most a second (a long poll, a live stream).
  ///
  /// The sending side is closed only once the server has had the request: after the
  /// answers that came are complete (by `Content-Length`) and nothing more follows
  /// within a millisecond, or when nothing (more) came for a while (a request cut
  /// short waits for bytes that never come; a `HEAD` answer names a length it does not
  /// send). libmicrohttpd polls edge-triggered, so an end of stream
  /// that arrives with the request itself is seen only at its connection timeout:
  /// closing at once made most inputs wait out the second.
  ///
  /// A `wholeRequest` (the harness's own, with `Connection: close`) never half-closes
  /// and waits up to 5 s for the server to close.
  static func exchange(_ request: [UInt8], wholeRequest: Bool = false) -> Exchange {
    var result = Exchange()
    let started = ContinuousClock.now
    defer { result.elapsed = ContinuousClock.now - started }
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else {
      result.outcome = "no socket (errno \(errno))"
      return result
    }
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
    // A signal during `connect` leaves the connection going on without it: wait until
    // the socket is writable and read how it went.
    if connected != 0, errno == EINTR, !finishesConnecting(socket) {
      result.outcome = "connect interrupted and failed (errno \(errno))"
      return result
    } else if connected != 0, errno != EINTR {
      result.outcome = "connect failed (errno \(errno))"
      return result
    }
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      sent += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var halfClosed = wholeRequest
    let deadline = started + .seconds(wholeRequest ? 5 : 1)
    result.outcome = "deadline"
    while answer.count < 4 << 20 {
      let now = ContinuousClock.now
      guard now < deadline else { break }
      // Until the half-close: a short wait for the first answer, a shorter one for
      // more after complete answers; after it, the rest of the deadline.
      let wait: Duration =
        halfClosed ? deadline - now : !answer.isEmpty && answersComplete(answer) ? .milliseconds(1) : firstAnswerWait
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, milliseconds(wait))
      // libFuzzer's timeout timer (SIGALRM, every few seconds) interrupts a wait: read
      // on. Breaking off here was the `http.alive` finding: an unanswered `/healthz`.
      if ready < 0, errno == EINTR { continue }
      if ready < 0 {
        result.outcome = "poll failed (errno \(errno))"
        break
      }
      if ready == 0 {
        if halfClosed { break }
        // Nothing more for a while: close the sending side (the server sees the end of
        // the request, or of the connection) and read on until it closes.
        shutdown(socket, Int32(SHUT_WR))
        halfClosed = true
        continue
      }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        result.outcome = count == 0 ? "closed" : "recv failed (errno \(errno))"
        break
      }
      if answer.isEmpty, !halfClosed { noteFirstAnswer(after: ContinuousClock.now - started) }
      answer += buffer[..<count]
    }
    result.answer = answer
    return result
  }

  /// Waits (up to a second, through further signals) for an interrupted `connect` to
  /// finish; true when it connected.
  static func finishesConnecting(_ socket: Int32) -> Bool {
    let deadline = ContinuousClock.now + .seconds(1)
    var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    while ContinuousClock.now < deadline {
      let ready = poll(&poller, 1, milliseconds(deadline - ContinuousClock.now))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
        errno = failure
        return false
      }
      return true
    }
    return false
  }

  /// The descriptors this process has open (sockets the server holds among them), for
  /// a failure's message.
  static func openDescriptors() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count - 2
  }

  /// The slowest first answer lately (it decays by 1 % an exchange), so a slow page
  /// under ASan on a loaded machine still comes before the half-close.
  nonisolated(unsafe) static var slowestFirstAnswer: Duration = .milliseconds(5)

  /// How long the first answer may take before the sending side is closed anyway:
  /// twice the slowest lately, from 1 to 50 ms.
  static var firstAnswerWait: Duration {
    min(.milliseconds(50), max(.milliseconds(1), slowestFirstAnswer * 2))
  }

  static func noteFirstAnswer(after latency: Duration) {
    slowestFirstAnswer = max(slowestFirstAnswer * 0.99, latency)
  }

  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  /// True when `answer` is whole answers (status line, headers and the body its
  /// `Content-Length` names), so the server is not in the middle of writing one.
  static func answersComplete(_ answer: [UInt8]) -> Bool {
    var rest = answer[...]
    while !rest.isEmpty {
      guard let split = HTTPAnswerBytes.headerEnd(in: rest),
        let (status, fields) = HTTPAnswerBytes.head(rest, end: split)
      else { return false }
      let bodyStart = split + 4
      if (100..<200).contains(status) {  // 100 Continue: no body
        rest = rest[bodyStart...]
        continue
      }
      // Chunked or unknown: read until the server closes.
      guard let length = HTTPAnswerBytes.contentLength(fields) else { return false }
      let bodyEnd = bodyStart + length
      guard length >= 0, bodyEnd <= rest.endIndex else { return false }
      rest = rest[bodyEnd...]
    }
    return true
  }
}
