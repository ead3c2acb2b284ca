import Foundation
import PixelDiff
import PixelSnapshots
import SnapshotFiles
import SnapshotFixtures
import Testing

/// A golden PNG is read as golden text files are (``SnapshotFile/golden()``): never
/// through a symbolic link, and the link is neither followed nor written through.
@Suite struct PixelFilesLinkTests {
  @Test func aLinkedGoldenPNGIsRefusedAndNothingIsWrittenThroughIt() throws {
    let folder = try Fixtures.temporaryFolder()
    let outside = folder.appending(path: "outside.png")
    let image = try PNGCodec.encode(RGBAImage(width: 1, height: 1, filledWith: (0, 0, 0, 255)))
    try Data(image).write(to: outside)
    let golden = folder.appending(path: "cart/en-US.390-light.png")
    try FileManager.default.createDirectory(
      at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: golden.path, withDestinationPath: outside.path)
    let file = SnapshotFile(url: golden, displayPath: "g/cart/en-US.390-light.png")
    for mode in [SnapshotRecordMode.missing, .never] {
      let (outcome, comparison) = PixelFiles.verify(image, file: file, mode: mode, tolerance: .standard)
      #expect(
        outcome
          == .differs(
            diff: "g/cart/en-US.390-light.png is a symbolic link: golden files are read only from regular files, "
              + "never through a link; replace it with the file itself"))
      #expect(comparison == nil)
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: golden.path) == outside.path)
    #expect(try Data(contentsOf: outside) == Data(image))
  }
}
