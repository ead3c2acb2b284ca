import Foundation
import GoldenFiles
import Testing

@testable import render_cli

/// `render-cli strings export|import`: the catalogs as XLIFF and back, byte for byte, and
/// a bad file that changes nothing.
@Suite struct StringsCommandTests {
  static let locales = GoldenFile.packageRoot().appending(path: "locales")

  /// A fresh folder holding a copy of every catalog, and an empty one for the XLIFF files.
  struct Workspace {
    let root: URL
    var locales: URL { root.appending(path: "locales") }
    var xliff: URL { root.appending(path: "xliff") }

    init() throws {
      root = FileManager.default.temporaryDirectory.appending(path: "strings-tests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: StringsCommandTests.locales, to: locales)
    }

    func catalog(_ tag: String) throws -> Data { try Data(contentsOf: locales.appending(path: "\(tag).xcstrings")) }

    func xliffFile(_ tag: String) -> URL { xliff.appending(path: "\(tag).xliff") }

    /// Every catalog, by file name.
    func allCatalogs() throws -> [String: Data] {
      let names = try FileManager.default.contentsOfDirectory(atPath: locales.path).sorted()
      return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: locales.appending(path: $0))) })
    }

    func run(_ arguments: [String]) -> Outcome {
      Runner(inputs: .live).run(["strings"] + arguments + ["--locales", locales.path])
    }

    func export() throws {
      let outcome = run(["export", "--xliff", xliff.path])
      #expect(outcome.status == .success, "\(outcome.standardError)")
    }
  }

  static var tags: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: locales.path)) ?? []).filter { $0.hasSuffix(".xcstrings") }
      .map { String($0.dropLast(".xcstrings".count)) }.sorted()
  }

  @Test func exportThenImportOfEveryLanguageChangesNoByte() throws {
    let workspace = try Workspace()
    let before = try workspace.allCatalogs()
    try workspace.export()
    let files = Self.tags.map { workspace.xliffFile($0).path }
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    let outcome = workspace.run(["import"] + files)
    #expect(outcome.status == .success, "\(outcome.standardError)")
    #expect(outcome.standardOutput.split(separator: "\n").count == Self.tags.count)
    #expect(try workspace.allCatalogs() == before)
  }

  /// The export of one language, as a translator opens it: the English source, the target
  /// and its state, the comment, one unit per plural category.
  @Test func exportShowsSourceTargetStateNoteAndPluralUnits() throws {
    let workspace = try Workspace()
    try workspace.export()
    let korean = try String(contentsOf: workspace.xliffFile("ko"), encoding: .utf8)
    #expect(
      korean.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"
      ))
    #expect(korean.contains("target-language=\"ko\""))
    #expect(
      korean.contains(
        """
              <trans-unit id="cart.title" xml:space="preserve">
                <source>Your Cart</source>
                <target state="needs-review-translation">장바구니</target>
                <note>Heading of the cart screen, and the page title.</note>
              </trans-unit>
        """))
    let polish = try String(contentsOf: workspace.xliffFile("pl"), encoding: .utf8)
    for category in ["one", "few", "many", "other"] {
      #expect(polish.contains("<trans-unit id=\"cart.itemCount|==|plural.\(category)\""))
    }
    // English has no "few": its source is English's "other".
    #expect(
      polish.contains(
        "<source>%@ items</source>\n        <target state=\"needs-review-translation\">%@ produkty</target>"))
    let english = try String(contentsOf: workspace.xliffFile("en"), encoding: .utf8)
    #expect(english.contains("<target state=\"translated\">Your Cart</target>"))
  }

  @Test func aReviewedStringIsWrittenBackWithItsState() throws {
    let workspace = try Workspace()
    try workspace.export()
    let url = workspace.xliffFile("ko")
    let text = try String(contentsOf: url, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "<target state=\"needs-review-translation\">장바구니</target>",
      with: "<target state=\"translated\">내 장바구니</target>")
    #expect(edited != text)
    try Data(edited.utf8).write(to: url)
    let before = try String(decoding: workspace.catalog("ko"), as: UTF8.self)
    let outcome = workspace.run(["import", url.path])
    #expect(outcome.status == .success, "\(outcome.standardError)")
    #expect(outcome.standardOutput == "ko.xcstrings: 1 string changed\n")
    let after = try String(decoding: workspace.catalog("ko"), as: UTF8.self)
    let expected = before.replacingOccurrences(
      of: """
        "state" : "needs_review",
                    "value" : "장바구니"
        """,
      with: """
        "state" : "translated",
                    "value" : "내 장바구니"
        """)
    #expect(expected != before)
    #expect(after == expected)
  }

  /// Every plural form a file changes is written: each form's unit applies over the ones
  /// before it, not over the catalog as read (which kept only the last form's change).
  @Test func everyChangedPluralFormOfOneKeyIsWritten() throws {
    let workspace = try Workspace()
    try workspace.export()
    let url = workspace.xliffFile("de")
    let text = try String(contentsOf: url, encoding: .utf8)
    var edited = text
    for (category, value) in [("one", "%@ Teil"), ("other", "%@ Teile")] {
      let unit = try #require(edited.range(of: "<trans-unit id=\"cart.itemCount|==|plural.\(category)\""))
      let target = try #require(edited.range(of: ">%@ Artikel</target>", range: unit.upperBound..<edited.endIndex))
      edited.replaceSubrange(target, with: ">\(value)</target>")
    }
    try Data(edited.utf8).write(to: url)
    let outcome = workspace.run(["import", url.path])
    #expect(outcome.standardOutput == "de.xcstrings: 2 strings changed\n", "\(outcome.standardError)")
    let after = try String(decoding: workspace.catalog("de"), as: UTF8.self)
    #expect(after.contains("\"value\" : \"%@ Teil\""))
    #expect(after.contains("\"value\" : \"%@ Teile\""))
  }

  /// Each broken file: exit 65, a line naming the file and what is wrong, and no catalog
  /// changed, though the same file also holds a good change.
  @Test(arguments: [
    (
      "<target state=\"needs-review-translation\">연결됨: %@</target>",
      "<target state=\"needs-review-translation\">연결됨: %1$@ %2$@</target>",
      "trans-unit \"header.connectedTo\": the target's placeholders are not the English ones (%1$@, each once"
    ),
    (
      "<trans-unit id=\"cart.title\"", "<trans-unit id=\"cart.titel\"",
      "/locales/ko.xcstrings has no key \"cart.titel\""
    ),
    (
      "<trans-unit id=\"cart.itemCount|==|plural.other\"", "<trans-unit id=\"cart.itemCount|==|plural.few\"",
      "/locales/ko.xcstrings has no \"few\" form of \"cart.itemCount\""
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>",
      "<target state=\"approved\">장바구니</target>",
      "trans-unit \"cart.title\": unknown state \"approved\""
    ),
    (
      "<source>Your Cart</source>", "<source>Your Basket</source>",
      "trans-unit \"cart.title\": the source is not the current English"
    ),
    ("</body>", "</bod>", ": not well-formed XML: "),
    // A document type declaration could declare entities; an internal one used in an attribute.
    (
      "?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">",
      "?>\n<!DOCTYPE xliff [<!ENTITY v \"1.2\">]>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"&v;\">",
      ": not well-formed XML: a document type declaration (<!DOCTYPE …>) is not accepted"
    ),
    // Refused before libxml2 reads it.
    (
      "</body>", "<!--" + String(repeating: "x", count: 1 << 20) + "--></body>",
      " bytes; an XLIFF file to import is at most 1048576 bytes (1 MiB)"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target state=\"translated\">장바\n구니</target>",
      "trans-unit \"cart.title\": the target holds U+000A, a control character"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target state=\"translated\">장바\u{202E}구니</target>",
      "trans-unit \"cart.title\": the target holds U+202E, a control character"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target state=\"translated\">\u{2067}장바구니</target>",
      "trans-unit \"cart.title\": the target holds U+2067, a control character"
    ),
    // A tag character is invisible: it could hide text, or fake the marks the tools put around strings.
    (
      "<target state=\"needs-review-translation\">장바구니</target>",
      "<target state=\"translated\">장바\u{E005D}\u{E0030}\u{E0030}\u{E0031}구니</target>",
      "trans-unit \"cart.title\": the target holds U+E005D, a tag character"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target state=\"translated\">  </target>",
      "trans-unit \"cart.title\": the target has no visible character"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target state=\"translated\">\u{200B}</target>",
      "trans-unit \"cart.title\": the target has no visible character"
    ),
    // Another namespace's target is not the target; a second target is not ignored.
    (
      "<target state=\"needs-review-translation\">장바구니</target>",
      "<x:target xmlns:x=\"urn:example\" state=\"translated\">장바구니!</x:target>",
      "trans-unit \"cart.title\": no <source> or no <target>"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>",
      "<target state=\"needs-review-translation\">장바구니</target><target state=\"translated\">장바구니!</target>",
      "trans-unit \"cart.title\": more than one <source> or <target>"
    ),
    (
      "<target state=\"needs-review-translation\">장바구니</target>", "<target>장바구니<g id=\"1\">!</g></target>",
      "inline XLIFF markup"
    ),
  ])
  func aBrokenFileChangesNothingAndSaysWhatIsWrong(_ find: String, _ replacement: String, _ message: String) throws {
    let workspace = try Workspace()
    try workspace.export()
    let before = try workspace.allCatalogs()
    let url = workspace.xliffFile("ko")
    let text = try String(contentsOf: url, encoding: .utf8)
    let good = text.replacingOccurrences(
      of: "<target state=\"needs-review-translation\">장바구니가 비어 있음</target>",
      with: "<target state=\"translated\">장바구니가 비어 있습니다</target>")
    let broken = good.replacingOccurrences(of: find, with: replacement)
    #expect(good != text && broken != good)
    try Data(broken.utf8).write(to: url)
    let outcome = workspace.run(["import", workspace.xliffFile("ja").path, url.path])
    #expect(outcome.status == .dataError)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.hasPrefix(url.path + ":"), "\(outcome.standardError)")
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    #expect(try workspace.allCatalogs() == before)
  }

  /// Markup characters in a target are text (the HTML writer escapes them), not refused.
  @Test func aTargetWithMarkupCharactersIsAccepted() throws {
    let workspace = try Workspace()
    try workspace.export()
    let url = workspace.xliffFile("ko")
    let text = try String(contentsOf: url, encoding: .utf8)
    let changed = text.replacingOccurrences(
      of: "<target state=\"needs-review-translation\">장바구니</target>",
      with: "<target state=\"translated\">&lt;b&gt;장바구니 &amp;</target>")
    #expect(changed != text)
    try Data(changed.utf8).write(to: url)
    let outcome = workspace.run(["import", url.path])
    #expect(outcome.status == .success, "\(outcome.standardError)")
    let catalog = String(decoding: try workspace.catalog("ko"), as: UTF8.self)
    #expect(catalog.contains("\"value\" : \"<b>장바구니 &\""))
  }

  /// One unit given by two files of one import is refused: neither silently wins.
  @Test func theSameUnitInTwoFilesIsRefused() throws {
    let workspace = try Workspace()
    try workspace.export()
    let before = try workspace.allCatalogs()
    let url = workspace.xliffFile("ko")
    let copy = workspace.xliff.appending(path: "ko-copy.xliff")
    try FileManager.default.copyItem(at: url, to: copy)
    let outcome = workspace.run(["import", url.path, copy.path])
    #expect(outcome.status == .dataError)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError.contains(
        "\(copy.path): trans-unit \"cart.title\": also given by \(url.path) for \"ko\"; give each unit in one file\n"),
      "\(outcome.standardError.prefix(500))")
    #expect(try workspace.allCatalogs() == before)
  }

  /// No entity is substituted and nothing outside the file is read: a document that
  /// declares an external entity and uses it is refused (as any document type declaration).
  @Test func anEntityIsRefusedAndNothingOutsideTheFileIsRead() throws {
    let workspace = try Workspace()
    try workspace.export()
    let before = try workspace.allCatalogs()
    let url = workspace.xliffFile("ko")
    let text = try String(contentsOf: url, encoding: .utf8)
    let broken =
      text.replacingOccurrences(
        of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        with:
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE xliff [<!ENTITY ext SYSTEM \"file:///etc/hostname\">]>\n"
      )
      .replacingOccurrences(
        of: "<target state=\"needs-review-translation\">장바구니</target>",
        with: "<target state=\"translated\">&ext;</target>")
    try Data(broken.utf8).write(to: url)
    let outcome = workspace.run(["import", url.path])
    #expect(outcome.status == .dataError)
    #expect(
      outcome.standardError
        == "\(url.path): not well-formed XML: a document type declaration (<!DOCTYPE …>) is not accepted: an XLIFF file has none\n"
    )
    #expect(try workspace.allCatalogs() == before)
  }

  @Test func theCommandLineNeedsAnActionAndItsOperands() throws {
    #expect(
      try CommandLineSyntax.parse(["strings", "export", "--xliff", "out"])
        == .strings(StringsOptions(action: .export, xliffDirectory: "out")))
    #expect(
      try CommandLineSyntax.parse(["strings", "import", "a.xliff", "b.xliff", "--locales", "l"])
        == .strings(StringsOptions(action: .import(["a.xliff", "b.xliff"]), localesDirectory: "l")))
    for (arguments, message) in [
      (["strings"], "Missing 'export' or 'import'."),
      (["strings", "export"], "Missing '--xliff DIR'."),
      (["strings", "import"], "Missing FILE.xliff to import."),
      (["strings", "import", "a.xliff", "--xliff", "out"], "'--xliff' is for export; import reads FILEs."),
      (["strings", "translate"], "Unknown action 'translate'; use export, import or review."),
    ] {
      #expect(throws: UsageError(message: message, subcommand: .strings)) { try CommandLineSyntax.parse(arguments) }
    }
  }
}
