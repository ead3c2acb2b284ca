import Testing

@testable import RenderCore
@testable import RenderLocalization

@Suite struct LocaleTests {
  /// The 42 languages (Brazilian Portuguese is `pt`) and the two pseudo-locales,
  /// fixed here so negotiation is tested apart from which catalogs have arrived.
  let available = [
    "ar", "ar-XB", "bg", "ca", "cs", "da", "de", "el", "en", "en-001", "en-AU", "en-GB", "en-XA", "es", "es-419", "fi",
    "fr", "fr-CA", "he", "hi", "hr", "hu", "id", "it", "ja", "kk", "ko", "ms", "nb", "nl", "pl", "pt", "pt-PT", "ro",
    "ru", "sk", "sl", "sv", "th", "tr", "uk", "vi", "zh-HK", "zh-Hans", "zh-Hant",
  ]

  func resolve(locale: String? = nil, accept: String? = nil, region: String = "US") -> RenderLocale {
    RenderLocale(
      explicit: locale.flatMap(LanguageTag.init), acceptLanguage: accept, region: region, available: available)
  }

  @Test func tagWithoutRegionTakesTheSessionRegion() {
    let spanish = resolve(locale: "es")
    #expect(spanish.formattingTag.description == "es-US")
    #expect(spanish.stringsLanguage == "es")
    #expect(spanish.htmlLanguage == "es-US")
  }

  @Test func localeWinsOverAcceptLanguage() {
    #expect(resolve(locale: "fr-CA", accept: "de-DE,de;q=0.9").formattingTag.description == "fr-CA")
  }

  @Test func neitherOptionMeansEnglishWithTheSessionRegion() {
    let english = resolve(region: "GB")
    #expect(english.formattingTag.description == "en-GB")
    #expect(english.stringsLanguage == "en-GB")
    #expect(english.htmlLanguage == "en-GB")
    #expect(!english.isRightToLeft)
  }

  @Test func acceptLanguageHonoursQualityValues() {
    #expect(resolve(accept: "fr;q=0.5, ja;q=0.9, de;q=0.1").formattingTag.description == "ja-US")
    #expect(resolve(accept: "sw, fr-CA;q=0.8, en;q=0.7").formattingTag.description == "fr-CA")
  }

  @Test func acceptLanguageIgnoresMalformedPartsZeroQualityAndWildcards() {
    #expect(resolve(accept: "fr;q=2, !!, ja;q=0, *, de;q=0.3").formattingTag.description == "de-US")
    #expect(resolve(accept: "*, ko;q=0").stringsLanguage == "en")
    #expect(resolve(accept: ";;;,,,").formattingTag.description == "en-US")
  }

  @Test func stringsFallBackThroughCLDRThenEnglish() {
    #expect(resolve(locale: "ar-EG").stringsLanguage == "ar")
    #expect(resolve(locale: "ar-EG").isRightToLeft)
    #expect(resolve(locale: "he-IL").isRightToLeft)
    #expect(resolve(locale: "sw-KE").stringsLanguage == "en")
    #expect(resolve(locale: "sw-KE").htmlLanguage == "en")
    #expect(resolve(locale: "sw-KE").formattingTag.description == "sw-KE")
  }

  /// Likely subtags and CLDR parent locales, all from ICU.
  @Test(arguments: [
    ("zh-TW", "zh-Hant", "zh-Hant-TW"), ("zh-HK", "zh-HK", "zh-HK"), ("zh-MO", "zh-HK", "zh-MO"),
    ("zh-SG", "zh-Hans", "zh-Hans-SG"), ("zh-CN", "zh-Hans", "zh-Hans-CN"), ("zh", "zh-Hans", "zh-Hans-US"),
    ("zh-Hant-TW", "zh-Hant", "zh-Hant-TW"), ("es-MX", "es-419", "es-MX"), ("es-US", "es-419", "es-US"),
    ("es-ES", "es", "es-ES"), ("pt-AO", "pt-PT", "pt-AO"), ("pt", "pt", "pt-US"), ("pt-BR", "pt", "pt-BR"),
    ("en-AU", "en-AU", "en-AU"), ("en-IN", "en-001", "en-IN"), ("en-US", "en", "en-US"), ("fr-CA", "fr-CA", "fr-CA"),
    ("fr-BE", "fr", "fr-BE"), ("nb-NO", "nb", "nb-NO"), ("ko-KR", "ko", "ko-KR"), ("de-CH-u-nu-latn", "de", "de-CH"),
    ("en-XA", "en-XA", "en-XA"), ("ar-XB", "ar-XB", "ar-XB"),
  ])
  func negotiation(_ requested: String, _ strings: String, _ lang: String) {
    let resolved = resolve(accept: "\(requested), en;q=0.1")
    #expect(resolved.stringsLanguage == strings)
    #expect(resolved.htmlLanguage == lang)
  }

