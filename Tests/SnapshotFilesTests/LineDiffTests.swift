import Testing

@testable import SnapshotFiles

/// The diff's lines: invisible characters named, context kept, and an edit script that
/// is a shortest one, whatever the input.
@Suite struct LineDiffTests {
  @Test func invisibleCharactersAreNamed() {
    #expect(LineDiff.visible("\u{200F}١٥\u{A0}US$") == "⟨RLM⟩١٥⟨NBSP⟩US$")
    #expect(LineDiff.visible("1\u{202F}234") == "1⟨NNBSP⟩234")
    #expect(LineDiff.visible("\u{061C}-2") == "⟨ALM⟩-2")
    #expect(LineDiff.visible("trailing  ") == "trailing··")
  }

  @Test func hunksKeepThreeLinesOfContext() {
    let old = (1...20).map(String.init).joined(separator: "\n")
    let new = old.replacingOccurrences(of: "\n10\n", with: "\nten\n")
    #expect(
      LineDiff.unified(old, new)
        == """
        @@ -7,7 +7,7 @@
          7
          8
          9
        - 10
        + ten
          11
          12
          13
        """)
  }

  /// The length of a longest common subsequence, by the textbook table (small inputs only).
  static func lcsLength(_ a: [String], _ b: [String]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  /// Random pairs of short texts over a small alphabet (many repeated lines, so many
  /// equally short scripts): the script rebuilds both sides, numbers their lines right,
  /// keeps as many lines as the longest common subsequence, and puts each run's removals
  /// before its additions.
  @Test func theEditScriptIsAShortestOne() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      let alphabet = 1 + next(5)
      let a = (0..<next(14)).map { _ in String(next(alphabet)) }
      let b = (0..<next(14)).map { _ in String(next(alphabet)) }
      let script = LineDiff.editScript(a, b)
      #expect(script.filter { $0.kind != .added }.map(\.text) == a)
      #expect(script.filter { $0.kind != .removed }.map(\.text) == b)
      #expect(script.allSatisfy { $0.text == ($0.kind == .added ? b[$0.newLine] : a[$0.oldLine]) })
      #expect(script.count { $0.kind == .same } == Self.lcsLength(a, b), "\(a) \(b)")
      #expect(!zip(script, script.dropFirst()).contains { $0.kind == .added && $1.kind == .removed })
    }
  }

  /// One changed line in a long file: one hunk, found without a table of n × m cells.
  @Test func aChangeInALongFileIsOneHunk() {
    let old = (0..<60_000).map { "<li>item \($0)</li>" }.joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "<li>item 30000</li>", with: "<li>item 30000 changed</li>")
    let diff = LineDiff.unified(old, new)
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("@@") } == ["@@ -29998,7 +29998,7 @@"])
    #expect(diff.contains("- <li>item 30000</li>\n+ <li>item 30000 changed</li>"))
  }
}
