import Foundation
import Testing

@testable import render_cli

/// The `spoken` format through the commands: `cart|form|status --format spoken`, and
/// `snapshot` and `replay` with `--formats html,text,spoken` (files `*.spoken.txt`).
@Suite struct SpokenCommandTests {
  let cli = RenderCLIEndToEndTests()

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "spoken-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The issue's "done when": the seed cart in Arabic as a screen reader meets it.
  @Test func theSeedCartInArabic() throws {
    let result = try cli.run(["cart", "examples/cart-hair-spray.json", "--format", "spoken", "--locale", "ar-EG"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "document \"سلة التسوق\"")
    #expect(lines.contains("    heading level 1 \"سلة التسوق\""))
    let formerPrice = "السعر الأصلي \u{200F}٢٠٫٠٠\u{A0}US$، والسعر بعد الخصم \u{200F}١٥٫٠٠\u{A0}US$"
    #expect(lines.contains("          text \"\(formerPrice)\""))
  }

  @Test func formAndStatus() throws {
    let form = try cli.run(["form", "examples/request-signup.json", "--format", "spoken"])
    #expect(form.status == 0)
    #expect(form.stdout.contains("\n      button \"Share\"\n"))
    let status = try cli.run(["status", "closed", "--format", "spoken", "--locale", "de-DE"])
    #expect(status.status == 0)
    #expect(status.stdout.contains("\n    status live polite atomic\n      heading level 1 \""))
  }

  @Test func snapshotWritesTheThreeFormats() throws {
    let dir = try folder()
    let result = try cli.run([
      "snapshot", "examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US,ar-EG", "--formats",
      "html,text,spoken", "--record", "all",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("6 snapshots: 6 recorded\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "cart-empty").path)
    #expect(
      files.sorted() == [
        "ar-EG.html", "ar-EG.spoken.txt", "ar-EG.txt", "en-US.html", "en-US.spoken.txt", "en-US.txt",
      ])
  }

  @Test func replayWritesSpokenFiles() throws {
    let dir = try folder().appending(path: "pages")
    let result = try cli.run(["replay", "examples/checkout.jsonl", "--out", dir.path, "--formats", "spoken"])
    #expect(result.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "en-US").path)
    #expect(files.count == 13)
    #expect(files.allSatisfy { $0.hasSuffix(".spoken.txt") })
  }

  @Test func anUnknownFormatInTheListIsAUsageError() throws {
    let result = try cli.run([
      "snapshot", "examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US", "--formats", "html,pdf",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: 'pdf' is not a format; use html, text, spoken or png."))
  }

  @Test func checkSpeechPassesOnTheProjectsScreens() throws {
    let dir = try folder()
    let result = try cli.run([
      "snapshot", "examples/cart-hair-spray.json", "--request", "examples/request-signup.json", "--status",
      "paymentFailed", "--dir", dir.path, "--locales", "en-US,ar-EG", "--check-speech", "all", "--record", "all",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("12 snapshots: 12 recorded\nspeech: 0 findings\n"))
  }

  /// A merchant's shipping line that quotes an amount without its currency is found in
  /// every locale checked, with the file, the line and the rule; the run exits 1.
  @Test func checkSpeechFindsAnAmountWithoutItsCurrency() throws {
    let dir = try folder()
    let cart = dir.appending(path: "bare-amount.json")
    try Data(
      #"{"items": [], "summary": {"summaryLines": [{"label": "Shipping", "value": "Free over 50.00"}], "total": 0}}"#
        .utf8
    ).write(to: cart)
    let result = try cli.run([
      "snapshot", cart.path, "--dir", dir.appending(path: "out").path, "--locales", "en-US", "--formats", "spoken",
      "--check-speech", "amount-currency", "--record", "all",
    ])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "/bare-amount/en-US.spoken.txt:15: amount-currency: an amount without its currency: text \"Free over 50.00\"\n")
    )
    #expect(result.stdout.hasSuffix("speech: 1 findings\n"))
  }

  @Test func anUnknownSpeechRuleIsAUsageError() throws {
    let result = try cli.run([
      "snapshot", "examples/cart-empty.json", "--dir", "/tmp/x", "--locales", "en-US", "--check-speech", "loud",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: 'loud' is not a speech rule; use control-name, error-field, amount-currency, former-price, total-once, bidi-isolation or all."
      ))
  }

  /// `both` keeps meaning the page and its text.
  @Test func bothIsStillThePageAndItsText() throws {
    let dir = try folder()
    let result = try cli.run([
      "snapshot", "examples/cart-empty.json", "--dir", dir.path, "--locales", "en-US", "--format", "both", "--record",
      "all",
    ])
    #expect(result.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.appending(path: "cart-empty").path)
    #expect(files.sorted() == ["en-US.html", "en-US.txt"])
  }
}
