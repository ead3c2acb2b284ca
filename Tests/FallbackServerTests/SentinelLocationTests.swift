import Foundation
import RedisClient
import Testing

@testable import SessionStores

/// `--store redis-sentinel://…` as read from the command line, and a store whose
/// sentinels do not answer (the failover itself: scripts/test-server-sentinel).
struct SentinelLocationTests {
  @Test func sentinelLocationsReadFromTheCommandLine() {
    let read = StoreLocation("redis-sentinel://tts:p%40ss@127.0.0.1:26379,[::1]:26380,sentinel.local:26381/cell-a?db=3")
    let expected = SentinelLocation(
      sentinels: [
        .init(host: "127.0.0.1", port: 26379), .init(host: "::1", port: 26380),
        .init(host: "sentinel.local", port: 26381),
      ],
      masterName: "cell-a", user: "tts", password: "p@ss", database: 3)
    #expect(read == .sentinel(expected))
    #expect(
      read?.description == "redis-sentinel://tts@127.0.0.1:26379,[::1]:26380,sentinel.local:26381/cell-a?db=3")
    #expect(
      StoreLocation("redis-sentinel://h:1/m")
        == .sentinel(SentinelLocation(sentinels: [.init(host: "h", port: 1)], masterName: "m")))
    #expect(expected.primary(host: "10.0.0.2", port: 6379).description == "redis://tts@10.0.0.2:6379/3")
    #expect(StoreLocation("redis://[::1]:6379") == .redis(RedisAddress(endpoint: .tcp(host: "::1", port: 6379))))
    for bad in [
      "redis-sentinel://", "redis-sentinel://h:1", "redis-sentinel://h:1/", "redis-sentinel://h/m",
      "redis-sentinel://h:0/m", "redis-sentinel://h:1,/m", "redis-sentinel://h:1,k/m", "redis-sentinel://h:1/m/x",
      "redis-sentinel://h:1/m?db=x", "sentinel://h:1/m",
    ] {
      #expect(StoreLocation(bad) == nil, "\(bad)")
    }
  }

  @Test func sentinelsThatDoNotAnswerAre503WithRetryAfterAndNamedAtStart() {
    let location = SentinelLocation(
      sentinels: [.init(host: "127.0.0.1", port: 1), .init(host: "127.0.0.1", port: 2)], masterName: "cell-a",
      user: "tts", password: "secret")
    let harness = Harness(location: .sentinel(location))
    let problem = harness.server.storeProblem() ?? ""
    #expect(problem.hasPrefix("the session store redis-sentinel://tts@127.0.0.1:1,127.0.0.1:2/cell-a: "), "\(problem)")
    #expect(problem.contains("sentinel 127.0.0.1:1: ") && problem.contains("sentinel 127.0.0.1:2: "), "\(problem)")
    #expect(!problem.contains("secret"))
    let created = harness.send("POST", "/v1/sessions")
    #expect(created.status == 503)
    #expect(created.text == "{\"error\": \"storeUnavailable\"}\n")
    #expect(created.header("Retry-After") == "1")
    #expect(harness.send("GET", "/healthz", key: nil).status == 503)
  }
}
