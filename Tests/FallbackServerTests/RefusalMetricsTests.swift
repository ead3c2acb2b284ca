import Foundation
import RedisClient
import Testing

@testable import FallbackServer
@testable import SessionStores

/// `/metrics` counts a refusal under the limit that made it, read from what the route
/// decided, not from the status it answered with: a session store that does not answer
/// is a store error, never a capacity limit, though both are `503` on session creation.
struct RefusalMetricsTests {
  static func counter(_ page: String, _ name: String) -> Int? {
    page.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
  }

  @Test func aStoreOutageOnSessionCreationIsAStoreErrorNotTooManySessions() {
    let missing = StoreLocation.redis(RedisAddress(endpoint: .unix(path: "/nonexistent/redis.sock")))
    let harness = Harness(location: missing)
    #expect(harness.send("POST", "/v1/sessions").status == 503)
    let page = harness.send("GET", "/metrics").text
    #expect(Self.counter(page, #"render_relay_requests_refused_total{limit="too_many_sessions"}"#) == 0)
    #expect((Self.counter(page, "render_relay_store_errors_total") ?? 0) >= 1)
    #expect(
      Self.counter(page, #"render_relay_http_requests_total{route="session_create",status_class="5xx"}"#) == 1)
  }

  @Test func aFullServerOnSessionCreationIsTooManySessions() {
    let harness = Harness { $0.maximumSessions = 1 }
    #expect(harness.send("POST", "/v1/sessions").status == 201)
    let refused = harness.send("POST", "/v1/sessions")
    #expect(refused.status == 503)
    #expect(refused.text == "{\"error\": \"tooManySessions\"}\n")
    let page = harness.send("GET", "/metrics").text
    #expect(Self.counter(page, #"render_relay_requests_refused_total{limit="too_many_sessions"}"#) == 1)
    #expect(Self.counter(page, "render_relay_store_errors_total") == 0)
  }
}
