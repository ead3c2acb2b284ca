import Foundation

/// When a golden file is written instead of compared.
///
/// - `missing` (the default on a developer's machine): a missing file is recorded, an
///   existing one compared;
/// - `all`: every file is rewritten;
/// - `never` (the default on CI): nothing is written; a missing file is a failure.
public enum SnapshotRecordMode: String, Sendable, CaseIterable, Equatable {
  /// A missing file is recorded, an existing one compared.
  case missing
  /// Every file is rewritten.
  case all
  /// Nothing is written; a missing file is a failure.
  case never

  /// The environment variable the test helpers read: `SNAPSHOT_RECORD=all swift test`.
  public static let environmentVariable = "SNAPSHOT_RECORD"

  /// The mode of the test helpers in this process: `never` when `CI` is set, whatever
  /// else is; otherwise `SNAPSHOT_RECORD`, or `missing` when it is unset or unknown.
  public static var current: SnapshotRecordMode { forTests(environment: ProcessInfo.processInfo.environment) }

  /// ``current`` for a given environment.
  package static func forTests(environment: [String: String]) -> SnapshotRecordMode {
    if isContinuousIntegration(environment) { return .never }
    return environment[environmentVariable].flatMap(SnapshotRecordMode.init(rawValue:)) ?? .missing
  }

  /// The default of `render-cli snapshot` without `--record`: `never` when `CI` is
  /// set, `missing` otherwise.
  package static func commandDefault(environment: [String: String]) -> SnapshotRecordMode {
    isContinuousIntegration(environment) ? .never : .missing
  }

  /// `CI` is set to anything but empty, `false` or `0` (the variable every CI service sets).
  package static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
    guard let ci = environment["CI"] else { return false }
    return !ci.isEmpty && ci != "false" && ci != "0"
  }
}
