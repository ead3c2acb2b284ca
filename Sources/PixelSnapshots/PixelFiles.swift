import Foundation
import PixelDiff
import SnapshotFiles

/// The files beside a golden PNG: the capture that differs (`.actual.png`) and the diff
/// image (`.diff.png`), and the comparison of a capture with a golden file.
package enum PixelFiles {
  /// `fr-FR.390-light.png` → `fr-FR.390-light.actual.png`.
  package static func actualURL(_ golden: URL) -> URL { sibling(golden, "actual") }
  /// `fr-FR.390-light.png` → `fr-FR.390-light.diff.png`.
  package static func diffURL(_ golden: URL) -> URL { sibling(golden, "diff") }

  private static func sibling(_ golden: URL, _ kind: String) -> URL {
    golden.deletingPathExtension().appendingPathExtension(kind).appendingPathExtension("png")
  }

  /// Whether a file name is one of the files written beside a golden PNG.
  package static func isSibling(_ name: String) -> Bool { name.hasSuffix(".actual.png") || name.hasSuffix(".diff.png") }

  /// Compares `capture` with `file` and writes per `mode`, as ``SnapshotFile/verify(_:mode:)``
  /// does for text: a recorded or matching file leaves no `.actual.png` or `.diff.png`
  /// beside it; a differing one leaves both, a missing one (under `never`) its capture.
  package static func verify(
    _ capture: [UInt8], file: SnapshotFile, mode: SnapshotRecordMode, tolerance: PixelTolerance
  ) -> (SnapshotOutcome, PixelComparison?) {
    let manager = FileManager.default
    var golden: Data?
    if mode != .all {
      switch file.golden() {
      case .found(let bytes): golden = bytes
      case .missing: golden = nil
      case .refused(let reason): return (.differs(diff: reason), nil)
      }
    }
    let actualURL = actualURL(file.url)
    let diffURL = diffURL(file.url)
    func clearSiblings() {
      try? manager.removeItem(at: actualURL)
      try? manager.removeItem(at: diffURL)
    }
    func write(_ bytes: [UInt8], to url: URL) -> String? {
      do {
        try FileReplacement.replace(url.path, with: bytes)
        return nil
      } catch {
        return FileErrorText.writing(url.path, error: error, makesFolders: true)
      }
    }
    if mode == .all || (golden == nil && mode == .missing) {
      if let reason = write(capture, to: file.url) { return (.notWritten(reason: reason), nil) }
      clearSiblings()
      return (.recorded, nil)
    }
    guard let golden else {
      _ = write(capture, to: actualURL)
      return (.missing, nil)
    }
    if golden.elementsEqual(capture) {
      clearSiblings()
      return (.matched, nil)
    }
    let expected: RGBAImage
    let actual: RGBAImage
    do {
      expected = try PNGCodec.decode(Array(golden))
    } catch {
      _ = write(capture, to: actualURL)
      return (.differs(diff: "the golden file is not a PNG file libpng reads: \(error.message)"), nil)
    }
    do {
      actual = try PNGCodec.decode(capture)
    } catch {
      return (.differs(diff: "the capture is not a PNG file: \(error.message)"), nil)
    }
    let comparison = PixelComparison(expected: expected, actual: actual, tolerance: tolerance)
    if comparison.matches(tolerance) {
      clearSiblings()
      return (.matched, comparison)
    }
    _ = write(capture, to: actualURL)
    var message = comparison.summary
    if let diff = try? PNGCodec.encode(comparison.diffImage), write(diff, to: diffURL) == nil {
      let shown = (file.displayPath as NSString).deletingLastPathComponent + "/" + diffURL.lastPathComponent
      message += "; changed pixels in red in \(shown)"
    }
    return (.differs(diff: message), comparison)
  }
}
