import Foundation
import Synchronization
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// The transport on its own, over loopback sockets: what it answers itself (never asking
/// the responder), the waits it parks, and the daemon's lifetime.
@Suite(.serialized) struct HTTPDaemonTests {
  /// Answers `200 ok`; the first time it is asked for `/wait`, waits on `key` past
  /// version 0 instead. Counts the requests it was asked.
  final class Counting: HTTPResponder {
    let asked = Atomic<Int>(0)

    func respond(to request: HTTPRequest) -> RouteResult {
      let count = asked.add(1, ordering: .relaxed).newValue
      if request.path == "/wait", count == 1 {
        return .wait(key: "key", version: 0, deadline: request.arrival + .seconds(30))
      }
      return .respond(.text(200, "ok\n"))
    }
  }

  static func configuration(_ waits: ParkedRequests = ParkedRequests()) -> HTTPDaemon.Configuration {
    HTTPDaemon.Configuration(
      host: "127.0.0.1", port: 0, threads: 1, connectionTimeout: 5, connectionLimit: 16, requestTimeout: 5,
      connectionsPerAddress: 0, waits: waits)
  }

  /// One exchange: `request` written whole, everything read until the peer closes (or
  /// 5 s of silence); nil when no connection can be made.
  static func exchange(port: Int, _ request: String) -> String? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return nil }
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      out += buffer[..<count]
    }
    return String(decoding: out, as: UTF8.self)
  }

  @Test func framingThatCouldBeReadTwoWaysIsAnsweredByTheTransportAlone() throws {
    let responder = Counting()
    let daemon = try HTTPDaemon(Self.configuration(), responder: responder)
    defer { daemon.stop() }
    let answer = try #require(
      Self.exchange(
        port: daemon.port,
        "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
    #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
    #expect(answer.contains("Connection: close"))
    #expect(answer.hasSuffix("Bad request.\n"))
    #expect(responder.asked.load(ordering: .relaxed) == 0)
  }

  @Test func aBodyOverTheLimitIsAnsweredByTheTransportAlone() throws {
    let responder = Counting()
    let daemon = try HTTPDaemon(Self.configuration(), responder: responder)
    defer { daemon.stop() }
    let answer = try #require(
      Self.exchange(
        port: daemon.port,
        "POST /x HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: \(HTTPRequest.maximumBodyBytes + 1)\r\n\r\n"
      ))
    #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
    #expect(responder.asked.load(ordering: .relaxed) == 0)
  }

  @Test func aWaitIsParkedByTheTransportAndAskedAgainWhenWoken() async throws {
    let responder = Counting()
    let waits = ParkedRequests()
    let daemon = try HTTPDaemon(Self.configuration(waits), responder: responder)
    defer { daemon.stop() }
    let port = daemon.port
    let answer = Task.detached {
      Self.exchange(port: port, "GET /wait HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    }
    // Parked once asked: then a change past its version wakes it, and it is asked again.
    let parkedBy = ContinuousClock.now + .seconds(5)
    while waits.count("key") == 0, ContinuousClock.now < parkedBy { try await Task.sleep(for: .milliseconds(10)) }
    #expect(waits.count("key") == 1)
    waits.changed("key", version: 1)
    let answered = await answer.value
    #expect(answered?.hasPrefix("HTTP/1.1 200") == true)
    #expect(responder.asked.load(ordering: .relaxed) == 2)
    #expect(waits.count("key") == 0)
  }

  @Test func aDaemonLetGoStopsListening() throws {
    var daemon: HTTPDaemon? = try HTTPDaemon(Self.configuration(), responder: Counting())
    let port = try #require(daemon?.port)
    let answer = Self.exchange(port: port, "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    #expect(answer?.hasPrefix("HTTP/1.1 200") == true)
    daemon = nil
    // Its deinit stopped the library: nothing listens there any more.
    #expect(Self.exchange(port: port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n") == nil)
  }
}
