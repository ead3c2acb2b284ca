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

  /// A shortest edit script: every line of `a` and `b` in order, each kept, removed or
  /// added; within a run of changes, removals come before additions. The common prefix
  /// and suffix are matched first, the rest by Myers' algorithm with the middle snake.
  ///
  /// - Complexity: O((n + m) · d) time and O(n + m) memory for n and m lines with d
  ///   lines changed, so a one-line change in a long file costs one pass over it.
  static func editScript(_ a: [String], _ b: [String]) -> [Step] {
    // Lines as integers: one hash per line, then every comparison is an integer's.
    var ids: [String: Int] = [:]
    func id(_ line: String) -> Int {
      if let id = ids[line] { return id }
      ids[line] = ids.count
      return ids.count - 1
    }
    let x = a.map(id)
    let y = b.map(id)
    var matcher = LineMatcher(a: x, b: y)
    matcher.match(x.indices, y.indices)
    var steps: [Step] = []
    steps.reserveCapacity(max(a.count, b.count))
    var i = 0
    var j = 0
    for (mi, mj) in matcher.matches + [(a.count, b.count)] {
      while i < mi {
        steps.append(Step(kind: .removed, text: a[i], oldLine: i, newLine: j))
        i += 1
      }
      while j < mj {
        steps.append(Step(kind: .added, text: b[j], oldLine: i, newLine: j))
        j += 1
      }
      if i < a.count, j < b.count {
        steps.append(Step(kind: .same, text: a[i], oldLine: i, newLine: j))
        i += 1
        j += 1
      }
    }
    return steps
  }
}

/// The pairs of equal lines of a longest common subsequence of two sequences, found in
/// linear memory (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations", 1986,
/// section 4b: the middle snake splits the problem in two, each solved the same way).
struct LineMatcher {
  let a: [Int]
  let b: [Int]
  /// Matched index pairs, in increasing order of both indices.
  private(set) var matches: [(Int, Int)] = []

  init(a: [Int], b: [Int]) {
    self.a = a
    self.b = b
  }

  /// Appends the matches between `a[ra]` and `b[rb]`, after those already found (every
  /// earlier match lies before both ranges).
  mutating func match(_ ra: Range<Int>, _ rb: Range<Int>) {
    var aLo = ra.lowerBound
    var bLo = rb.lowerBound
    var aHi = ra.upperBound
    var bHi = rb.upperBound
    while aLo < aHi, bLo < bHi, a[aLo] == b[bLo] {
      matches.append((aLo, bLo))
      aLo += 1
      bLo += 1
    }
    let suffixEnd = (aHi, bHi)
    while aLo < aHi, bLo < bHi, a[aHi - 1] == b[bHi - 1] {
      aHi -= 1
      bHi -= 1
    }
    if aLo < aHi, bLo < bHi, let (x, y) = middleSplit(aLo..<aHi, bLo..<bHi) {
      match(aLo..<x, bLo..<y)
      match(x..<aHi, y..<bHi)
    }
    for offset in 0..<(suffixEnd.0 - aHi) { matches.append((aHi + offset, bHi + offset)) }
  }

  /// A point on a shortest edit path through `a[ra]` × `b[rb]` that splits it into two
  /// smaller problems: the end of the forward path where it first overlaps the reverse
  /// one. Nil when the two ranges share no line. Both ranges are non-empty and their
  /// first and last lines differ.
  private func middleSplit(_ ra: Range<Int>, _ rb: Range<Int>) -> (Int, Int)? {
    let n = ra.count
    let m = rb.count
    let maxD = (n + m + 1) / 2
    let offset = maxD
    // Furthest x reached on each diagonal k = x - y, forward from the start and backward
    // from the end (x counted from the end there); -1 where no path has been yet.
    var forward = [Int](repeating: -1, count: 2 * maxD + 2)
    var backward = forward
    forward[offset + 1] = 0
    backward[offset + 1] = 0
    let delta = n - m
    let checkWhileForward = delta % 2 != 0
    // Diagonals that left the grid are not walked again.
    var forwardStart = 0
    var forwardEnd = 0
    var backwardStart = 0
    var backwardEnd = 0
    for d in 0..<maxD {
      for k in stride(from: -d + forwardStart, through: d - forwardEnd, by: 2) {
        var x =
          k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
          ? forward[offset + k + 1] : forward[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] {
          x += 1
          y += 1
        }
        forward[offset + k] = x
        if x > n {
          forwardEnd += 2
        } else if y > m {
          forwardStart += 2
        } else if checkWhileForward {
          let other = offset + delta - k
          if other >= 0, other < backward.count, backward[other] != -1, x >= n - backward[other] {
            return (ra.lowerBound + x, rb.lowerBound + y)
          }
        }
      }
      for k in stride(from: -d + backwardStart, through: d - backwardEnd, by: 2) {
        var x =
          k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
          ? backward[offset + k + 1] : backward[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[ra.upperBound - 1 - x] == b[rb.upperBound - 1 - y] {
          x += 1
          y += 1
        }
        backward[offset + k] = x
        if x > n {
          backwardEnd += 2
        } else if y > m {
          backwardStart += 2
        } else if !checkWhileForward {
          let other = offset + delta - k
          if other >= 0, other < forward.count, forward[other] != -1 {
            let forwardX = forward[other]
            let forwardY = forwardX - (other - offset)
            if forwardX >= n - x { return (ra.lowerBound + forwardX, rb.lowerBound + forwardY) }
          }
        }
      }
    }
    return nil
  }
}
