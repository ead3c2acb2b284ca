/// Counts over a run's results, and the one line that sums them up.
package struct SnapshotSummary: Sendable, Equatable {
  package let total: Int
  package let matched: Int
  package let recorded: Int
  /// Differing files, and missing ones under `never`.
  package let differing: Int
  package let notWritten: Int

  package init(_ results: [SnapshotResult]) { self.init(outcomes: results.map(\.outcome)) }

  /// Counts over the outcomes of every file of a run, text and pixels alike.
  package init(outcomes: [SnapshotOutcome]) {
    total = outcomes.count
    matched = outcomes.count { $0.isMatch }
    recorded = outcomes.count { $0 == .recorded }
    differing = outcomes.count { $0.isMismatch }
    notWritten = outcomes.count {
      if case .notWritten = $0 { return true }
      return false
    }
  }

  /// `3 of 84 snapshots differ`, `84 snapshots match`, `84 snapshots: 80 match, 4 recorded`.
  package var line: String {
    let noun = total == 1 ? "snapshot" : "snapshots"
    if differing > 0 {
      let verb = differing == 1 ? "differs" : "differ"
      return "\(differing) of \(total) \(noun) \(verb)" + (recorded > 0 ? "; \(recorded) recorded" : "")
    }
    if recorded == 0 && notWritten == 0 { return "\(total) \(noun) \(total == 1 ? "matches" : "match")" }
    var parts: [String] = []
    if matched > 0 { parts.append("\(matched) \(matched == 1 ? "matches" : "match")") }
    if recorded > 0 { parts.append("\(recorded) recorded") }
    if notWritten > 0 { parts.append("\(notWritten) not written") }
    return "\(total) \(noun): " + parts.joined(separator: ", ")
  }
}
