import Foundation
import FuzzHarnesses
import Testing

/// Every committed input (seeds and the regressions fuzzing found) passes its
/// harness's properties, so a finding fixed once stays fixed.
@Suite struct CorpusReplayTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

  static func corpus(_ harness: String) throws -> [URL] {
    let folder = fuzzFolder.appendingPathComponent(harness).appendingPathComponent("corpus")
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { !$0.lastPathComponent.hasPrefix(".") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test(arguments: FuzzHarness.all.map(\.name))
  func corpusPassesEveryProperty(_ name: String) throws {
    let harness = try #require(FuzzHarness.named(name))
    let files = try Self.corpus(name)
    #expect(files.count >= 3, "Fuzz/\(name)/corpus holds at least three seeds")
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      #expect(throws: Never.self, "\(name)/corpus/\(file.lastPathComponent)") { try harness.check(bytes) }
    }
  }

  @Test func everyHarnessHasAFolderAndADictionary() throws {
    for harness in FuzzHarness.all {
      let folder = Self.fuzzFolder.appendingPathComponent(harness.name)
      let dictionary = folder.appendingPathComponent("\(harness.name).dict")
      let entries = try String(contentsOf: dictionary, encoding: .utf8).split(separator: "\n")
        .filter { !$0.hasPrefix("#") && !$0.isEmpty }
      #expect(entries.count >= 5, "\(harness.name).dict has entries")
    }
  }
}
