import Testing

@testable import RenderCore

@Suite struct LocaleTests {
  let available = ["ar", "de", "en", "es", "fr", "ja"]

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
    #expect(english.stringsLanguage == "en")
    #expect(!english.isRightToLeft)
  }

  @Test func acceptLanguageHonoursQualityValues() {
    #expect(resolve(accept: "fr;q=0.5, ja;q=0.9, de;q=0.1").formattingTag.description == "ja-US")
    #expect(resolve(accept: "da, fr-CA;q=0.8, en;q=0.7").formattingTag.description == "fr-CA")
  }

  @Test func acceptLanguageIgnoresMalformedPartsZeroQualityAndWildcards() {
    #expect(resolve(accept: "fr;q=2, !!, ja;q=0, *, de;q=0.3").formattingTag.description == "de-US")
    #expect(resolve(accept: ";;;,,,").formattingTag.description == "en-US")
  }

  @Test func stringsFallBackByTruncationThenEnglish() {
    #expect(resolve(locale: "ar-EG").stringsLanguage == "ar")
    #expect(resolve(locale: "ar-EG").isRightToLeft)
    #expect(resolve(locale: "zh-Hant-TW").stringsLanguage == "en")
    #expect(resolve(locale: "zh-Hant-TW").htmlLanguage == "en")
    #expect(resolve(locale: "zh-Hant-TW").formattingTag.description == "zh-Hant-TW")
  }

  @Test(arguments: ["fr-CA", "zh-Hant-TW", "es-419", "en", "sr-Latn-RS", "de-CH-u-nu-latn"])
  func wellFormedTags(_ text: String) {
    #expect(LanguageTag(text) != nil)
  }

  @Test(arguments: ["", "e", "fr_CA", "fr--CA", "toolongtag-US", "fr-CA!", "ελ"])
  func malformedTags(_ text: String) {
    #expect(LanguageTag(text) == nil)
  }

  @Test func truncations() {
    #expect(LanguageTag("zh-Hant-TW")?.truncations == ["zh-Hant-TW", "zh-Hant", "zh"])
  }
}
