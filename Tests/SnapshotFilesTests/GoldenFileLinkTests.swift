import Foundation
import RenderCore
import SnapshotFiles
import SnapshotFixtures
import StatusRender
import Testing

/// A golden file is read only when it is a regular file itself: a committed symbolic
/// link must not print a file from outside the folder into a diff (nor a JUnit report,
/// nor the review page, which read through the same function).
@Suite struct GoldenFileLinkTests {
  private static let secret = "a secret line from outside the snapshot folder"

  @Test func aLinkedGoldenFileIsRefusedAndWhatItPointsAtIsNeverPrinted() throws {
    let folder = try Fixtures.temporaryFolder()
    let outside = folder.appending(path: "outside.txt")
    try Data((Self.secret + "\n").utf8).write(to: outside)
    let subject = folder.appending(path: "golden/ready")
    try FileManager.default.createDirectory(at: subject, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: subject.appending(path: "en-US.txt").path, withDestinationPath: outside.path)
    let set = SnapshotSet(
      subjects: [SnapshotSubject(name: "ready", screen: StatusScreen.ready)],
      locales: try SnapshotLocales.parse("en-US"),
      formats: [.text])
    for mode in [SnapshotRecordMode.missing, .never] {
      let results = set.verify(in: folder.appending(path: "golden"), displayDirectory: "golden", mode: mode)
      let outcome = try #require(results.first?.outcome)
      guard case .differs(let text) = outcome else {
        Issue.record("a linked golden file must be refused, not \(outcome)")
        continue
      }
      #expect(!text.contains(Self.secret))
      #expect(
        text == "golden/ready/en-US.txt is a symbolic link: golden files are read only from regular files, "
          + "never through a link; replace it with the file itself")
      // Refused, not overwritten: the link and what it points at are as they were.
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: subject.appending(path: "en-US.txt").path)
          == outside.path)
      #expect(try String(contentsOf: outside, encoding: .utf8) == Self.secret + "\n")
    }
    let file = SnapshotFile(url: subject.appending(path: "en-US.txt"), displayPath: "golden/ready/en-US.txt")
    #expect(file.contents() == nil)
  }

  @Test func aPipeInPlaceOfAGoldenFileIsRefusedWithoutWaitingForAWriter() throws {
    let folder = try Fixtures.temporaryFolder()
    let pipe = folder.appending(path: "en-US.txt")
    #expect(mkfifo(pipe.path, 0o600) == 0)
    let file = SnapshotFile(url: pipe, displayPath: "golden/ready/en-US.txt")
    #expect(
      file.golden()
        == .refused("golden/ready/en-US.txt is not a regular file: golden files are read only from regular files"))
  }
}
