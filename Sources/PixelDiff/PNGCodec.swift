import CPNG

/// PNG files read and written through libpng's simplified API (`png_image`), as 8-bit
/// RGBA. Every PNG colour type and bit depth reads; written files are RGBA, 8 bits a
/// sample, with libpng's default compression, so the same pixels give the same bytes.
package enum PNGCodec {
  /// Why a PNG file could not be read or written: libpng's message.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    /// libpng's words, e.g. `Not a PNG file`.
    package let message: String
    package var description: String { message }
  }

  /// The largest image read, in pixels (a 430 CSS px page at 3× and 40,000 px long fits).
  package static let maximumPixels = 64_000_000

  /// Decodes a PNG file's bytes.
  /// - Throws: ``Failure`` when the bytes are not a PNG file libpng reads, or the image
  ///   is larger than ``maximumPixels``.
  package static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
    guard !bytes.isEmpty else { throw Failure(message: "empty file") }
    var image = png_image()
    image.version = cpng_image_version()
    // Safety: libpng reads `bytes.count` bytes from the buffer, which outlives both calls
    // (the closure holds it); `png_image_free` releases what `begin` allocated on every path.
    let began = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
    }
    guard began != 0 else { throw Failure(message: message(of: &image)) }
    let width = Int(image.width)
    let height = Int(image.height)
    guard width > 0, height > 0, width * height <= maximumPixels else {
      png_image_free(&image)
      throw Failure(message: "the image is \(width)×\(height) pixels, more than \(maximumPixels)")
    }
    image.format = cpng_format_rgba()
    var samples = [UInt8](repeating: 0, count: width * height * 4)
    // Safety: with format RGBA and row stride 0 (rows packed) libpng writes exactly
    // width × height × 4 bytes, the buffer's size.
    let finished = bytes.withUnsafeBytes { _ in
      samples.withUnsafeMutableBytes { out in
        precondition(out.count == width * height * 4)
        return png_image_finish_read(&image, nil, out.baseAddress, 0, nil)
      }
    }
    guard finished != 0 else { throw Failure(message: message(of: &image)) }
    guard let decoded = RGBAImage(width: width, height: height, samples: samples) else {
      throw Failure(message: "libpng returned no pixels")
    }
    return decoded
  }

  /// Encodes `image` as a PNG file.
  /// - Throws: ``Failure`` when libpng cannot write it (out of memory).
  package static func encode(_ image: RGBAImage) throws(Failure) -> [UInt8] {
    var header = png_image()
    header.version = cpng_image_version()
    header.width = UInt32(image.width)
    header.height = UInt32(image.height)
    header.format = cpng_format_rgba()
    var size = 0
    // Safety: the first call only measures (memory nil); the second writes at most `size`
    // bytes into a buffer of that size; the samples are read, width × height × 4 of them.
    let measured = image.samples.withUnsafeBytes { samples in
      png_image_write_to_memory(&header, nil, &size, 0, samples.baseAddress, 0, nil)
    }
    guard measured != 0, size > 0 else { throw Failure(message: message(of: &header)) }
    var out = [UInt8](repeating: 0, count: size)
    let written = image.samples.withUnsafeBytes { samples in
      out.withUnsafeMutableBytes { buffer in
        png_image_write_to_memory(&header, buffer.baseAddress, &size, 0, samples.baseAddress, 0, nil)
      }
    }
    guard written != 0 else { throw Failure(message: message(of: &header)) }
    precondition(size <= out.count)
    return Array(out.prefix(size))
  }

  /// libpng's message for a failed call, after which it has freed the image.
  private static func message(of image: inout png_image) -> String {
    let text = withUnsafeBytes(of: &image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    return text.isEmpty ? "libpng gave no reason" : text
  }
}
