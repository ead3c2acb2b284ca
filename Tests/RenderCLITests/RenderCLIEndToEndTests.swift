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

  /// - Parameter environment: the process's whole environment; nil inherits the tests'.
  func run(_ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws -> Result {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    if let environment { process.environment = environment }
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

  /// Issue 14's "done when": Korean words with Korean amounts, Traditional Chinese for a
  /// Taiwanese phone, pseudo-text for en-XA.
  @Test func customersLanguages() throws {
    let korean = try run(["cart", "--locale", "ko-KR", "--format", "text"])
    #expect(korean.status == 0)
    #expect(korean.stdout.contains("장바구니"))
    #expect(korean.stdout.contains("US$14.30"))
    let taiwan = try run(["cart", "--accept-language", "zh-TW,en;q=0.5"])
    #expect(taiwan.stdout.contains("<html lang=\"zh-Hant-TW\" dir=\"ltr\">"))
    #expect(taiwan.stdout.contains("<h1>你的購物車</h1>"))
    let pseudo = try run(["cart", "--locale", "en-XA", "--format", "text"])
    #expect(pseudo.stdout.contains("[Ýöûŕ Çåŕţ one]"))
  }

  @Test func standardInputAndAcceptLanguage() throws {
    let cart = try String(contentsOf: Self.root.appending(path: "examples/cart-hair-spray.json"), encoding: .utf8)
    let result = try run(
      ["cart", "-", "--accept-language", "sw, de-CH;q=0.9, en;q=0.1", "--format", "text"], stdin: cart)
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

  /// `--output -` is standard output, as an input `-` is standard input: no file named `-`.
  @Test func outputDashIsStandardOutput() throws {
    let directory = try temporaryFile("{}").deletingLastPathComponent()
    let dashed = try run(["cart", "--format", "text", "--output", "-"])
    let plain = try run(["cart", "--format", "text"])
    #expect(dashed.status == 0)
    #expect(dashed.stdout == plain.stdout)
    #expect(dashed.stdout.contains("Total"))
    #expect(!FileManager.default.fileExists(atPath: Self.root.appending(path: "-").path))
    let diff = try run(["diff", "examples/cart-hair-spray.json", "examples/cart-hair-spray.json", "--output=-"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(diff.stdout.hasPrefix("{"))
    // The gallery is a file: standard output carries snapshot's report.
    let gallery = try run(["snapshot", "examples/cart-hair-spray.json", "--dir", directory.path, "--gallery", "-"])
    #expect(gallery.status == 64)
    #expect(gallery.stderr.hasPrefix("Error: '--gallery' takes a file, not -: standard output carries the report.\n"))
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

/// Display columns as the tests measure them, through the library.
enum DisplayWidthProbe {
  static func columns(_ line: String) -> Int { DisplayWidth.of(line) }
}

@Suite struct OptionValueEndToEndTests {
  let cli = RenderCLIEndToEndTests()

  @Test func anOptionWhereAValueShouldBeIsAMissingValue() throws {
    let result = try cli.run(["cart", "--output", "--format", "text"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "Error: missing value for '--output FILE'\nUSAGE: render-cli cart [FILE] [options]\n  See 'render-cli cart --help' for more information.\n"
    )
    // The run's folder gets no file named after the option.
    #expect(!FileManager.default.fileExists(atPath: RenderCLIEndToEndTests.root.appending(path: "--format").path))
  }
}
