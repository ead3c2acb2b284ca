/// A picture as 8-bit red, green, blue and alpha samples, row after row from the top-left
/// corner, alpha not premultiplied: what PNG files decode to and the comparison reads.
package struct RGBAImage: Sendable, Equatable {
  /// Width in pixels, at least 1.
  package let width: Int
  /// Height in pixels, at least 1.
  package let height: Int
  /// `width × height × 4` samples.
  package private(set) var samples: [UInt8]

  /// An image of `width × height` pixels from its samples; nil unless both sides are at
  /// least 1 and there are exactly `width × height × 4` samples.
  package init?(width: Int, height: Int, samples: [UInt8]) {
    guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
      samples.count == width * height * 4
    else { return nil }
    self.width = width
    self.height = height
    self.samples = samples
  }

  /// An image of one colour.
  package init(width: Int, height: Int, filledWith pixel: (UInt8, UInt8, UInt8, UInt8)) {
    precondition(width > 0 && height > 0)
    self.width = width
    self.height = height
    var samples = [UInt8](repeating: 0, count: width * height * 4)
    for index in stride(from: 0, to: samples.count, by: 4) {
      samples[index] = pixel.0
      samples[index + 1] = pixel.1
      samples[index + 2] = pixel.2
      samples[index + 3] = pixel.3
    }
    self.samples = samples
  }

  /// The pixel at column `x`, row `y` (both in range).
  package func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height)
    let index = (y * width + x) * 4
    return (samples[index], samples[index + 1], samples[index + 2], samples[index + 3])
  }

  /// Sets the pixel at column `x`, row `y` (both in range).
  package mutating func setPixel(x: Int, y: Int, _ pixel: (UInt8, UInt8, UInt8, UInt8)) {
    precondition(x >= 0 && x < width && y >= 0 && y < height)
    let index = (y * width + x) * 4
    samples[index] = pixel.0
    samples[index + 1] = pixel.1
    samples[index + 2] = pixel.2
    samples[index + 3] = pixel.3
  }
}
