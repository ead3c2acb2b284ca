import Testing

@testable import RedisClient

/// `EVALSHA` with its `NOSCRIPT` reload, against a Redis played by a closure: what is
/// sent, in which order, and when the script is loaded again.
struct RedisScriptTests {
  /// A Redis whose script cache can be emptied, recording every command.
  final class PlayedRedis {
    var sent: [[String]] = []
    var cached: Set<String> = []
    var refuse: String?

    func send(_ command: [String]) -> RedisReply {
      sent.append(command)
      switch command.first {
      case "SCRIPT":
        cached.insert("sha-of-" + command[2])
        return .string(Array(("sha-of-" + command[2]).utf8))
      case "EVALSHA":
        if let refuse { return .error(refuse) }
        return cached.contains(command[1]) ? .integer(1) : .error("NOSCRIPT No matching script.")
      default: return .error("ERR unknown command")
      }
    }
  }

  @Test func aScriptIsLoadedOnceThenRunByItsHashWithItsKeysCounted() {
    let redis = PlayedRedis()
    let script = RedisScript("return 1")
    #expect(script.run(keys: ["k1", "k2"], arguments: ["a"], send: redis.send) == .integer(1))
    #expect(script.run(keys: ["k1"], arguments: [], send: redis.send) == .integer(1))
    #expect(
      redis.sent == [
        ["SCRIPT", "LOAD", "return 1"], ["EVALSHA", "sha-of-return 1", "2", "k1", "k2", "a"],
        ["EVALSHA", "sha-of-return 1", "1", "k1"],
      ])
  }

  @Test func aRedisThatForgotTheScriptHasItLoadedAgain() {
    let redis = PlayedRedis()
    let script = RedisScript("return 1")
    #expect(script.run(keys: [], arguments: [], send: redis.send) == .integer(1))
    redis.cached = []  // a restart, or SCRIPT FLUSH
    redis.sent = []
    #expect(script.run(keys: [], arguments: [], send: redis.send) == .integer(1))
    #expect(
      redis.sent == [
        ["EVALSHA", "sha-of-return 1", "0"], ["SCRIPT", "LOAD", "return 1"], ["EVALSHA", "sha-of-return 1", "0"],
      ])
  }

  @Test func anErrorOtherThanNoscriptIsNoReply() {
    let redis = PlayedRedis()
    redis.refuse = "ERR Error running script"
    #expect(RedisScript("return 1").run(keys: [], arguments: [], send: redis.send) == nil)
    #expect(redis.sent.count == 2)
  }
}
