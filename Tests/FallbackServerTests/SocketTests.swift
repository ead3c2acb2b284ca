import Foundation
import HTTPServer
import Testing

@testable import FallbackServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server on a free loopback port (`--port 0`), through libmicrohttpd: waits that
/// wake on a change, the body limit read from `Content-Length`, and a clean stop.
@Suite(.serialized) struct SocketTests {
  final class Running: Sendable {
    let server: RelayServer
    let base: String

    init(_ configure: (inout ServerOptions) -> Void = { _ in }) throws {
      var options = ServerOptions(apiKey: Harness.key)
      options.port = 0
      configure(&options)
      server = RelayServer(options: options) { _ in }
      base = "http://127.0.0.1:\(try server.start())"
    }

    func send(_ method: String, _ path: String, body: Data = Data(), key: Bool = true) async throws -> (
      Int, String, HTTPURLResponse
    ) {
      guard let url = URL(string: base + path) else { throw HarnessError.unexpected(path) }
      var request = URLRequest(url: url)
      request.httpMethod = method
      request.timeoutInterval = 40
      if key { request.setValue("Bearer \(Harness.key)", forHTTPHeaderField: "Authorization") }
      if !body.isEmpty { request.httpBody = body }
      let (data, response) = try await URLSession.shared.data(for: request)
      guard let http = response as? HTTPURLResponse else { throw HarnessError.unexpected("not HTTP") }
      return (http.statusCode, String(decoding: data, as: UTF8.self), http)
    }

    /// Creates a session and opens its page; its id and customer URL.
    func session() async throws -> (id: String, url: String) {
      let (_, text, _) = try await send("POST", "/v1/sessions?routingKey=k1")
      let id = try #require(Self.value("id", in: text))
      let url = try #require(Self.value("customerURL", in: text))
      _ = try await send("GET", url, key: false)
      return (id, url)
    }

    static func value(_ key: String, in json: String) -> String? {
      guard let start = json.range(of: "\"\(key)\": \"") else { return nil }
      let rest = json[start.upperBound...]
      return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
  }

  @Test func aLongPollAnswersWithinASecondOfTheCall() async throws {
    let running = try Running()
    defer { running.server.stop() }
    let session = try await running.session()
    let started = ContinuousClock.now
    async let polled = running.send("GET", "/v1/sessions/\(session.id)/events?after=2&wait=20")
    try await Task.sleep(for: .milliseconds(300))
    let (status, _, _) = try await running.send(
      "POST", "/v1/sessions/\(session.id)/calls", body: Data(Harness.cart.utf8))
    #expect(status == 200)
    _ = try await running.send(
      "POST", "/v1/sessions/\(session.id)/calls", body: Data(#"{"call": "close"}"#.utf8))
    let (pollStatus, events, _) = try await polled
    #expect(pollStatus == 200)
    #expect(events.contains("\"closed\""))
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  @Test func theLiveStreamAnswersWithinASecondOfTheCall() async throws {
    let running = try Running()
    defer { running.server.stop() }
    let session = try await running.session()
    let started = ContinuousClock.now
    async let streamed = running.send("GET", session.url + "/events?shown=2", key: false)
    try await Task.sleep(for: .milliseconds(300))
    _ = try await running.send("POST", "/v1/sessions/\(session.id)/calls", body: Data(Harness.cart.utf8))
    let (status, text, response) = try await streamed
    #expect(status == 200)
    #expect(text == "retry: 300\nid: 3\nevent: screen\ndata: 3\n\n")
    #expect(response.value(forHTTPHeaderField: "Cache-Control") == "no-store")
    #expect(ContinuousClock.now - started < .seconds(1.5))
  }

  @Test func anEmptyWaitEndsAfterItsSeconds() async throws {
    let running = try Running()
    defer { running.server.stop() }
    let session = try await running.session()
    let started = ContinuousClock.now
    let (status, text, _) = try await running.send("GET", "/v1/sessions/\(session.id)/events?after=2&wait=1")
    #expect(status == 200)
    #expect(text == "{\n  \"events\": []\n}\n")
    let waited = ContinuousClock.now - started
    #expect(waited >= .seconds(0.9) && waited < .seconds(3))
  }

  @Test func aBodyOverOneMebibyteIs413() async throws {
    let running = try Running()
    defer { running.server.stop() }
    let (status, _, _) = try await running.send(
      "POST", "/v1/sessions", body: Data(repeating: 0x20, count: HTTPRequest.maximumBodyBytes + 1))
    #expect(status == 413)
    let (fine, _, _) = try await running.send("POST", "/v1/sessions", body: Data(repeating: 0x20, count: 1000))
    #expect(fine == 201)
  }

  @Test func waitsPerSessionAreLimited() async throws {
    let running = try Running { $0.waitsPerSession = 1 }
    defer { running.server.stop() }
    let session = try await running.session()
    async let first = running.send("GET", "/v1/sessions/\(session.id)/events?after=2&wait=3")
    try await Task.sleep(for: .milliseconds(300))
    let (status, text, _) = try await running.send("GET", "/v1/sessions/\(session.id)/events?after=2&wait=3")
    #expect(status == 429)
    #expect(text.contains("tooManyWaits"))
    let (firstStatus, _, _) = try await first
    #expect(firstStatus == 200)
  }

  @Test func anIdleSessionIsForgottenByTheServersClock() async throws {
    let running = try Running { $0.idleTimeoutSeconds = 1 }
    defer { running.server.stop() }
    let session = try await running.session()
    #expect(running.server.sessionCount == 1)
    var gone = false
    for _ in 0..<40 where !gone {
      try await Task.sleep(for: .milliseconds(100))
      gone = running.server.sessionCount == 0
    }
    #expect(gone)
    let (status, _, _) = try await running.send("GET", session.url, key: false)
    #expect(status == 404)
  }

  @Test func stoppingAnswersWaitingRequests() async throws {
    let running = try Running()
    let session = try await running.session()
    let started = ContinuousClock.now
    async let polled = running.send("GET", "/v1/sessions/\(session.id)/events?after=2&wait=30")
    try await Task.sleep(for: .milliseconds(300))
    running.server.stop()
    let (status, text, _) = try await polled
    #expect(status == 200)
    #expect(text.contains("\"events\": []"))
    #expect(ContinuousClock.now - started < .seconds(5))
  }
}
