import Testing

@testable import PixelDiff

@Suite struct PNGCodecTests {
  @Test func anImageSurvivesEncodingAndDecoding() throws {
    var image = RGBAImage(width: 3, height: 2, filledWith: (255, 255, 255, 255))
    image.setPixel(x: 1, y: 0, (10, 20, 30, 255))
    image.setPixel(x: 2, y: 1, (200, 100, 50, 128))
    let bytes = try PNGCodec.encode(image)
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let decoded = try PNGCodec.decode(bytes)
    #expect(decoded == image)
    #expect(decoded.pixel(x: 1, y: 0) == (10, 20, 30, 255))
  }

  @Test func theSamePixelsGiveTheSameBytes() throws {
    let image = RGBAImage(width: 40, height: 40, filledWith: (1, 2, 3, 255))
    #expect(try PNGCodec.encode(image) == PNGCodec.encode(image))
  }

  @Test func bytesThatAreNotAPNGFileAreRefusedWithLibpngsReason() {
    #expect(throws: PNGCodec.Failure.self) { try PNGCodec.decode(Array("not a png".utf8)) }
    #expect(throws: PNGCodec.Failure(message: "empty file")) { try PNGCodec.decode([]) }
  }
}
