import Foundation
import RenderCore
import Testing

@testable import FormRender

/// The country list is sorted by ICU's collator (sort keys), then checked and fixed up
/// with Foundation's locale-aware `compare`: the order must be Foundation's on every list
/// a page can show, so no page changes.
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

  /// The order shown is Foundation's `compare` order, the one every page had before.
  @Test(arguments: locales)
  func theOrderIsFoundationsCompare(tag: String) {
    let locale = Locale(identifier: tag)
    let named = AddressFormats.bundled.countries.map { (code: $0, name: CountryNames.name($0, locale: locale)) }
    let shown = CountryNames.sorted(AddressFormats.bundled.countries, locale: locale)
    #expect(shown.map(\.code) == CountryNames.foundationSorted(named, locale: locale).map(\.code))
    #expect(shown.count == named.count)
  }

  /// ICU's order leaves Foundation's check little to move: at most twice as many
  /// `compare` calls as names in every language (`zh-Hans`, where 秘鲁 moves about 110
  /// places, takes 362 for 252 names), against thousands for a sort.
  @Test(arguments: locales)
  func icuOrderIsAlmostFoundations(tag: String) throws {
    let locale = Locale(identifier: tag)
    let named = AddressFormats.bundled.countries.map { (code: $0, name: CountryNames.name($0, locale: locale)) }
    let collated = try #require(CountryNames.collated(named, locale: locale))
    var comparisons = 0
    let ordered = CountryNames.foundationOrdered(collated, locale: locale, comparisons: &comparisons)
    #expect(ordered.map(\.code) == CountryNames.foundationSorted(named, locale: locale).map(\.code))
    #expect(comparisons >= named.count - 1)
    #expect(comparisons <= 2 * named.count)
  }

  /// The insertion sort puts a list in Foundation's order whatever order it starts in.
  @Test func foundationsCheckMovesWhatICUPutElsewhere() {
    let locale = Locale(identifier: "fr-FR")
    let list = [(code: "ES", name: "Espagne"), (code: "DE", name: "Allemagne"), (code: "EG", name: "Égypte")]
    var comparisons = 0
    let ordered = CountryNames.foundationOrdered(list, locale: locale, comparisons: &comparisons)
    #expect(ordered.map(\.code) == ["DE", "EG", "ES"])
    #expect(comparisons == 3)
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
