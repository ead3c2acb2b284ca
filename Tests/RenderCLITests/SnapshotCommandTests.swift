import Foundation
import RenderCore
import SnapshotFiles
import Testing

@testable import render_cli

/// `render-cli snapshot` end to end: the real binary, its files, report and exit status.
@Suite struct SnapshotCommandTests {
  let cli = RenderCLIEndToEndTests()

  /// The tests' environment without `CI`, or with `CI=true`.
  static func environment(ci: Bool) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = ci ? "true" : nil
    return environment
  }

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "snapshot-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func snapshot(_ arguments: [String], ci: Bool = false) throws -> RenderCLIEndToEndTests.Result {
    try cli.run(["snapshot"] + arguments, environment: Self.environment(ci: ci))
  }

  func read(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The issue's "done when": record all locales, match with never, then a lost NBSP.
  @Test func recordAllThenNeverMatchesThenANamedNoBreakSpaceDiffers() throws {
    let dir = try folder().appending(path: "s")
    let record = try snapshot([
      "examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "all", "--record", "all",
    ])
    let languages = UIStrings.bundled.languages
    let total = languages.count * 2
    #expect(record.status == 0)
    #expect(record.stderr.isEmpty)
    #expect(record.stdout.hasSuffix("\(total) snapshots: \(total) recorded\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "cart-hair-spray").path)
    #expect(
      files.sorted()
        == languages.flatMap { language in
          let tag = LanguageTag(language)?.region == nil ? "\(language)-US" : language
          return ["\(tag).html", "\(tag).txt"]
        }.sorted())
    #expect(read(dir.appending(path: "cart-hair-spray/fr-US.txt"))?.contains("15.00\u{A0}$") == true)

    let match = try snapshot([
      "examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "all", "--record", "never",
    ])
    #expect(match.status == 0)
    #expect(match.stdout == "\(total) snapshots match\n")

    let golden = dir.appending(path: "cart-hair-spray/fr-US.txt")
    let text = try #require(read(golden))
    let amount = try #require(text.range(of: "15.00\u{A0}$"))
    try Data(text.replacingCharacters(in: amount, with: "15.00 $").utf8).write(to: golden)
    let differ = try snapshot([
      "examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "all", "--record", "never",
    ])
    #expect(differ.status == 1)
    #expect(differ.stderr.isEmpty)
    #expect(differ.stdout.hasPrefix("\(dir.path)/cart-hair-spray/fr-US.txt does not match (- golden, + actual):\n@@ -"))
    #expect(
      differ.stdout.contains(
        "\n- Hair Spray                       15.00 $\n+ Hair Spray                       15.00⟨NBSP⟩$\n"))
    #expect(differ.stdout.hasSuffix("\n\n1 of \(total) snapshots differs\n"))
    #expect(read(golden) == text.replacingCharacters(in: amount, with: "15.00 $"))
  }

  @Test func missingFilesAreRecordedOutsideCIAndTheRestCompared() throws {
    let dir = try folder()
    let first = try snapshot([
      "examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US,ja-JP", "--format", "text", "--width", "32",
    ])
    #expect(first.status == 0)
    #expect(
      first.stdout == """
        recorded \(dir.path)/cart-empty/en-US.txt
        recorded \(dir.path)/cart-empty/ja-JP.txt
        2 snapshots: 2 recorded

        """)
    try FileManager.default.removeItem(at: dir.appending(path: "cart-empty/ja-JP.txt"))
    let second = try snapshot([
      "examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US,ja-JP", "--format", "text", "--width", "32",
    ])
    #expect(second.stdout == "recorded \(dir.path)/cart-empty/ja-JP.txt\n2 snapshots: 1 matches, 1 recorded\n")
    let lines = read(dir.appending(path: "cart-empty/ja-JP.txt"))?.split(separator: "\n") ?? []
    #expect(!lines.isEmpty && lines.allSatisfy { DisplayWidth.of($0) <= 32 })
  }

  @Test func onCIAMissingFileDiffersAndNothingIsWritten() throws {
    let dir = try folder().appending(path: "golden")
    let result = try snapshot(
      ["--status", "paymentFailed", "--dir", dir.path, "--locales", "de-DE", "--format", "html"], ci: true)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        missing golden file \(dir.path)/paymentFailed/de-DE.html (run with --record missing, outside CI, to record it; then read and commit it)

        1 of 1 snapshot differs

        """)
    #expect(!FileManager.default.fileExists(atPath: dir.path))
    // An explicit --record wins over CI.
    let recorded = try snapshot(
      [
        "--status", "paymentFailed", "--dir", dir.path, "--locales", "de-DE", "--format", "html", "--record", "missing",
      ], ci: true)
    #expect(recorded.status == 0)
    #expect(read(dir.appending(path: "paymentFailed/de-DE.html"))?.contains("<html lang=\"de-DE\"") == true)
  }

  @Test func formsAndStatusesWithASession() throws {
    let dir = try folder()
    let result = try snapshot([
      "--request", "examples/request-signup.json,examples/request-shipping-address.json", "--status", "ready,closed",
      "--config", "examples/session.json", "--dir", dir.path, "--locales", "fr", "--format", "text",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("4 snapshots: 4 recorded\n"))
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["closed", "ready", "request-shipping-address", "request-signup"])
    let session = try JSONParser.parse(
      Array(try Data(contentsOf: RenderCLIEndToEndTests.root.appending(path: "examples/session.json"))))
    let region = try SessionConfiguration(json: session).region
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "ready").path) == ["fr-\(region).txt"])
  }

  @Test func theGalleryShowsEveryLocaleAndMarksTheMismatch() throws {
    let dir = try folder()
    let gallery = dir.appending(path: "gallery.html")
    let arguments = [
      "examples/cart-hair-spray.json", "--dir", dir.appending(path: "s").path, "--locales", "en-US,ar-EG,ja-JP",
    ]
    _ = try snapshot(arguments + ["--record", "all"])
    let golden = dir.appending(path: "s/cart-hair-spray/ja-JP.html")
    try Data((read(golden) ?? "").replacingOccurrences(of: "Hair Spray", with: "Hairspray").utf8).write(to: golden)
    let result = try snapshot(arguments + ["--gallery", gallery.path], ci: true)
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("1 of 6 snapshots differs\n"))
    let page = try #require(read(gallery))
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.components(separatedBy: "<iframe title=\"cart-hair-spray in ").count == 4)
    #expect(page.components(separatedBy: "<li class=\"panel differs\">\n<h3>ja-JP").count == 2)
    #expect(page.components(separatedBy: "<li class=\"panel differs\">").count == 2)
    #expect(page.contains("sandbox srcdoc=\"&lt;!DOCTYPE html&gt;"))
  }

  @Test(arguments: [
    (["examples/cart-empty.json", "--locales", "en-US"], "Error: Missing '--dir DIR'."),
    (["examples/cart-empty.json", "--dir", "/tmp/x"], "Error: Missing '--locales LIST'."),
    (
      ["--dir", "/tmp/x", "--locales", "en-US"],
      "Error: Nothing to check: give a CART.json, --request FILES or --status NAMES."
    ),
    (
      ["-", "--dir", "/tmp/x", "--locales", "en-US"],
      "Error: Standard input has no file name to name its snapshots; give a file."
    ),
    (
      ["examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US,en_GB"],
      "Error: 'en_GB' is not a BCP 47 language tag (e.g. fr-CA)."
    ),
    (
      ["examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US", "--record", "some"],
      "Error: 'some' is not a mode; use missing, all or never."
    ),
    (["--status", "ready,gone", "--dir", "/tmp/x", "--locales", "en-US"], "Error: Unknown status 'gone'"),
    (
      ["examples/cart-empty.json", "/tmp/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US"],
      "Error: Two inputs are named 'cart-empty'"
    ),
    (
      ["examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US", "--review", "--record", "all"],
      "Error: '--review' compares and writes only the files you accept: leave out '--record'."
    ),
    (
      ["examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US", "--port", "8080"],
      "Error: '--port' is the review page's: add '--review'."
    ),
  ])
  func badCommandLines(_ arguments: [String], _ message: String) throws {
    let result = try snapshot(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stderr.contains("USAGE: render-cli snapshot [CART.json ...] --dir DIR --locales LIST [options]"))
  }

  /// A review with nothing to review serves nothing: it compares, says so and ends.
  @Test func aReviewOfMatchingFilesEndsAtOnce() throws {
    let dir = try folder().appending(path: "s")
    let arguments = ["examples/cart-hair-spray.json", "--dir", dir.path, "--locales", "en-US,fr-FR"]
    #expect(try snapshot(arguments + ["--record", "all"]).status == 0)
    let review = try snapshot(arguments + ["--review"])
    #expect(review.status == 0)
    #expect(review.stdout == "4 snapshots match\nreview: nothing differs or is new\n")
  }

  @Test func aBadCartIsADataErrorNamingTheFileAndWritesNothing() throws {
    let dir = try folder()
    let cart = try cli.temporaryFile(
      #"{"items": [], "summary": {"summaryLines": [], "total": "1.00"}}"#, name: "bad.json")
    let result = try snapshot([cart.path, "--dir", dir.appending(path: "s").path, "--locales", "en-US"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("\(cart.path): $.summary.total: "))
    #expect(!FileManager.default.fileExists(atPath: dir.appending(path: "s").path))
  }

  @Test func helpNamesEveryOption() throws {
    let help = try snapshot(["--help"])
    #expect(help.status == 0)
    for option in [
      "--dir DIR", "--locales LIST", "--request FILES", "--status NAMES", "--record missing|all|never",
      "--gallery FILE", "--config FILE", "--format html|text|spoken|both", "--formats LIST", "--width N",
      "--check-speech RULES", "--review", "--port N",
    ] {
      #expect(help.stdout.contains("  \(option)"), "\(option)")
    }
  }
}
