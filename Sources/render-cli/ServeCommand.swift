import FallbackServer
import Foundation
import HTTPServer
import SessionStores

/// `render-cli serve`'s options: the server's own, which the command line fills; the API
/// key comes from the environment when it runs (``ServeCommand/run(_:environment:)``).
typealias ServeOptions = ServerOptions

extension SubcommandDeclarations {
  /// A whole number option of `serve`, from `range`.
  private static func number(
    _ name: String, help: String, range: ClosedRange<Int> = 1...1_000_000_000,
    into keyPath: WritableKeyPath<ServeOptions, Int> & Sendable
  ) -> OptionDeclaration<ServeOptions> {
    OptionDeclaration(name, value: name.hasSuffix("-timeout") || name == "--refresh" ? "seconds" : "n", help: help) {
      options, value throws(UsageError) in
      guard let parsed = Int(value), range.contains(parsed) else {
        throw UsageError(
          "'\(value)' is not a value for '\(name)'; use a whole number from \(range.lowerBound) to \(range.upperBound)."
        )
      }
      options[keyPath: keyPath] = parsed
    }
  }

  static let serve = SubcommandDeclaration<ServeOptions>(
    .serve, abstract: "Serve customer screens live: merchant API and pages.",
    overview: """
      Serve Tap to Share customer screens live (docs/SERVER.md): the merchant API
      under /v1/sessions, the customer's pages under /c/, updated within a second.
      """, usage: "[--host ADDR] [--port N] [options]", arguments: [],
    options: [
      OptionDeclaration("--host", value: "addr", help: "IP address to listen on. Default: 127.0.0.1.") {
        options, value throws(UsageError) in options.host = value
      },
      number("--port", help: "Port to listen on; 0 takes a free one. Default: 8080.", range: 0...65535, into: \.port),
      number(
        "--idle-timeout", help: "Seconds before an untouched session is forgotten.\nDefault: 900 (15 minutes).",
        into: \.idleTimeoutSeconds),
      number(
        "--customer-timeout",
        help:
          "Seconds without the customer's page (no load, post or\nlive stream) before 'disconnected'. Default: 300.",
        range: 30...86_400, into: \.customerTimeoutSeconds),
      number("--max-sessions", help: "Sessions held at once (more is 503). Default: 20000.", into: \.maximumSessions),
      number("--events-kept", help: "Events kept per session for long polls. Default: 1000.", into: \.eventsKept),
      number(
        "--waits-per-session",
        help: "Long polls and live pages waiting at once per session\n(more is 429). Default: 8.",
        into: \.waitsPerSession),
      number(
        "--connection-timeout", help: "Seconds a silent connection stays open (slow clients).\nDefault: 30.",
        into: \.connectionTimeoutSeconds),
      number("--max-connections", help: "Connections open at once. Default: 4096.", into: \.maximumConnections),
      number(
        "--request-timeout",
        help: "Seconds a connection has to send a whole request\n(headers and body; slow clients). Default: 20.",
        range: 1...3600, into: \.requestTimeoutSeconds),
      number(
        "--max-connections-per-address",
        help: "Connections open at once from one address but\n127.0.0.1 and ::1 (0: no limit). Default: 128.",
        range: 0...1_000_000, into: \.maximumConnectionsPerAddress),
      OptionDeclaration("--threads", value: "n", help: "Threads of the HTTP library's pool. Default: one per core.") {
        options, value throws(UsageError) in
        guard let parsed = Int(value), (1...256).contains(parsed) else {
          throw UsageError("'\(value)' is not a value for '--threads'; use a whole number from 1 to 256.")
        }
        options.threads = parsed
      },
      number(
        "--refresh", help: "Seconds between reloads of a page whose browser runs\nno script. Default: 3.",
        range: 1...3600, into: \.refreshSeconds),
      OptionDeclaration(
        "--metrics-address", value: "addr",
        help: "[HOST:]PORT of a listener for GET /metrics without the\nkey (HOST 127.0.0.1 if left out). Default: none."
      ) { options, value throws(UsageError) in
        guard RelayServer.metricsListener(value) != nil else {
          throw UsageError("'\(value)' is not a value for '--metrics-address'; use PORT or HOST:PORT ([::1]:PORT).")
        }
        options.metricsAddress = value
      },
      number(
        "--drain-seconds",
        help:
          "Seconds served after SIGTERM with /healthz 503 and\nstreams ended, before it stops accepting. Default: 0.",
        range: 0...3600, into: \.drainSeconds),
      OptionDeclaration(
        "--log-format", value: "format", choices: ["text", "json"], help: "The request log's format. Default: text."
      ) { options, value throws(UsageError) in
        guard let format = ServerOptions.LogFormat(rawValue: value) else {
          throw UsageError("'\(value)' is not a value for '--log-format'; use text or json.")
        }
        options.logFormat = format
      },
      OptionDeclaration(
        "--store", value: "url",
        help:
          "Where sessions live: memory,\nredis://[user:password@]HOST:PORT[/DB],\nunix://[user:password@]/PATH[?db=DB] or\nredis-sentinel://[user:pass@]HOST:PORT[,...]/MASTER\n(the primary sentinels name; a write waits for a\nreplica). Default: memory."
      ) { options, value throws(UsageError) in
        guard let store = StoreLocation(value) else {
          throw UsageError(
            "'--store' takes memory, redis://[user:password@]HOST:PORT[/DB], unix://[user:password@]/PATH[?db=DB] or redis-sentinel://[user:password@]HOST:PORT[,HOST:PORT...]/MASTER[?db=DB]."
          )
        }
        options.store = store
      },
    ],
    sections: """
      ENVIRONMENT:
        RENDER_API_KEY       the merchant API key, at least \(ServerOptions.minimumAPIKeyLength) characters (never an
                             option: command lines are visible to other users)
        RENDER_STORE_PASSWORD  the Redis password when --store gives none (kept off
                             the command line as the API key is)
        RENDER_SENTINEL_PASSWORD  the sentinels' password (their requirepass), if any

      OUTPUT:
        'listening on http://HOST:PORT' on standard output when ready; one line per
        request on standard error (method, path with ids and tokens cut after their
        routing key, status, microseconds). SIGTERM or SIGINT drains it
        (--drain-seconds), lets requests in flight finish and stops it (exit 0).

      """,
    exitStatuses: [.success, .usage, .unavailable],
    exitMeanings: [
      .success: "stopped by a signal",
      .usage: "bad command line, no RENDER_API_KEY or a short one, or an address it cannot listen on",
      .unavailable:
        "a library it needs cannot be loaded, or the --store Redis (or every sentinel) does not answer, or no sentinel knows the master",
    ],
    make: { positionals throws(UsageError) in
      _ = try CommandLineSyntax.positionals(positionals, count: 0) { _ in "" }
      return ServeOptions()
    }, command: { .serve($0) })
}

