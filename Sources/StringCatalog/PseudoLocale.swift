import RenderLocalization

/// The two pseudo-locales, made from the English catalog at embed time so truncation and
/// mirroring show before any translator is involved (Android's and Xcode's convention):
///
/// - `en-XA`, accented: every letter gets a diacritic, each message grows by about 40 %
///   with filler words and is bracketed, `[Ŷöûŕ Çåŕţ one two]`, so clipped or
///   concatenated text stands out;
/// - `ar-XB`, mirrored: each word is shown right to left (U+202E RIGHT-TO-LEFT OVERRIDE
///   between U+200F RIGHT-TO-LEFT MARKs) on a right-to-left page, so a layout that does
///   not mirror stands out. Inserted values (amounts, names) are left as they are.
public enum PseudoLocale: String, CaseIterable, Sendable {
  case accented = "en-XA"
  case mirrored = "ar-XB"

  /// The pseudo-locale's catalog from English's: same keys, same plural forms (chosen by
  /// English's plural rules), same placeholders.
  package func catalog(from english: LocaleCatalog) -> LocaleCatalog {
    LocaleCatalog(
      tag: rawValue, pluralRulesTag: english.pluralRulesTag,
      messages: english.messages.mapValues { $0.map(transform) })
  }

  /// The transformed template; arguments are kept, literal text changes. A template with
  /// no letters of its own (`%1$@: %2$@`) has nothing to translate and stays as it is.
  package func transform(_ template: MessageTemplate) -> MessageTemplate {
    let segments = template.segments
    let hasWords = segments.contains { segment in
      if case .literal(let text) = segment { text.contains(where: \.isLetter) } else { false }
    }
    guard hasWords else { return template }
    switch self {
    case .accented:
      var out: [MessageTemplate.Segment] = [.literal("[")]
      var length = 0
      for segment in segments {
        switch segment {
        case .literal(let text):
          length += text.count
          out.append(.literal(String(text.map(Self.accent))))
        case .argument: out.append(segment)
        }
      }
      out.append(.literal(Self.padding(for: length) + "]"))
      return MessageTemplate(Self.merged(out))
    case .mirrored:
      return MessageTemplate(
        segments.map { segment in
          guard case .literal(let text) = segment else { return segment }
          return .literal(Self.mirror(text))
        })
    }
  }

  // ASCII letters and their accented look-alikes, position by position.
  private static let plainLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  private static let accentedLetters = Array("åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")

  private static func accent(_ character: Character) -> Character {
    guard let index = plainLetters.firstIndex(of: character) else { return character }
    return accentedLetters[index]
  }

  private static let filler = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

  /// Words that lengthen `length` characters of text by at least 40 %.
  private static func padding(for length: Int) -> String {
    let wanted = (length * 2 + 4) / 5
    var text = ""
    var index = 0
    while text.count < wanted {
      text += " " + filler[index % filler.count]
      index += 1
    }
    return text
  }

  private static func mirror(_ text: String) -> String {
    var out = ""
    var word = ""
    func flush() {
      if !word.isEmpty { out += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}" }
      word = ""
    }
    for character in text {
      if character.isWhitespace {
        flush()
        out.append(character)
      } else {
        word.append(character)
      }
    }
    flush()
    return out
  }

  private static func merged(_ segments: [MessageTemplate.Segment]) -> [MessageTemplate.Segment] {
    var out: [MessageTemplate.Segment] = []
    for segment in segments {
      if case .literal(let text) = segment, case .literal(let previous)? = out.last {
        out[out.count - 1] = .literal(previous + text)
      } else if case .literal(let text) = segment, text.isEmpty {
        continue
      } else {
        out.append(segment)
      }
    }
    return out
  }
}
