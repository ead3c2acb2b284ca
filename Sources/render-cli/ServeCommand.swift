import FallbackServer
import Foundation

/// `render-cli serve`: the relay server (`docs/SERVER.md`). Runs until SIGTERM or SIGINT,
/// so it stands beside ``Runner``, which runs a command to its end.
enum ServeCommand {
  static let usage = "USAGE: render-cli serve [--host ADDR] [--port N] [options]"

  /// The options, each taking a value: name, value name, help, and where it goes.
  private static let declarations:
    [(name: String, value: String, help: String, apply: @Sendable (inout ServerOptions, Int) -> Void)] = [
      ("--port", "N", "Port to listen on; 0 takes a free one. Default: 8080.", { $0.port = $1 }),
      (
        "--idle-timeout", "SECONDS", "Forget a session untouched this long. Default: 900 (15 minutes).",
        { $0.idleTimeoutSeconds = $1 }
      ),
      ("--max-sessions", "N", "Sessions held at once; more is 503. Default: 20000.", { $0.maximumSessions = $1 }),
      ("--events-kept", "N", "Events kept per session for long polls. Default: 1000.", { $0.eventsKept = $1 }),
      (
        "--waits-per-session", "N", "Long polls and live pages waiting at once per session; more is 429. Default: 8.",
        { $0.waitsPerSession = $1 }
      ),
      (
        "--connection-timeout", "SECONDS", "Close a connection silent this long (slow clients). Default: 30.",
        { $0.connectionTimeoutSeconds = $1 }
      ),
      ("--max-connections", "N", "Connections open at once. Default: 4096.", { $0.maximumConnections = $1 }),
      ("--threads", "N", "Threads of the HTTP library's pool. Default: the number of cores.", { $0.threads = $1 }),
      (
        "--refresh", "SECONDS", "Reload interval of a page whose browser runs no script. Default: 3.",
        { $0.refreshSeconds = $1 }
      ),
    ]

  static var help: String {
    var text = """
      OVERVIEW: Serve customer screens live: the merchant API and the customer's pages.

      \(usage)

      The merchant API key comes from the environment variable RENDER_API_KEY (at least
      \(ServerOptions.minimumAPIKeyLength) characters). Prints 'listening on http://HOST:PORT' when ready; one
      line per request on standard error. SIGTERM or SIGINT stops it.

      OPTIONS:
        --host ADDR             IP address to listen on. Default: 127.0.0.1.

      """
    for option in declarations {
      let left = "  \(option.name) \(option.value)"
      text += left.padding(toLength: max(left.count + 1, 26), withPad: " ", startingAt: 0) + option.help + "\n"
    }
    text += "  -h, --help              Show help information.\n\nSee docs/SERVER.md.\n"
    return text
  }

  /// Parses the arguments after `serve`; nil options mean help was asked for.
  static func parse(_ arguments: [String], apiKey: String?) throws(UsageError) -> ServerOptions? {
    if arguments.contains("--help") || arguments.contains("-h") { return nil }
    guard let apiKey, apiKey.count >= ServerOptions.minimumAPIKeyLength else {
      throw UsageError(
        message:
          "Set RENDER_API_KEY to the merchant API key (at least \(ServerOptions.minimumAPIKeyLength) characters); it is never taken from the command line.",
        subcommand: nil)
    }
    var options = ServerOptions(apiKey: apiKey)
    options.threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var seen = Set<String>()
    var index = 0
    while index < arguments.count {
      var name = arguments[index]
      var value: String?
      if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      index += 1
      guard name == "--host" || declarations.contains(where: { $0.name == name }) else {
        throw UsageError(message: "Unknown option or argument '\(name)'.", subcommand: nil)
      }
      guard seen.insert(name).inserted else {
        throw UsageError(message: "Option '\(name)' is given more than once.", subcommand: nil)
      }
      if value == nil, index < arguments.count {
        value = arguments[index]
        index += 1
      }
      guard let value else { throw UsageError(message: "Missing value for '\(name)'.", subcommand: nil) }
      if name == "--host" {
        options.host = value
        continue
      }
      let limit = name == "--port" ? 0...65535 : 1...1_000_000_000
      guard let number = Int(value), limit.contains(number) else {
        throw UsageError(
          message: "'\(value)' is not a value for '\(name)'; use a whole number from \(limit.lowerBound).",
          subcommand: nil)
      }
      declarations.first { $0.name == name }?.apply(&options, number)
    }
    return options
  }

  /// Runs the server until SIGTERM or SIGINT; the process's exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let options: ServerOptions
    do {
      guard let parsed = try parse(arguments, apiKey: ProcessInfo.processInfo.environment["RENDER_API_KEY"]) else {
        write(help, to: .standardOutput)
        return ExitCode.success.rawValue
      }
      options = parsed
    } catch {
      write("Error: \(error.message)\n\(usage)\n  See 'render-cli serve --help'.\n", to: .standardError)
      return ExitCode.usage.rawValue
    }
    // Blocked in every thread started from here on; the main thread waits for them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let server = RelayServer(options: options) { line in
      write(line + "\n", to: .standardError)
    }
    let port: Int
    do { port = try server.start() } catch {
      write("Error: \(error.description)\n", to: .standardError)
      return ExitCode.usage.rawValue
    }
    let host = options.host.contains(":") ? "[\(options.host)]" : options.host
    write("listening on http://\(host):\(port)\n", to: .standardOutput)
    var received: Int32 = 0
    sigwait(&signals, &received)
    server.stop()
    return ExitCode.success.rawValue
  }

  private enum Stream { case standardOutput, standardError }

  private static func write(_ text: String, to stream: Stream) {
    let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
    try? handle.write(contentsOf: Data(text.utf8))
  }
}
