import FallbackServer
import RedisClient
import Testing

@testable import render_cli

/// `render-cli serve`'s command line: its options from the declaration table, the key
/// only from the environment.
@Suite struct ServeCommandTests {
  @Test func optionsParseIntoServeOptions() throws {
    let command = try CommandLineSyntax.parse([
      "serve", "--host", "::1", "--port=0", "--idle-timeout", "60", "--max-sessions", "5", "--events-kept", "7",
      "--waits-per-session", "2", "--connection-timeout", "9", "--max-connections", "100", "--threads", "3",
      "--refresh", "4",
    ])
    var expected = ServeOptions()
    expected.host = "::1"
    expected.port = 0
    expected.idleTimeoutSeconds = 60
    expected.maximumSessions = 5
    expected.eventsKept = 7
    expected.waitsPerSession = 2
    expected.connectionTimeoutSeconds = 9
    expected.maximumConnections = 100
    expected.threads = 3
    expected.refreshSeconds = 4
    #expect(command == .serve(expected))
    #expect(try CommandLineSyntax.parse(["serve"]) == .serve(ServeOptions()))
  }

  @Test func operatorOptionsParse() throws {
    let command = try CommandLineSyntax.parse([
      "serve", "--metrics-address", "[::1]:9181", "--log-format", "json", "--drain-seconds", "10",
    ])
    var expected = ServeOptions()
    expected.metricsAddress = "[::1]:9181"
    expected.logFormat = .json
    expected.drainSeconds = 10
    #expect(command == .serve(expected))
    #expect(RelayServer.metricsListener("9181")! == ("127.0.0.1", 9181))
    #expect(RelayServer.metricsListener("0.0.0.0:0")! == ("0.0.0.0", 0))
    #expect(RelayServer.metricsListener("[::1]:9181")! == ("::1", 9181))
    for arguments in [
      ["serve", "--metrics-address", "host:x"], ["serve", "--metrics-address", ":80"],
      ["serve", "--metrics-address", "70000"], ["serve", "--log-format", "xml"], ["serve", "--drain-seconds", "-1"],
    ] {
      #expect(throws: UsageError.self) { try CommandLineSyntax.parse(arguments) }
    }
  }

  @Test func badValuesAreUsageErrors() {
    for arguments in [["serve", "--port", "70000"], ["serve", "--idle-timeout", "0"], ["serve", "extra"]] {
      #expect(throws: UsageError.self) { try CommandLineSyntax.parse(arguments) }
    }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["serve", "--api-key", "x"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["serve", "--store", "redis://host"]) }
  }

  @Test func theStoreIsMemoryOrARedisURL() throws {
    #expect(try CommandLineSyntax.parse(["serve", "--store", "memory"]) == .serve(ServeOptions()))
    var expected = ServeOptions()
    expected.store = .redis(RedisAddress(endpoint: .tcp(host: "127.0.0.1", port: 6379), user: "tts", password: "pw"))
    #expect(try CommandLineSyntax.parse(["serve", "--store", "redis://tts:pw@127.0.0.1:6379"]) == .serve(expected))
  }

  @Test func aRedisThatDoesNotAnswerIsExit69NamingIt() {
    var options = ServeOptions()
    options.port = 0
    options.store = .redis(RedisAddress(endpoint: .unix(path: "/nonexistent/redis.sock"), user: "tts"))
    let outcome = ServeCommand.run(
      options, environment: ["RENDER_API_KEY": String(repeating: "k", count: 32), "RENDER_STORE_PASSWORD": "secret"])
    #expect(outcome.status.rawValue == 69)
    #expect(outcome.standardError.hasPrefix("Error: the session store unix://tts@/nonexistent/redis.sock: "))
    #expect(!outcome.standardError.contains("secret"))
  }

  @Test func theKeyComesFromTheEnvironmentAndIsLongEnough() {
    for environment in [[:], ["RENDER_API_KEY": "short"]] {
      let outcome = ServeCommand.run(ServeOptions(), environment: environment)
      #expect(outcome.status == .usage)
      #expect(
        outcome.standardError.hasPrefix("Error: Set RENDER_API_KEY to the merchant API key (at least 32 characters)"))
      #expect(outcome.standardOutput.isEmpty)
    }
  }

  @Test func anAddressItCannotListenOnIsExit64() {
    var options = ServeOptions()
    options.host = "not-an-address"
    let outcome = ServeCommand.run(options, environment: ["RENDER_API_KEY": String(repeating: "k", count: 32)])
    #expect(outcome.status == .usage)
    #expect(outcome.standardError == "Error: 'not-an-address' is not an IPv4 or IPv6 address\n")
  }
}
