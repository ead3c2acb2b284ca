import PixelDiff
import Testing

@Suite struct PixelComparisonTests {
  /// White, with a black 6×6 square whose left edge is a column of grey, as a glyph's
  /// anti-aliased edge is.
  static func square(edge: UInt8, offset: Int = 0) -> RGBAImage {
    var image = RGBAImage(width: 20, height: 20, filledWith: (255, 255, 255, 255))
    for y in 7..<13 {
      image.setPixel(x: 6 + offset, y: y, (edge, edge, edge, 255))
      for x in 7..<13 { image.setPixel(x: x + offset, y: y, (0, 0, 0, 255)) }
    }
    return image
  }

  @Test func equalImagesMatchWithNoDifferingPixel() {
    let comparison = PixelComparison(expected: Self.square(edge: 128), actual: Self.square(edge: 128))
    #expect(comparison.differingPixels == 0)
    #expect(comparison.boundingBox == nil)
    #expect(comparison.matches(.standard))
  }

  @Test func aChangedAntiAliasedEdgeIsIgnored() {
    let comparison = PixelComparison(expected: Self.square(edge: 128), actual: Self.square(edge: 40))
    #expect(comparison.differingPixels == 0)
    #expect(comparison.antiAliasedPixels == 6)
    #expect(comparison.matches(.standard))
  }

  @Test func theSameChangeCountsWhenAntiAliasingIsNotIgnored() throws {
    let strict = try #require(PixelTolerance(threshold: 0.1, allowedPixels: 0, ignoresAntiAliasing: false))
    let comparison = PixelComparison(expected: Self.square(edge: 128), actual: Self.square(edge: 40), tolerance: strict)
    #expect(comparison.differingPixels == 6)
    #expect(!comparison.matches(strict))
  }

  @Test func aShapeMovedBy2PixelsDiffersWhereItMoved() throws {
    let comparison = PixelComparison(expected: Self.square(edge: 128), actual: Self.square(edge: 128, offset: 2))
    #expect(!comparison.matches(.standard))
    let box = try #require(comparison.boundingBox)
    // The columns the square left (7, 8) and took (13, 14), and its old edge's (6) and
    // new edge's (8) grey counted as anti-aliasing of the edges.
    #expect(box.x == 7 && box.y == 7 && box.width == 8 && box.height == 6)
    #expect(comparison.summary == "18 pixels differ, in 8×6 at (7, 7)")
    #expect(comparison.diffImage.pixel(x: 13, y: 8) == (255, 0, 0, 255))
    let allowing = try #require(PixelTolerance(threshold: 0.1, allowedPixels: comparison.differingPixels))
    #expect(comparison.matches(allowing))
  }

  @Test func aChangeBelowTheThresholdPasses() {
    let a = RGBAImage(width: 4, height: 4, filledWith: (100, 100, 100, 255))
    let b = RGBAImage(width: 4, height: 4, filledWith: (104, 100, 100, 255))
    #expect(PixelComparison(expected: a, actual: b).differingPixels == 0)
    let c = RGBAImage(width: 4, height: 4, filledWith: (200, 100, 100, 255))
    #expect(PixelComparison(expected: a, actual: c).differingPixels == 16)
  }

  @Test func anotherSizeDiffersAndSaysSo() {
    let a = RGBAImage(width: 4, height: 4, filledWith: (0, 0, 0, 255))
    let b = RGBAImage(width: 4, height: 6, filledWith: (0, 0, 0, 255))
    let comparison = PixelComparison(expected: a, actual: b)
    #expect(!comparison.matches(.standard))
    #expect(comparison.differingPixels == 8)
    #expect(comparison.summary == "the size changed from 4×4 to 4×6 pixels; 8 pixels differ, in 4×2 at (0, 4)")
  }

  @Test func aToleranceOutsideItsRangeCannotBeMade() {
    #expect(PixelTolerance(threshold: 1.5, allowedPixels: 0) == nil)
    #expect(PixelTolerance(threshold: 0.1, allowedPixels: -1) == nil)
    #expect(PixelTolerance.standard.threshold == 0.1)
    #expect(PixelTolerance.standard.allowedPixels == 0)
  }
}
