#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tags of a page the engine wrote, read the way a browser's tokenizer reads them
/// (start tags, quoted and unquoted attribute values, comments, the raw text of
/// `<style>`), for the fuzz properties. It checks output; it sanitizes nothing.
struct HTMLTags {
  struct Tag {
    /// Lower case, as HTML compares names.
    var name: String
    /// Names in lower case; values with character references decoded.
    var attributes: [(name: String, value: String)]
  }

  /// Every start tag, in order. Throws for a tag, comment, attribute value or `<style>`
  /// that never ends, or a `<` that starts none of them (HTMLWriter escapes every `<`
  /// of text, so a bare one means escaping failed).
  static func scan(_ html: String) throws(PropertyFailure) -> [Tag] {
    var reader = Reader(bytes: Array(html.utf8))
    return try reader.tags()
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func tags() throws(PropertyFailure) -> [Tag] {
      var tags: [Tag] = []
      while let open = next(UInt8(ascii: "<"), from: index) {
        index = open + 1
        guard index < bytes.count else { throw failure("a `<` ends the page") }
        let byte = bytes[index]
        if starts(with: Self.commentOpen) {
          guard let end = find(Self.commentClose, from: index + 3) else { throw failure("a comment never ends") }
          index = end + 3
        } else if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "/") {
          guard let end = next(UInt8(ascii: ">"), from: index) else { throw failure("a tag never ends") }
          index = end + 1
        } else if Self.isLetter(byte) {
          let tag = try startTag()
          tags.append(tag)
          if let close = Self.rawTextEnds[tag.name] {
            guard let end = findCaseless(close, from: index) else {
              throw failure("<\(tag.name)> never ends")
            }
            index = end
          }
        } else {
          throw failure("a bare `<` before byte \(byte) at \(open)")
        }
      }
      return tags
    }

    /// `<!--`'s tail, `-->`, and the end tags of the elements whose content is raw text.
    static let commentOpen = Array("!--".utf8)
    static let commentClose = Array("-->".utf8)
    static let rawTextEnds: [String: [UInt8]] = Dictionary(
      uniqueKeysWithValues: ["style", "script", "textarea", "title"].map { ($0, Array("</\($0)".utf8)) })

    private mutating func startTag() throws(PropertyFailure) -> Tag {
      let name = word(lowered: true, until: { Self.isSpace($0) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") })
      var tag = Tag(name: name, attributes: [])
      while true {
        while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < bytes.count else { throw failure("<\(tag.name)> never ends") }
        if bytes[index] == UInt8(ascii: ">") {
          index += 1
          return tag
        }
        let attribute = word(
          lowered: true, until: { Self.isSpace($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ">") })
        var value = ""
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
          index += 1
          while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
          guard index < bytes.count else { throw failure("<\(tag.name)> never ends") }
          let quote = bytes[index]
          if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let end = next(quote, from: index + 1) else { throw failure("an attribute value never ends") }
            value = Self.decodeReferences(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            index = end + 1
          } else {
            value = Self.decodeReferences(word(until: { Self.isSpace($0) || $0 == UInt8(ascii: ">") }))
          }
        }
        if attribute.isEmpty { throw failure("an empty attribute name in <\(tag.name)>") }
        tag.attributes.append((attribute, value))
      }
    }

    /// The bytes up to `stop`; with `lowered`, A–Z in lower case, as a browser's
    /// tokenizer lowers tag and attribute names (ASCII only).
    private mutating func word(lowered: Bool = false, until stop: (UInt8) -> Bool) -> String {
      let start = index
      var upper = false
      while index < bytes.count, !stop(bytes[index]) {
        upper = upper || (bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z"))
        index += 1
      }
      guard lowered, upper else { return String(decoding: bytes[start..<index], as: UTF8.self) }
      return String(decoding: bytes[start..<index].map(Self.lowered), as: UTF8.self)
    }

    /// Where `byte` next occurs at or after `start` (memchr: pages are long).
    private func next(_ byte: UInt8, from start: Int) -> Int? {
      guard start < bytes.count else { return nil }
      return bytes.withUnsafeBufferPointer { buffer -> Int? in
        guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
    }

    private func starts(with pattern: [UInt8], at position: Int? = nil) -> Bool {
      let start = position ?? index
      guard start + pattern.count <= bytes.count else { return false }
      var offset = 0
      while offset < pattern.count, bytes[start + offset] == pattern[offset] { offset += 1 }
      return offset == pattern.count
    }

    /// Where `pattern` starts at or after `start`; its first byte is looked for first.
    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
      var position = start
      while let candidate = next(pattern[0], from: position) {
        if starts(with: pattern, at: candidate) { return candidate }
        position = candidate + 1
      }
      return nil
    }

    /// Like ``find(_:from:)``, letters in any case; `pattern` is lower case and starts
    /// with `<`.
    private func findCaseless(_ pattern: [UInt8], from start: Int) -> Int? {
      var position = start
      while let candidate = next(pattern[0], from: position) {
        guard candidate + pattern.count <= bytes.count else { return nil }
        var offset = 1
        while offset < pattern.count, Self.lowered(bytes[candidate + offset]) == pattern[offset] { offset += 1 }
        if offset == pattern.count { return candidate }
        position = candidate + 1
      }
      return nil
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
      Self.lowered(byte) >= UInt8(ascii: "a") && Self.lowered(byte) <= UInt8(ascii: "z")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private func failure(_ detail: String) -> PropertyFailure { PropertyFailure("html.wellFormed", detail) }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&colon;`, `&Tab;`, `&NewLine;` and
    /// numeric references decoded, as a browser decodes an attribute value; other text
    /// is kept.
    static func decodeReferences(_ text: String) -> String {
      guard text.contains("&") else { return text }
      var out = ""
      var rest = Substring(text)
      while let amp = rest.firstIndex(of: "&") {
        out += rest[..<amp]
        rest = rest[amp...]
        guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
          out += "&"
          rest = rest.dropFirst()
          continue
        }
        let name = rest[rest.index(after: amp)..<semicolon]
        var decoded: String?
        switch name {
        case "amp": decoded = "&"
        case "lt": decoded = "<"
        case "gt": decoded = ">"
        case "quot": decoded = "\""
        case "apos": decoded = "'"
        // The named references that can spell a URL scheme's separator or hide inside one.
        case "colon": decoded = ":"
        case "Tab": decoded = "\t"
        case "NewLine": decoded = "\n"
        default:
          if name.hasPrefix("#x") || name.hasPrefix("#X") {
            decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
          } else if name.hasPrefix("#") {
            decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
          }
        }
        if let decoded {
          out += decoded
          rest = rest[rest.index(after: semicolon)...]
        } else {
          out += "&"
          rest = rest.dropFirst()
        }
      }
      return out + rest
    }
  }
}
