import Foundation
import Testing

/// `render-bench`'s command line: help without a run, and exit 64 for anything it does
/// not know, rather than a run of nothing. (The benchmark has no test target of its own;
/// its binary is built beside `render-cli`'s.)
@Suite struct RenderBenchArgumentsTests {
  struct Result: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func run(_ arguments: [String]) throws -> Result {
    let binary = RenderCLIEndToEndTests.binary.deletingLastPathComponent().appending(path: "render-bench")
    try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build render-bench first")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
  }

  @Test(arguments: [["--help"], ["-h"], ["--case", "cart", "--help"]])
  func helpPrintsTheUsageAndRunsNothing(_ arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout.hasPrefix("USAGE: render-bench [--json] [--case NAME]... [--items N]... [--runs N [--text]]\n"))
    #expect(result.stdout.contains("cart|form|status|parse|diff"))
    #expect(!result.stdout.contains("case    items"), "the table of a run")
  }

  @Test(arguments: [
    (["--case", "bogus"], "unknown case 'bogus'; use cart, form, status, parse or diff"),
    (["--case"], "unknown case ''; use cart, form, status, parse or diff"),
    (["--items", "7"], "unknown size '7' for --items; use 1, 10, 100, 1000 or 100000"),
    (["--items", "many"], "unknown size 'many' for --items; use 1, 10, 100, 1000 or 100000"),
    (["--runs", "-1"], "'-1' for --runs is not a count"),
    (["--text"], "--text needs --runs N"),
    (["--jsn"], "unknown argument '--jsn'"),
    (["cart"], "unknown argument 'cart'"),
  ])
  func anUnknownArgumentExits64WithOneLine(_ arguments: [String], _ message: String) throws {
    let result = try run(arguments)
    #expect(result == Result(status: 64, stdout: "", stderr: "render-bench: \(message); see 'render-bench --help'\n"))
  }

  /// `--help` prints the usage before anything is installed or built: `swift` and
  /// `apt-get` are stubs that fail, so a script that went on would exit 99.
  @Test(arguments: [
    ("scripts/bench", "usage: scripts/bench"), ("scripts/money-differential", "usage: scripts/money-differential\n"),
    ("scripts/fuzz", "Runs one libFuzzer harness (docs/FUZZING.md):\n"),
  ])
  func theBenchScriptsHelpDoesNothingElse(_ script: String, _ usage: String) throws {
    let stubs = FileManager.default.temporaryDirectory.appending(path: "bench-stubs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
    for name in ["swift", "apt-get", "sudo"] {
      let stub = stubs.appending(path: name)
      try Data("#!/bin/sh\nexit 99\n".utf8).write(to: stub)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script, "--help"]
    process.currentDirectoryURL = RenderCLIEndToEndTests.root
    process.environment = ["PATH": stubs.path + ":/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(stdout.hasPrefix(usage))
  }
}
