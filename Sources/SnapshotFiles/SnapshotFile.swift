import Foundation

/// One golden file: the bytes a rendering must equal, stored byte-exact (UTF-8).
public struct SnapshotFile: Sendable, Equatable {
  /// Where the file is.
  public let url: URL
  /// How messages name the file: a path relative to where the user works, such as
  /// `snapshots/CartScreen/empty.fr-FR.txt`.
  public let displayPath: String

  package init(url: URL, displayPath: String) {
    self.url = url
    self.displayPath = displayPath
  }

  /// The file's text, or nil when it cannot be read (missing).
  package func contents() -> String? {
    FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Compares `actual` with the file, writing it per `mode`: under `all` always (without
  /// reading the file first), under `missing` when there is no file; never under `never`.
  /// The file's bytes are compared with the rendering's UTF-8 as they are read: a match
  /// decodes nothing. A write replaces the file whole (``FileReplacement``: written beside
  /// it, then renamed), making its folders when they are missing.
  package func verify(_ actual: String, mode: SnapshotRecordMode) -> SnapshotOutcome {
    let expected = mode == .all ? nil : FileManager.default.contents(atPath: url.path)
    if let expected, expected == Data(actual.utf8) { return .matched }
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try FileReplacement.replace(url.path, with: actual)
      } catch {
        return .notWritten(reason: FileErrorText.writing(url.path, error: error, makesFolders: true))
      }
      return .recorded
    }
    guard let expected else { return .missing }
    return .differs(diff: LineDiff.unified(String(decoding: expected, as: UTF8.self), actual))
  }

  /// The first line of a mismatch message, followed by the diff itself.
  package func mismatchHeading() -> String { "\(displayPath) does not match (- golden, + actual):" }
}
