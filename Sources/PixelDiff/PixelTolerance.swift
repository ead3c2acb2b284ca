/// What the pixel comparison lets pass: how far apart two colours may be, whether
/// anti-aliased pixels count, and how many differing pixels a matching image may have.
public struct PixelTolerance: Sendable, Equatable {
  /// The largest perceptual distance between two colours that counts as equal, from 0
  /// (every change counts) to 1 (nothing does), on pixelmatch's scale (YIQ distance,
  /// squared, over its largest value). Default 0.1: changes a person cannot tell apart
  /// at a glance pass.
  public let threshold: Double
  /// The number of differing pixels (after the threshold and anti-aliasing) an image may
  /// have and still match. Default 0.
  public let allowedPixels: Int
  /// Whether a differing pixel that looks like a glyph's or an edge's anti-aliasing in
  /// either image is ignored (pixelmatch's detection). Default true.
  public let ignoresAntiAliasing: Bool

  /// The defaults: threshold 0.1, no differing pixel allowed, anti-aliasing ignored.
  public static let standard = PixelTolerance()

  /// A tolerance; nil when `threshold` is outside 0...1 or `allowedPixels` is negative.
  public init?(threshold: Double, allowedPixels: Int, ignoresAntiAliasing: Bool = true) {
    guard threshold >= 0, threshold <= 1, allowedPixels >= 0 else { return nil }
    self.threshold = threshold
    self.allowedPixels = allowedPixels
    self.ignoresAntiAliasing = ignoresAntiAliasing
  }

  private init() {
    threshold = 0.1
    allowedPixels = 0
    ignoresAntiAliasing = true
  }
}
