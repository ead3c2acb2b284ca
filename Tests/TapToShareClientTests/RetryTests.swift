import Foundation
import Synchronization
import Testing

@testable import TapToShareClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The retry of ``RelayTransport``, through a scripted exchange instead of a socket: what
/// is retried, how often, after how long, and with which `Idempotency-Key`.
@Suite struct RetryTests {
  /// Answers from a script, one per request, and keeps every request and every wait.
  final class ScriptedExchange: HTTPExchange {
    let script: Mutex<[Result<HTTPAnswer, URLError>]>
    let requests = Mutex<[URLRequest]>([])
    let waits = Mutex<[Duration]>([])

    init(_ script: [Result<HTTPAnswer, URLError>]) { self.script = Mutex(script) }

    func send(_ request: URLRequest) async throws -> HTTPAnswer {
      requests.withLock { $0.append(request) }
      let next = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      guard let next else { return HTTPAnswer(status: 599, body: Array("script ended".utf8)) }
      return try next.get()
    }

    var keys: [String?] { requests.withLock { $0.map { $0.value(forHTTPHeaderField: "Idempotency-Key") } } }

    func relay(_ policy: Relay.RetryPolicy = Relay.RetryPolicy()) -> Relay {
      Relay(
        baseURL: URL(string: "http://relay.test") ?? URL(filePath: "/"), apiKey: RelayProcess.key,
        customerBaseURL: nil, retryPolicy: policy, exchange: self,
        sleep: { wait in self.waits.withLock { $0.append(wait) } })
    }
  }

  static func answer(_ status: Int, _ body: String = "{}", retryAfter: Int? = nil) -> Result<HTTPAnswer, URLError> {
    .success(HTTPAnswer(status: status, body: Array(body.utf8), retryAfterSeconds: retryAfter))
  }

