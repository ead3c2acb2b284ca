import Foundation
import GoldenFiles
import StringCatalog
import Testing

@testable import RenderCore
@testable import RenderLocalization

/// The `locales/` catalogs as translators edit them, read from disk: every file is a
/// String Catalog of its own language with a translator comment and a review state on
/// every entry; full languages have every key; regional variants hold only what differs
/// from their CLDR parent.
@Suite struct UIStringsTests {
  static let localesDirectory = GoldenFile.packageRoot().appending(path: "locales")

  /// Tags of the catalogs on disk, sorted.
  static let tags: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: localesDirectory.path)) ?? [])
    .filter { $0.hasSuffix(".xcstrings") }.map { String($0.dropLast(".xcstrings".count)) }.sorted()

  /// A catalog is a regional variant when CLDR gives it a parent that is also a catalog.
  static func parent(of tag: String) -> String? {
    LanguageNegotiation.parents(of: tag, in: tags).dropFirst().first
  }

  static let variants = tags.filter { parent(of: $0) != nil }
  static let fullLanguages = tags.filter { parent(of: $0) == nil }

  static func data(_ tag: String) throws -> Data {
    try Data(contentsOf: localesDirectory.appending(path: "\(tag).xcstrings"))
  }

  static func file(_ tag: String) throws -> StringCatalogFile {
    try JSONDecoder().decode(StringCatalogFile.self, from: data(tag))
  }

  static func compiled(_ tag: String) throws -> LocaleCatalog {
    try CatalogCompiler.compile(data(tag), tag: tag, file: "\(tag).xcstrings")
  }

  static let allKeys = Set(UIStringKey.allCases.map(\.rawValue))

  @Test func everyCatalogAndBothPseudoLocalesAreEmbedded() {
    #expect(Self.tags.contains("en"))
    #expect(UIStrings.bundled.languages == (Self.tags + ["en-XA", "ar-XB"]).sorted())
  }

  /// locales/README.md says how each language addresses the customer, and why.
  @Test func everyLanguageHasItsRegisterInTheREADME() throws {
    let readme = try String(contentsOf: Self.localesDirectory.appending(path: "README.md"), encoding: .utf8)
    for tag in Self.tags {
      #expect(readme.contains("| `\(tag)` |"), "locales/README.md has no row for \(tag)")
    }
  }

  @Test(arguments: tags)
  func eachEntryIsItsOwnLanguageWithACommentAndAReviewState(_ tag: String) throws {
    let catalog = try Self.file(tag)
    #expect(catalog.sourceLanguage == "en")
    #expect(Set(catalog.strings.keys).isSubset(of: Self.allKeys), "\(tag): keys not in UIStringKey")
    for (key, entry) in catalog.strings {
      #expect(entry.comment?.isEmpty == false, "\(tag): \(key) has no translator comment")
      #expect(entry.localizations.map { Array($0.keys) } == [tag], "\(tag): \(key) holds other languages")
      let localization = entry.localizations?[tag]
      let units =
        [localization?.stringUnit].compactMap { $0 }
        + (localization?.variations?.plural?.values.map(\.stringUnit) ?? [])
      #expect(!units.isEmpty, "\(tag): \(key) has no value")
      for unit in units {
        // English is the source; any other translation is the team's, awaiting a native
        // reviewer, or one a reviewer approved (`strings import` of their XLIFF file).
        let expected: [ReviewState] = tag == "en" ? [.translated] : [.needsReview, .translated]
        #expect(
          expected.map(\.rawValue).contains(unit.state),
          "\(tag): \(key) is \(unit.state), expected \(expected.map(\.rawValue).joined(separator: " or "))")
      }
    }
  }

  /// A translator reads the English comment of the source, word for word: a catalog may add
  /// a note for its language after it (a space, then the note), never keep an older text.
  @Test(arguments: tags.filter { $0 != "en" })
  func eachCommentIsTheEnglishOneWithAnyNoteAfterIt(_ tag: String) throws {
    let english = try Self.file("en").strings
    for (key, entry) in try Self.file(tag).strings {
      let source = try #require(english[key]?.comment, "\(tag): \(key) is not in en")
      let comment = entry.comment ?? ""
      #expect(
        comment == source || comment.hasPrefix(source + " "),
        "\(tag): \(key)'s comment is not en's: \(comment)")
    }
  }

  /// `strings import` writes a catalog the way Xcode does: what was read, written again,
  /// is the file byte for byte.
  @Test(arguments: tags)
  func writingACatalogGivesItsBytesBack(_ tag: String) throws {
    #expect(try Self.file(tag).xcstringsBytes() == Array(Self.data(tag)), "\(tag)")
  }

  @Test(arguments: fullLanguages)
  func aFullLanguageHasEveryKey(_ tag: String) throws {
    let keys = Set(try Self.compiled(tag).messages.keys)
    #expect(keys == Self.allKeys, "\(tag): missing \(Self.allKeys.subtracting(keys).sorted())")
  }

  @Test(arguments: variants)
  func aVariantHoldsOnlyWhatDiffersFromItsParent(_ tag: String) throws {
    let own = try Self.compiled(tag).messages
    let parent = try #require(Self.parent(of: tag))
    let inherited = UIStrings.bundled.table(parent)
    for (key, message) in own {
      let uiKey = try #require(UIStringKey(rawValue: key))
      #expect(message != inherited.message(uiKey), "\(tag): \(key) is the same as in \(parent)")
    }
  }

  @Test(arguments: tags)
  func everyFormKeepsEnglishPlaceholders(_ tag: String) throws {
    let english = try Self.compiled("en").messages
    for (key, message) in try Self.compiled(tag).messages {
      let expected = try #require(english[key]).forms.map(\.argumentPositions)
      for form in message.forms {
        #expect(form.argumentPositions == expected.first, "\(tag): \(key) placeholders differ from English")
      }
    }
  }

  /// Plural messages: a form for every category ICU's CLDR rules give the language
  /// (variants and pseudo-locales included, through what they inherit); other messages: text.
  @Test(arguments: UIStrings.bundled.languages)
  func pluralMessagesHaveEveryCategoryTheLanguageNeeds(_ tag: String) throws {
    let table = UIStrings.bundled.table(tag)
    let needed = table.pluralRules.categories
    #expect(needed.contains(.other))
    for key in UIStringKey.allCases {
      let message = try #require(table.message(key), "\(tag): no \(key.rawValue)")
      switch message {
      case .plural(let forms):
        #expect(UIStringKey.plurals.contains(key), "\(tag): \(key.rawValue) should not be plural")
        #expect(
          Set(needed).isSubset(of: forms.categories),
          "\(tag): \(key.rawValue) lacks \(Set(needed).subtracting(forms.categories).map(\.rawValue).sorted())")
      case .text:
        #expect(!UIStringKey.plurals.contains(key), "\(tag): \(key.rawValue) needs plural forms")
      }
    }
  }

  /// Values a language really shares with English, words of its own or loanwords its iOS
  /// uses: German "Website", "optional"; Spanish "Error", "Total"; French "Province"; Dutch
  /// "Postcode"; Indonesian, Malay and Portuguese "item".
  static let sameAsEnglish: Set<String> = [
    "%1$@: %2$@", "%1$@ (optional)", "Error: %1$@", "Error:", "Total", "Website", "Province", "Postcode",
    "%1$@ item", "SMS", "OK",
  ]

  @Test(arguments: fullLanguages.filter { $0 != "en" })
  func noValueIsLeftInEnglish(_ tag: String) throws {
    let english = try Self.compiled("en").messages
    for (key, message) in try Self.compiled(tag).messages {
      guard let englishMessage = english[key] else { continue }
      for (form, englishForm) in zip(message.forms, englishMessage.forms) {
        let text = Self.template(form)
        #expect(
          text != Self.template(englishForm) || Self.sameAsEnglish.contains(text),
          "\(tag): \(key) is still English: \(text)")
      }
    }
  }

  @Test func pseudoLocalesAreMadeFromEnglish() {
    let english = UIStrings.bundled.table("en")
    let accented = UIStrings.bundled.table("en-XA")
    let mirrored = UIStrings.bundled.table("ar-XB")
    #expect(accented(.cartTitle) == "[Ýöûŕ Çåŕţ one]")
    #expect(accented(.headerConnectedTo, "Emily") == "[Çöññéçţéđ ţö Emily one two]")
    #expect(accented(.textLink, "A", "B") == "A: B")
    for key in UIStringKey.allCases where key != .textLink {
      let text = accented(key, "A", "B")
      #expect(text.hasPrefix("[") && text.hasSuffix("]"))
      #expect(Double(text.count) >= 1.4 * Double(english(key, "A", "B").count) - 2, "\(key.rawValue) too short")
    }
    #expect(mirrored(.cartQuantity, "4") == "\u{200F}\u{202E}Qty\u{202C}\u{200F} 4")
    #expect(
      RenderLocale(
        explicit: LanguageTag("ar-XB"), acceptLanguage: nil, region: "US", available: UIStrings.bundled.languages
      ).isRightToLeft)
  }

  @Test func pluralFormsFollowCLDRRules() {
    let russian = PluralRules.of("ru")
    #expect([1, 2, 5, 11, 21, 22, 100].map(russian.category) == [.one, .few, .many, .many, .one, .few, .many])
    let arabic = PluralRules.of("ar")
    #expect([0, 1, 2, 3, 11, 100, 102].map(arabic.category) == [.zero, .one, .two, .few, .many, .other, .other])
    #expect(PluralRules.of("ja").categories == [.other])
    #expect(PluralRules.of("he").categories == [.one, .two, .other])
    #expect(PluralRules.of("pt-PT").category(0) == .other)
    #expect(PluralRules.of("pt").category(0) == .one)
  }

  /// Categories asked again come from the memo (counts below
  /// ``PluralRules/memoizedCounts``) and still are ICU's: the second pass over each
  /// count, and counts past the memo and negative ones, give what the first gave.
  @Test func memoizedCategoriesAreICUs() {
    let russian = PluralRules.of("ru")
    let counts = [0, 1, 2, 5, 11, 21, 22, 100, 101, 111, 1021, 1025, -1, -21]
    #expect(PluralRules.memoizedCounts < 1025)
    let first = counts.map(russian.category)
    #expect(counts.map(russian.category) == first)
    #expect(first.prefix(12) == [.many, .one, .few, .many, .many, .one, .few, .many, .one, .many, .one, .many])
  }

  /// The generated indices number the keys `0..<count` in raw-value order, so each
  /// table's look-up by index finds the message its raw value names.
  @Test func keysAreLookedUpByTheirPlace() {
    #expect(UIStringKey.count == UIStringKey.allCases.count)
    let byRawValue = UIStringKey.allCases.sorted { $0.rawValue < $1.rawValue }
    #expect(byRawValue.map(\.index) == Array(0..<UIStringKey.count))
    let table = UIStrings.bundled.table("fr")
    let merged = UIStrings.bundled.table("fr-CA")
    for key in UIStringKey.allCases {
      let french = EmbeddedLocales.catalog("fr")?.messages[key.rawValue]
      #expect(table.message(key) == (french ?? EmbeddedLocales.catalog("en")?.messages[key.rawValue]))
      #expect(merged.template(key) == (merged.message(key)?.template(.other) ?? [.literal(key.rawValue)]))
    }
  }

  @Test func aCountPicksItsForm() {
    let english = UIStrings.bundled.table("en")
    #expect(english(.cartItemCount, count: 1, "1") == "1 item")
    #expect(english(.cartItemCount, count: 3, "3") == "3 items")
    let arabic = UIStrings.bundled.table("ar")
    // 100 takes the singular noun (other), 11 the accusative (many).
    #expect(arabic(.formErrorTooLong, count: 100, "الاسم", "١٠٠") == "يمكن أن يحتوي حقل «الاسم» على ١٠٠ حرف كحد أقصى.")
    #expect(arabic(.formErrorTooLong, count: 20, "الاسم", "٢٠") == "يمكن أن يحتوي حقل «الاسم» على ٢٠ حرفًا كحد أقصى.")
  }

  @Test func missingLanguageFallsBackToEnglish() {
    let table = UIStrings.bundled.table("xx")
    #expect(table(.cartTotal) == "Total")
    #expect(table(.cartItemCount, count: 2, "2") == "2 items")
  }

  @Test func filledTemplatesKeepArgumentsApartFromText() {
    let table = UIStrings.bundled.table("en")
    let filled = table.filled(.headerConnectedTo, "Emily")
    #expect(filled.template == [.literal("Connected to "), .argument(1)])
    #expect(filled.argument(1) == "Emily" && filled.argument(2) == "")
    #expect(filled.text == "Connected to Emily")
    #expect(table(.cartPriceWasNow, "$2", "$1") == "Was $2, now $1")
  }

  /// A template written back with numbered placeholders, to compare forms as text.
  static func template(_ template: MessageTemplate) -> String {
    template.segments.map { segment in
      switch segment {
      case .literal(let text): text.replacingOccurrences(of: "%", with: "%%")
      case .argument(let position): "%\(position)$@"
      }
    }.joined()
  }

}

/// `EmbeddedLocales.swift` is compiled from `locales/`; this fails while they differ.
@Suite struct EmbeddedLocalesTests {
  @Test func generatedFileMatchesTheCatalogs() throws {
    var catalogs = try UIStringsTests.tags.map(UIStringsTests.compiled)
    let english = try #require(catalogs.first { $0.tag == "en" })
    catalogs += PseudoLocale.allCases.map { $0.catalog(from: english) }
    let path = GoldenFile.packageRoot().appending(path: "Sources/RenderLocalization/Locale/EmbeddedLocales.swift")
    let onDisk = try String(contentsOf: path, encoding: .utf8)
    #expect(onDisk == CatalogSwiftSource.render(catalogs), "locales/ changed: run scripts/embed-data")
  }

  @Test func embeddedValuesAreTheCatalogs() throws {
    for catalog in EmbeddedLocales.catalogs where !PseudoLocale.allCases.map(\.rawValue).contains(catalog.tag) {
      let compiled = try UIStringsTests.compiled(catalog.tag)
      #expect(catalog.messages == compiled.messages, "\(catalog.tag)")
    }
  }
}
