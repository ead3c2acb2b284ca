import Foundation
import RenderCore
import Testing

/// The compiled money path against Foundation, byte for byte: every formatter must write
/// every edge amount and quantity exactly as Foundation's `FormatStyle` does, whether
/// its pair compiled or fell back.
///
/// CI runs a fixed sample (locales where digits, grouping, separators or marks differ,
/// and every current currency in en-US and ar-EG). `scripts/money-differential` sets
/// `MONEY_DIFFERENTIAL=all` and runs every locale Foundation lists × every current
/// ISO 4217 currency.
@Suite struct MoneyDifferentialTests {
  static let runsEverything = ProcessInfo.processInfo.environment["MONEY_DIFFERENTIAL"] == "all"

  /// Current ISO 4217 codes: every code a session may name (`data/iso4217.txt`).
  static let currencies = CurrencyCode.current.sorted()

  static let sampleLocales = [
    "en-US", "en-IN", "hi-IN", "bn-BD", "mr-IN", "ne-NP", "ar-EG", "ar-SA", "ar-MA", "fa-IR", "ur-PK", "he-IL",
    "fr-FR", "fr-CH", "fr-CA", "de-DE", "de-CH", "de-AT", "es-ES", "es-MX", "pl-PL", "pt-PT", "pt-BR", "it-CH",
    "nl-NL", "sv-SE", "fi-FI", "nb-NO", "ru-RU", "uk-UA", "tr-TR", "el-GR", "ja-JP", "zh-Hans-CN", "zh-Hant-TW",
    "ko-KR", "th-TH", "vi-VN", "my-MM", "km-KH", "sw-KE", "am-ET", "en-ZA", "ps-AF", "dz-BT", "en-150", "root",
  ]
  static let sampleCurrencies = [
    "USD", "EUR", "JPY", "KWD", "CLF", "INR", "CHF", "ILS", "IRR", "BHD", "VND", "GBP", "EGP", "MMK", "UYW",
    "ZWG", "XCG",
  ]

  /// Pairs to check, grouped by locale so the groups run in parallel.
  static let groups: [[String]] = {
    let locales = runsEverything ? Locale.availableIdentifiers.sorted() : sampleLocales
    return locales.map { [$0] }
  }()

  static func currencies(for locale: String) -> [String] {
    if runsEverything || locale == "en-US" || locale == "ar-EG" { return currencies }
    return sampleCurrencies.filter(currencies.contains)
  }

  /// 0, negatives, 10^20, half-way cases at the currency's last digit (even and odd,
  /// carrying into a new group), more digits than the currency has, amounts that round
  /// to zero; written for `places` decimal places.
  static func amounts(places: Int) -> [Decimal] {
    func scaled(_ digits: String, _ shift: Int) -> String { digits + "e-\(shift)" }
    var texts = [
      "0", "1", "14.30", "1234.5", "1234567.891", "100000000000000000000", "99999999999999999999.99",
      "12345678901234567890", "0.1", "0.01", "0.001", "0.0001", "1.23456789", "1e-30", "123456789012.345678",
    ]
    for base in ["", "1", "2", "3", "12", "267", "999", "99999", "1234567"] {
      texts.append(scaled(base + "5", places + 1))
      texts.append(scaled(base + "49", places + 2))
      texts.append(scaled(base + "51", places + 2))
      texts.append(scaled(base + "5000001", places + 7))
    }
    let values = texts.compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    return values + values.filter { !$0.isZero }.map { -$0 }
  }

  static let counts = [0, 1, 4, 9, 10, 12, 999, 1000, 1234, 12345, 123456, 1234567, 1_000_000_000, -5]

  @Test(arguments: groups)
  func compiledPathMatchesFoundation(_ locales: [String]) {
    var pairs = 0
    var compiled = 0
    var compared = 0
    var mismatches: [String] = []
    for identifier in locales {
      let locale = Locale(identifier: identifier)
      for code in Self.currencies(for: identifier) {
        let money = MoneyFormatter.shared(currency: code, locale: locale)
        pairs += 1
        if money.isCompiled { compiled += 1 }
        let places = money.fractionDigits ?? CurrencyCode.fractionDigits(code)
        if money.isCompiled, money.fractionDigits != CurrencyCode.fractionDigits(code) {
          mismatches.append(
            "\(identifier) \(code): \(places) decimal places, the check allows \(CurrencyCode.fractionDigits(code))")
        }
        for amount in Self.amounts(places: places) {
          compared += 1
          let ours = money.format(amount)
          let foundation = money.referenceFormat(amount)
          if ours != foundation {
            mismatches.append(
              "\(identifier) \(code) \(amount): \(ours.debugDescription) ≠ \(foundation.debugDescription)")
          }
          // A page lays amounts out in place (HTMLWriter.text(_:in:)): the same bytes as
          // Foundation's text written into a page.
          var page = HTMLWriter()
          page.text(amount, in: money)
          var expected = HTMLWriter()
          expected.text(foundation)
          if page.output != expected.output {
            mismatches.append("\(identifier) \(code) \(amount) in a page: \(page.output.debugDescription)")
          }
        }
        for count in Self.counts {
          compared += 1
          var page = HTMLWriter()
          page.text(count: count, in: money)
          var expected = HTMLWriter()
          expected.text(money.referenceFormat(count))
          if page.output != expected.output {
            mismatches.append("\(identifier) \(code) quantity \(count) in a page: \(page.output.debugDescription)")
          }
          if money.format(count) != money.referenceFormat(count) {
            mismatches.append(
              "\(identifier) \(code) quantity \(count): \(money.format(count).debugDescription) ≠ \(money.referenceFormat(count).debugDescription)"
            )
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20).joined(separator: "\n"))")
    if Self.runsEverything {
      print(
        "money-differential: \(locales.joined()): \(pairs) pairs, \(compiled) compiled, \(compared) values compared, \(mismatches.count) differ"
      )
    }
  }

  /// A sample that proves the fast path is taken where the page's locales need it.
  @Test func commonPairsCompile() {
    for (identifier, code) in [
      ("en-US", "USD"), ("fr-FR", "EUR"), ("ar-EG", "USD"), ("ja-JP", "JPY"), ("en-IN", "INR"), ("de-CH", "CHF"),
      ("hi-IN", "USD"), ("es-ES", "EUR"), ("en-US", "KWD"),
    ] {
      #expect(
        MoneyFormatter.shared(currency: code, locale: Locale(identifier: identifier)).isCompiled,
        "\(identifier) \(code)")
    }
  }
}
