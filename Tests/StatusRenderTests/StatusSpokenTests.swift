import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import StatusRender

/// What a screen reader meets on each status page, beside its HTML and text golden
/// files: `snapshots/StatusScreen/<status>.<locale>.spoken.txt`.
@Suite struct StatusSpokenTests {
  func context(_ locale: String) -> RenderContext {
    StatusScreenTests().context(locale)
  }

  @Test(arguments: StatusScreen.allCases, ["en-US", "de-DE", "ja-JP", "ar-EG", "he-IL"])
  func goldenTrees(_ screen: StatusScreen, _ locale: String) {
    GoldenFile.assertMatches(
      screen.render(.spoken, context: context(locale)), suite: "StatusScreen",
      file: "\(screen.rawValue).\(locale).spoken.txt")
  }

  /// The symbol is aria-hidden; the title and subtitle sit in the polite status region.
  @Test func theStatusRegionHoldsTheTitleAndSubtitle() {
    let lines = StatusScreen.paymentCompleted.render(.spoken, context: context("en-US")).split(separator: "\n")
    let main = lines.drop { $0 != "  main" }.map(String.init)
    #expect(main.count == 5)
    #expect(main.dropFirst().first == "    status live polite atomic")
    #expect(main.dropFirst(2).first?.hasPrefix("      heading level 1 \"") == true)
    #expect(!main.contains { $0.contains("✓") })
  }
}
