import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import render_cli

/// Runs the real `render-cli` binary and checks standard output, standard error and
/// the exit status, as a server or a script would see them.
@Suite struct RenderCLIEndToEndTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let root = GoldenFile.packageRoot()

  /// The built binary, beside the test bundle.
  static var binary: URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appending(path: "render-cli")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return root.appending(path: ".build/debug/render-cli")
  }

  func run(_ arguments: [String], stdin: String = "") throws -> Result {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.currentDirectoryURL = Self.root
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  func temporaryFile(_ contents: String, name: String = "cart.json") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(path: "render-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appending(path: name)
    try Data(contents.utf8).write(to: url)
    return url
  }

  @Test func seedCartInFrenchShowsFifteenDollarsWithNoBreakSpace() throws {
    let result = try run([
      "cart", "examples/cart-hair-spray.json", "--config", "examples/session.json", "--locale", "fr-FR",
    ])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("15,00\u{A0}$US"))
    #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
  }

  @Test func textAtThirtyTwoColumnsFits() throws {
    let result = try run([
      "cart", "examples/cart-hair-spray.json", "--config", "examples/session.json", "--locale", "fr-FR", "--format",
      "text",
      "--width", "32",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count > 10)
    #expect(lines.allSatisfy { DisplayWidthProbe.columns(String($0)) <= 32 })
  }

  @Test func embeddedSeedCartMatchesTheExampleFile() throws {
    let file = try String(contentsOf: Self.root.appending(path: "examples/cart-hair-spray.json"), encoding: .utf8)
    #expect(EmbeddedExamples.seedCart == file)
    let embedded = try run(["cart"])
    let fromFile = try run(["cart", "examples/cart-hair-spray.json"])
    #expect(embedded.status == 0)
    #expect(embedded.stdout == fromFile.stdout)
  }

  @Test func standardInputAndAcceptLanguage() throws {
    let cart = try String(contentsOf: Self.root.appending(path: "examples/cart-hair-spray.json"), encoding: .utf8)
    let result = try run(
      ["cart", "-", "--accept-language", "da, de-CH;q=0.9, en;q=0.1", "--format", "text"], stdin: cart)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Gesamt"))
    #expect(result.stdout.contains("$\u{A0}14.30"))
  }

  @Test(arguments: [
    ("{\"items\": [", "cart.json: $.items[0]: invalid JSON at line 1, column 12: unexpected end of input"),
    (
      #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":"20.00"}]}"#,
      "cart.json: $.items[0].totalPrice: expected an amount (a JSON number), found a string"
    ),
    (
      #"{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1},{"id":"A","name":"y","quantity":1,"totalPrice":1}]}"#,
      #"cart.json: $.items[1].id: duplicate item id "A" (first at $.items[0])"#
    ),
    (
      #"{"items":[{"id":"A","name":"x","quantity":0,"totalPrice":1}]}"#,
      "cart.json: $.items[0].quantity: must be between 1 and 1000000000, found 0"
    ),
  ])
  func badCartExits65WithThePathAndNothingOnStandardOutput(_ json: String, _ line: String) throws {
    let file = try temporaryFile(json)
    let result = try run(["cart", file.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == file.path + line.dropFirst("cart.json".count) + "\n")
  }

  @Test func javascriptPrivacyURLExits65() throws {
    let config = try temporaryFile(
      #"{"currency":"USD","region":"US","privacyPolicyURL":"javascript:alert(1)"}"#, name: "session.json")
    let result = try run(["cart", "--config", config.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "\(config.path): $.privacyPolicyURL: the javascript: scheme is not allowed; use http: or https:\n")
  }

  @Test func missingFileExits66() throws {
    let result = try run(["cart", "no-such-cart.json"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "Error: cannot read 'no-such-cart.json': no such file\n")
  }

  @Test func unknownOptionExits64WithUsage() throws {
    let result = try run(["cart", "--bogus"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "Error: Unknown option '--bogus'.\nUSAGE: render-cli cart [FILE] [options]\n  See 'render-cli cart --help' for more information.\n"
    )
  }

  @Test func outputFileIsWrittenWholeAndNothingOnFailure() throws {
    let directory = try temporaryFile("{}").deletingLastPathComponent()
    let target = directory.appending(path: "page.html")
    let ok = try run(["cart", "--output", target.path])
    #expect(ok.status == 0)
    #expect(ok.stdout.isEmpty)
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    let bad = try run(["cart", "missing.json", "--output", directory.appending(path: "never.html").path])
    #expect(bad.status == 66)
    #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "never.html").path))
  }

  @Test func sameInputSameBytesAcrossRuns() throws {
    let first = try run(["cart", "--locale", "ar-EG"])
    let second = try run(["cart", "--locale", "ar-EG"])
    #expect(first.stdout == second.stdout)
  }

  @Test func helpAndVersion() throws {
    let help = try run(["cart", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Render a cart screen"))
    #expect(try run(["--version"]).stdout == "render-cli 0.1.0\n")
  }
}

/// `render-cli diff` and `cart --previous`, run as a server would.
@Suite struct RenderCLIDiffEndToEndTests {
  let cli = RenderCLIEndToEndTests()

  /// A cart file whose items are named by `ids` (space-separated).
  func cartFile(_ ids: String, name: String = "cart.json") throws -> URL {
    let items = ids.split(separator: " ").map {
      #"{"id": "\#($0)", "name": "Item \#($0)", "quantity": 1, "totalPrice": 1.00}"#
    }
    return try cli.temporaryFile(#"{"items": ["# + items.joined(separator: ", ") + "]}", name: name)
  }

  @Test func rotationPrintsOnlyTheFirstItemAsMoved() throws {
    let result = try cli.run(["diff", try cartFile("A B C D").path, try cartFile("B C D A").path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        {
          "inserted": [],
          "removed": [],
          "moved": ["A"],
          "updated": [],
          "summaryChanged": false,
          "totalChanged": false
        }

        """)
  }

  @Test func onlyTheQuantityOfTheHairSprayChanged() throws {
    let seed = try String(
      contentsOf: RenderCLIEndToEndTests.root.appending(path: "examples/cart-hair-spray.json"), encoding: .utf8)
    let changed = try cli.temporaryFile(seed.replacingOccurrences(of: #""quantity": 4"#, with: #""quantity": 5"#))
    let result = try cli.run(["diff", "examples/cart-hair-spray.json", changed.path])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "inserted": [],
          "removed": [],
          "moved": [],
          "updated": [
            {
              "id": "HRSP-M-UN-11-001",
              "fields": ["quantity"]
            }
          ],
          "summaryChanged": false,
          "totalChanged": false
        }

        """)
  }

  @Test func exampleUpdateListsEveryKindOfChange() throws {
    let result = try cli.run(["diff", "examples/cart-update-before.json", "examples/cart-update-after.json"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""inserted": ["CLP-SET-6"],"#))
    #expect(result.stdout.contains(#""removed": ["CMB-WD-01"],"#))
    #expect(result.stdout.contains(#""moved": ["SHMP-AR-16"],"#))
    #expect(result.stdout.contains(#""fields": ["quantity", "totalPrice", "totalAdjustedPrice"]"#))
    #expect(result.stdout.hasSuffix("\"summaryChanged\": true,\n  \"totalChanged\": true\n}\n"))
  }

  @Test(arguments: [true, false])
  func duplicateIDOnEitherSideExits65NamingFileAndPath(_ oldSide: Bool) throws {
    let duplicated = try cartFile("A B A", name: "dup.json")
    let fine = try cartFile("A B", name: "fine.json")
    let arguments = oldSide ? ["diff", duplicated.path, fine.path] : ["diff", fine.path, duplicated.path]
    let result = try cli.run(arguments)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == duplicated.path + #": $.items[2].id: duplicate item id "A" (first at $.items[0])"# + "\n")
  }

  @Test func problemsOfBothCartsAreReportedTogether() throws {
    let old = try cartFile("A A", name: "old.json")
    let new = try cli.temporaryFile(
      #"{"items": [{"id": "B", "name": "", "quantity": 1, "totalPrice": 1}]}"#, name: "new.json")
    let result = try cli.run(["diff", old.path, new.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == old.path + #": $.items[1].id: duplicate item id "A" (first at $.items[0])"# + "\n" + new.path
        + ": $.items[0].name: must not be empty\n")
  }

  @Test func diffReadsOneCartFromStandardInput() throws {
    let result = try cli.run(["diff", "-", try cartFile("B A").path], stdin: #"{"items": []}"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""inserted": ["B", "A"],"#))
  }

  @Test func diffOfAMissingFileExits66() throws {
    let result = try cli.run(["diff", "no-such-cart.json", "examples/cart-empty.json"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "Error: cannot read 'no-such-cart.json': no such file\n")
  }

  @Test func cartWithPreviousRendersHints() throws {
    let result = try cli.run([
      "cart", "examples/cart-update-after.json", "--previous", "examples/cart-update-before.json", "--config",
      "examples/session.json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"data-item-id="CMB-WD-01" data-change="removed" aria-hidden="true""#))
    #expect(result.stdout.contains(#"data-item-id="CLP-SET-6" data-change="inserted""#))
    #expect(result.stdout.contains(#"aria-live="polite""#))
    let golden = try String(
      contentsOf: RenderCLIEndToEndTests.root.appending(path: "snapshots/CartUpdate/hair-spray-update.en-US.html"),
      encoding: .utf8)
    #expect(result.stdout == golden)
  }

  @Test func cartWithPreviousAsTextHasTheGutterAndFits() throws {
    let result = try cli.run([
      "cart", "examples/cart-update-after.json", "--previous", "examples/cart-update-before.json", "--format", "text",
      "--width", "24", "--locale", "ar-EG",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("- Wide-Tooth") })
    #expect(lines.contains { $0.hasPrefix("+ Claw Clips") })
    #expect(lines.allSatisfy { DisplayWidthProbe.columns(String($0)) <= 24 })
  }

  @Test func duplicateInThePreviousCartExits65() throws {
    let previous = try cartFile("X X", name: "previous.json")
    let result = try cli.run(["cart", "examples/cart-hair-spray.json", "--previous", previous.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == previous.path + #": $.items[1].id: duplicate item id "X" (first at $.items[0])"# + "\n")
  }

  @Test func diffHelp() throws {
    let result = try cli.run(["diff", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("OVERVIEW: Print the animation hints between two carts"))
    let usage = try cli.run(["diff", "only-one.json"])
    #expect(usage.status == 64)
    #expect(
      usage.stderr
        == "Error: Missing NEW cart.\nUSAGE: render-cli diff OLD NEW [--output FILE]\n  See 'render-cli diff --help' for more information.\n"
    )
  }
}

/// Display columns as the tests measure them, through the library.
enum DisplayWidthProbe {
  static func columns(_ line: String) -> Int { DisplayWidth.of(line) }
}

@Suite struct StatusCommandTests {
  let cli = RenderCLIEndToEndTests()

  @Test func japanesePaymentFailedAsText() throws {
    let result = try cli.run(["status", "paymentFailed", "--locale", "ja-JP", "--format", "text"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("支払いを完了できませんでした\n\nお支払い方法については"))
  }

  @Test func unknownStatusIsAUsageError() throws {
    let result = try cli.run(["status", "charged"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "Error: Unknown status 'charged'; use one of connected, ready, paymentCompleted, paymentFailed, "
          + "checkoutCompleted, disconnected, closed.\n"))
  }
}

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
