import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import render_cli

@Suite struct ReplayCommandTests {
  let cli = RenderCLIEndToEndTests()

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "replay-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func checkoutInTwoLocales() throws {
    let out = try temporaryDirectory()
    let result = try cli.run([
      "replay", "examples/checkout.jsonl", "--out", out.appending(path: "pages").path, "--locales", "en-US,ar-EG",
    ])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == "replay: 13 steps, 26 files in \(out.appending(path: "pages").path)\n")
    for locale in ["en-US", "ar-EG"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: out.appending(path: "pages/\(locale)").path)
        .sorted()
      #expect(files.count == 13)
      #expect(files.first == "001-connected.html")
      #expect(files.last == "013-closeCustomerSession.html")
    }
  }

  @Test(arguments: [
    (
      #"{"event":"connected"}"# + "\n" + #"{"call":"requestSignup"}"#,
      "2: notReady: the session is not ready (wait for the ready event; nothing is accepted after it ends)", 1
    ),
    (
      #"{"event":"connected"}"# + "\n" + #"{"event":"ready"}"# + "\n" + #"{"call":"requestSignup"}"# + "\n"
        + #"{"call":"requestAddress","purpose":"shipping"}"#,
      "4: sessionBusy: a form is already open", 3
    ),
    (
      #"{"event":"connected"}"# + "\n" + #"{"event":"ready"}"# + "\n" + #"{"call":"requestPayment"}"#,
      "3: incompatibleRequest: Apple Pay cannot be served on the web", 2
    ),
  ])
  func brokenRulesExit65NamingTheLine(_ transcript: String, _ message: String, _ writtenSteps: Int) throws {
    let out = try temporaryDirectory()
    let file = out.appending(path: "session.jsonl")
    try Data(transcript.utf8).write(to: file)
    let result = try cli.run(["replay", file.path, "--out", out.appending(path: "pages").path, "--format", "both"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "\(file.path):\(message)\n")
    let written = try FileManager.default.contentsOfDirectory(atPath: out.appending(path: "pages/en-US").path)
    #expect(written.count == writtenSteps * 2)
  }

  @Test func theOutputFolderMustBeNewOrEmpty() throws {
    let out = try temporaryDirectory()
    try Data("old".utf8).write(to: out.appending(path: "stale.html"))
    let result = try cli.run(["replay", "examples/checkout.jsonl", "--out", out.path])
    #expect(result.status == 73)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "Error: '\(out.path)' is not empty: replay into a new or empty folder\n")
    let file = out.appending(path: "stale.html")
    #expect(try cli.run(["replay", "examples/checkout.jsonl", "--out", file.path]).status == 73)
  }

  @Test func usageErrors() throws {
    #expect(try cli.run(["replay", "examples/checkout.jsonl"]).status == 64)
    #expect(try cli.run(["replay", "examples/checkout.jsonl", "--out", "/tmp/x", "--format", "pdf"]).status == 64)
    #expect(try cli.run(["replay", "examples/checkout.jsonl", "--out", "/tmp/x", "--locales", "en_US"]).status == 64)
  }
}
