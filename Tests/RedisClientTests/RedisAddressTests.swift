import Testing

@testable import RedisClient

/// Addresses as `--store` names them, read by RedisClient itself (`StoreLocation` adds
/// `memory` and the `redis://` and `unix://` forms on top).
struct RedisAddressTests {
  @Test func aSentinelLocationIsReadWithItsLoginAndDatabase() {
    #expect(
      SentinelLocation("redis-sentinel://tts:p%40ss@127.0.0.1:26379,[::1]:26380/cell-a?db=3")
        == SentinelLocation(
          sentinels: [.init(host: "127.0.0.1", port: 26379), .init(host: "::1", port: 26380)], masterName: "cell-a",
          user: "tts", password: "p@ss", database: 3))
    #expect(SentinelLocation("redis-sentinel://:pw@h:1/m")?.user == nil)
    #expect(SentinelLocation("redis://h:1/m") == nil)
  }

  @Test func anEmptyUserIsTheDefaultUserAndNoPasswordIsEverShown() {
    #expect(RedisAddress.user("") == nil)
    #expect(RedisAddress.user(nil) == nil)
    #expect(RedisAddress.user("tts") == "tts")
    #expect(RedisAddress.bare("[::1]") == "::1")
    let address = RedisAddress(endpoint: .tcp(host: "::1", port: 6379), user: "tts", password: "secret", database: 2)
    #expect(address.description == "redis://tts@[::1]:6379/2")
    #expect(RedisAddress(endpoint: .unix(path: "/run/r.sock"), password: "secret").description == "unix:///run/r.sock")
  }
}
