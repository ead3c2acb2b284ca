import Foundation
import RedisClient
import Synchronization

@testable import SessionStores

/// The stores the route tests run against: memory, and Redis when `redis-server` is
/// installed (otherwise the Redis runs are left out, saying so once on standard error).
enum TestStore: String, Sendable, CustomStringConvertible {
  case memory, redis

  var description: String { rawValue }

  static let all: [TestStore] = TestRedis.shared == nil ? [.memory] : [.memory, .redis]

  /// The location a harness's server uses; a Redis database of its own per call, so
  /// counts (`--max-sessions`) see only that server's sessions.
  var location: StoreLocation {
    switch self {
    case .memory: return .memory
    case .redis:
      guard let redis = TestRedis.shared else { return .memory }
      return .redis(redis.address(database: redis.nextDatabase()))
    }
  }
}

/// A Redis of the tests' own: `redis-server` on a Unix socket in a temporary directory
/// (no port to collide with), no persistence (`save ""`, `appendonly no`), an ACL user
/// with a password and the default user off, as docs/SERVER.md configures one. Started
/// once per test process, stopped when the process ends: a shell between the two looks
/// every half second whether this process is still there, and stops Redis when not
/// (SIGKILL: Redis inherits the test threads' signal mask, which blocks SIGTERM; with no
/// persistence there is nothing to lose).
final class TestRedis: Sendable {
  static let shared: TestRedis? = start()
  static let password = "test-redis-password-0123456789"

  let directory: URL
  let socket: String
  private let process: Process
  private let databases = Atomic<Int>(0)

  private init(directory: URL, process: Process) {
    self.directory = directory
    socket = directory.appendingPathComponent("redis.sock").path
    self.process = process
  }

  func address(database: Int) -> RedisAddress {
    RedisAddress(endpoint: .unix(path: socket), user: "tts", password: Self.password, database: database)
  }

  /// Databases 1 to 255 in turn (0 is the start-up check's), one per server or group of
  /// servers, more than the tests make.
  func nextDatabase() -> Int { databases.add(1, ordering: .relaxed).newValue % 255 + 1 }

  private static func start() -> TestRedis? {
    guard
      let server = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      FileHandle.standardError.write(
        Data(
          "FallbackServerTests: no redis-server installed (scripts/setup installs it): the Redis store's tests are skipped\n"
            .utf8))
      return nil
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tts-redis-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("redis.sock").path
    let configuration = """
      port 0
      unixsocket \(socket)
      unixsocketperm 700
      save ""
      appendonly no
      dir \(directory.path)
      databases 256
      user default off
      user tts on >\(password) ~tts:* &tts:* +@all
      """
    let file = directory.appendingPathComponent("redis.conf")
    guard (try? configuration.write(to: file, atomically: true, encoding: .utf8)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      #""$1" "$2" & pid=$!; while kill -0 "$4" 2>/dev/null; do sleep 0.5; done; kill -KILL $pid; wait $pid; rm -rf "$3""#,
      "sh", server, file.path, directory.path, String(getpid()),
    ]
    // Not this process's output: the test runner waits for that to close.
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let redis = TestRedis(directory: directory, process: process)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let connection = try? RedisConnection(redis.address(database: 0), milliseconds: 1_000),
        (try? connection.command(["PING"])) == .status("PONG")
      {
        return redis
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    FileHandle.standardError.write(Data("FallbackServerTests: redis-server did not start\n".utf8))
    return nil
  }
}

extension TestRedis {
  /// Where `redis-server` is installed, or nil.
  static var serverPath: String? {
    ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A Redis of one test's own on a Unix socket (no port, no persistence), with
  /// `arguments` added to its command line; answering `PING` (given `password`, if the
  /// arguments set one) when returned. Call ``OwnRedis/stop()`` when done.
  static func startOwn(_ arguments: [String]) -> OwnRedis? {
    guard let server = serverPath else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tts-own-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
      return nil
    }
    let socket = directory.appendingPathComponent("redis.sock").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: server)
    process.arguments =
      ["--port", "0", "--unixsocket", socket, "--save", "", "--appendonly", "no", "--dir", directory.path]
      + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let own = OwnRedis(process: process, directory: directory, socket: socket)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if FileManager.default.fileExists(atPath: socket) { return own }
      Thread.sleep(forTimeInterval: 0.05)
    }
    own.stop()
    return nil
  }
}

/// A `redis-server` one test started (``TestRedis/startOwn(_:)``).
struct OwnRedis {
  let process: Process
  let directory: URL
  let socket: String

  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }
}
