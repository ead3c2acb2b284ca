extension StringCatalogFile {
  /// The catalog as Xcode writes a String Catalog, byte for byte as `locales/` holds it:
  /// two-space indentation, `"key" : value`, keys sorted by their UTF-8 bytes, only `"`,
  /// `\` and control characters escaped (any other character as itself), a final line feed.
  ///
  /// Writing what ``StringCatalogFile`` decoded from a catalog gives the catalog's bytes
  /// back (a test holds it for every file), so `strings import` changes only the values a
  /// translator changed.
  public func xcstringsBytes() -> [UInt8] {
    var writer = CatalogJSONWriter()
    writer.object([
      ("sourceLanguage", { $0.string(sourceLanguage) }),
      ("strings", { writer in writer.object(strings.map { key, entry in (key, { entry.write(to: &$0) }) }) }),
      ("version", { $0.string(version) }),
    ])
    writer.bytes.append(0x0A)
    return writer.bytes
  }
}

extension StringCatalogFile.Entry {
  fileprivate func write(to writer: inout CatalogJSONWriter) {
    var members: [(String, (inout CatalogJSONWriter) -> Void)] = []
    if let comment { members.append(("comment", { $0.string(comment) })) }
    if let localizations {
      members.append(
        (
          "localizations",
          { writer in writer.object(localizations.map { tag, value in (tag, { value.write(to: &$0) }) }) }
        )
      )
    }
    writer.object(members)
  }
}

extension StringCatalogFile.Localization {
  fileprivate func write(to writer: inout CatalogJSONWriter) {
    var members: [(String, (inout CatalogJSONWriter) -> Void)] = []
    if let stringUnit { members.append(("stringUnit", { stringUnit.write(to: &$0) })) }
    if let variations {
      members.append(
        (
          "variations",
          { writer in
            var inner: [(String, (inout CatalogJSONWriter) -> Void)] = []
            if let plural = variations.plural {
              inner.append(
                (
                  "plural",
                  { writer in
                    writer.object(
                      plural.map { category, variation in
                        (
                          category,
                          { writer in writer.object([("stringUnit", { variation.stringUnit.write(to: &$0) })]) }
                        )
                      })
                  }
                ))
            }
            writer.object(inner)
          }
        ))
    }
    writer.object(members)
  }
}

extension StringCatalogFile.StringUnit {
  fileprivate func write(to writer: inout CatalogJSONWriter) {
    writer.object([("state", { $0.string(state) }), ("value", { $0.string(value) })])
  }
}

/// Xcode's JSON layout for String Catalogs, written into one byte buffer.
private struct CatalogJSONWriter {
  var bytes: [UInt8] = []
  private var depth = 0

  /// An object of `members`, sorted by key; `{}` when empty.
  mutating func object(_ members: [(String, (inout CatalogJSONWriter) -> Void)]) {
    let sorted = members.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    guard !sorted.isEmpty else {
      bytes += Array("{}".utf8)
      return
    }
    bytes += Array("{\n".utf8)
    depth += 1
    for (index, member) in sorted.enumerated() {
      indent()
      string(member.0)
      bytes += Array(" : ".utf8)
      member.1(&self)
      if index < sorted.count - 1 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(0x0A)
    }
    depth -= 1
    indent()
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += Array("\\\"".utf8)
      case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
      case 0x0A: bytes += Array("\\n".utf8)
      case 0x0D: bytes += Array("\\r".utf8)
      case 0x09: bytes += Array("\\t".utf8)
      case 0x08: bytes += Array("\\b".utf8)
      case 0x0C: bytes += Array("\\f".utf8)
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func indent() {
    bytes += [UInt8](repeating: UInt8(ascii: " "), count: depth * 2)
  }
}
