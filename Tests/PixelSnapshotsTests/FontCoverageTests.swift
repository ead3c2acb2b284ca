import Foundation
import PixelDiff
import Testing

@testable import HeadlessBrowser

/// The fonts a run draws with cover what merchants put in carts: an emoji in an item's
/// name is drawn from Noto Color Emoji, in colour, not as the empty box of a font without
/// it (which a snapshot would then keep as the golden image).
@Suite(.enabled(if: Browser.available, Browser.skipReason))
struct FontCoverageTests {
  /// Pixels whose channels differ by more than a grey's: greyscale anti-aliasing of dark
  /// text on white gives none.
  static func colouredPixels(_ image: RGBAImage) -> Int {
    stride(from: 0, to: image.samples.count, by: 4).count { offset in
      let channels = image.samples[offset..<offset + 3]
      guard let high = channels.max(), let low = channels.min() else { return false }
      return high - low > 64
    }
  }

  @Test func anEmojiIsDrawnInColour() throws {
    let browser = try Browser.session()
    let html = """
      <!doctype html><html lang="en"><meta charset="utf-8"><title>Gift wrap</title>
      <body style="margin:0;background:#fff;color:#000;font:64px system-ui">
      <p>🎁 Gift wrap</p><p>Geschenk</p></body></html>
      """
    let png = try #require(try browser.capture([CaptureJob(html: html, profile: .standard)]).first?.get().png)
    let image = try PNGCodec.decode(png)
    #expect(Self.colouredPixels(image) > 500, "the gift emoji should be drawn in colour")
  }
}

/// A machine without one of the font packages is told which, before any page is drawn.
@Suite struct RequiredFontsTests {
  @Test func aMissingFontIsNamedWithItsPackage() {
    let fonts = [("fonts-noto-core", "/bin/sh"), ("fonts-imaginary", "/nonexistent/Imaginary.ttf")]
    let missing = BrowserSession.missingFonts(fonts)
    #expect(missing.map(\.package) == ["fonts-imaginary"])
    #expect(BrowserSession.requiredFonts.map(\.package).contains("fonts-noto-color-emoji"))
  }
}
