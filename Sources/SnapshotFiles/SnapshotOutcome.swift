/// What comparing one rendering with its golden file came to.
public enum SnapshotOutcome: Sendable, Equatable {
  /// The file holds exactly the rendering.
  case matched
  /// The file was written (it was missing, or the mode is `all`).
  case recorded
  /// There is no file and the mode is `never`.
  case missing
  /// The file differs: a unified diff, `-` golden and `+` actual, invisible characters
  /// named (see ``LineDiff``).
  case differs(diff: String)
  /// The file could not be written: the system's reason.
  case notWritten(reason: String)

  /// True for ``matched`` alone: a recorded file has not been read by anyone yet.
  public var isMatch: Bool { self == .matched }

  /// True when the rendering and the file disagree, or there is no file to agree with.
  public var isMismatch: Bool {
    switch self {
    case .missing, .differs: true
    case .matched, .recorded, .notWritten: false
    }
  }
}
