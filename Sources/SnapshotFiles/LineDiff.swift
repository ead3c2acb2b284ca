/// A unified line diff for failure messages, with invisible characters named so a
/// changed no-break space or direction mark is visible in a terminal.
package enum LineDiff {
  /// Lines of context around each change.
  static let context = 3

  /// The hunks that turn `old` into `new`, each headed as GNU diff heads them
  /// (`@@ -3,7 +3,8 @@`: first line, 1-based, and line count of each side; the count is
  /// left out when it is 1, and an empty side names the line before it). Lines are
  /// prefixed `  `, `- ` or `+ `. A final newline on both sides (an empty text counts as
  /// one) is not a line of its own; on one side only, it shows as an empty line.
  package static func unified(_ old: String, _ new: String) -> String {
    var a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if old.isEmpty || old.hasSuffix("\n"), new.isEmpty || new.hasSuffix("\n") {
      a.removeLast()
      b.removeLast()
    }
    let script = editScript(a, b)
    var out: [String] = []
    var index = 0
    while index < script.count {
      guard script[index].kind != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` after the last
      // change that is within 2 × context of the previous one.
      let start = max(0, index - context)
      var end = index
      var lookahead = index
      while lookahead < script.count {
        if script[lookahead].kind != .same { end = lookahead }
        if lookahead - end > 2 * context { break }
        lookahead += 1
      }
      let stop = min(script.count, end + context + 1)
      let hunk = script[start..<stop]
      let oldRange = range(from: script[start].oldLine, count: hunk.count { $0.kind != .added })
      let newRange = range(from: script[start].newLine, count: hunk.count { $0.kind != .removed })
      out.append("@@ -\(oldRange) +\(newRange) @@")
      for step in hunk {
        switch step.kind {
        case .same: out.append("  " + visible(step.text))
        case .removed: out.append("- " + visible(step.text))
        case .added: out.append("+ " + visible(step.text))
        }
      }
      index = stop
    }
    return out.joined(separator: "\n")
  }

  /// One side of a hunk header: `3,7` from 0-based `first` = 2 and `count` = 7; `3` for
  /// one line; `2,0` for none (after line 2), as GNU diff writes them.
  static func range(from first: Int, count: Int) -> String {
    switch count {
    case 0: "\(first),0"
    case 1: "\(first + 1)"
    default: "\(first + 1),\(count)"
    }
  }

  /// Names characters that look like nothing or like a plain space, and marks
  /// trailing spaces with `·`.
  package static func visible(_ line: String) -> String {
    var out = ""
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x00A0: out += "⟨NBSP⟩"
      case 0x202F: out += "⟨NNBSP⟩"
      case 0x2009: out += "⟨THINSP⟩"
      case 0x200B: out += "⟨ZWSP⟩"
      case 0x200E: out += "⟨LRM⟩"
      case 0x200F: out += "⟨RLM⟩"
      case 0x061C: out += "⟨ALM⟩"
      case 0x2066: out += "⟨LRI⟩"
      case 0x2067: out += "⟨RLI⟩"
      case 0x2068: out += "⟨FSI⟩"
      case 0x2069: out += "⟨PDI⟩"
      case 0xFEFF: out += "⟨BOM⟩"
      case 0x09: out += "⟨TAB⟩"
      case 0x0D: out += "⟨CR⟩"
      default: out.unicodeScalars.append(scalar)
      }
    }
    let trailing = out.reversed().prefix { $0 == " " }.count
    return trailing == 0 ? out : String(out.dropLast(trailing)) + String(repeating: "·", count: trailing)
  }

  struct Step {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
    var oldLine: Int
    var newLine: Int
  }

  /// Longest-common-subsequence edit script. O(n·m); golden files are small.
  static func editScript(_ a: [String], _ b: [String]) -> [Step] {
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        steps.append(Step(kind: .same, text: a[i], oldLine: i, newLine: j))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        steps.append(Step(kind: .removed, text: a[i], oldLine: i, newLine: j))
        i += 1
      } else {
        steps.append(Step(kind: .added, text: b[j], oldLine: i, newLine: j))
        j += 1
      }
    }
    return steps
  }
}
