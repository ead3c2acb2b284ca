import Foundation
import GoldenFiles
import SnapshotFiles
import Testing

/// `snapshot --check-speech`'s rules: each fails on a page written to break it, and
/// none fails on the project's own screens.
@Suite struct SpeechCheckTests {
  /// A form whose second button has no name and whose email field is invalid with no
  /// description: one finding per rule.
  static let brokenPage = """
    document "Sign up"
      main
        heading level 1 "Sign up"
        form
          textbox "Email address" invalid value "jane@"
          textbox "Phone number" invalid value "1", description "Error: Enter a phone number."
          checkbox "Email me news" not checked
          button "Share"
          button
          link ""

    """

  @Test func aControlWithoutANameIsFound() {
    #expect(
      SpeechCheck.check(Self.brokenPage, rules: [.controlName]) == [
        .init(rule: .controlName, line: 9, node: "button"), .init(rule: .controlName, line: 10, node: "link \"\""),
      ])
  }

  @Test func anInvalidFieldWithoutItsErrorIsFound() {
    #expect(
      SpeechCheck.check(Self.brokenPage, rules: [.errorField]) == [
        .init(rule: .errorField, line: 5, node: "textbox \"Email address\" invalid value \"jane@\"")
      ])
  }

  /// A name or value that holds the word is not a state.
  @Test func quotedWordsAreNotStates() {
    let page = #"textbox "invalid" required value "invalid \" invalid""# + "\n"
    #expect(SpeechCheck.check(page).isEmpty)
  }

  @Test func everyGoldenSpokenFileKeepsEveryRule() throws {
    let root = GoldenFile.packageRoot().appending(path: "snapshots")
    let suites = try FileManager.default.contentsOfDirectory(atPath: root.path)
    var checked = 0
    for suite in suites {
      let folder = root.appending(path: suite)
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
      for file in files where file.hasSuffix(".spoken.txt") {
        let spoken = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
        #expect(SpeechCheck.check(spoken).isEmpty, "\(suite)/\(file)")
        checked += 1
      }
    }
    #expect(checked >= 140)
  }
}
