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
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Compares `actual` with the file, writing it per `mode`: under `all` always, under
  /// `missing` when there is no file; never under `never`. A write replaces the file
  /// whole (written beside it, then renamed), making its folders.
  package func verify(_ actual: String, mode: SnapshotRecordMode) -> SnapshotOutcome {
    let expected = contents()
    if let expected, expected == actual, mode != .all { return .matched }
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
      } catch {
        return .notWritten(reason: FileErrorText.writing(url.path, error: error, makesFolders: true))
      }
      return .recorded
    }
    guard let expected else { return .missing }
    return .differs(diff: LineDiff.unified(expected, actual))
  }

  /// The first line of a mismatch message, followed by the diff itself.
  package func mismatchHeading() -> String { "\(displayPath) does not match (- golden, + actual):" }
}
