import Foundation
import Testing

/// Golden-file ("snapshot") assertions for text output, stored byte-exact under
/// `snapshots/<Suite>/<name>.<locale>.<ext>` at the package root.
///
/// The record mode comes from `SNAPSHOT_RECORD`:
/// - `missing` (the default on a developer's machine): a missing file is written and
///   the test fails, so a new golden file is always read before it is committed;
/// - `all`: every file is rewritten and every test using one fails;
/// - `never` (forced when `CI` is set): nothing is written; a missing file fails.
public enum GoldenFile {
  public enum RecordMode: String, Sendable {
    case missing, all, never

    /// The mode for this process: `never` on CI whatever else is set.
    public static var current: RecordMode {
      let environment = ProcessInfo.processInfo.environment
      if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" { return .never }
      return environment["SNAPSHOT_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }
  }

  /// Compares `actual` with the golden file `suite/file`, recording per ``RecordMode``.
  /// - Returns: nil when they match, else a message with a unified diff in which
  ///   invisible characters are named (`⟨NBSP⟩`, `⟨NNBSP⟩`, `⟨RLM⟩`, `⟨ALM⟩`, …).
  public static func compare(
    _ actual: String, suite: String, file: String, mode: RecordMode = .current, root: URL
  ) -> String? {
    let url = root.appending(path: "snapshots").appending(path: suite).appending(path: file)
    let relative = "snapshots/\(suite)/\(file)"
    let expected = (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    if let expected, expected == actual, mode != .all { return nil }
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
      } catch {
        return "could not record \(relative): \(error)"
      }
      return "recorded \(relative): read it as a customer would, then run the tests again"
    }
    guard let expected else {
      return "missing golden file \(relative) (run the tests outside CI to record it, then read and commit it)"
    }
    return "\(relative) does not match (- golden, + actual):\n" + LineDiff.unified(expected, actual)
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
