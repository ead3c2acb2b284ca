import Foundation
import RedisClient
import Testing

@testable import SessionStores

/// How `--store` logs in: `redis://:PASSWORD@…`, the usual form of a password-only URL
/// (the Redis URI scheme, `redis-cli -u`), sends `AUTH PASSWORD`, not an empty user name.
struct RedisLoginTests {
  @Test func aPasswordWithoutAUserIsThePasswordOfTheDefaultUser() {
    #expect(
      StoreLocation("redis://:s3cret@127.0.0.1:6380/2")
        == .redis(RedisAddress(endpoint: .tcp(host: "127.0.0.1", port: 6380), password: "s3cret", database: 2)))
    #expect(StoreLocation("redis://:s3cret@127.0.0.1:6380")?.description == "redis://127.0.0.1:6380")
    #expect(
      StoreLocation("redis-sentinel://:s3cret@h:1/m")
        == .sentinel(SentinelLocation(sentinels: [.init(host: "h", port: 1)], masterName: "m", password: "s3cret")))
  }

  /// A Redis of this test's own with `requirepass` (the default user with a password),
  /// which refuses `AUTH "" PASSWORD` (WRONGPASS) and takes `AUTH PASSWORD`.
  @Test(.enabled(if: TestRedis.serverPath != nil, "no redis-server installed: scripts/setup installs it"))
  func aPasswordOnlyURLLogsInToARedisWithRequirepass() throws {
    let password = "only-a-password-0123456789"
    let own = try #require(TestRedis.startOwn(["--requirepass", password]))
    defer { own.stop() }
    let location = try #require(StoreLocation("unix://:\(password)@\(own.socket)"))
    guard case .redis(let address) = location else {
      Issue.record("\(location) is not a Redis address")
      return
    }
    let connection = try RedisConnection(address, milliseconds: 2_000)
    #expect(try connection.command(["PING"]) == .status("PONG"))
    let harness = Harness(location: location)
    #expect(harness.server.storeProblem() == nil)
    #expect(harness.send("POST", "/v1/sessions").status == 201)
  }
}