/// Runs `render-cli serve` until SIGTERM or SIGINT. It writes its own output as it goes
/// (the listening line, the request log), so the outcome it returns carries only errors.
enum ServeCommand {
  static func run(_ options: ServeOptions, environment: [String: String]) -> Outcome {
    guard let apiKey = environment["RENDER_API_KEY"], apiKey.count >= ServerOptions.minimumAPIKeyLength else {
      let usage = UsageError(
        message:
          "Set RENDER_API_KEY to the merchant API key (at least \(ServerOptions.minimumAPIKeyLength) characters); it is never taken from the command line.",
        subcommand: .serve)
      return Runner.report(.usage(usage))
    }
    var server = options
    server.apiKey = apiKey
    if case .redis(var address) = options.store, address.password == nil,
      let password = environment["RENDER_STORE_PASSWORD"], !password.isEmpty
    {
      address.password = password
      server.store = .redis(address)
    }
    if case .sentinel(var location) = options.store {
      if location.password == nil, let password = environment["RENDER_STORE_PASSWORD"], !password.isEmpty {
        location.password = password
      }
      if let password = environment["RENDER_SENTINEL_PASSWORD"], !password.isEmpty {
        location.sentinelPassword = password
      }
      server.store = .sentinel(location)
    }

    let signals = TerminationSignals.block()

    let relay = RelayServer(options: server, requestLog: .standardError) { line in
      write(line + "\n", to: FileHandle.standardError)
    }
    if let problem = relay.storeProblem() {
      signals.unblock()
      return Outcome(status: .unavailable, standardError: "Error: \(problem)\n")
    }
    let port: Int
    do { port = try relay.start() } catch {
      signals.unblock()
      return Outcome(
        status: error.isLibraryMissing ? .unavailable : .usage, standardError: "Error: \(error.description)\n")
    }
    let host = options.host.contains(":") ? "[\(options.host)]" : options.host
    write("listening on http://\(host):\(port)\n", to: FileHandle.standardOutput)
    if let metrics = relay.metricsURL { write("metrics on \(metrics)\n", to: FileHandle.standardOutput) }
    signals.wait()
    relay.drain()
    relay.stop()
    return Outcome(status: .success)
  }

  private static func write(_ text: String, to handle: FileHandle) {
    try? handle.write(contentsOf: Data(text.utf8))
  }
}
