import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import StatusRender

@Suite struct StatusScreenTests {
  static let session =
    SessionConfiguration(
      currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy",
      websiteURL: "https://example.com", storeName: "Oakbrook Mall", deviceName: "Emily") ?? .default

  func context(_ locale: String, configuration: SessionConfiguration = session) -> RenderContext {
    RenderContext(configuration: configuration, localeTag: locale)
  }

  @Test(arguments: StatusScreen.allCases, ["en-US", "de-DE", "ja-JP", "ar-EG", "he-IL"])
  func goldenPages(_ screen: StatusScreen, _ locale: String) {
    GoldenFile.assertMatches(
      StatusHTML.render(screen, context: context(locale)), suite: "StatusScreen",
      file: "\(screen.rawValue).\(locale).html")
    GoldenFile.assertMatches(
      StatusText.render(screen, context: context(locale)), suite: "StatusScreen",
      file: "\(screen.rawValue).\(locale).txt")
  }

  @Test func paymentFailedNeverSaysCharged() {
    for language in UIStrings.bundled.languages {
      let text = StatusText.render(.paymentFailed, context: context(language))
      #expect(!text.lowercased().contains("charged"), "\(language)")
    }
    let english = StatusText.render(.paymentFailed, context: context("en-US"), width: 120)
    #expect(english.contains("Payment didn't go through"))
    #expect(english.contains("Please check with the staff member helping you about how to pay."))
  }

  @Test func japanesePaymentFailedTitleAndSubtitle() {
    let text = StatusText.render(.paymentFailed, context: context("ja-JP"), width: 120)
    #expect(text.contains("支払いを完了できませんでした"))
    #expect(text.contains("お支払い方法については、対応しているスタッフにご確認ください。"))
  }

  @Test func welcomeNamesTheStoreAndLinks() {
    let html = StatusHTML.render(.connected, context: context("en-US"))
    #expect(html.contains("<h1>Welcome to <bdi>Oakbrook Mall</bdi></h1>"))
    #expect(html.contains("<a href=\"https://example.com\" rel=\"noopener noreferrer\">Website</a>"))
    #expect(html.contains("href=\"https://example.com/privacy\""))
    #expect(html.contains("Connected to <bdi>Emily</bdi>"))
  }

  @Test func welcomeWithoutAStoreName() {
    let html = StatusHTML.render(.connected, context: context("fr-FR", configuration: .default))
    #expect(html.contains("<h1>Bienvenue</h1>"))
  }

  @Test func closedTellsTheCustomerTheyCanCloseThePage() {
    #expect(StatusText.render(.closed, context: context("en-US")).contains("You can close this page."))
  }

  @Test func statusIsAnnouncedAndToneIsMarked() {
    let html = StatusHTML.render(.paymentCompleted, context: context("en-US"))
    #expect(html.contains("<section class=\"status status-success\" role=\"status\">"))
    #expect(StatusHTML.render(.paymentFailed, context: context("en-US")).contains("status-failure"))
  }
}
