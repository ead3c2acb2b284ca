import SnapshotFiles
import Testing

/// Hunk headers as GNU diff writes them, `@@ -first,count +first,count @@`, so a patch
/// tool reads each hunk's true length.
@Suite struct LineDiffHunkHeaderTests {
  /// The counts a header states, checked against the lines under it.
  func headersMatchBodies(_ diff: String) -> Bool {
    var ok = true
    var expected: (old: Int, new: Int)?
    var seen = (old: 0, new: 0)
    func close() {
      if let expected, expected != seen { ok = false }
    }
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("@@ ") {
        close()
        let sides = line.split(separator: " ").dropFirst().prefix(2).map { side in
          let parts = side.dropFirst().split(separator: ",")
          return parts.count == 2 ? Int(parts[1]) ?? -1 : 1
        }
        expected = (sides[0], sides[1])
        seen = (0, 0)
      } else if line.hasPrefix("- ") {
        seen.old += 1
      } else if line.hasPrefix("+ ") {
        seen.new += 1
      } else {
        seen.old += 1
        seen.new += 1
      }
    }
    close()
    return ok
  }

  @Test func anEightLineHunkSaysSo() {
    let old = "a\nb\nc\nd\ne\nf\n"
    let new = "a\nb\nc\nX\nY\nd\ne\nf\n"
    #expect(
      LineDiff.unified(old, new)
        == """
        @@ -1,6 +1,8 @@
          a
          b
          c
        + X
        + Y
          d
          e
          f
        """)
  }

  @Test func aOneLineSideLeavesOutItsCount() {
    #expect(LineDiff.unified("a\n", "b\n") == "@@ -1 +1 @@\n- a\n+ b")
    #expect(LineDiff.unified("a\n", "a\nb\n") == "@@ -1 +1,2 @@\n  a\n+ b")
  }

  @Test func anEmptySideNamesTheLineBeforeIt() {
    #expect(LineDiff.unified("", "a\nb\n") == "@@ -0,0 +1,2 @@\n+ a\n+ b")
    #expect(LineDiff.unified("a\nb\n", "") == "@@ -1,2 +0,0 @@\n- a\n- b")
  }

  @Test func separateHunksCountTheirOwnLines() {
    let old = (1...30).map(String.init).joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(
      of: "\n25\n", with: "\n25\n25b\n")
    let diff = LineDiff.unified(old, new)
    let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(headers == ["@@ -1,5 +1,5 @@", "@@ -23,6 +23,7 @@"])
    #expect(headersMatchBodies(diff))
  }

  @Test(arguments: [
    ("x\ny\nz", "x\nY\nz\n"),
    ("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "0\n1\n2\n3\n5\n6\n7\n8\n9\n10\n"),
    ("only\n", "entirely\ndifferent\nlines\n"),
  ])
  func everyHeaderMatchesItsBody(_ old: String, _ new: String) {
    #expect(headersMatchBodies(LineDiff.unified(old, new)))
  }
}
