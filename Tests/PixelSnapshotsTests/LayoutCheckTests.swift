import Foundation
import HeadlessBrowser
import Testing

@testable import PixelSnapshots

/// Each layout rule shown failing: a page that breaks it, and only it, at 320 CSS px.
@Suite(.enabled(if: Browser.available, Browser.skipReason))
struct LayoutCheckTests {
  static let profile = DeviceProfile(width: 320, colorScheme: .light) ?? .standard

  /// A page whose body is `body`, black on white, no control but those it has.
  static func page(_ body: String, style: String = "") -> String {
    """
    <!DOCTYPE html><html lang="de-DE"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>body{margin:0;padding:16px;font:16px/1.4 sans-serif;background:#fff;color:#000}\(style)</style>
    </head><body>\(body)</body></html>
    """
  }

  static func findings(_ html: String, profile: DeviceProfile = profile) throws -> [LayoutFinding] {
    let capture = try Browser.session().capture([CaptureJob(html: html, profile: profile, script: LayoutCheck.script)])[
      0
    ]
    .get()
    return LayoutCheck.findings(capture.scriptResult, subject: "page", localeTag: "de-DE", profile: profile)
  }

  static let cases: [(LayoutRule, String, String)] = [
    (
      .horizontalOverflow, page("<p style=\"width:500px\">Ein sehr breiter Absatz</p>"),
      "the page is 516 px wide in a 320 px viewport"
    ),
    (
      .clippedText,
      page("<p style=\"width:120px;overflow:hidden;white-space:nowrap\">Versandkostenfreie Lieferung</p>"),
      "the text 'Versandkostenfreie Lieferung' is cut off by its box"
    ),
    (
      .amountOneLine,
      page(
        "<p class=\"total\">Gesamt <span class=\"total-amount\" style=\"display:inline-block;width:3em\">1.234,56 €</span></p>"
      ),
      "the total '1.234,56 €' wraps onto 2 lines"
    ),
    (
      .amountInViewport,
      page("<p><span class=\"amount\" style=\"position:fixed;top:16px;right:-60px\">12,00 €</span></p>"),
      "the amount '12,00 €' lies at"
    ),
    (
      .totalVisible,
      page(
        "<ul class=\"items\"><li>Haarspray</li></ul><p class=\"total\">Gesamt <span class=\"total-amount\">14,30 €</span></p>"
          + "<div style=\"position:absolute;inset:0;background:#fff\">Werbung</div>"),
      "the total '14,30 €' is covered by 'Werbung'"
    ),
    (
      .targetSize, page("<button style=\"width:30px;height:30px;padding:0\">OK</button>"),
      "the control 'OK' is 30×30 px, less than 44×44"
    ),
    (
      .contrast, page("<p style=\"color:#999\">Danke für deinen Einkauf</p>"),
      "the text 'Danke für deinen Einkauf' contrasts 2.85:1"
    ),
  ]

  @Test(arguments: 0..<7)
  func eachRuleFailsOnAPageThatBreaksIt(index: Int) throws {
    let (rule, html, words) = Self.cases[index]
    let findings = try Self.findings(html)
    #expect(findings.map(\.rule) == [rule], "\(findings)")
    #expect(findings.first?.problem.hasPrefix(words) == true, "\(findings.map(\.problem))")
  }

  @Test func aFindingNamesTheLocaleTheProfileAndTheElementsText() throws {
    let html = Self.cases[2].1
    let finding = try #require(try Self.findings(html).first)
    #expect(finding.description == "de-DE 320 px light: the total '1.234,56 €' wraps onto 2 lines [amount-one-line]")
  }

  @Test func aPageThatKeepsEveryRuleHasNoFinding() throws {
    let html = Self.page(
      "<ul class=\"items\"><li>Haarspray</li></ul><p class=\"total\">Gesamt <span class=\"total-amount\">14,30 €</span></p>"
        + "<button style=\"min-width:44px;min-height:44px\">Teilen</button>")
    #expect(try Self.findings(html) == [])
    #expect(try Self.findings(html, profile: DeviceProfile(width: 390, colorScheme: .dark) ?? .standard) == [])
  }
}
