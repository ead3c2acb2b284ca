import Testing

@testable import FallbackServer
@testable import LivePreview
@testable import ServedAssets

/// The preview's and the snapshot review page's generated CSP hashes (PreviewHashes.swift
/// and ReviewHashes.swift, written by scripts/embed-data) against their scripts and
/// styles, recomputed by another implementation.
@Suite struct PreviewHashesTests {
  @Test func hashesMatchTheirSources() throws {
    let recomputed = try ContentHashesTests.pythonSHA256Sources([
      PreviewAssets.script, PreviewAssets.style.description,
    ])
    #expect(recomputed == [PreviewHashes.script, PreviewHashes.style], "run scripts/embed-data")
  }

  /// `strings review`'s page (StringsReviewHashes.swift) likewise.
  @Test func stringsReviewHashesMatchTheirSources() throws {
    let recomputed = try ContentHashesTests.pythonSHA256Sources([
      StringsReviewAssets.script, StringsReviewAssets.style.description,
    ])
    #expect(recomputed == [StringsReviewHashes.script, StringsReviewHashes.style], "run scripts/embed-data")
  }

  /// The snapshot review page's (ReviewHashes.swift) likewise.
  @Test func reviewHashesMatchTheirSources() throws {
    let recomputed = try ContentHashesTests.pythonSHA256Sources([
      ReviewAssets.script, ReviewAssets.style.description,
    ])
    #expect(recomputed == [ReviewHashes.script, ReviewHashes.style], "run scripts/embed-data")
  }

  @Test func controlsPageCarriesTheHashedStyleAndScript() {
    let page = String(decoding: PreviewControlsPage.html(files: ["a.json"], languages: ["en"]), as: UTF8.self)
    #expect(page.contains("<style>" + PreviewAssets.style.description + "</style>"))
    #expect(page.contains("<script src=\"/controls.js\" integrity=\"\(PreviewHashes.script)\" defer></script>"))
    #expect(PreviewControlsPage.contentSecurityPolicy.contains("'\(PreviewHashes.style)'"))
  }
}
