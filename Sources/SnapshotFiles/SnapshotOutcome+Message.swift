extension SnapshotOutcome {
  /// What a person reads about `file`: nil when it matched, else one paragraph, ending
  /// with the diff for a mismatch.
  /// - Parameter howToRecord: how to record a missing file where this runs, e.g.
  ///   `run the tests outside CI to record it, then read and commit it`.
  package func message(file: SnapshotFile, howToRecord: String) -> String? {
    switch self {
    case .matched: nil
    case .recorded: "recorded \(file.displayPath): read it as a customer would, then run the tests again"
    case .missing: "missing golden file \(file.displayPath) (\(howToRecord))"
    case .differs(let diff): file.mismatchHeading() + "\n" + diff
    case .notWritten(let reason): "could not record \(file.displayPath): \(reason)"
    }
  }
}
