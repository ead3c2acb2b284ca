/// Two images compared pixel by pixel, the way pixelmatch does (Mapbox's method): each
/// pair of pixels is compared by their distance in the YIQ colour space, weighted as the
/// eye weighs brightness and hue (Kotsarenko and Ramos, "Measuring perceived color
/// difference using YIQ NTSC transmission color space in mobile applications", 2010);
/// a pair further apart than the threshold differs, unless one of the two pixels is
/// anti-aliasing (Vyšniauskas, "Anti-aliased pixel and intensity slope detector", 2009):
/// a pixel between a darkest and a brightest neighbour that each sit in a flat area.
package struct PixelComparison: Sendable {
  /// The pixels that differ, after the threshold and anti-aliasing.
  package let differingPixels: Int
  /// The pixels ignored as anti-aliasing.
  package let antiAliasedPixels: Int
  /// The smallest rectangle holding every differing pixel: `(x, y, width, height)` in
  /// pixels of the larger image; nil when none differs.
  package let boundingBox: (x: Int, y: Int, width: Int, height: Int)?
  /// Both images' sizes, `(width, height)`, expected then actual.
  package let sizes: (expected: (Int, Int), actual: (Int, Int))
  /// The expected image faded to grey, each differing pixel red and each anti-aliased
  /// one yellow; as large as the larger image, where pixels outside the smaller one differ.
  package let diffImage: RGBAImage

  /// Whether the images match under `tolerance`: the same size, and no more differing
  /// pixels than it allows.
  package func matches(_ tolerance: PixelTolerance) -> Bool {
    sizes.expected == sizes.actual && differingPixels <= tolerance.allowedPixels
  }

  /// One line for a failure message: `412 pixels differ, in 120×18 at (10, 340)`, with the
  /// sizes when they differ.
  package var summary: String {
    var parts: [String] = []
    if sizes.expected != sizes.actual {
      parts.append(
        "the size changed from \(sizes.expected.0)×\(sizes.expected.1) to \(sizes.actual.0)×\(sizes.actual.1) pixels")
    }
    let noun = differingPixels == 1 ? "pixel differs" : "pixels differ"
    if let box = boundingBox {
      parts.append("\(differingPixels) \(noun), in \(box.width)×\(box.height) at (\(box.x), \(box.y))")
    } else {
      parts.append("\(differingPixels) \(noun)")
    }
    return parts.joined(separator: "; ")
  }

  /// Compares `expected` with `actual` under `tolerance`'s threshold and anti-aliasing rule.
  package init(expected: RGBAImage, actual: RGBAImage, tolerance: PixelTolerance = .standard) {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    // 35215 is the largest value of the weighted YIQ distance (black against white).
    let maxDelta = 35215 * tolerance.threshold * tolerance.threshold
    var diff = [UInt8](repeating: 0, count: width * height * 4)
    var differing = 0
    var antiAliased = 0
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    let a = expected.samples
    let b = actual.samples
    for y in 0..<height {
      for x in 0..<width {
        let out = (y * width + x) * 4
        guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
          Self.paint(&diff, at: out, red: 255, green: 0, blue: 0)
          differing += 1
          minX = min(minX, x)
          minY = min(minY, y)
          maxX = max(maxX, x)
          maxY = max(maxY, y)
          continue
        }
        let ia = (y * expected.width + x) * 4
        let ib = (y * actual.width + x) * 4
        let same = a[ia] == b[ib] && a[ia + 1] == b[ib + 1] && a[ia + 2] == b[ib + 2] && a[ia + 3] == b[ib + 3]
        let delta = same ? 0 : Self.colorDelta(a, ia, b, ib, brightnessOnly: false)
        if abs(delta) > maxDelta {
          if tolerance.ignoresAntiAliasing
            && (Self.antiAliased(expected, x: x, y: y, other: actual)
              || Self.antiAliased(actual, x: x, y: y, other: expected))
          {
            Self.paint(&diff, at: out, red: 255, green: 255, blue: 0)
            antiAliased += 1
          } else {
            Self.paint(&diff, at: out, red: 255, green: 0, blue: 0)
            differing += 1
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
          }
        } else {
          // The expected pixel's brightness, faded towards white.
          let luma = Self.brightness(Double(a[ia]), Double(a[ia + 1]), Double(a[ia + 2]), Double(a[ia + 3]))
          let faded = UInt8(max(0, min(255, 255 + (luma - 255) * 0.1)))
          Self.paint(&diff, at: out, red: faded, green: faded, blue: faded)
        }
      }
    }
    differingPixels = differing
    antiAliasedPixels = antiAliased
    boundingBox = maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    sizes = ((expected.width, expected.height), (actual.width, actual.height))
    diffImage = RGBAImage(width: width, height: height, samples: diff) ?? expected
  }

  private static func paint(_ samples: inout [UInt8], at index: Int, red: UInt8, green: UInt8, blue: UInt8) {
    samples[index] = red
    samples[index + 1] = green
    samples[index + 2] = blue
    samples[index + 3] = 255
  }

  /// The weighted squared YIQ distance between two pixels, each blended onto white by its
  /// alpha; negative when the first is the brighter. With `brightnessOnly`, the
  /// difference of the Y (brightness) components alone.
  static func colorDelta(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int, brightnessOnly: Bool) -> Double {
    let (r1, g1, b1) = blended(a, i)
    let (r2, g2, b2) = blended(b, j)
    let y1 = rgb2y(r1, g1, b1)
    let y2 = rgb2y(r2, g2, b2)
    let y = y1 - y2
    if brightnessOnly { return y }
    let iDelta = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
    let qDelta = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
    let delta = 0.5053 * y * y + 0.299 * iDelta * iDelta + 0.1957 * qDelta * qDelta
    return y1 > y2 ? -delta : delta
  }

  private static func blended(_ s: [UInt8], _ i: Int) -> (Double, Double, Double) {
    let alpha = Double(s[i + 3]) / 255
    if alpha >= 1 { return (Double(s[i]), Double(s[i + 1]), Double(s[i + 2])) }
    return (
      255 + (Double(s[i]) - 255) * alpha, 255 + (Double(s[i + 1]) - 255) * alpha, 255 + (Double(s[i + 2]) - 255) * alpha
    )
  }

  private static func brightness(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Double {
    let alpha = a / 255
    return rgb2y(255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
  }

  private static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }
  private static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
  }
  private static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
  }

  /// Whether the pixel at (x, y) of `image` is anti-aliasing: among its eight neighbours
  /// at most two share its colour, and its darkest and its brightest neighbour differ from
  /// it, one of which lies in a flat area (more than two equal neighbours) in both images.
  static func antiAliased(_ image: RGBAImage, x: Int, y: Int, other: RGBAImage) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let samples = image.samples
    let center = (y * image.width + x) * 4
    var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var minDelta = 0.0
    var maxDelta = 0.0
    var minPoint = (0, 0)
    var maxPoint = (0, 0)
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        let delta = colorDelta(samples, center, samples, (ny * image.width + nx) * 4, brightnessOnly: true)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minDelta {
          minDelta = delta
          minPoint = (nx, ny)
        } else if delta > maxDelta {
          maxDelta = delta
          maxPoint = (nx, ny)
        }
      }
    }
    if minDelta == 0 || maxDelta == 0 { return false }
    return (hasManySiblings(image, minPoint.0, minPoint.1) && hasManySiblings(other, minPoint.0, minPoint.1))
      || (hasManySiblings(image, maxPoint.0, maxPoint.1) && hasManySiblings(other, maxPoint.0, maxPoint.1))
  }

  /// Whether more than two of the pixel's neighbours (the image's edge counting as one)
  /// have exactly its colour. False outside the image.
  static func hasManySiblings(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
    guard x < image.width, y < image.height else { return false }
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let s = image.samples
    let center = (y * image.width + x) * 4
    var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        let other = (ny * image.width + nx) * 4
        if s[center] == s[other] && s[center + 1] == s[other + 1] && s[center + 2] == s[other + 2]
          && s[center + 3] == s[other + 3]
        {
          zeroes += 1
        }
        if zeroes > 2 { return true }
      }
    }
    return false
  }
}
