import Foundation
import RenderCore
import Testing

@testable import FormRender

/// The country list's order comes from ICU's collator (sort keys) instead of Foundation's
/// locale-aware `compare`; the two must agree on every list a page can show, so no page
/// changes.
@Suite struct CountryNamesTests {
  /// Every embedded UI language, bare (`ja`) and with its likely region (`ja-JP`), which is
  /// how the pages' formatting locales look.
  static let locales: [String] = UIStrings.bundled.languages.flatMap { tag -> [String] in
    guard let maximized = LanguageNegotiation.maximized(tag), let full = LanguageTag(maximized),
      let region = full.region, let language = LanguageTag(tag)
    else { return [tag] }
    return [tag, [language.language, language.script, region].compactMap { $0 }.joined(separator: "-")]
  }

  @Test func everyEmbeddedLanguageIsChecked() {
    #expect(Self.locales.count >= 2 * 45)
    #expect(Self.locales.contains("ja-JP"))
    #expect(Self.locales.contains("zh-Hant-TW"))
  }

  @Test(arguments: locales)
  func icuOrderEqualsFoundationsCompare(tag: String) throws {
    let locale = Locale(identifier: tag)
    let named = AddressFormats.bundled.countries.map { (code: $0, name: CountryNames.name($0, locale: locale)) }
    let collated = try #require(CountryNames.collated(named, locale: locale))
    let foundation = CountryNames.foundationSorted(named, locale: locale)
    #expect(collated.map(\.code) == foundation.map(\.code))
    #expect(collated.count == named.count)
  }

  @Test func equalNamesFallBackToTheCode() throws {
    let locale = Locale(identifier: "fr-FR")
    let named = [(code: "ZZ", name: "Même"), (code: "AA", name: "Même"), (code: "BB", name: "Autre")]
    let collated = try #require(CountryNames.collated(named, locale: locale))
    #expect(collated.map(\.code) == ["BB", "AA", "ZZ"])
  }

  @Test func accentsSortAsTheLanguageSays() throws {
    let named = [(code: "A", name: "Égypte"), (code: "B", name: "Espagne"), (code: "C", name: "Allemagne")]
    let french = try #require(CountryNames.collated(named, locale: Locale(identifier: "fr-FR")))
    #expect(french.map(\.name) == ["Allemagne", "Égypte", "Espagne"])
    // Swedish sorts Å, Ä, Ö after Z.
    let swedish = [(code: "A", name: "Österrike"), (code: "B", name: "Zambia"), (code: "C", name: "Albanien")]
    let sorted = try #require(CountryNames.collated(swedish, locale: Locale(identifier: "sv-SE")))
    #expect(sorted.map(\.name) == ["Albanien", "Zambia", "Österrike"])
  }
}
