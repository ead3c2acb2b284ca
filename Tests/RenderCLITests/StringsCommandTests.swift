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

  /// No entity is substituted and nothing outside the file is read: a document that
  /// declares an external entity and uses it is refused, naming the entity.
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
        == "\(url.path): not well-formed XML: the entity reference &ext; is not accepted: write the text itself\n")
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
      (["strings", "translate"], "Unknown action 'translate'; use export or import."),
    ] {
      #expect(throws: UsageError(message: message, subcommand: .strings)) { try CommandLineSyntax.parse(arguments) }
    }
  }
}
