import CartRender
import CartSnapshotTesting
import Foundation
import RenderCore
import SnapshotFiles
import SnapshotFixtures
import StatusRender
import Testing

/// `assertSnapshots` from Swift Testing: files beside the test, record modes, and
/// failures at the caller's line.
@Suite struct AssertSnapshotsTests {
  /// The golden files committed beside this file, in __Snapshots__/cart-hair-spray/ (as render-cli snapshot writes them).
  @Test func matchesTheFilesBesideTheTest() throws {
    let results = assertSnapshots(
      of: try Fixtures.cart("cart-hair-spray.json"), named: "cart-hair-spray", locales: ["en-US", "fr-FR", "ar-EG"],
      formats: [.text], record: .never)
    #expect(
      results.map(\.file.displayPath) == ["en-US", "fr-FR", "ar-EG"].map { "__Snapshots__/cart-hair-spray/\($0).txt" })
    #expect(results.allSatisfy { $0.outcome == .matched })
    #expect(results[1].rendering.contains("15,00\u{A0}$US"))
  }

  @Test func missingFilesAreRecordedAndFailAtTheCallersLine() throws {
    let folder = try Fixtures.temporaryFolder()
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let line = #line + 2
    withKnownIssue {
      assertSnapshots(of: cart, named: "cart", locales: ["en-US", "ja-JP"], directory: folder.path, record: .missing)
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertSnapshotsTests.swift"
        && "\(issue)".contains("recorded \(folder.path)/cart/")
    }
    for name in ["en-US.html", "en-US.txt", "ja-JP.html", "ja-JP.txt"] {
      #expect(Fixtures.read(folder.appending(path: "cart/\(name)"))?.isEmpty == false, "\(name)")
    }
    let again = assertSnapshots(
      of: cart, named: "cart", locales: ["en-US", "ja-JP"], directory: folder.path, record: .never)
    #expect(again.count == 4)
    #expect(again.allSatisfy { $0.outcome == .matched })
  }

  /// `formats: [.spoken]` records and then matches `<locale>.spoken.txt`, what a screen
  /// reader meets, beside nothing else.
  @Test func theSpokenFormatHasItsOwnFiles() throws {
    let folder = try Fixtures.temporaryFolder()
    let cart = try Fixtures.cart("cart-hair-spray.json")
    withKnownIssue {
      assertSnapshots(
        of: cart, named: "cart", locales: ["ar-EG"], formats: [.spoken], directory: folder.path, record: .missing)
    } matching: { issue in
      "\(issue)".contains("recorded \(folder.path)/cart/ar-EG.spoken.txt")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "cart").path) == ["ar-EG.spoken.txt"])
    let again = assertSnapshots(
      of: cart, named: "cart", locales: ["ar-EG"], formats: [.spoken], directory: folder.path, record: .never)
    #expect(again.map(\.outcome) == [.matched])
    #expect(again.first?.rendering.hasPrefix("document \"سلة التسوق\"\n") == true)
  }

  @Test func aChangedNoBreakSpaceFailsWithANamedDiff() throws {
    let folder = try Fixtures.temporaryFolder()
    let cart = try Fixtures.cart("cart-hair-spray.json")
    _ = SnapshotSet(
      subjects: [SnapshotSubject(name: "cart", screen: cart)], locales: [try #require(LanguageTag("fr-FR"))]
    )
    .verify(in: folder, displayDirectory: "x", mode: .all)
    try Fixtures.breakFirstNoBreakSpace(folder.appending(path: "cart/fr-FR.txt"), after: "15,00")
    let line = #line + 3
    let heading = "\(folder.path)/cart/fr-FR.txt does not match (- golden, + actual):\n@@ "
    withKnownIssue {
      let results = assertSnapshots(of: cart, named: "cart", locales: ["fr-FR"], directory: folder.path, record: .never)
      #expect(results.map(\.outcome.isMismatch) == [false, true])
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == line && message.hasPrefix(heading)
        && message.contains("\n+ Hair Spray") && message.contains("15,00⟨NBSP⟩$US")
    }
    #expect(Fixtures.read(folder.appending(path: "cart/fr-FR.txt"))?.contains("15,00 $US") == true)
  }

  @Test func neverRecordsNothingAndAMissingFileFails() throws {
    let folder = try Fixtures.temporaryFolder()
    withKnownIssue {
      assertSnapshots(
        of: StatusScreen.paymentFailed, named: "failed", locales: ["de-DE"], formats: [.text], directory: folder.path,
        record: .never)
    } matching: { issue in
      "\(issue)".contains("missing golden file \(folder.path)/failed/de-DE.txt")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "failed").path))
  }

  @Test func aBadTagOrNameIsOneFailureAndRendersNothing() throws {
    withKnownIssue {
      #expect(assertSnapshots(of: StatusScreen.ready, named: "ready", locales: ["en_US"], record: .never).isEmpty)
    } matching: {
      "\($0)".contains("'en_US' is not a BCP 47 language tag")
    }
    withKnownIssue {
      #expect(assertSnapshots(of: StatusScreen.ready, named: "../up", locales: ["en-US"], record: .never).isEmpty)
    } matching: {
      "\($0)".contains("must be one folder name")
    }
  }

  @Test func everyLanguageIsTheEmbeddedStringsLanguages() {
    #expect(everyLanguage == UIStrings.bundled.languages)
    #expect(everyLanguage.contains("en") && everyLanguage.contains("ar"))
  }
}