  /// `no` (Norwegian) reads Bokmål: ICU's CLDR data holds `nb` as `no` under another name.
  @Test(arguments: ["no", "no-NO", "NO-no", "no-Latn-NO"])
  func norwegianFindsBokmal(_ requested: String) throws {
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag(requested)), in: available) == "nb")
    #expect(resolve(accept: "\(requested), en;q=0.1").stringsLanguage == "nb")
  }

  /// Only a locale that is another name for the link matches that way: every catalog still
  /// finds itself, languages ICU's matcher would send to a neighbour (Faroese to Danish,
  /// Afrikaans to Dutch) still find no catalog, and the legacy codes CLDR aliases (`iw`,
  /// `in`) find theirs. Nynorsk has data of its own, so `nb` is no other name for it; its
  /// CLDR parent is `no`, so its chain (`nn`, `no`) reaches Bokmål there.
  @Test func otherTagsAreUnchangedBySameDataMatching() throws {
    for tag in available {
      #expect(LanguageNegotiation.lookup(try #require(LanguageTag(tag)), in: available) == tag)
    }
    #expect(LanguageNegotiation.fallbacks("nn-NO") == ["nn-NO", "nn", "no"])
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("nn-NO")), in: available) == "nb")
    #expect(LanguageNegotiation.sameData("nn") == nil)
    for tag in ["fo", "af", "be", "is", "sw-KE", "sr-RS", "gl"] {
      #expect(LanguageNegotiation.lookup(try #require(LanguageTag(tag)), in: available) == nil, "\(tag)")
    }
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("iw")), in: available) == "he")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("in-ID")), in: available) == "id")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("nb-NO")), in: available) == "nb")
    #expect(LanguageNegotiation.sameData("nb") == "no")
    #expect(available.filter { LanguageNegotiation.sameData($0) != nil } == ["nb"])
  }

  @Test func traditionalChineseNeverFallsToSimplified() throws {
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("zh-TW")), in: ["en", "zh-Hans"]) == nil)
    #expect(resolve(accept: "zh-TW, ja;q=0.5").stringsLanguage == "zh-Hant")
  }

  @Test func theMostPreferredRangeWithStringsWins() {
    let resolved = resolve(accept: "sw-KE, zh-TW;q=0.9, en;q=0.5")
    #expect(resolved.stringsLanguage == "zh-Hant")
    #expect(resolved.formattingTag.description == "zh-TW")
  }

  /// The matcher maximizes only the catalogs of a link's language: sound while likely
  /// subtags keep every catalog's language subtag.
  @Test func likelySubtagsKeepEachCatalogsLanguage() throws {
    for tag in UIStrings.bundled.languages + available {
      let maximized = try #require(LanguageNegotiation.maximized(tag), "\(tag)")
      let language = LanguageNegotiation.languageSubtag(tag.lowercased())
      #expect(LanguageNegotiation.languageSubtag(maximized.lowercased()) == language, "\(tag) is \(maximized)")
    }
    #expect(LanguageNegotiation.maximized("zh-TW") == "zh-Hant-TW")
  }

  /// By likely subtags, the first catalog in `available`'s order wins; another
  /// language's catalogs are never asked.
  @Test func likelySubtagsMatchWithinTheLanguage() throws {
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("ja-JP")), in: available) == "ja")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("zh-TW")), in: available) == "zh-Hant")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("zh-CN")), in: available) == "zh-Hans")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("pt-BR")), in: available) == "pt")
    #expect(LanguageNegotiation.lookup(try #require(LanguageTag("sr-RS")), in: available) == nil)
  }

  @Test func variantsLayerOverTheirCLDRParents() {
    #expect(LanguageNegotiation.parents(of: "en-AU", in: available) == ["en-AU", "en-001", "en"])
    #expect(LanguageNegotiation.parents(of: "zh-HK", in: available) == ["zh-HK", "zh-Hant"])
    #expect(LanguageNegotiation.parents(of: "pt-PT", in: available) == ["pt-PT", "pt"])
    #expect(LanguageNegotiation.parents(of: "es-419", in: available) == ["es-419", "es"])
    #expect(LanguageNegotiation.parents(of: "zh-Hant", in: available) == ["zh-Hant"])
    #expect(LanguageNegotiation.parents(of: "ko", in: available) == ["ko"])
  }

  @Test(arguments: ["fr-CA", "zh-Hant-TW", "es-419", "en", "sr-Latn-RS", "de-CH-u-nu-latn"])
  func wellFormedTags(_ text: String) {
    #expect(LanguageTag(text) != nil)
  }

  @Test(arguments: ["", "e", "fr_CA", "fr--CA", "toolongtag-US", "fr-CA!", "ελ"])
  func malformedTags(_ text: String) {
    #expect(LanguageTag(text) == nil)
  }
}
