/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Stricter than `JSONSerialization` where a payment screen needs it: a key given twice
/// in one object is an error (two readers could pick different values), lone surrogate
/// escapes are an error, and nesting deeper than ``maximumDepth`` is refused instead of
/// exhausting the stack.
///
/// - Complexity: O(n) in the input's length.
package struct JSONParser {
  /// Deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  /// Members up to which an object's keys are searched one by one for duplicates.
  private static let linearKeySearch = 8

  /// Parses one JSON text.
  /// - Throws: ``DataErrors`` with one problem: the path reached, the line and column.
  package static func parse(_ bytes: [UInt8]) throws(DataErrors) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    do throws(Failure) {
      // A UTF-8 byte-order mark is tolerated, as RFC 8259 allows.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
      parser.skipWhitespace()
      let value = try parser.parseValue(depth: 0)
      parser.skipWhitespace()
      guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
      return value
    } catch {
      throw DataErrors([DataProblem(path: error.path, message: error.message)])
    }
  }

  private struct Failure: Error {
    var path: JSONPath
    var message: String
  }

  private let bytes: [UInt8]
  private var index = 0
  /// Where the parser is: made into a ``JSONPath`` only for an error, since a path per
  /// value cost allocations on every member and element.
  private var currentPath: [JSONPath.Component] = []

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func failure(_ what: String) -> Failure {
    // A document cut short says so first: "expected ',' or '}'" alone reads as a typo
    // in a file that simply ends there.
    let what = index >= bytes.count && what.hasPrefix("expected") ? "unexpected end of input (\(what))" : what
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return Failure(
      path: JSONPath(components: currentPath), message: "invalid JSON at line \(line), column \(column): \(what)")
  }

  private mutating func skipWhitespace() {
    while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func expect(_ literal: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    for byte in literal.utf8 {
      guard peek == byte else { throw failure("expected '\(literal)'") }
      index += 1
    }
    return value
  }

  /// The value at ``currentPath``.
  private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard let byte = peek else { throw failure("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw failure("unexpected character")
    }
  }

  private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    // Keys seen, for the duplicate check: a small object's members are searched, a larger
    // one's keys go into a set.
    var seen = Set<String>()
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
      let keyStart = index
      let key = try parseString()
      if members.count == Self.linearKeySearch { seen = Set(members.map(\.key)) }
      let repeated =
        members.count < Self.linearKeySearch ? members.contains { $0.key == key } : !seen.insert(key).inserted
      guard !repeated else {
        currentPath.append(.key(key))
        index = keyStart
        throw failure("the key \(Echo.quoted(key)) is given twice")
      }
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      skipWhitespace()
      currentPath.append(.key(key))
      let value = try parseValue(depth: depth)
      currentPath.removeLast()
      members.append((key, value))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      currentPath.append(.index(elements.count))
      elements.append(try parseValue(depth: depth))
      currentPath.removeLast()
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(Failure) -> String {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, isDigit(first) else { throw failure("expected a digit") }
    index += 1
    if first == UInt8(ascii: "0"), let next = peek, isDigit(next) {
      throw failure("a number may not start with 0")
    }
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard let next = peek, isDigit(next) else { throw failure("expected a digit after '.'") }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let next = peek, isDigit(next) else { throw failure("expected a digit in the exponent") }
      skipDigits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while let byte = peek, isDigit(byte) { index += 1 }
  }

  private mutating func parseString() throws(Failure) -> String {
    index += 1  // the opening quote
    // Raw bytes and decoded escapes go into one UTF-8 buffer, validated once at the
    // end: linear in the string's length however many escapes it has.
    var utf8: [UInt8] = []
    var runStart = index
    while true {
      guard let byte = peek else { throw failure("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        // No escape: the bytes are validated in place, without a copy.
        if utf8.isEmpty {
          guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
            throw failure("invalid UTF-8 in a string")
          }
          index += 1
          return text
        }
        utf8.append(contentsOf: bytes[runStart..<index])
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
        index += 1
        return text
      case UInt8(ascii: "\\"):
        utf8.append(contentsOf: bytes[runStart..<index])
        index += 1
        utf8.append(contentsOf: String(try parseEscape()).utf8)
        runStart = index
      case 0x00..<0x20:
        throw failure("control character in a string (escape it)")
      default:
        index += 1
      }
    }
  }

  private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
    guard let byte = peek else { throw failure("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      if UTF16.isLeadSurrogate(unit) {
        guard peek == UInt8(ascii: "\\") else { throw failure("lone surrogate \\u escape") }
        index += 1
        guard peek == UInt8(ascii: "u") else { throw failure("lone surrogate \\u escape") }
        index += 1
        let low = try parseHex4()
        guard UTF16.isTrailSurrogate(low) else { throw failure("lone surrogate \\u escape") }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw failure("invalid \\u escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(unit) else { throw failure("lone surrogate \\u escape") }
      return scalar
    default:
      index -= 1
      throw failure("invalid escape")
    }
  }

  private mutating func parseHex4() throws(Failure) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = peek else { throw failure("unterminated \\u escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }
}
