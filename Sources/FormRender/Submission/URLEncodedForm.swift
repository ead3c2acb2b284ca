/// A submitted form body, `application/x-www-form-urlencoded` as the WHATWG URL
/// Standard defines it: `name=value` pairs joined by `&`, `+` for a space, `%XX` for a
/// byte, the bytes UTF-8.
///
/// Stricter than the standard's parser, which passes a malformed escape through and
/// replaces invalid UTF-8 with U+FFFD: here both are errors, since no browser sends
/// them and a changed value must not reach the merchant. Pairs keep their order, and a
/// name may repeat (the street's two lines); what a repeat means is the reader's rule.
/// A line feed (or CR LF) ending the whole body is ignored, so a body saved by an
/// editor reads the same.
package struct URLEncodedForm: Sendable, Equatable {
  package struct Pair: Sendable, Equatable {
    package var name: String
    package var value: String
  }

  /// Why a body cannot be read: the 1-based byte position and what is wrong there.
  package struct DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    package var byte: Int
    package var message: String
    package var description: String { "byte \(byte): \(message)" }
  }

  package private(set) var pairs: [Pair] = []

  package init(pairs: [Pair]) { self.pairs = pairs }

  /// Decodes `bytes`.
  /// - Throws: ``DecodingError`` for a `%` not followed by two hexadecimal digits, or a
  ///   name or value that is not UTF-8 once decoded.
  /// - Complexity: O(n) in the body's length.
  package init(decoding bytes: [UInt8]) throws(DecodingError) {
    var end = bytes.count
    if end > 0, bytes[end - 1] == 0x0A {
      end -= 1
      if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
    }
    var start = 0
    while start < end {
      var stop = start
      while stop < end, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
      if stop > start {
        var equals = start
        while equals < stop, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        let name = try Self.decode(bytes, start..<equals)
        let value = equals < stop ? try Self.decode(bytes, (equals + 1)..<stop) : ""
        pairs.append(Pair(name: name, value: value))
      }
      start = stop + 1
    }
  }

  /// Every value submitted under `name`, in order.
  package func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

  private static func decode(_ bytes: [UInt8], _ range: Range<Int>) throws(DecodingError) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "+"):
        out.append(0x20)
        index += 1
      case UInt8(ascii: "%"):
        guard let high = hexValue(bytes, index + 1, limit: range.upperBound),
          let low = hexValue(bytes, index + 2, limit: range.upperBound)
        else {
          // Shown as typed, with anything unprintable as "?", so the message is one line.
          let shown = bytes[index..<min(index + 3, range.upperBound)].map {
            $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "?"
          }
          throw DecodingError(
            byte: index + 1, message: "\"\(String(shown))\" is not a percent escape (% and two hexadecimal digits)")
        }
        out.append(high << 4 | low)
        index += 3
      default:
        out.append(byte)
        index += 1
      }
    }
    guard let text = String(validating: out, as: UTF8.self) else {
      throw DecodingError(byte: range.lowerBound + 1, message: "not UTF-8 once decoded")
    }
    return text
  }

  private static func hexValue(_ bytes: [UInt8], _ index: Int, limit: Int) -> UInt8? {
    guard index < limit else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
