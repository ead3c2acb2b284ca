/// A well-formed BCP 47 language tag (RFC 5646), split into the subtags the engine uses.
///
/// Only the syntax is checked: `xx-YY` for a language Foundation does not know still
/// parses, and formatting then follows CLDR's root data.
package struct LanguageTag: Sendable, Equatable, CustomStringConvertible {
  /// Lowercased primary language, e.g. `zh`.
  package var language: String
  /// Title-cased script, e.g. `Hant`.
  package var script: String?
  /// Uppercased region, e.g. `TW` or `419`.
  package var region: String?
  /// Variants, extensions and private use, lowercased, in order.
  package var rest: [String]

  /// `en`, the language of last resort.
  package static let english = LanguageTag(language: "en", script: nil, region: nil, rest: [])

  init(language: String, script: String?, region: String?, rest: [String]) {
    self.language = language
    self.script = script
    self.region = region
    self.rest = rest
  }

  /// Nil when `text` is not a well-formed tag.
  package init?(_ text: String) {
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard let first = subtags.first, (2...3).contains(first.count) || (5...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter }),
      subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }
    language = first.lowercased()
    var index = 1
    script = nil
    region = nil
    if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(\.isLetter) {
      script = subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased()
      index += 1
    }
    if index < subtags.count {
      let candidate = subtags[index]
      if (candidate.count == 2 && candidate.allSatisfy(\.isLetter))
        || (candidate.count == 3 && candidate.allSatisfy(\.isNumber))
      {
        region = candidate.uppercased()
        index += 1
      }
    }
    rest = subtags[index...].map { $0.lowercased() }
  }

  package var description: String {
    ([language, script, region].compactMap { $0 } + rest).joined(separator: "-")
  }
}
