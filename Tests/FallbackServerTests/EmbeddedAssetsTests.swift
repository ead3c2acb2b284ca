import Foundation
import Testing

@testable import ServedAssets

/// The served scripts and style sheets are files (Sources/ServedAssets/Assets); the
/// generated EmbeddedAssets.swift must carry each one's exact bytes and its hash.
@Suite struct EmbeddedAssetsTests {
  static let folder = OpenAPIDocumentTests.root.appending(path: "Sources/ServedAssets/Assets")

  /// Every file of the folder, by its name, with what EmbeddedAssets holds for it.
  static let embedded: [String: (text: StaticString, hash: String)] = [
    "live.js": (EmbeddedAssets.liveJS, EmbeddedAssets.liveJSSHA256),
    "controls.js": (EmbeddedAssets.controlsJS, EmbeddedAssets.controlsJSSHA256),
    "controls.css": (EmbeddedAssets.controlsCSS, EmbeddedAssets.controlsCSSSHA256),
    "review.js": (EmbeddedAssets.reviewJS, EmbeddedAssets.reviewJSSHA256),
    "review.css": (EmbeddedAssets.reviewCSS, EmbeddedAssets.reviewCSSSHA256),
    "strings-review.js": (EmbeddedAssets.stringsReviewJS, EmbeddedAssets.stringsReviewJSSHA256),
    "strings-review.css": (EmbeddedAssets.stringsReviewCSS, EmbeddedAssets.stringsReviewCSSSHA256),
  ]

  @Test func theGeneratedAssetsAreTheFilesBytesAndHashes() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
    #expect(names == Self.embedded.keys.sorted(), "an asset was added or removed: run scripts/embed-data")
    for name in names {
      let bytes = try Data(contentsOf: Self.folder.appending(path: name))
      let asset = try #require(Self.embedded[name])
      #expect(Array(bytes) == Array(asset.text.description.utf8), "\(name) changed: run scripts/embed-data")
      let recomputed = try ContentHashesTests.pythonSHA256Sources([String(decoding: bytes, as: UTF8.self)])
      #expect(recomputed == [asset.hash], "\(name) changed: run scripts/embed-data")
    }
  }

  @Test func theServedTextsAreTheAssets() {
    #expect(LiveScript.source == EmbeddedAssets.liveJS.description)
    #expect(ContentHashes.liveScript == EmbeddedAssets.liveJSSHA256)
    #expect(PreviewAssets.script == EmbeddedAssets.controlsJS.description)
    #expect(PreviewHashes.script == EmbeddedAssets.controlsJSSHA256)
    #expect(PreviewHashes.style == EmbeddedAssets.controlsCSSSHA256)
    #expect(ReviewAssets.script == EmbeddedAssets.reviewJS.description)
    #expect(ReviewHashes.script == EmbeddedAssets.reviewJSSHA256)
    #expect(ReviewHashes.style == EmbeddedAssets.reviewCSSSHA256)
    #expect(StringsReviewAssets.script == EmbeddedAssets.stringsReviewJS.description)
    #expect(StringsReviewHashes.script == EmbeddedAssets.stringsReviewJSSHA256)
    #expect(StringsReviewHashes.style == EmbeddedAssets.stringsReviewCSSSHA256)
  }
}
