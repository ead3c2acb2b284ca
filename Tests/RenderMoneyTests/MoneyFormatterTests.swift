import Foundation
import RenderCore
import Testing

/// Exact formatted strings, invisible characters included: U+00A0 NBSP, U+202F NNBSP,
/// U+200F RLM, U+061C ALM, U+2019 (Swiss grouping). Values follow CLDR as shipped with
/// the pinned toolchain (`.swift-version`).
@Suite struct MoneyFormatterTests {
  struct SeedCase: Sendable, CustomTestStringConvertible {
    var locale: String
    /// totalPrice 20.00, totalAdjustedPrice 15.00, coupon -2.00, total 14.30, quantity 4.
    var expected: [String]
    var testDescription: String { locale }
  }

  static let seedCases: [SeedCase] = [
    SeedCase(locale: "en-US", expected: ["$20.00", "$15.00", "-$2.00", "$14.30", "4"]),
    SeedCase(locale: "fr-FR", expected: ["20,00\u{A0}$US", "15,00\u{A0}$US", "-2,00\u{A0}$US", "14,30\u{A0}$US", "4"]),
    SeedCase(locale: "de-CH", expected: ["$\u{A0}20.00", "$\u{A0}15.00", "$-2.00", "$\u{A0}14.30", "4"]),
    SeedCase(locale: "ja-JP", expected: ["$20.00", "$15.00", "-$2.00", "$14.30", "4"]),
    SeedCase(
      locale: "ar-EG",
      expected: [
        "\u{200F}٢٠٫٠٠\u{A0}US$", "\u{200F}١٥٫٠٠\u{A0}US$", "\u{061C}-\u{200F}٢٫٠٠\u{A0}US$", "\u{200F}١٤٫٣٠\u{A0}US$",
        "٤",
      ]),
    SeedCase(locale: "hi-IN", expected: ["$20.00", "$15.00", "-$2.00", "$14.30", "4"]),
  ]

  @Test(arguments: seedCases)
  func seedCartAmounts(_ seed: SeedCase) {
    let money = MoneyFormatter.shared(currency: "USD", locale: Locale(identifier: seed.locale))
    let amounts = ["20.00", "15.00", "-2.00", "14.30"].compactMap { Decimal(string: $0) }
    #expect(amounts.map(money.format) + [money.format(4)] == seed.expected)
  }

  @Test func groupingUsesNarrowNoBreakSpaceInFrench() {
    let money = MoneyFormatter.shared(currency: "USD", locale: Locale(identifier: "fr-FR"))
    #expect(money.format(Decimal(string: "1234567.89") ?? 0) == "1\u{202F}234\u{202F}567,89\u{A0}$US")
  }

  @Test func yenHasNoDecimals() {
    let money = MoneyFormatter.shared(currency: "JPY", locale: Locale(identifier: "ja-JP"))
    #expect(money.format(Decimal(1500)) == "¥1,500")
    #expect(money.format(Decimal(-300)) == "-¥300")
  }

  @Test func kuwaitiDinarHasThreeDecimals() {
    let english = MoneyFormatter.shared(currency: "KWD", locale: Locale(identifier: "en-US"))
    #expect(english.format(Decimal(string: "1.5") ?? 0) == "KWD\u{A0}1.500")
    #expect(english.format(Decimal(string: "-0.125") ?? 0) == "-KWD\u{A0}0.125")
    let arabic = MoneyFormatter.shared(currency: "KWD", locale: Locale(identifier: "ar-EG"))
    #expect(arabic.format(Decimal(string: "1.5") ?? 0) == "\u{200F}١٫٥٠٠\u{A0}د.ك.\u{200F}")
  }

  @Test func formatterIsCachedPerLocaleAndCurrency() {
    let first = MoneyFormatter.shared(currency: "EUR", locale: Locale(identifier: "de-DE"))
    let again = MoneyFormatter.shared(currency: "EUR", locale: Locale(identifier: "de-DE"))
    #expect(first.currency == again.currency && first.locale == again.locale)
    #expect(first.format(Decimal(string: "9.99") ?? 0) == "9,99\u{A0}€")
  }
}
