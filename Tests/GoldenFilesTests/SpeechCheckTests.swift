import Foundation
import GoldenFiles
import RenderCore
import SnapshotFiles
import Testing

/// `snapshot --check-speech`'s rules: each fails on a page written to break it (here, and
/// under `Tests/speech/`), and none fails on the project's own screens.
@Suite struct SpeechCheckTests {
  /// A form whose second button has no name and whose email field is invalid with no
  /// description: one finding per rule.
  static let brokenPage = """
    document "Sign up"
      main
        heading level 1 "Sign up"
        form
          textbox "Email address" invalid value "jane@"
          textbox "Phone number" invalid value "1", description "Error: Enter a phone number."
          checkbox "Email me news" not checked
          button "Share"
          button
          link ""

    """

  static func page(_ locale: String) -> SpeechCheck.Page {
    SpeechCheck.Page(context: RenderContext(configuration: .default, localeTag: locale))
  }

  /// A hand-written page under `Tests/speech/` that breaks a rule on purpose.
  static func brokenPage(_ name: String) throws -> String {
    try String(
      contentsOf: GoldenFile.packageRoot().appending(path: "Tests/speech/\(name).spoken.txt"), encoding: .utf8)
  }

  /// The lines of `name`'s page that `rule` finds.
  static func findings(_ rule: SpeechCheck.Rule, in name: String, locale: String) throws -> [Int] {
    SpeechCheck.check(try brokenPage(name), page: page(locale), rules: [rule]).map(\.line)
  }

  @Test func aControlWithoutANameIsFound() {
    #expect(
      SpeechCheck.check(Self.brokenPage, page: Self.page("en-US"), rules: [.controlName]) == [
        .init(rule: .controlName, line: 9, node: "button"), .init(rule: .controlName, line: 10, node: "link \"\""),
      ])
  }

  @Test func anInvalidFieldWithoutItsErrorIsFound() {
    #expect(
      SpeechCheck.check(Self.brokenPage, page: Self.page("en-US"), rules: [.errorField]) == [
        .init(rule: .errorField, line: 5, node: "textbox \"Email address\" invalid value \"jane@\"")
      ])
  }

  /// A name or value that holds the word is not a state.
  @Test func quotedWordsAreNotStates() {
    let page = #"textbox "invalid" required value "invalid \" invalid""# + "\n"
    #expect(SpeechCheck.check(page, page: Self.page("en-US")).isEmpty)
  }

  /// The item's price and the shipping line's threshold are read without "$"; the
  /// total, with it, is not found.
  @Test func anAmountWithoutItsCurrencyIsFound() throws {
    #expect(try Self.findings(.amountCurrency, in: "breaks-amount-currency.en-US", locale: "en-US") == [9, 14])
  }

  /// Two prices in one run, two price runs side by side, and a struck price read as
  /// plain text; "Now $10.00" after it is marked.
  @Test func aFormerPriceNotMarkedIsFound() throws {
    #expect(try Self.findings(.formerPrice, in: "breaks-former-price.en-US", locale: "en-US") == [9, 15, 21])
  }

  /// The total in a live total and again in "The total is now …".
  @Test func aTotalAnnouncedTwiceIsFound() throws {
    #expect(try Self.findings(.totalOnce, in: "breaks-total-once.en-US", locale: "en-US") == [8])
  }

  /// A Hebrew name in an English page, an override left open; and a Latin name in an
  /// Arabic page. Isolated text, amounts with their currency and the title are not found.
  @Test func textInAnotherDirectionWithoutIsolationIsFound() throws {
    #expect(try Self.findings(.bidiIsolation, in: "breaks-bidi-isolation.en-US", locale: "en-US") == [7, 12])
    #expect(try Self.findings(.bidiIsolation, in: "breaks-bidi-isolation.ar-EG", locale: "ar-EG") == [7])
  }

  /// Each broken page breaks only its own rule.
  @Test func eachBrokenPageBreaksOnlyItsRule() throws {
    for (name, locale) in [
      ("breaks-amount-currency.en-US", "en-US"), ("breaks-former-price.en-US", "en-US"),
      ("breaks-total-once.en-US", "en-US"), ("breaks-bidi-isolation.en-US", "en-US"),
      ("breaks-bidi-isolation.ar-EG", "ar-EG"),
    ] {
      let rules = Set(SpeechCheck.check(try Self.brokenPage(name), page: Self.page(locale)).map(\.rule.rawValue))
      #expect(rules.count == 1 && name.contains(rules.first ?? "-"), "\(name): \(rules.sorted())")
    }
  }

  /// How a page writes an amount, learned from its own formatter.
  @Test func thePageLearnsItsCurrencyFromItsFormatter() {
    let english = Self.page("en-US")
    #expect(english.currencySymbol == "$" && english.decimalSeparator == "." && english.fractionDigits == 2)
    let arabic = Self.page("ar-EG")
    #expect(arabic.isRightToLeft && arabic.currencySymbol == "US$" && arabic.decimalSeparator == "٫")
    let german = Self.page("de-DE")
    #expect(!german.isRightToLeft && german.currencySymbol == "$" && german.decimalSeparator == ",")
  }

  /// The amount rule is not passed for want of amounts: in every locale's seed cart,
  /// taking the currency away makes every amount a finding (the price sentence, the
  /// summary's amounts and the total).
  @Test func everyLocalesAmountsAreRecognised() throws {
    let folder = GoldenFile.packageRoot().appending(path: "snapshots/CartScreen")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("hair-spray.") && $0.hasSuffix(".spoken.txt")
    }
    #expect(files.count >= 15)
    for file in files {
      let locale = String(file.split(separator: ".")[1])
      let page = Self.page(locale)
      let spoken = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
      let bare = spoken.replacingOccurrences(of: page.currencySymbol, with: "")
      let lines = SpeechCheck.check(bare, page: page, rules: [.amountCurrency]).map(\.line)
      #expect(lines.count == 4, "\(file): symbol \(page.currencySymbol), lines \(lines)")
    }
  }

  @Test func everyGoldenSpokenFileKeepsEveryRule() throws {
    let root = GoldenFile.packageRoot().appending(path: "snapshots")
    let suites = try FileManager.default.contentsOfDirectory(atPath: root.path)
    var checked = 0
    for suite in suites {
      let folder = root.appending(path: suite)
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
      for file in files where file.hasSuffix(".spoken.txt") {
        // `<name>.<locale>.spoken.txt`, in the session of examples/session.json (USD).
        let locale = file.split(separator: ".").dropLast(2).last.map(String.init) ?? "en-US"
        let spoken = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
        let findings = SpeechCheck.check(spoken, page: Self.page(locale))
        #expect(findings.isEmpty, "\(suite)/\(file): \(findings)")
        checked += 1
      }
    }
    #expect(checked >= 140)
  }
}
