import Foundation
import Testing

/// A real relay: the built `render-cli serve` on a free loopback port (`--port 0`), its
/// address read from the `listening on http://HOST:PORT` line, stopped with SIGTERM.
final class RelayProcess: Sendable {
  static let key = "client-test-key-0123456789abcdef0123456789"
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The built binary: beside the test bundle (the build folder in use), else the debug one.
  static var binary: URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appending(path: "render-cli")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appending(path: ".build/debug/render-cli")
  }

  let baseURL: URL
  private let process: Process
  private let folder: URL

  /// Starts `render-cli serve --port 0 ARGUMENTS…` and waits (at most 30 s) for its
  /// `listening on` line.
  init(_ arguments: [String] = []) async throws {
    folder = FileManager.default.temporaryDirectory.appending(path: "client-relay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appending(path: "stdout")
    let errors = folder.appending(path: "stderr")
    try Data().write(to: output)
    try Data().write(to: errors)
    process = Process()
    process.executableURL = Self.binary
    process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--threads", "2"] + arguments
    process.environment = ["RENDER_API_KEY": Self.key, "PATH": "/usr/bin:/bin"]
    // Files, not pipes: the request log must never fill a pipe no one reads.
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      if let line = text.split(separator: "\n").first, line.hasPrefix("listening on "),
        let url = URL(string: String(line.dropFirst("listening on ".count)))
      {
        baseURL = url
        return
      }
      guard process.isRunning, ContinuousClock.now < deadline else {
        process.terminate()
        let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        throw RelayProcessError.didNotStart(Self.binary.path + ": " + log)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// SIGTERM, then waits for the exit (it answers waiting requests and exits 0).
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }
}

enum RelayProcessError: Error {
  case didNotStart(String)
}
