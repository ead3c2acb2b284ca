import Synchronization

/// Which UI language a customer gets: RFC 4647 lookup with CLDR's data through ICU,
/// no hand-made tables.
///
/// A range's fallback chain comes from ICU: the range, the locale ICU's data has for it
/// (likely subtags: `zh-TW` is `zh-Hant-TW`), then each CLDR parent locale in turn
/// (`es-MX`, `es-419`, `es`; `pt-AO`, `pt-PT`, `pt`; `en-AU`, `en-001`, `en`;
/// `zh-Hant-TW`, `zh-Hant`, never `zh`). The first link that names an available
/// language wins: by its tag, or by the same likely subtags (`zh` is `zh-Hans-CN`, so it
/// finds `zh-Hans`; `pt-BR` finds `pt`), or by CLDR's other name for the same locale
/// (`no` finds `nb`: ICU's CLDR keeps Norwegian under `no`, and `nb` as a locale with no
/// data of its own; see ``sameData(_:)``).
package enum LanguageNegotiation {
  /// The CLDR fallback chain of `tag`, most specific first, without `root`.
  package static func fallbacks(_ tag: String) -> [String] { ICU.localeFallbacks(tag) }

  /// `tag` with its likely subtags added (CLDR likelySubtags): `zh-TW` gives `zh-Hant-TW`.
  package static func maximized(_ tag: String) -> String? { ICU.maximizedTag(tag) }

  /// ``maximized(_:)`` of an available language, remembered: the catalogs are few and
  /// fixed, while a customer's ranges are not remembered (they would grow without bound).
  static func maximizedAvailable(_ tag: String) -> String? {
    if let known = maximizedCache.withLock({ $0[tag] }) { return known }
    let value = maximized(tag)
    maximizedCache.withLock { $0[tag] = .some(value) }
    return value
  }

  private static let maximizedCache = Mutex<[String: String?]>([:])

  /// The locale `tag` is another name for in CLDR, as ICU's data holds it: its CLDR parent
  /// when its own bundle holds nothing else (`nb` gives `no`), else nil. Where older CLDR
  /// had the language alias `no` → `nb`, CLDR now keeps the data under `no`; either way a
  /// customer who asks for `no` reads Bokmål. Remembered for the available languages only.
  static func sameData(_ tag: String) -> String? {
    if let known = sameDataCache.withLock({ $0[tag] }) { return known }
    let value = ICU.sameDataParent(tag)
    sameDataCache.withLock { $0[tag] = .some(value) }
    return value
  }

  private static let sameDataCache = Mutex<[String: String?]>([:])

  /// The available language `range` falls back to, or nil when its chain reaches CLDR's
  /// root without one. Variants and extensions of the range play no part.
  ///
  /// - Parameter available: the languages that have UI strings (`UIStrings.languages`).
  package static func lookup(_ range: LanguageTag, in available: [String]) -> String? {
    let base = [range.language, range.script, range.region].compactMap { $0 }.joined(separator: "-")
    let matcher = Matcher(available)
    for link in fallbacks(base) {
      if let found = matcher.match(link) { return found }
    }
    return nil
  }

  /// The available languages a catalog layers over, most specific first, itself included:
  /// `en-AU` gives `en-AU`, `en-001`, `en`; `zh-HK` gives `zh-HK`, `zh-Hant`.
  static func parents(of tag: String, in available: [String]) -> [String] {
    let matcher = Matcher(available)
    var chain: [String] = []
    for link in fallbacks(tag) {
      if let found = matcher.match(link), !chain.contains(found) { chain.append(found) }
    }
    return chain
  }

  /// Matches a link of a chain to an available language: by tag, else by likely subtags,
  /// else by an available language that CLDR holds as the link under another name.
  ///
  /// Likely subtags keep a language subtag (`zh-TW` is `zh-Hant-TW`; a test checks it
  /// for every catalog's tag), so only the available tags of the link's language are
  /// maximized, not every catalog's (an ICU call each): the first of
  /// them, in `available`'s order, whose likely subtags are the link's.
  private struct Matcher {
    let available: [String]
    let byTag: [String: String]

    init(_ available: [String]) {
      self.available = available
      byTag = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func match(_ link: String) -> String? {
      if let found = byTag[link.lowercased()] { return found }
      if let maximized = LanguageNegotiation.maximized(link)?.lowercased() {
        let language = LanguageNegotiation.languageSubtag(maximized)
        let found = available.first { tag in
          LanguageNegotiation.languageSubtag(tag.lowercased()) == language
            && LanguageNegotiation.maximizedAvailable(tag)?.lowercased() == maximized
        }
        if let found { return found }
      }
      let wanted = link.lowercased()
      return available.first { LanguageNegotiation.sameData($0)?.lowercased() == wanted }
    }
  }

  /// The language subtag of a tag: what comes before the first hyphen.
  static func languageSubtag(_ tag: String) -> Substring { tag.prefix { $0 != "-" } }
}
