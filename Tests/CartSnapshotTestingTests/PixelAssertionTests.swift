import CartSnapshotTesting
import Foundation
import GoldenFiles
import SnapshotFixtures
import Testing

@Suite(
  .enabled(
    if: BrowserSession.isAvailable(),
    "no Chromium at \(BrowserSession.defaultExecutable): scripts/setup-browser installs Debian's chromium"))
struct PixelAssertionTests {
  /// The seed cart at 390 CSS px against the pixel golden files of snapshots/pixels, with
  /// every layout rule: no failure, since they match and it keeps them.
  @Test func theSeedCartLooksAsItsGoldenImageAndKeepsTheLayoutRules() throws {
    let folder = GoldenFile.packageRoot().appending(path: "snapshots/pixels").path
    let cart = try Fixtures.cart("cart-hair-spray.json")
    assertSnapshots(
      of: cart, named: "cart-hair-spray", locales: ["en-US", "ar-EG"], formats: [], directory: folder, record: .never,
      pixels: PixelCheck(layoutRules: LayoutRule.allCases))
  }

  /// The same cart against another locale's golden image fails, naming the pixel count.
  @Test func anotherLocalesImageFailsWithThePixelCount() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = GoldenFile.packageRoot().appending(path: "snapshots/pixels/cart-hair-spray")
    try FileManager.default.createDirectory(at: folder.appending(path: "cart"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: golden.appending(path: "de-DE.390-light.png"), to: folder.appending(path: "cart/en-US.390-light.png"))
    try FileManager.default.copyItem(
      at: golden.deletingLastPathComponent().appending(path: "browser-version.txt"),
      to: folder.appending(path: "browser-version.txt"))
    let cart = try Fixtures.cart("cart-hair-spray.json")
    withKnownIssue {
      assertSnapshots(
        of: cart, named: "cart", locales: ["en-US"], formats: [], directory: folder.path, record: .never,
        pixels: PixelCheck())
    } matching: { issue in
      "\(issue)".contains("cart/en-US.390-light.png differs from its golden image: ")
        && "\(issue)".contains("pixels differ")
    }
    #expect(FileManager.default.fileExists(atPath: folder.appending(path: "cart/en-US.390-light.diff.png").path))
  }
}