  static let call = RelayTransport.Request(
    method: "POST", path: "/v1/sessions/k.x/calls", body: Array(#"{"call": "close"}"#.utf8))

  @Test func aPostSentAgainAfterNoAnswerKeepsItsKeyAndBody() async throws {
    let exchange = ScriptedExchange([
      .failure(URLError(.networkConnectionLost)), .failure(URLError(.timedOut)), Self.answer(200, #"{"ok": true}"#),
    ])
    let answer = try await exchange.relay().transport.send(Self.call)
    #expect(answer.status == 200)
    let keys = exchange.keys
    #expect(keys.count == 3)
    #expect(Set(keys).count == 1)
    #expect((keys.first ?? nil).map { (1...255).contains($0.utf8.count) } == true)
    #expect(exchange.requests.withLock { $0.map(\.httpBody) }.allSatisfy { $0 == Data(#"{"call": "close"}"#.utf8) })
    // Waits of 50–100 % of 200 ms, then of 400 ms.
    let waits = exchange.waits.withLock { $0 }
    #expect(waits.count == 2)
    #expect((.milliseconds(100)...(.milliseconds(200))).contains(waits[0]))
    #expect((.milliseconds(200)...(.milliseconds(400))).contains(waits[1]))
  }

  @Test func eachCallHasAKeyOfItsOwnAndOnlyAPostHasOne() async throws {
    let exchange = ScriptedExchange([Self.answer(200), Self.answer(200), Self.answer(200), Self.answer(204)])
    let transport = exchange.relay().transport
    _ = try await transport.send(Self.call)
    _ = try await transport.send(Self.call)
    _ = try await transport.send(.init(method: "GET", path: "/v1/sessions/k.x/events?after=0&wait=0"))
    _ = try await transport.send(.init(method: "DELETE", path: "/v1/sessions/k.x"))
    let keys = exchange.keys
    #expect(keys[0] != nil && keys[1] != nil && keys[0] != keys[1])
    #expect(keys[2] == nil && keys[3] == nil)
    let authorization = exchange.requests.withLock { $0.map { $0.value(forHTTPHeaderField: "Authorization") } }
    #expect(authorization.allSatisfy { $0 == "Bearer " + RelayProcess.key })
  }

  @Test func attemptsAreBoundedAndWaitsDoubleUpToTheLongest() async throws {
    let exchange = ScriptedExchange(Array(repeating: .failure(URLError(.cannotConnectToHost)), count: 10))
    let policy = Relay.RetryPolicy(maximumAttempts: 6, initialDelay: .seconds(1), maximumDelay: .seconds(4))
    await #expect(
      throws: CustomerSessionError.connectionFailed(
        "cannot connect to the relay (6 attempts, POST /v1/sessions/k.x/calls)")
    ) { try await exchange.relay(policy).transport.send(Self.call) }
    #expect(exchange.requests.withLock { $0.count } == 6)
    let waits = exchange.waits.withLock { $0 }
    #expect(waits.count == 5)
    for (wait, delay) in zip(waits, [1, 2, 4, 4, 4]) {
      #expect(wait >= .seconds(delay) / 2 && wait <= .seconds(delay), "\(waits)")
    }
  }

  @Test func a503WithRetryAfterIsWaitedForAndSentAgain() async throws {
    let exchange = ScriptedExchange([
      Self.answer(503, #"{"error": "storeUnavailable"}"#, retryAfter: 1), Self.answer(200, #"{"ok": true}"#),
    ])
    #expect(try await exchange.relay().transport.send(Self.call).status == 200)
    #expect(exchange.waits.withLock { $0 } == [.seconds(1)])
    #expect(Set(exchange.keys).count == 1)
  }

  @Test func a503WithoutRetryAfterOrAskingTooLongIsFinal() async throws {
    for retryAfter in [nil, 60] {
      let exchange = ScriptedExchange([
        Self.answer(503, #"{"error": "tooManySessions"}"#, retryAfter: retryAfter), Self.answer(200),
      ])
      let answer = try await exchange.relay().transport.send(Self.call)
      #expect(answer.status == 503)
      #expect(CustomerSessionError(answer) == .relayUnavailable("tooManySessions"))
      #expect(exchange.requests.withLock { $0.count } == 1)
    }
  }

  @Test func aProxysBadGatewayIsSentAgain() async throws {
    let exchange = ScriptedExchange([Self.answer(502, "<html>"), Self.answer(504, "<html>"), Self.answer(200)])
    #expect(try await exchange.relay().transport.send(Self.call).status == 200)
    #expect(exchange.requests.withLock { $0.count } == 3)
  }

  @Test func theRelaysOwnAnswersAreNeverSentAgain() async throws {
    for status in [400, 401, 404, 409, 413, 422, 429, 500] {
      let exchange = ScriptedExchange([Self.answer(status), Self.answer(200)])
      #expect(try await exchange.relay().transport.send(Self.call).status == status)
      #expect(exchange.requests.withLock { $0.count } == 1, "HTTP \(status)")
    }
  }

  @Test func cancellationIsNotRetried() async throws {
    let exchange = ScriptedExchange([.failure(URLError(.cancelled)), Self.answer(200)])
    await #expect(throws: CancellationError.self) { try await exchange.relay().transport.send(Self.call) }
    #expect(exchange.requests.withLock { $0.count } == 1)
  }

  @Test func theKeyIsNeverPrinted() {
    let relay = ScriptedExchange([]).relay()
    var dumped = ""
    dump(relay, to: &dumped)
    for text in [String(describing: relay), String(reflecting: relay), dumped] {
      #expect(!text.contains(RelayProcess.key))
      #expect(text.contains("relay.test"))
    }
  }

  /// A relay's `customerURL` is a path on the customer base: one naming another host
  /// (`//evil.test/c/…`, a scheme of its own) would put another site in the customer's
  /// QR code.
  @Test(arguments: ["//evil.test/c/abc", "///evil.test/c/abc", "https://evil.test/c/abc", "//relay.test:8443/c/abc"])
  func aCustomerURLOnAnotherHostIsRefused(_ customerURL: String) async throws {
    let body = #"{"id": "k.x", "customerURL": "\#(customerURL.replacingOccurrences(of: "\\", with: "\\\\"))"}"#
    let exchange = ScriptedExchange([Self.answer(201, body)])
    let configuration = CustomerSession.Configuration(
      currency: Locale.Currency("USD"), region: .unitedStates,
      privacyPolicyURL: URL(string: "https://example.com/privacy") ?? URL(filePath: "/"),
      storeName: "Oakbrook Mall", deviceName: "Emily")
    do {
      let session = try await exchange.relay().createCustomerSession(configuration: configuration)
      Issue.record("taken: \(session.customerURL)")
    } catch CustomerSessionError.unexpectedAnswer(let status, let message) {
      #expect(status == 201)
      #expect(message == "no customer URL in the answer")
    }
  }

  @Test func aCustomerURLOnTheRelayIsTaken() async throws {
    let exchange = ScriptedExchange([Self.answer(201, #"{"id": "k.x", "customerURL": "/c/abc"}"#)])
    let configuration = CustomerSession.Configuration(
      currency: Locale.Currency("USD"), region: .unitedStates,
      privacyPolicyURL: URL(string: "https://example.com/privacy") ?? URL(filePath: "/"),
      storeName: "Oakbrook Mall", deviceName: "Emily")
    let session = try await exchange.relay().createCustomerSession(configuration: configuration)
    #expect(session.customerURL.absoluteString == "http://relay.test/c/abc")
  }
}
