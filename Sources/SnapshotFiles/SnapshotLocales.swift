import Foundation
import RenderCore

/// The locales a set of snapshots is rendered in.
package enum SnapshotLocales {
  /// Every language the engine has UI strings for (`UIStrings.bundled.languages`, from
  /// the embedded `locales/*.strings`), as tags that take the session's region.
  package static var everyLanguage: [LanguageTag] {
    UIStrings.bundled.languages.compactMap(LanguageTag.init)
  }

  /// `all` (``everyLanguage``) or comma-separated BCP 47 tags (`en-US,fr-FR,ja-JP`).
  /// - Throws: the first part that is not a well-formed tag, as written.
  package static func parse(_ list: String) throws(InvalidTag) -> [LanguageTag] {
    if list.trimmingCharacters(in: .whitespaces) == "all" { return everyLanguage }
    return try list.split(separator: ",", omittingEmptySubsequences: false).map { (part) throws(InvalidTag) in
      let text = part.trimmingCharacters(in: .whitespaces)
      guard let tag = LanguageTag(text) else { throw InvalidTag(text: text) }
      return tag
    }
  }

  /// A part of a locale list that is not a BCP 47 tag.
  package struct InvalidTag: Error, Equatable {
    package let text: String

    package init(text: String) { self.text = text }
  }

  /// Each tag as the session renders it (a tag without a region takes the session's:
  /// `fr` at a US store is `fr-US`), in order, each locale once.
  package static func resolve(_ tags: [LanguageTag], configuration: SessionConfiguration) -> [RenderLocale] {
    var seen: Set<String> = []
    return tags.compactMap { tag in
      let locale = RenderContext(configuration: configuration, tag: tag, acceptLanguage: nil).locale
      return seen.insert(locale.formattingTag.description).inserted ? locale : nil
    }
  }
}
