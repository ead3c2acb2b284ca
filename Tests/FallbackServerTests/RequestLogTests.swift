import Foundation
import HTTPServer
import Testing

@testable import FallbackServer

#if canImport(Glibc)
  import Glibc
#endif

/// The request log's line as bytes (``RequestLog/lineBytes(method:path:status:microseconds:)``):
/// exactly ``RequestLog/line(method:path:status:microseconds:)`` and a line feed, for the
/// paths of every route and for what a stranger sends.
@Suite struct RequestLogTests {
  static func bytes(_ method: String, _ path: String, _ status: Int = 200, _ microseconds: Int = 183) -> [UInt8] {
    RequestLog.lineBytes(method: method, path: path, status: status, microseconds: microseconds)
  }

  @Test func theBytesOfALineAreExact() {
    #expect(Self.bytes("GET", "/c/k7Qz.AbCdEfGhIjKlMnOpQrStUv") == Array("GET /c/k7Qz.… 200 183µs\n".utf8))
    #expect(
      Self.bytes("POST", "/v1/sessions/k1.AbCdEfGhIjKlMnOpQrStUv/calls", 422, 0)
        == Array("POST /v1/sessions/k1.…/calls 422 0µs\n".utf8))
    #expect(Self.bytes("GET", "/healthz%", 404, 1_234_567) == Array("GET /healthz%25 404 1234567µs\n".utf8))
    #expect(Self.bytes("DELETE", "/v1/sessions/nodot", 204, 10) == Array("DELETE /v1/sessions/… 204 10µs\n".utf8))
    #expect(
      Self.bytes("G\u{1B}[31mET", "/\r\nPOST /c/fake 303 1µs", 404, 7)
        == Array("G%1B[31mET /%0D%0APOST%20/c/fake%20303%201%C2%B5s 404 7µs\n".utf8))
  }

  /// Paths of every route, with and without their tokens, and hostile ones: each line's
  /// bytes are its `String` line's.
  @Test func everyLineIsItsStringLineAndALineFeed() {
    let token = "k1.AbCdEfGhIjKlMnOpQrStUv"
    let long = String(repeating: "abcdefgh/", count: 12)
    var paths = Endpoint.routes.map { String($0.drop { $0 != " " }.dropFirst()) }
    paths += Endpoint.routes.map {
      String($0.drop { $0 != " " }.dropFirst()).replacing("{id}", with: token).replacing("{token}", with: token)
    }
    paths += [
      "", "/", "//", "x", "/c/", "/c/" + token + "/events", "//c/" + token, "/C/" + token, "/c//" + token,
      "/v1/sessions//" + token + "/events", "//v1/sessions/" + token, "/v1/sessions/" + token + "%2F",
      "/c/c/c", "/c/sessions/" + token, "/x/v1/sessions/" + token, "/v1/sessions/sessions/" + token,
      "/c/" + String(repeating: "k", count: 32) + ".secretsecret", "/c/" + String(repeating: "k", count: 33) + ".s",
      "/a.123456789/b.12345678", "/a..........", "/.", "/c/.", "/%", "/%%/%25", "/" + long, "/c/" + token + "/" + long,
      "/" + String(repeating: "x.123456789/", count: 30), "/" + String(repeating: "/", count: 70),
      String(repeating: "/ab", count: 21) + "/c", String(repeating: "/ab", count: 21) + "/cd",
      "/c/k1.tök€n/events", "/c/\u{1B}[2J", "/\r\n", "/a b", "/\u{7F}", "/é" + long, "/\u{301}c/" + token,
    ]
    for path in paths {
      for method in ["GET", "POST", "get", "%X", "AVERYLONGMETHODNAMEINDEED", "G\u{0}T", "GÉT"] {
        let line = RequestLog.line(method: method, path: path, status: 200, microseconds: 42)
        #expect(Self.bytes(method, path, 200, 42) == Array((line + "\n").utf8), "\(method) \(path)")
      }
    }
    for (status, microseconds) in [(0, 0), (9, 9), (10, 10), (599, 99_999), (-1, -20), (Int.max, Int.min)] {
      let line = RequestLog.line(method: "GET", path: "/healthz", status: status, microseconds: microseconds)
      #expect(Self.bytes("GET", "/healthz", status, microseconds) == Array((line + "\n").utf8))
    }
  }

  @Test func routesAreMatchedAndLoggedRedacted() {
    let token = "k1.AbCdEfGhIjKlMnOpQrStUv"
    #expect(Endpoint.match(method: "GET", path: "/c/" + token) == .found(.page(token: token)))
    #expect(Endpoint.match(method: "POST", path: "/v1/sessions/\(token)/calls") == .found(.call(id: token)))
    #expect(Endpoint.match(method: "GET", path: "/v1/sessions/\(token)/events") == .found(.events(id: token)))
    #expect(Endpoint.match(method: "HEAD", path: "/healthz") == .found(.health))
    #expect(Endpoint.match(method: "PUT", path: "/c/" + token) == .methodNotAllowed(allowed: ["GET", "HEAD", "POST"]))
    #expect(Endpoint.match(method: "GET", path: "/c/" + token + "/") == .notFound)
    #expect(!Self.bytes("GET", "/c/" + token).contains(Array("AbCd".utf8)))
  }

  /// ``LogOutput`` writes each line whole, as given.
  @Test func aLineIsWrittenWhole() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // Close-on-exec, so no child another test starts meanwhile holds the write end open
    // and keeps the read below from seeing its end.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(ends[0]) }
    let output = LogOutput(descriptor: ends[1])
    let line = Self.bytes("GET", "/c/k1.AbCdEfGhIjKlMnOpQrStUv", 200, 5)
    output.writeLine(line)
    output.writeLine(line)
    close(ends[1])
    var read: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = Glibc.read(ends[0], &buffer, buffer.count)
      guard count > 0 else { break }
      read += buffer[..<count]
    }
    #expect(read == line + line)
    #expect(String(decoding: read, as: UTF8.self) == "GET /c/k1.… 200 5µs\nGET /c/k1.… 200 5µs\n")
  }
}
