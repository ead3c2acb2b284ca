import Foundation
import GoldenFiles
import SnapshotFiles
import Testing

/// The snapshot helper itself: record modes, and diffs a person can read.
@Suite struct GoldenFileTests {
  func temporaryRoot() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "golden-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func read(_ root: URL, _ path: String) -> String? {
    (try? Data(contentsOf: root.appending(path: path))).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func missingFileIsRecordedAndFails() throws {
    let root = try temporaryRoot()
    let message = GoldenFile.compare("a\n", suite: "S", file: "x.en-US.txt", mode: .missing, root: root)
    #expect(message == "recorded snapshots/S/x.en-US.txt: read it as a customer would, then run the tests again")
    #expect(read(root, "snapshots/S/x.en-US.txt") == "a\n")
    #expect(GoldenFile.compare("a\n", suite: "S", file: "x.en-US.txt", mode: .missing, root: root) == nil)
  }

  @Test func neverModeWritesNothing() throws {
    let root = try temporaryRoot()
    let message = GoldenFile.compare("a\n", suite: "S", file: "x.txt", mode: .never, root: root)
    #expect(message?.hasPrefix("missing golden file snapshots/S/x.txt") == true)
    #expect(read(root, "snapshots/S/x.txt") == nil)
  }

  @Test func allModeRerecordsAndFails() throws {
    let root = try temporaryRoot()
    _ = GoldenFile.compare("old\n", suite: "S", file: "x.txt", mode: .missing, root: root)
    let message = GoldenFile.compare("new\n", suite: "S", file: "x.txt", mode: .all, root: root)
    #expect(message?.hasPrefix("recorded") == true)
    #expect(read(root, "snapshots/S/x.txt") == "new\n")
  }

  @Test func mismatchShowsAUnifiedDiffAndKeepsTheGoldenFile() throws {
    let root = try temporaryRoot()
    let golden = "Total\n15,00\u{A0}$US\nend\n"
    _ = GoldenFile.compare(golden, suite: "S", file: "x.txt", mode: .missing, root: root)
    let message = GoldenFile.compare("Total\n15,00 $US\nend\n", suite: "S", file: "x.txt", mode: .missing, root: root)
    #expect(
      message
        == """
        snapshots/S/x.txt does not match (- golden, + actual):
        @@ -1,3 +1,3 @@
          Total
        - 15,00⟨NBSP⟩$US
        + 15,00 $US
          end
        """)
    #expect(read(root, "snapshots/S/x.txt") == golden)
  }
}
