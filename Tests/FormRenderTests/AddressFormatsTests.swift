import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import FormRender

@Suite struct AddressFormatsTests {
  static let formats = AddressFormats.bundled
  static let required = ["US", "CA", "GB", "DE", "FR", "JP", "AU", "IN", "BR", "CN"]

  func layout(_ region: String) -> [String] {
    Self.formats.format(for: region).fields.map { field in
      [field.field.rawValue, field.label?.rawValue, field.required ? "required" : "optional"]
        .compactMap { $0 }.joined(separator: ":")
    }
  }

  @Test func theDataFileLoadsAndCitesItsSource() throws {
    #expect(Self.formats.loadProblems == [])
    let file = try String(
      contentsOf: GoldenFile.packageRoot().appending(path: "data/address-formats.json"), encoding: .utf8)
    #expect(file.contains("libaddressinput"))
    #expect(file.contains("Apache License 2.0"))
  }

  @Test func embeddedCopyMatchesTheDataFile() throws {
    let file = try String(
      contentsOf: GoldenFile.packageRoot().appending(path: "data/address-formats.json"), encoding: .utf8)
    #expect(EmbeddedAddressFormats.files.map(\.tag) == ["address-formats"])
    #expect(
      EmbeddedAddressFormats.files.first?.text == file, "data/address-formats.json changed: run scripts/embed-data")
  }

  @Test func everyRequiredRegionHasItsOwnLayout() {
    for region in Self.required {
      #expect(Self.formats.regionsWithLayouts.contains(region), "\(region) has no layout")
      #expect(Self.formats.isCountry(region))
      #expect(Self.formats.format(for: region).postalCode != nil, "\(region) has no postal-code rule")
    }
    #expect(Self.formats.countries.count > 240)
  }

  @Test func fieldOrderLabelsAndRequiredFieldsFollowTheRegion() {
    #expect(
      layout("US") == [
        "name:required", "street:required", "city:city:required", "state:state:required",
        "postalCode:zipCode:required",
      ])
    #expect(
      layout("GB") == ["name:required", "street:required", "city:postTown:required", "postalCode:postcode:required"])
    #expect(
      layout("JP") == [
        "name:required", "postalCode:postalCode:required", "state:prefecture:required", "city:city:required",
        "street:required",
      ])
    #expect(
      layout("DE") == ["name:required", "street:required", "postalCode:postalCode:required", "city:city:required"])
    #expect(layout("CA").contains("state:province:required"))
    #expect(layout("AU").contains("city:suburb:required"))
    #expect(layout("IN").contains("postalCode:pinCode:required"))
    #expect(layout("BR").contains("state:state:required"))
    #expect(layout("CN").contains("state:province:required"))
  }

  @Test func regionsWithoutALayoutGetTheGenericOne() {
    #expect(Self.formats.format(for: "SG") == Self.formats.generic)
    #expect(
      layout("SG") == [
        "name:required", "street:required", "city:city:optional", "state:region:optional",
        "postalCode:postalCode:optional",
      ])
    #expect(Self.formats.generic.postalCode == nil)
  }

  @Test(arguments: [
    ("US", "95014", true), ("US", "95014-1234", true), ("US", "9501", false), ("US", "ABCDE", false),
    ("CA", "H3Z 2Y7", true), ("CA", "H3Z2Y7", true), ("CA", "D3Z 2Y7", false),
    ("GB", "SW1A 1AA", true), ("GB", "EC1Y 8SY", true), ("GB", "GIR 0AA", true), ("GB", "QQ1 1AA", false),
    ("DE", "10115", true), ("DE", "1011", false), ("FR", "75 001", true), ("FR", "750011", false),
    ("JP", "154-0023", true), ("JP", "1540023", true), ("JP", "154-002", false),
    ("AU", "2060", true), ("IN", "110034", true), ("IN", "11003", false),
    ("BR", "40301-110", true), ("BR", "40301110", true), ("CN", "266033", true), ("CN", "26603", false),
    ("NL", "1234 AB", true), ("MX", "02860", true), ("ES", "28039", true), ("IT", "00144", true),
  ])
  func postalCodePatterns(_ region: String, _ code: String, _ valid: Bool) throws {
    let rule = try #require(Self.formats.format(for: region).postalCode)
    #expect(rule.matches(AddressFormat.PostalCodeRule.normalize(code)) == valid)
  }

  /// ``AddressFormats/bundled`` skips compiling the patterns at load; the same file with
  /// every check must load, and give the same layouts.
  @Test func theEmbeddedFileLoadsWithEveryPatternChecked() throws {
    let file = try #require(EmbeddedAddressFormats.files.first)
    let checked = try AddressFormats(json: try JSONParser.parse(Array(file.text.utf8)), checkPatterns: true)
    #expect(checked.countries == Self.formats.countries)
    #expect(checked.regionsWithLayouts == Self.formats.regionsWithLayouts)
    #expect(checked.regionsWithLayouts.count > 10)
    for region in checked.regionsWithLayouts {
      #expect(checked.format(for: region) == Self.formats.format(for: region))
    }
  }

  @Test func aBrokenPatternIsRefusedOnlyWhenChecked() throws {
    let broken = #"""
      {"countries": ["XX"], "generic": {"source": "x", "fields": [{"field": "name", "required": true},
         {"field": "street", "required": true}]},
       "regions": {"XX": {"source": "x", "fields": [{"field": "name", "required": true},
         {"field": "street", "required": true}, {"field": "postalCode", "label": "zipCode", "required": true}],
         "postalCode": {"pattern": "(\\d{5}", "example": "12345", "keyboard": "numeric"}}}}
      """#
    #expect(throws: DataErrors.self) { try AddressFormats(json: try JSONParser.parse(Array(broken.utf8))) }
    let unchecked = try AddressFormats(json: try JSONParser.parse(Array(broken.utf8)), checkPatterns: false)
    #expect(unchecked.format(for: "XX").postalCode?.matches("12345") == false)
  }

  @Test func aBrokenFileIsRefusedWithItsPath() {
    let broken = #"""
      {"countries": ["US"], "generic": {"source": "x", "fields": [{"field": "name", "required": true}]},
       "regions": {"XX": {"source": "x", "fields": [{"field": "name", "required": true},
         {"field": "street", "required": true}, {"field": "postalCode", "label": "zipCode", "required": true}],
         "postalCode": {"pattern": "\\d{5}", "example": "ABC", "keyboard": "qwerty"}}}}
      """#
    do {
      _ = try AddressFormats(json: try JSONParser.parse(Array(broken.utf8)))
      Issue.record("a broken file was accepted")
    } catch {
      #expect(
        error.lines(file: "a.json") == [
          "a.json: $.generic.fields: street must be listed, and required",
          "a.json: $.regions.XX: XX is not in the countries list",
          #"a.json: $.regions.XX.postalCode.keyboard: "qwerty" is not a keyboard; use numeric or text"#,
        ])
    }
  }

  @Test func countryNamesComeFromCLDRSortedInTheCustomersLanguage() {
    let french = Locale(identifier: "fr-FR")
    #expect(CountryNames.name("DE", locale: french) == "Allemagne")
    let sorted = CountryNames.sorted(["US", "EG", "DE", "ES"], locale: french).map(\.name)
    #expect(sorted == ["Allemagne", "Égypte", "Espagne", "États-Unis"])
    #expect(CountryNames.name("JP", locale: Locale(identifier: "ja-JP")) == "日本")
  }

  /// Sorted lists are kept per locale, and the cache starts over past its limit, so a
  /// flood of distinct locale tags cannot grow it; every answer is the same sort.
  @Test func sortedCountryListsAreCachedWithinALimit() {
    let codes = ["US", "EG", "DE", "ES"]
    let french = CountryNames.sorted(codes, locale: Locale(identifier: "fr-FR")).map(\.name)
    for index in 0...CountryNames.cacheLimit {
      let tag = "fr-FR-x-test\(index)"
      #expect(CountryNames.sorted(codes, locale: Locale(identifier: tag)).map(\.name) == french)
    }
    #expect(CountryNames.sorted(codes, locale: Locale(identifier: "fr-FR")).map(\.name) == french)
    #expect(
      CountryNames.sorted(codes, locale: Locale(identifier: "de-DE")).map(\.name)
        == ["Ägypten", "Deutschland", "Spanien", "Vereinigte Staaten"])
  }
}
