import Foundation
import SnapshotFiles
import Testing

/// This project's golden files, `snapshots/<Suite>/<name>.<locale>.<ext>` at the package
/// root, checked with the same code as `CartSnapshotTesting` and `render-cli snapshot`
/// (``SnapshotFile``, ``LineDiff``): only the layout is this project's own.
///
/// The record mode comes from `SNAPSHOT_RECORD` (``SnapshotRecordMode/current``):
/// `missing` by default, `all` to rewrite every file, `never` forced when `CI` is set.
/// A recorded file fails its test, so it is read before it is committed.
public enum GoldenFile {
  public typealias RecordMode = SnapshotRecordMode

  /// Compares `actual` with the golden file `suite/file`, recording per ``RecordMode``.
  /// - Returns: nil when they match, else a message with a unified diff in which
  ///   invisible characters are named (`⟨NBSP⟩`, `⟨NNBSP⟩`, `⟨RLM⟩`, `⟨ALM⟩`, …).
  public static func compare(
    _ actual: String, suite: String, file: String, mode: RecordMode = .current, root: URL
  ) -> String? {
    let golden = SnapshotFile(
      url: root.appending(path: "snapshots").appending(path: suite).appending(path: file),
      displayPath: "snapshots/\(suite)/\(file)")
    return golden.verify(actual, mode: mode).message(
      file: golden, howToRecord: "run the tests outside CI to record it, then read and commit it")
  }

  /// ``compare(_:suite:file:mode:root:)`` recorded as a Swift Testing issue.
  public static func assertMatches(
    _ actual: String, suite: String, file: String,
    filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let root = packageRoot(from: filePath)
    if let failure = compare(actual, suite: suite, file: file, root: root) {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
  }

  /// The nearest folder above `filePath` that holds `Package.swift`.
  public static func packageRoot(from filePath: StaticString = #filePath) -> URL {
    var url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appending(path: "Package.swift").path) { return url }
      url = url.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }
}
