/// One `locales/*.strings` file: Apple's "old-style" strings format, which translators'
/// tools read, each entry with the comment above it.
///
///     /* Heading of the cart screen. */
///     "cart.title" = "Your cart";
///
/// Escapes: `\"`, `\\`, `\n`, `\t`, `\Uxxxx`. Placeholders are `%@` or positional `%1$@`.
public struct StringsFile: Sendable {
  public struct Entry: Sendable, Equatable {
    public var key: String
    public var value: String
    /// The translator comment written just before the entry, if any.
    public var comment: String?
  }

  public struct ParseError: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  public private(set) var entries: [Entry] = []

  /// - Throws: ``ParseError`` with the line of the first problem, including a key given twice.
  public init(parsing text: String) throws(ParseError) {
    var scanner = Scanner(scalars: Array(text.unicodeScalars))
    var seen = Set<String>()
    var comment: String?
    while true {
      if let found = try scanner.skipTrivia() { comment = found }
      guard scanner.peek != nil else { break }
      let line = scanner.line
      let key = try scanner.quoted()
      _ = try scanner.skipTrivia()
      try scanner.expect("=")
      _ = try scanner.skipTrivia()
      let value = try scanner.quoted()
      _ = try scanner.skipTrivia()
      try scanner.expect(";")
      guard seen.insert(key).inserted else { throw ParseError(line: line, message: "key \"\(key)\" given twice") }
      entries.append(Entry(key: key, value: value, comment: comment))
      comment = nil
    }
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
      if peek == "\n" { line += 1 }
      index += 1
    }

    /// Skips white space and comments; returns the text of the last block comment.
    mutating func skipTrivia() throws(ParseError) -> String? {
      var comment: String?
      while let scalar = peek {
        if scalar.properties.isWhitespace {
          advance()
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          advance()
          advance()
          var text = String.UnicodeScalarView()
          while !(peek == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
            guard let inner = peek else { throw ParseError(line: line, message: "unterminated comment") }
            text.append(inner)
            advance()
          }
          advance()
          advance()
          comment = String(text).trimmingWhitespace()
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while let inner = peek, inner != "\n" { advance() }
        } else {
          break
        }
      }
      return comment
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws(ParseError) {
      guard peek == scalar else { throw ParseError(line: line, message: "expected '\(scalar)'") }
      advance()
    }

    mutating func quoted() throws(ParseError) -> String {
      try expect("\"")
      var text = String.UnicodeScalarView()
      while true {
        guard let scalar = peek else { throw ParseError(line: line, message: "unterminated string") }
        advance()
        switch scalar {
        case "\"": return String(text)
        case "\\":
          guard let escaped = peek else { throw ParseError(line: line, message: "unterminated escape") }
          advance()
          switch escaped {
          case "n": text.append("\n")
          case "t": text.append("\t")
          case "\"", "\\": text.append(escaped)
          case "U", "u":
            var value: UInt32 = 0
            for _ in 0..<4 {
              guard let hex = peek, hex.isASCII, let digit = UInt32(String(hex), radix: 16) else {
                throw ParseError(line: line, message: "expected four hexadecimal digits after \\U")
              }
              value = value * 16 + digit
              advance()
            }
            guard let decoded = Unicode.Scalar(value) else {
              throw ParseError(line: line, message: "invalid \\U escape")
            }
            text.append(decoded)
          default: throw ParseError(line: line, message: "unknown escape \\\(escaped)")
          }
        default: text.append(scalar)
        }
      }
    }
  }
}
