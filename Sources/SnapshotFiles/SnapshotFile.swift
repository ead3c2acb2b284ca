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
  /// decodes nothing. A write replaces the file whole (written beside it, then renamed),
  /// making its folders when they are missing.
  package func verify(_ actual: String, mode: SnapshotRecordMode) -> SnapshotOutcome {
    let expected = mode == .all ? nil : FileManager.default.contents(atPath: url.path)
    if let expected, expected == Data(actual.utf8) { return .matched }
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try Self.replace(url, with: Data(actual.utf8))
      } catch {
        return .notWritten(reason: FileErrorText.writing(url.path, error: error, makesFolders: true))
      }
      return .recorded
    }
    guard let expected else { return .missing }
    return .differs(diff: LineDiff.unified(String(decoding: expected, as: UTF8.self), actual))
  }

  /// Writes `bytes` to a new file beside `url` and renames it to `url`, so a reader finds
  /// the old file or the new one, never part of one; makes the folders when the first
  /// write finds none. Not synced to disk: a golden file a crash loses is recorded again,
  /// and syncing each of thousands of small files is most of a recording's time.
  package static func replace(_ url: URL, with bytes: Data) throws {
    let temporary = url.deletingLastPathComponent().appending(
      path: ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    do {
      try bytes.write(to: temporary)
    } catch CocoaError.fileNoSuchFile {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: temporary)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
    }
  }

  /// The first line of a mismatch message, followed by the diff itself.
  package func mismatchHeading() -> String { "\(displayPath) does not match (- golden, + actual):" }
}
