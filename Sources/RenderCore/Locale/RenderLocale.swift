import Foundation

/// The locale a page is rendered in: which language its UI strings are in, how numbers
/// and amounts are formatted, and which way it reads.
public struct RenderLocale: Sendable {
  /// The BCP 47 tag amounts and numbers are formatted with, region filled in: `es-US`.
  public let formattingTag: LanguageTag
  /// Foundation's locale for ``formattingTag``.
  public let locale: Locale
  /// The `locales/` file the UI strings come from: `es`, or `en` when nothing matched.
  public let stringsLanguage: String
  /// The page's `lang`: the formatting tag when its language has UI strings, else the
  /// strings' language, so a screen reader speaks the UI text in the right voice.
  public let htmlLanguage: String
  public let isRightToLeft: Bool

  /// Applies the contract's locale rule: `--locale` wins over `--accept-language`; a tag
  /// without a region takes the session's region (`es` at a `US` store is `es-US`);
  /// with neither, English with the session's region. UI strings fall back by BCP 47
  /// truncation (`zh-Hant-TW`, `zh-Hant`, `zh`), then to English.
  ///
  /// - Parameters:
  ///   - explicit: a `--locale` tag, already validated.
  ///   - acceptLanguage: an `Accept-Language` header value; malformed parts are ignored.
  ///   - region: the session's ISO 3166-1 region.
  ///   - available: the languages that have UI strings (`UIStrings.languages`).
  public init(explicit: LanguageTag?, acceptLanguage: String?, region: String, available: [String]) {
    let lookup = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    func match(_ tag: LanguageTag) -> String? {
      tag.truncations.lazy.compactMap { lookup[$0.lowercased()] }.first
    }
    var tag = LanguageTag.english
    if let explicit {
      tag = explicit
    } else if let acceptLanguage {
      // RFC 4647 lookup: the most preferred range that has UI strings.
      tag = AcceptLanguage.ranges(acceptLanguage).first { match($0) != nil } ?? tag
    }
    if tag.region == nil { tag.region = region }
    formattingTag = tag
    locale = Locale(identifier: tag.description)
    let strings = match(tag) ?? "en"
    stringsLanguage = strings
    let matched = strings.lowercased() != "en" || tag.language == "en"
    htmlLanguage = matched ? tag.description : strings
    isRightToLeft = Locale.Language(identifier: strings).characterDirection == .rightToLeft
  }
}
