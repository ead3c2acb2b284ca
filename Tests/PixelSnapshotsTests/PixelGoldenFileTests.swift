import CartRender
import FormRender
import Foundation
import GoldenFiles
import HeadlessBrowser
import RenderCore
import SnapshotFiles
import SnapshotFixtures
import Testing

@testable import PixelDiff
@testable import PixelSnapshots

/// The pixel golden files of snapshots/pixels, kept few: the seed cart in four locales
/// (Latin, long German words, right to left, CJK) at 390 CSS px in the light scheme; the
/// cart and the sign-up form in German at 320 in the dark; the form in English at 390.
@Suite(.enabled(if: Browser.available, Browser.skipReason), .serialized)
struct PixelGoldenFileTests {
  static let folder = GoldenFile.packageRoot().appending(path: "snapshots/pixels")

  static func cart() throws -> SnapshotSubject {
    SnapshotSubject(name: "cart-hair-spray", screen: try Fixtures.cart("cart-hair-spray.json"))
  }

  static func form() throws -> SnapshotSubject {
    let request = try FormRequest(
      json: JSONParser.parse(Array(Data(contentsOf: Fixtures.examples.appending(path: "request-signup.json")))))
    return SnapshotSubject(name: "request-signup", screen: FormScreen(request))
  }

  static func sets() throws -> [PixelSnapshotSet] {
    let dark = try #require(DeviceProfile(width: 320, colorScheme: .dark))
    return [
      PixelSnapshotSet(
        subjects: [try cart()], locales: ["en-US", "de-DE", "ar-EG", "ja-JP"].compactMap(LanguageTag.init),
        profiles: [.standard]),
      PixelSnapshotSet(
        subjects: [try cart(), try form()], locales: [LanguageTag("de-DE")].compactMap { $0 }, profiles: [dark]),
      PixelSnapshotSet(
        subjects: [try form()], locales: [LanguageTag("en-US")].compactMap { $0 }, profiles: [.standard]),
    ]
  }

  @Test func everyGoldenScreenLooksAsItsPNGFileSays() throws {
    let browser = try Browser.session()
    var results: [PixelSnapshotResult] = []
    for set in try Self.sets() {
      let run = set.verify(
        in: Self.folder, displayDirectory: "snapshots/pixels", mode: SnapshotRecordMode.current, browser: browser)
      #expect(run.failures.isEmpty, "\(run.failures)")
      #expect(run.notes.isEmpty, "\(run.notes)")
      results += run.results
    }
    #expect(results.count == 7)
    for result in results {
      #expect(result.outcome == .matched, "\(result.file.displayPath): \(result.outcome)")
    }
  }

  /// The same page captured twice, in two tabs at once, gives the same bytes.
  @Test func aPageCapturedTwiceGivesTheSameBytes() throws {
    let browser = try Browser.session()
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let html = cart.render(
      .html, context: RenderContext(configuration: .default, tag: LanguageTag("de-DE"), acceptLanguage: nil))
    let jobs = Array(repeating: CaptureJob(html: html, profile: .standard), count: 4)
    let captures = try browser.capture(jobs, parallelism: 2).map { try $0.get().png }
    #expect(captures.count == 4)
    #expect(Set(captures).count == 1)
  }

  /// A one-line change to the cart's style sheet that moves the total down by 2 px (its
  /// padding from `12px 16px` to `14px 16px 10px`) fails the comparison, with a diff image
  /// marking the total's line and a message naming the count and where.
  @Test func aStyleChangeMovingTheTotalBy2PixelsFails() throws {
    let browser = try Browser.session()
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = Self.folder.appending(path: "cart-hair-spray/en-US.390-light.png")
    let copy = folder.appending(path: "en-US.390-light.png")
    try FileManager.default.copyItem(at: golden, to: copy)

    let cart = try Fixtures.cart("cart-hair-spray.json")
    let html = cart.render(
      .html, context: RenderContext(configuration: .default, tag: LanguageTag("en-US"), acceptLanguage: nil))
    let rule = ".total{position:sticky;bottom:0;z-index:1;margin:0;padding:12px 16px;"
    #expect(html.contains(rule))
    let moved = html.replacingOccurrences(
      of: rule, with: rule.replacingOccurrences(of: "12px 16px", with: "14px 16px 10px"))
    let capture = try browser.capture([CaptureJob(html: moved, profile: .standard)])[0].get()

    let file = SnapshotFile(url: copy, displayPath: "pixels/en-US.390-light.png")
    let (outcome, comparison) = PixelFiles.verify(capture.png, file: file, mode: .never, tolerance: .standard)
    guard case .differs(let message) = outcome, let comparison else {
      Issue.record("the moved total was not caught: \(outcome)")
      return
    }
    #expect(comparison.differingPixels > 100)
    let box = try #require(comparison.boundingBox)
    // The total's line: "Total" at the start, "$14.30" at the end, in the cart's second card.
    #expect(box.y > 440 && box.y + box.height < 510, "\(message)")
    #expect(box.x < 40 && box.x + box.width > 340, "\(message)")
    #expect(
      message.hasPrefix(
        "\(comparison.differingPixels) pixels differ, in \(box.width)×\(box.height) at (\(box.x), \(box.y))"))
    #expect(message.hasSuffix("changed pixels in red in pixels/en-US.390-light.diff.png"))
    let diff = try PNGCodec.decode(Array(try Data(contentsOf: PixelFiles.diffURL(copy))))
    #expect(diff.width == 390)
    #expect(FileManager.default.fileExists(atPath: PixelFiles.actualURL(copy).path))
  }

  /// Changing the anti-aliased edge pixels of one glyph of the total (the grey pixels
  /// between its ink and the card), darker by a third, is not a difference: the
  /// comparison sees them as anti-aliasing. Compared without that detection, they differ.
  @Test func aChangeOfOneGlyphsAntiAliasingPasses() throws {
    let golden = Self.folder.appending(path: "cart-hair-spray/en-US.390-light.png")
    let expected = try PNGCodec.decode(Array(try Data(contentsOf: golden)))
    // The "T" of "Total": the box from (30, 465) to (45, 490) holds its first glyph.
    var actual = expected
    var changed = 0
    for y in 465..<490 {
      for x in 30..<45 {
        let (r, g, b, a) = expected.pixel(x: x, y: y)
        guard r > 40, r < 215, PixelComparison.antiAliased(expected, x: x, y: y, other: expected) else { continue }
        let darker = UInt8(Double(r) * 0.66)
        actual.setPixel(x: x, y: y, (darker, UInt8(Double(g) * 0.66), UInt8(Double(b) * 0.66), a))
        changed += 1
      }
    }
    #expect(changed >= 4, "found \(changed) anti-aliased pixels")
    let comparison = PixelComparison(expected: expected, actual: actual)
    #expect(comparison.differingPixels == 0)
    #expect(comparison.matches(.standard))
    let strict = try #require(PixelTolerance(threshold: 0.1, allowedPixels: 0, ignoresAntiAliasing: false))
    #expect(PixelComparison(expected: expected, actual: actual, tolerance: strict).differingPixels > 0)
  }
}
