import CartRender
import Foundation
import RenderCore
import SnapshotFiles
import SnapshotFixtures
import StatusRender
import Testing

/// The shared core: locales, runs over locales and formats, the summary, the gallery.
@Suite struct SnapshotFilesTests {
  static func tags(_ list: String) throws -> [LanguageTag] { try SnapshotLocales.parse(list) }

  @Test func allIsEveryLanguageWithUIStringsEachWithTheSessionsRegion() throws {
    let all = try Self.tags("all")
    #expect(all.map(\.description) == UIStrings.bundled.languages)
    let japan = try #require(
      SessionConfiguration(currency: "JPY", region: "JP", privacyPolicyURL: "https://example.com/p"))
    let resolved = SnapshotLocales.resolve(all, configuration: japan).map(\.formattingTag.description)
    // A strings file named with a region (pt-BR) keeps it; the others take the session's.
    #expect(resolved == all.map { $0.region == nil ? "\($0)-JP" : "\($0)" })
  }

  /// A snapshot name is one folder name a person reads as written: no path, no control
  /// character, and no bidi embedding, override or isolate, which would show the name (in
  /// the report, the review page, a JUnit report) as another.
  @Test(arguments: [
    ("cart-hair-spray", true), ("Warenkorb été", true), ("عربة", true), ("", false), ("..", false),
    ("a/b", false), ("a\\b", false), ("a\u{7}b", false), ("ca\u{202E}txt.trap", false), ("a\u{2067}b", false),
    ("a\u{202C}", false),
  ])
  func aNameIsOneFolderReadAsWritten(_ name: String, _ accepted: Bool) {
    #expect((SnapshotSubject.problem(name: name) == nil) == accepted, "\(name.unicodeScalars.map(\.value))")
  }

  @Test func listsAreTrimmedResolvedAndEachLocaleComesOnce() throws {
    let tags = try Self.tags("fr, fr-US,ja-JP")
    #expect(
      SnapshotLocales.resolve(tags, configuration: .default).map(\.formattingTag.description) == ["fr-US", "ja-JP"])
    #expect(throws: SnapshotLocales.InvalidTag(text: "en_US")) { try Self.tags("fr,en_US") }
    #expect(throws: SnapshotLocales.InvalidTag(text: "")) { try Self.tags("fr,") }
  }

  @Test func aRunRecordsThenMatchesThenNamesTheChangedFile() throws {
    let folder = try Fixtures.temporaryFolder()
    let set = SnapshotSet(
      subjects: [
        SnapshotSubject(name: "cart", screen: try Fixtures.cart("cart-hair-spray.json")),
        SnapshotSubject(name: "ready", screen: StatusScreen.ready),
      ], locales: try Self.tags("en-US,fr-FR"))
    let first = set.verify(in: folder, displayDirectory: "golden", mode: .missing)
    #expect(
      first.map(\.file.displayPath) == [
        "golden/cart/en-US.html", "golden/cart/en-US.txt", "golden/cart/fr-FR.html", "golden/cart/fr-FR.txt",
        "golden/ready/en-US.html", "golden/ready/en-US.txt", "golden/ready/fr-FR.html", "golden/ready/fr-FR.txt",
      ])
    #expect(first.allSatisfy { $0.outcome == .recorded })
    #expect(SnapshotSummary(first).line == "8 snapshots: 8 recorded")
    let second = set.verify(in: folder, displayDirectory: "golden", mode: .never)
    #expect(SnapshotSummary(second).line == "8 snapshots match")
    try Fixtures.breakFirstNoBreakSpace(folder.appending(path: "cart/fr-FR.html"))
    try FileManager.default.removeItem(at: folder.appending(path: "ready/en-US.txt"))
    let third = set.verify(in: folder, displayDirectory: "golden", mode: .never)
    #expect(SnapshotSummary(third).line == "2 of 8 snapshots differ")
    #expect(third[5].outcome == .missing)
    guard case .differs(let diff) = third[2].outcome else {
      Issue.record("fr-FR.html should differ: \(third[2].outcome)")
      return
    }
    #expect(diff.contains("⟨NBSP⟩"))
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "ready/en-US.txt").path))
  }

  @Test func summaryLines() throws {
    func results(_ outcomes: [SnapshotOutcome]) throws -> [SnapshotResult] {
      let locale = SnapshotLocales.resolve([try #require(LanguageTag("en-US"))], configuration: .default)[0]
      let file = SnapshotFile(url: URL(fileURLWithPath: "/x"), displayPath: "x")
      return outcomes.map {
        SnapshotResult(subject: "s", locale: locale, format: .text, file: file, rendering: "", outcome: $0)
      }
    }
    #expect(SnapshotSummary(try results([.matched])).line == "1 snapshot matches")
    #expect(SnapshotSummary(try results([.matched, .differs(diff: ""), .matched])).line == "1 of 3 snapshots differs")
    #expect(
      SnapshotSummary(try results([.missing, .differs(diff: ""), .recorded])).line
        == "2 of 3 snapshots differ; 1 recorded")
    #expect(
      SnapshotSummary(try results([.matched, .recorded, .recorded])).line == "3 snapshots: 1 matches, 2 recorded")
  }

  @Test func theGalleryShowsADifferingCapturesGoldenAndDiffImages() {
    let file = SnapshotFile(
      url: URL(fileURLWithPath: "/g/cart/de-DE.390-light.png"), displayPath: "g/cart/de-DE.390-light.png")
    let images = [
      SnapshotGallery.Image(
        subject: "cart", caption: "de-DE 390 px light", file: file, outcome: .differs(diff: "3 pixels differ"),
        png: [1], width: 390, golden: [2], diff: [3]),
      SnapshotGallery.Image(
        subject: "cart", caption: "fr-FR 390 px light", file: file, outcome: .matched, png: [4], width: 390),
    ]
    let page = SnapshotGallery.page([], images: images, title: "g")
    for (caption, byte) in [("New", "AQ=="), ("Golden", "Ag=="), ("Diff (changed pixels in red)", "Aw==")] {
      #expect(
        page.contains(
          "<figure><figcaption>\(caption)</figcaption><img src=\"data:image/png;base64,\(byte)\" "
            + "alt=\"cart, de-DE 390 px light: \(caption.lowercased())\" width=\"360\"></figure>"), "\(caption)")
    }
    // A matching capture is shown alone, as before.
    #expect(page.contains("<img src=\"data:image/png;base64,BA==\" alt=\"cart, fr-FR 390 px light\" width=\"360\">"))
    #expect(page.components(separatedBy: "<figure>").count == 4)
  }

  @Test func theGalleryFramesEveryLocaleAndMarksTheMismatch() throws {
    let folder = try Fixtures.temporaryFolder()
    let set = SnapshotSet(
      subjects: [SnapshotSubject(name: "cart <b>", screen: try Fixtures.cart("cart-hair-spray.json"))],
      locales: try Self.tags("en-US,ar-EG,ja-JP"))
    _ = set.verify(in: folder, displayDirectory: "golden", mode: .all)
    try Fixtures.breakFirstNoBreakSpace(folder.appending(path: "cart <b>/ar-EG.txt"))
    let results = set.verify(in: folder, displayDirectory: "golden", mode: .never)
    let page = SnapshotGallery.page(results, title: "golden")

    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
    #expect(page.contains("<title>Snapshots of golden: 1 of 6 snapshots differs</title>"))
    #expect(page.components(separatedBy: "<iframe ").count == 4)
    #expect(page.components(separatedBy: "<pre ").count == 4)
    #expect(page.contains("<iframe title=\"cart &lt;b&gt; in ar-EG\" sandbox srcdoc=\"&lt;!DOCTYPE html&gt;"))
    #expect(page.contains("width=\"360\" height=\"640\""))
    #expect(!page.contains("<script"))
    // Each panel names its locale above the frame; only ar-EG's is marked.
    #expect(page.contains("<h3>ar-EG <span class=\"language\">Arabic (Egypt)</span></h3>"))
    #expect(page.components(separatedBy: "<li class=\"panel differs\">").count == 2)
    #expect(page.contains("<p class=\"verdict differs\">✗ differs: <code>golden/cart &lt;b&gt;/ar-EG.txt</code></p>"))
    #expect(page.contains("<p class=\"verdict\">✓ matches: <code>golden/cart &lt;b&gt;/ar-EG.html</code></p>"))
    let arabic = try #require(page.range(of: "<h3>ar-EG"))
    let marked = try #require(page.range(of: "<li class=\"panel differs\">"))
    #expect(marked.lowerBound < arabic.lowerBound)
    #expect(page.contains("<pre lang=\"ar-EG\" dir=\"rtl\">"))
  }
}
