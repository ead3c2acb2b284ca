import Foundation
import HTTPServer
import RenderCore
import Testing

@testable import FallbackServer

#if canImport(Glibc)
  import Glibc
#endif

/// What a hostile client tries, through ``RelayServer/respond(to:)`` and on a loopback
/// socket: request smuggling shapes, bodies past the limit, slow clients, many
/// connections from one address, forged log lines, cross-site posts.
@Suite(.serialized) struct HostileClientTests {
  // MARK: Without a socket

  @Test func framingThatCouldBeReadTwoWaysIsNamed() {
    #expect(framingProblem([("content-length", "4"), ("transfer-encoding", "chunked")]) != nil)
    #expect(framingProblem([("content-length", "0"), ("content-length", "45")]) != nil)
    #expect(framingProblem([("transfer-encoding", "gzip")]) != nil)
    #expect(framingProblem([("transfer-encoding", "chunked"), ("transfer-encoding", "chunked")]) != nil)
    #expect(framingProblem([("content-length ", "5")]) != nil)
    #expect(framingProblem([("content-length", "5"), ("host", "x")]) == nil)
    #expect(framingProblem([("Transfer-Encoding", "Chunked")]) == nil)
    // Read as libmicrohttpd reads it: only `chunked` exactly (any ASCII case) is chunked;
    // another reader's `chunked` (a trailing blank, a Kelvin sign for `k`) is refused.
    for value in ["chunked ", "chunked\t", "chunked\u{A0}", "chun\u{212A}ed", "\u{3000}chunked"] {
      #expect(
        framingProblem([("transfer-encoding", value)]) == "a Transfer-Encoding other than chunked",
        "\(value.debugDescription)")
    }
    #expect(
      framingProblem([("transfer-encoding", "chunked")], httpMinorVersion: 0)
        == "a Transfer-Encoding in an HTTP/1.0 request")
    #expect(httpMinorVersion("HTTP/1.1") == 1 && httpMinorVersion("HTTP/1.0") == 0 && httpMinorVersion("HTTP/1.9") == 9)
    #expect(
      httpMinorVersion("HTTP/1.10") == nil && httpMinorVersion("HTTP/2.0") == nil && httpMinorVersion("http/1.1") == nil
    )
    // One host, written as a host: a proxy and this server must not read two.
    #expect(framingProblem([("host", "a.example"), ("host", "b.example")]) == "more than one Host")
    #expect(framingProblem([("host", "a b")]) == "a Host that is not a host and port")
    #expect(framingProblem([("host", "caf\u{E9}.example")]) == "a Host that is not a host and port")
    #expect(framingProblem([("host", "[::1]:8080")]) == nil)
    // The host's grammar, not only its bytes: an unclosed bracket, a bracket or colon in
    // a name, a second port or a port of letters is no host a proxy and this server read alike.
    for value in ["[", "[::1", "[]", "a]", "a[b]", "::1", "x:80:80", "x:8o", "[::1]x", "[::1]:80]", "[a/b]"] {
      #expect(framingProblem([("host", value)]) == "a Host that is not a host and port", "\(value.debugDescription)")
    }
    for value in ["", "x", "x:", "127.0.0.1:8080", "[fe80::1%25eth0]", "[v1.fe]:1", "relay_1.example"] {
      #expect(framingProblem([("host", value)]) == nil, "\(value.debugDescription)")
    }
    // A length is digits only: what a proxy reads of `5 0`, `+5` or `5<NUL>0` is anyone's guess.
    for value in ["5 0", "+5", "5\u{0}0", "", " 5"] {
      let problem = framingProblem([("content-length", value)])
      #expect(problem == "a Content-Length that is not digits", "\(value.debugDescription)")
    }
    #expect(framingProblem([("content-length", "0")]) == nil)
    #expect(framingProblem([("host", "relay-1.internal:443")]) == nil)
    // libmicrohttpd joins a folded line to the field's name: `Content-Length: 5` and ` 0`.
    #expect(
      framingProblem([("content-length0", "5")]) == "a Content-Length or Transfer-Encoding continued on a second line")
    #expect(framingProblem([("transfer-encodingx", "chunked")]) != nil)
    #expect(framingProblem([("content-language", "de")]) == nil)
    #expect(framingProblem([("content-length", "0")], httpMinorVersion: 1) == "an HTTP/1.1 request without Host")
    #expect(framingProblem([("content-length", "0")], httpMinorVersion: 2) == "an HTTP/1.1 request without Host")
    #expect(framingProblem([("content-length", "0")], httpMinorVersion: 0) == nil)
    #expect(framingProblem([("host", "x")], httpMinorVersion: 1) == nil)
    #expect(framingProblem([("Host", "x "), ("Content-Length", "2")], httpMinorVersion: 1) == nil)
    let harness = Harness()
    let request = HTTPRequest(method: "POST", path: "/v1/sessions")
    // The transport refuses the framing and asks the relay for the answer.
    let response = harness.server.errorResponse(.badFraming("more than one Content-Length"), request)
    #expect(response.status == 400)
    #expect(response.text.contains(#""error": "badRequest""#))
    #expect(response.header("Cache-Control") == "no-store")
  }

  @Test func aLogLineCannotBeForgedAndHoldsNoRandomTokenCharacter() {
    let forged = RequestLog.line(
      method: "G\u{1B}[31mET", path: "/\r\nPOST /c/fake 303 1µs", status: 404, microseconds: 7)
    #expect(forged == "G%1B[31mET /%0D%0APOST%20/c/fake%20303%201%C2%B5s 404 7µs")
    #expect(!forged.contains("\r") && !forged.contains("\n") && !forged.contains("\u{1B}"))
    #expect(RequestLog.redacted("/c/till-1.Xb3aaaaaaaaaaaaaaaaaaa") == "/c/till-1.…")
    #expect(RequestLog.redacted("/v1/sessions/k1.AbCdEfGhIjKlMnOpQrStUv/calls") == "/v1/sessions/k1.…/calls")
    #expect(RequestLog.redacted("/c/nodotatall") == "/c/…")
    #expect(RequestLog.redacted("/healthz%") == "/healthz%25")
    // Paths that match no route carry tokens too: a base URL's extra slash, another case,
    // an empty segment; a file name keeps its extension.
    let token = "k1.AbCdEfGhIjKlMnOpQrStUv"
    #expect(RequestLog.redacted("//c/" + token) == "//c/k1.…")
    #expect(RequestLog.redacted("/C/" + token) == "/C/k1.…")
    #expect(RequestLog.redacted("/c//" + token) == "/c//k1.…")
    #expect(RequestLog.redacted("/v1/sessions//" + token + "/events") == "/v1/sessions//k1.…/events")
    #expect(RequestLog.redacted("//v1/sessions/" + token) == "//v1/sessions/k1.…")
    #expect(RequestLog.redacted("/live.js") == "/live.js")
  }

  @Test func anAbsentCustomerIsDisconnectedOnceAndOnlyCloseFollows() throws {
    let harness = Harness()
    let session = try harness.session()
    let waiting = try harness.session(open: false)
    _ = harness.call(session, Harness.cart)
    harness.server.disconnectAbsentCustomers(before: .now - .seconds(60))
    #expect(try harness.events(session, after: 2).isEmpty)
    harness.server.disconnectAbsentCustomers(before: .now + .seconds(1))
    #expect(try harness.events(session, after: 2) == [#"{"seq":3,"event":"disconnected"}"#])
    // A customer who never came is not disconnected; nor is one twice.
    #expect(try harness.events(waiting).isEmpty)
    harness.server.disconnectAbsentCustomers(before: .now + .seconds(1))
    #expect(try harness.events(session, after: 3).isEmpty)
    // The seeds' rules after disconnected: calls are notReady, close is the end.
    let late = harness.call(session, Harness.cart)
    #expect(late.status == 409)
    #expect(late.text.contains("notReady"))
    let page = harness.send("GET", session.customerURL, key: nil)
    #expect(page.text.contains("screen-status"))
    #expect(!page.text.contains("http-equiv=\"refresh\""))
    #expect(harness.send("GET", session.customerURL + "/events?shown=4", key: nil).status == 204)
    #expect(harness.call(session, #"{"call": "close"}"#).status == 200)
    #expect(try harness.events(session, after: 3) == [#"{"seq":4,"event":"closed"}"#])
  }

  @Test func aRoundedAmountIs200WithItsWarning() throws {
    let harness = Harness()
    let session = try harness.session()
    let rounded = harness.call(
      session,
      #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "x", "quantity": 1, "totalPrice": 1.001}]}}"#
    )
    #expect(rounded.status == 200)
    guard case .object(let members) = try JSONParser.parse(rounded.body) else {
      Issue.record("\(rounded.text)")
      return
    }
    #expect(members.first?.key == "ok")
    #expect(members.first?.value == .bool(true))
    guard case .array(let warnings)? = members.first(where: { $0.key == "warnings" })?.value,
      case .string(let warning)? = warnings.first
    else {
      Issue.record("\(rounded.text)")
      return
    }
    #expect(warnings.count == 1)
    #expect(warning.hasPrefix("$.cart.items[0].totalPrice: warning: 3 decimal places, USD has 2"))
    #expect(harness.call(session, Harness.cart).text == "{\"ok\": true}\n")
  }

  @Test func aCrossSitePostIsRefusedAndChangesNothing() throws {
    let harness = Harness()
    let session = try harness.session()
    _ = harness.call(session, Harness.address)
    let token = try #require(Harness.formToken(harness.send("GET", session.customerURL, key: nil).text))
    for site in ["cross-site", "same-site"] {
      let forged = harness.send(
        "POST", session.customerURL, body: "token=\(token)&action=decline",
        headers: CustomerPageTests.form + [("Sec-Fetch-Site", site)], key: nil)
      #expect(forged.status == 403)
    }
    #expect(try harness.events(session, after: 2).isEmpty)
    let own = harness.send(
      "POST", session.customerURL, body: "token=\(token)&action=decline",
      headers: CustomerPageTests.form + [("Sec-Fetch-Site", "same-origin")], key: nil)
    #expect(own.status == 303)
    #expect(own.header("Location") == session.customerURL)
  }

  // MARK: On a socket

  /// A server on a free loopback port with `configure`d options.
  static func running(_ configure: (inout ServerOptions) -> Void = { _ in }) throws -> (RelayServer, UInt16) {
    var options = ServerOptions(apiKey: Harness.key)
    options.port = 0
    configure(&options)
    let server = RelayServer(options: options) { _ in }
    return (server, UInt16(try server.start()))
  }

  @Test func aChunkedBodyPastTheLimitIsAnswered413BeforeItEnds() throws {
    let (server, port) = try Self.running()
    defer { server.stop() }
    let socket = try RawSocket(port: port)
    socket.send(
      "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.key)\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    let chunk = "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n"
    // 17 chunks of 64 KiB pass the limit; the body never ends.
    for _ in 0..<17 { socket.send(chunk) }
    let answer = socket.receiveAll()
    #expect(answer.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
    #expect(answer.contains("Connection: close\r\n"))
    #expect(answer.contains("Cache-Control: no-store\r\n"))
    #expect(answer.hasSuffix(#"{"error": "bodyTooLarge", "limit": 1048576}"# + "\n"))
  }

  @Test func smugglingShapesGetOne400AndTheConnectionCloses() throws {
    let (server, port) = try Self.running()
    defer { server.stop() }
    let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    let shapes = [
      "Content-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n" + smuggled,
      "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled,
      "Transfer-Encoding: gzip\r\n\r\n" + smuggled,
      "Content-Length : 0\r\n\r\n" + smuggled,
      "Host: y\r\nContent-Length: 0\r\n\r\n" + smuggled,
      // Folded (obs-fold): a proxy that joins the lines reads the length, or the coding,
      // that carries `smuggled` as this request's body.
      "Content-Length: \(smuggled.utf8.count / 10)\r\n \(smuggled.utf8.count % 10)\r\n\r\n" + smuggled,
      "Transfer-Encoding: chunked\r\n x\r\n\r\n0\r\n\r\n" + smuggled,
      // `chunked ` is chunked to a proxy, and to libmicrohttpd a body read to the end.
      "Transfer-Encoding: chunked \r\n\r\n0\r\n\r\n" + smuggled,
    ]
    for shape in shapes {
      let answer = try RawSocket.exchange(
        port: port, "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.key)\r\n" + shape)
      #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(shape.debugDescription)")
      #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "\(shape.debugDescription)")
    }
    // RFC 9112 §3.2: an HTTP/1.1 request names its host; one of HTTP/1.0 need not.
    let refused = try RawSocket.exchange(port: port, "GET /healthz HTTP/1.1\r\n\r\n" + smuggled)
    #expect(refused.hasPrefix("HTTP/1.1 400 "), "\(refused)")
    #expect(refused.contains("without Host"), "\(refused)")
    // No second status line: `smuggled` was not read as a request.
    #expect(!refused.contains("\nHTTP/1.1 "), "\(refused)")
    // A length past Int, libmicrohttpd's own "length unknown" among them, is too large,
    // not "no length" (which read the rest of the connection as the body).
    let hugeAnswer = try RawSocket.exchange(
      port: port,
      "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.key)\r\n"
        + "Content-Length: 18446744073709551615\r\n\r\n{}" + smuggled)
    #expect(hugeAnswer.hasPrefix("HTTP/1.1 413 ") && !hugeAnswer.contains("\nHTTP/1.1 "), "\(hugeAnswer)")
    for version in ["1.2", "1.9"] {
      let later = try RawSocket.exchange(port: port, "GET /healthz HTTP/\(version)\r\n\r\n" + smuggled)
      #expect(later.hasPrefix("HTTP/1.1 400 "), "HTTP/\(version)")
    }
    // RFC 9112 §6.1: HTTP/1.0 with a Transfer-Encoding has faulty framing.
    let answer10 = try RawSocket.exchange(
      port: port,
      "POST /v1/sessions HTTP/1.0\r\nAuthorization: Bearer \(Harness.key)\r\nConnection: keep-alive\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled)
    #expect(answer10.hasPrefix("HTTP/1.1 400 ") && !answer10.contains("\nHTTP/1.1 "), "\(answer10)")
    #expect(try RawSocket.exchange(port: port, "GET /healthz HTTP/1.0\r\n\r\n").hasPrefix("HTTP/1.1 200 "))
  }

  /// `?after=1%00` was read as `1` (the value cut at its NUL); it is the contract's
  /// `400 badRequest` now, as is a header value with a CR.
  @Test func aNULInAnArgumentOrACRInAHeaderValueIs400BadRequest() throws {
    let (server, port) = try Self.running()
    defer { server.stop() }
    let shapes = [
      ("GET /v1/sessions/k1.x/events?after=1%00 HTTP/1.1\r\n", "a query argument value holds a NUL byte"),
      ("GET /healthz HTTP/1.1\r\nIdempotency-Key: k\rX-Forged: 1\r\n", "a header value holds a CR"),
    ]
    for (head, message) in shapes {
      let answer = try RawSocket.exchange(port: port, head + "Host: x\r\nAuthorization: Bearer \(Harness.key)\r\n\r\n")
      #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(head.debugDescription): \(answer)")
      #expect(answer.contains("Connection: close\r\n"))
      #expect(answer.contains("Cache-Control: no-store\r\n"))
      #expect(answer.contains(#""error": "badRequest""#), "\(answer)")
      #expect(answer.contains(#""message": "\#(message)""#), "\(answer)")
    }
  }

  @Test func aSlowClientIsClosedAtTheRequestTimeout() throws {
    let (server, port) = try Self.running { $0.requestTimeoutSeconds = 1 }
    defer { server.stop() }
    let slow = try RawSocket(port: port)
    let started = ContinuousClock.now
    slow.send("GET /healthz HTTP/1.1\r\n")
    var closed = false
    // A byte a few times a second: never silent, never done.
    while !closed, ContinuousClock.now - started < .seconds(5) {
      Thread.sleep(forTimeInterval: 0.2)
      closed = !slow.send("X")
      if !closed { closed = slow.isClosed }
    }
    #expect(closed)
    #expect(ContinuousClock.now - started < .seconds(3))
    // An honest request on a new connection is answered.
    let honest = try RawSocket(port: port)
    honest.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(honest.receiveAll().hasPrefix("HTTP/1.1 200 OK"))
  }

  @Test func connectionsFromOneAddressAreLimitedButNotFromTheLocalProxy() throws {
    let (server, port) = try Self.running { $0.maximumConnectionsPerAddress = 2 }
    defer { server.stop() }
    let held = try (0..<2).map { _ in try RawSocket(port: port, from: "127.0.0.2") }
    Thread.sleep(forTimeInterval: 0.2)
    let third = try RawSocket(port: port, from: "127.0.0.2")
    third.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(!third.receiveAll().hasPrefix("HTTP/1.1 200"))
    let proxied = try (0..<3).map { _ in try RawSocket(port: port) }
    for socket in proxied {
      socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(socket.receiveAll().hasPrefix("HTTP/1.1 200 OK"))
    }
    withExtendedLifetime(held) {}
  }
}

/// A blocking TCP socket to loopback, for bytes no HTTP client would send.
final class RawSocket {
  private let descriptor: Int32

  init(port: UInt16, from source: String? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw HarnessError.unexpected("socket") }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, source, &local.sin_addr)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw HarnessError.unexpected("bind \(source)") }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw HarnessError.unexpected("connect") }
  }

  deinit { close(descriptor) }

  /// False when the peer closed or reset the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return false }
      sent += written
    }
    return true
  }

  /// The peer closed the connection (a read returns nothing at once).
  var isClosed: Bool {
    var probe = [UInt8](repeating: 0, count: 1)
    return recv(descriptor, &probe, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK)) == 0
  }

  /// Sends `text` on a new connection to `port` and returns everything answered until
  /// the server closes it.
  static func exchange(port: UInt16, _ text: String) throws -> String {
    let socket = try RawSocket(port: port)
    socket.send(text)
    return socket.receiveAll()
  }

  /// Everything until the peer closes (or 5 s of silence, or a reset).
  func receiveAll() -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      out += buffer[..<count]
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// The page cache's bounds.
@Suite struct PageCacheBoundsTests {
  @Test func thePageCacheIsBoundedByBytesAndByCount() {
    let cache = PageCache(capacity: 4, byteCapacity: 1000)
    for index in 0..<5 { cache.store("s \(index)", [UInt8](repeating: 1, count: 300)) }
    #expect(cache.bytes == 900)
    #expect(cache.page("s 0") == nil && cache.page("s 1") == nil)
    #expect(cache.page("s 4")?.count == 300)
    cache.store("big", [UInt8](repeating: 1, count: 1001))
    #expect(cache.page("big") == nil)
    for index in 5..<9 { cache.store("t \(index)", [1]) }
    #expect(cache.bytes == 4)
    cache.forget(session: "t")
    #expect(cache.bytes == 0)
  }
}
