import Foundation

/// The locale a page is rendered in: which language its UI strings are in, how numbers
/// and amounts are formatted, and which way it reads.
package struct RenderLocale: Sendable {
  /// The BCP 47 tag amounts and numbers are formatted with, region filled in: `es-US`.
  package let formattingTag: LanguageTag
  /// Foundation's locale for ``formattingTag``.
  package let locale: Locale
  /// The catalog the UI strings come from: `es-419` for `es-MX`, `zh-Hant` for `zh-TW`,
  /// `en` when nothing matched.
  package let stringsLanguage: String
  /// The page's `lang`: the language whose words the page shows, with the customer's
  /// region (`zh-Hant-TW`, `es-MX`, `ko-KR`); plain `en` when no catalog matched and
  /// the words are the English fallback, so a screen reader speaks them in the right voice.
  package let htmlLanguage: String
  package let isRightToLeft: Bool

  /// Applies the contract's locale rule: `--locale` wins over `--accept-language`; a tag
  /// without a region takes the session's region (`es` at a `US` store is `es-US`) for
  /// formatting; with neither, English with the session's region. The UI strings come
  /// from RFC 4647 lookup over CLDR's fallback chains (``LanguageNegotiation``): the
  /// most preferred range with a catalog wins, then English.
  ///
  /// - Parameters:
  ///   - explicit: a `--locale` tag, already validated.
  ///   - acceptLanguage: an `Accept-Language` header value; malformed parts, `*` and
  ///     `q=0` ranges are ignored.
  ///   - region: the session's ISO 3166-1 region.
  ///   - available: the languages that have UI strings (`UIStrings.languages`).
  package init(explicit: LanguageTag?, acceptLanguage: String?, region: String, available: [String]) {
    var tag = LanguageTag.english
    var strings: String?
    if let explicit {
      tag = explicit
      strings = LanguageNegotiation.lookup(explicit, in: available)
    } else if let acceptLanguage {
      for range in AcceptLanguage.ranges(acceptLanguage) {
        if let found = LanguageNegotiation.lookup(range, in: available) {
          tag = Self.bounded(range, catalog: found, available: available)
          strings = found
          break
        }
      }
    }
    if tag.region == nil { tag.region = region }
    formattingTag = tag
    locale = Locale(identifier: tag.description)
    if strings == nil, tag.language == UIStrings.baseLanguage {
      strings = LanguageNegotiation.lookup(tag, in: available)
    }
    let language = strings ?? UIStrings.baseLanguage
    stringsLanguage = language
    if strings != nil, let words = LanguageTag(language) {
      htmlLanguage = [words.language, words.script, tag.region ?? words.region].compactMap { $0 }.joined(separator: "-")
    } else {
      htmlLanguage = language
    }
    isRightToLeft = Locale.Language(identifier: language).characterDirection == .rightToLeft
  }

  /// The customer's range as Foundation is asked for it, from a bounded set of tags: the
  /// language of the catalog it matched; a script only when that catalog or CLDR's likely
  /// subtags give it to that language; a region only when CLDR knows it (ISO 3166-1,
  /// UN M.49) or a catalog has it (`en-XA`); of the rest, only a numbering system ICU has
  /// (`-u-nu-latn`). Foundation keeps every `Locale` it was asked for until the process
  /// ends (about 1 KB each), and `Accept-Language` is the customer's to write: a server
  /// asked for ever new tags would otherwise grow without bound. A tag that needs none of
  /// this (`zh-TW`, `de-CH-u-nu-latn`) is unchanged.
  static func bounded(_ range: LanguageTag, catalog: String, available: [String]) -> LanguageTag {
    guard let words = LanguageTag(catalog) else { return range }
    let language = words.language
    var script: String?
    if let wanted = range.script {
      let likely = LanguageNegotiation.maximized(language).flatMap(LanguageTag.init)?.script
      if wanted == words.script || wanted == likely { script = wanted }
    }
    var region: String?
    if let wanted = range.region,
      ICU.isKnownRegion(wanted) || available.contains(where: { LanguageTag($0)?.region == wanted })
    {
      region = wanted
    }
    var rest: [String] = []
    // Only before private use (`-x-…`), where a `u` is no extension.
    let extensions = range.rest.prefix { $0 != "x" }
    if let extensionStart = extensions.firstIndex(of: "u"),
      extensions.index(after: extensionStart) < extensions.endIndex
    {
      let keywords = extensions[extensions.index(after: extensionStart)...].prefix { $0.count > 1 }
      if let key = keywords.firstIndex(of: "nu"), keywords.index(after: key) < keywords.endIndex {
        let system = keywords[keywords.index(after: key)]
        if system.count > 2, ICU.isNumberingSystem(system) { rest = ["u", "nu", system] }
      }
    }
    return LanguageTag(language: language, script: script, region: region, rest: rest)
  }
}
