/// Invisible marks around every UI string, so a tool can find where each string shows on a
/// rendered screen (`render-cli strings export --screenshots`): each message starts with
/// TAG LEFT SQUARE BRACKET (U+E005B) and ends with TAG RIGHT SQUARE BRACKET (U+E005D),
/// each followed by its key's index (``UIStringKey/index``) in three TAG DIGITs
/// (U+E0030–U+E0039).
///
/// Tag characters are default ignorable: a browser draws nothing for them, ICU's display
/// width and line breaking give them no room, and Arabic joining passes through them
/// (joining type T), so a marked screen looks like the unmarked one. A string filled into
/// another (a field's label in its error) is marked inside it, so marks nest. Never on a
/// page a customer gets: only the tools that capture screenshots make marked strings.
package enum StringMarkers {
  package static let open: Unicode.Scalar = "\u{E005B}"
  package static let close: Unicode.Scalar = "\u{E005D}"
  private static let zero: UInt32 = 0xE0030

  /// Each key's raw value at the index its marks carry.
  package static let keysByIndex: [String] = UIStringKey.allCases.sorted { $0.index < $1.index }.map(\.rawValue)

  /// The strings of every embedded language with each message wrapped in its marks.
  package static let marked = marking(languages: EmbeddedLocales.tags, EmbeddedLocales.catalog)

  /// The embedded strings, with `catalogs` in place of their tags' embedded ones
  /// (``UIStrings/init(replacing:)``), each message wrapped in its marks.
  package static func marked(replacing catalogs: [LocaleCatalog]) -> UIStrings {
    let byTag = Dictionary(catalogs.map { ($0.tag, $0) }, uniquingKeysWith: { _, last in last })
    return marking(languages: Array(Set(EmbeddedLocales.tags).union(byTag.keys))) { tag in
      byTag[tag] ?? EmbeddedLocales.catalog(tag)
    }
  }

  private static func marking(
    languages: [String], _ catalog: @escaping @Sendable (String) -> LocaleCatalog?
  ) -> UIStrings {
    UIStrings(languages: languages) { tag in
      catalog(tag).map { catalog in
        var messages: [String: LocalizedMessage] = [:]
        for (key, message) in catalog.messages {
          guard let index = UIStringKey(rawValue: key)?.index else { continue }
          messages[key] = message.map { template in
            MessageTemplate(
              [.literal(mark(open, index))] + template.segments + [.literal(mark(close, index))])
          }
        }
        return LocaleCatalog(tag: catalog.tag, pluralRulesTag: catalog.pluralRulesTag, messages: messages)
      }
    }
  }

  /// `marker` and `index` in three tag digits.
  static func mark(_ marker: Unicode.Scalar, _ index: Int) -> String {
    var text = String(Character(marker))
    for digit in [index / 100 % 10, index / 10 % 10, index % 10] {
      if let scalar = Unicode.Scalar(zero + UInt32(digit)) { text.unicodeScalars.append(scalar) }
    }
    return text
  }

  /// A piece of marked text: plain text, or where a string starts or ends.
  package enum Piece: Equatable, Sendable {
    case text(String)
    case start(UIStringKey)
    case end(UIStringKey)
  }

  /// `text` split at its marks, in order; a mark whose digits name no key is dropped.
  package static func pieces(_ text: String) -> [Piece] {
    var pieces: [Piece] = []
    var plain = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var position = 0
    while position < scalars.count {
      let scalar = scalars[position]
      guard scalar == open || scalar == close else {
        plain.append(scalar)
        position += 1
        continue
      }
      var index = 0
      var digits = 0
      while digits < 3, position + 1 + digits < scalars.count {
        let value = scalars[position + 1 + digits].value
        guard value >= zero, value <= zero + 9 else { break }
        index = index * 10 + Int(value - zero)
        digits += 1
      }
      position += 1 + digits
      guard digits == 3, index < UIStringKey.count else { continue }
      let key = UIStringKey.allCases.first { $0.index == index }
      guard let key else { continue }
      if !plain.isEmpty {
        pieces.append(.text(String(plain)))
        plain = String.UnicodeScalarView()
      }
      pieces.append(scalar == open ? .start(key) : .end(key))
    }
    if !plain.isEmpty { pieces.append(.text(String(plain))) }
    return pieces
  }
}
