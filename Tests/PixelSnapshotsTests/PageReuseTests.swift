import CartRender
import Foundation
import HeadlessBrowser
import RenderCore
import SnapshotFixtures
import Testing

/// A tab loads a page at the profile it has just shown in place of the one before, without
/// a navigation: the same bytes as the page navigated to in a tab of its own, whatever the
/// page and profile before it were.
@Suite(.enabled(if: Browser.available, Browser.skipReason), .serialized)
struct PageReuseTests {
  static func page(_ tag: String, items: Int = 1) throws -> String {
    var cart = try Fixtures.cart("cart-hair-spray.json")
    if let item = cart.items.first { cart.items = Array(repeating: item, count: items) }
    return cart.render(
      .html, context: RenderContext(configuration: .default, tag: LanguageTag(tag), acceptLanguage: nil))
  }

  /// Each page alone, navigated to in a new tab.
  static func alone(_ jobs: [CaptureJob], in browser: BrowserSession) throws -> [[UInt8]] {
    try jobs.map { job in
      let page = try browser.newPage()
      defer { page.close() }
      return try page.capture(html: job.html, profile: job.profile).png
    }
  }

  @Test func aPageLoadedInPlaceHasTheBytesOfThePageNavigatedTo() throws {
    let browser = try Browser.session()
    let dark = try #require(DeviceProfile(name: "320-dark"))
    let double = try #require(DeviceProfile(name: "375-light-2x"))
    // Long pages (taller than the screen) before and after short ones, right to left
    // after left to right, a scale of 2 after a scale of 1 and back.
    let pages = [try Self.page("en-US"), try Self.page("ar-EG", items: 8), try Self.page("de-DE")]
    let jobs = [DeviceProfile.standard, dark, double, .standard].flatMap { profile in
      pages.map { CaptureJob(html: $0, profile: profile) }
    }
    let inOneTab = try browser.capture(jobs, parallelism: 1).map { try $0.get().png }
    let expected = try Self.alone(jobs, in: browser)
    for (index, (got, want)) in zip(inOneTab, expected).enumerated() {
      let same = got == want
      #expect(same, "job \(index) at \(jobs[index].profile): \(got.count) bytes, alone \(want.count)")
    }
  }

  /// A text size other than 100 % gives the browser whole font sizes, which it requires
  /// (13 px × 150 % is 19.5).
  @Test func aPageIsCapturedAtALargerTextSize() throws {
    let browser = try Browser.session()
    let large = try #require(DeviceProfile(name: "390-light-text150"))
    let captures = browser.capture([CaptureJob(html: try Self.page("fr-FR"), profile: large)])
    let png = try #require(try captures.first?.get().png)
    #expect(png.count > 1000)
  }
}
