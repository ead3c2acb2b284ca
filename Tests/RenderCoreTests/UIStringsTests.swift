import Foundation
import GoldenFiles
import Testing

@testable import RenderCore

/// The `locales/` files as translators edit them: every file parses, has every key
/// with a translator comment, and keeps the English placeholders.
@Suite struct UIStringsTests {
  static let localesDirectory = GoldenFile.packageRoot().appending(path: "locales")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: localesDirectory.path)) ?? [])
      .filter { $0.hasSuffix(".strings") }.sorted()
  }

  func load(_ name: String) throws -> StringsFile {
    let text = try String(contentsOf: Self.localesDirectory.appending(path: name), encoding: .utf8)
    return try StringsFile(parsing: text)
  }

  @Test func theRequiredLanguagesArePresentAndEmbedded() {
    for language in ["en", "es", "fr", "de", "ja", "ar"] {
      #expect(Self.files.contains("\(language).strings"))
    }
    #expect(UIStrings.bundled.languages == Self.files.map { String($0.dropLast(".strings".count)) })
    #expect(UIStrings.bundled.loadProblems.isEmpty)
  }

  @Test(arguments: files)
  func everyKeyWithACommentAndTheSamePlaceholders(_ name: String) throws {
    let english = try load("en.strings")
    let file = try load(name)
    let englishByKey = Dictionary(uniqueKeysWithValues: english.entries.map { ($0.key, $0.value) })
    #expect(
      Set(file.entries.map(\.key)) == Set(UIStringKey.allCases.map(\.rawValue)), "\(name): keys differ from UIStringKey"
    )
    for entry in file.entries {
      #expect(entry.comment?.isEmpty == false, "\(name): \(entry.key) has no translator comment")
      #expect(!entry.value.isEmpty, "\(name): \(entry.key) is empty")
      let expected = Placeholders.positions(englishByKey[entry.key] ?? "").sorted()
      #expect(
        Placeholders.positions(entry.value).sorted() == expected,
        "\(name): \(entry.key) placeholders differ from English")
    }
  }

  @Test func parserReadsEscapesAndComments() throws {
    let file = try StringsFile(parsing: "// line\n/* Greeting. */\n\"a\" = \"Say \\\"hi\\\"\\n\\U00e9\";\n\"b\"=\"x\";")
    #expect(
      file.entries == [
        .init(key: "a", value: "Say \"hi\"\né", comment: "Greeting."),
        .init(key: "b", value: "x", comment: nil),
      ])
  }

  @Test func parserRejectsDuplicatesAndGarbage() {
    #expect(throws: StringsFile.ParseError.self) { try StringsFile(parsing: "\"a\" = \"1\";\n\"a\" = \"2\";") }
    #expect(throws: StringsFile.ParseError.self) { try StringsFile(parsing: "\"a\" = \"1\"") }
    #expect(throws: StringsFile.ParseError.self) { try StringsFile(parsing: "\"a\" = \"\\q\";") }
  }

  @Test func placeholdersByOrderAndPosition() {
    #expect(Placeholders.substitute("%2$@ of %1$@, 100%%", ["A", "B"]) == "B of A, 100%")
    #expect(Placeholders.substitute("%@ and %@", ["x", "y"]) == "x and y")
    #expect(Placeholders.positions("Was %1$@, now %2$@") == [1, 2])
    #expect(Placeholders.parts("Connected to %@", ["Emily"]) == [.literal("Connected to "), .argument("Emily")])
  }

  @Test func missingTranslationFallsBackToEnglish() {
    let table = UIStrings.bundled.table("xx")
    #expect(table(.cartTotal) == "Total")
  }
}

/// `EmbeddedLocales.swift` is generated from `locales/`; this fails while they differ.
@Suite struct EmbeddedLocalesTests {
  @Test func embeddedTextMatchesTheLocalesFolder() throws {
    let onDisk = try UIStringsTests.files.map { name in
      (
        String(name.dropLast(".strings".count)),
        try String(contentsOf: UIStringsTests.localesDirectory.appending(path: name), encoding: .utf8)
      )
    }
    let embedded = EmbeddedLocales.files.map { ($0.tag, $0.text) }
    #expect(embedded.map(\.0) == onDisk.map(\.0), "locales/ changed: run scripts/embed-data")
    for ((tag, text), (_, file)) in zip(embedded, onDisk) {
      #expect(text == file, "locales/\(tag).strings changed: run scripts/embed-data")
    }
  }
}
