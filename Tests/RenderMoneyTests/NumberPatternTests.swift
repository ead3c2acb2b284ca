import Foundation
import Testing

@testable import RenderCore
@testable import RenderHTML
@testable import RenderMoney

/// The learned money pattern: exact digits, half-even rounding, and Foundation kept
/// whenever a learned pattern would write one probe differently.
@Suite struct NumberPatternTests {
  static let posix = Locale(identifier: "en_US_POSIX")

  static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: posix) ?? .nan }

  @Test(arguments: [
    ("0.125", 2, false, "0", "12"), ("0.135", 2, false, "0", "14"), ("2.5", 0, false, "2", ""),
    ("3.5", 0, false, "4", ""), ("-0.001", 2, true, "0", "00"), ("9.995", 2, false, "10", "00"),
    ("1e20", 2, false, "100000000000000000000", "00"), ("1.5", 3, false, "1", "500"),
    ("1.0049999", 2, false, "1", "00"), ("1.005000001", 2, false, "1", "01"),
  ])
  func digitsAreRoundedHalfEven(_ text: String, _ places: Int, _ negative: Bool, _ integer: String, _ fraction: String)
  {
    let parts = DecimalDigits.withRounded(Self.decimal(text), places: places) { isNegative, whole, decimals in
      (isNegative, String(decoding: Array(whole), as: UTF8.self), String(decoding: Array(decimals), as: UTF8.self))
    }
    #expect(parts?.0 == negative && parts?.1 == integer && parts?.2 == fraction)
  }

  @Test func nanHasNoDigits() {
    #expect(DecimalDigits.withRounded(.nan, places: 2) { _, _, _ in true } == nil)
  }

  @Test func learnsWhatFoundationWrites() throws {
    let style = Decimal.FormatStyle.Currency(code: "INR", locale: Locale(identifier: "en-IN"))
    let pattern = try #require(NumberPattern.learn(wholeNumbers: false) { $0.formatted(style) })
    #expect(pattern.primaryGroup == 3 && pattern.secondaryGroup == 2 && pattern.fractionDigits == 2)
    #expect(pattern.format(Self.decimal("-1234567.891")) == Self.decimal("-1234567.891").formatted(style))
  }

  @Test func onePatternThatDisagreesOnOneProbeIsRefused() {
    let style = Decimal.FormatStyle.Currency(code: "USD", locale: Locale(identifier: "en-US"))
    let odd = Self.decimal("100000000000000000000")
    // A reference that writes 10^20 its own way: no pattern writes every probe as it does.
    let learned = NumberPattern.learn(wholeNumbers: false) { value in
      value == odd ? "$1e20" : value.formatted(style)
    }
    #expect(learned == nil)
  }

  static let dollars = Decimal.FormatStyle.Currency(code: "USD", locale: Locale(identifier: "en-US"))

  @Test func aPatternWithoutMarkupIsCopiedUnscanned() throws {
    let pattern = try #require(NumberPattern.learn(wholeNumbers: false) { $0.formatted(Self.dollars) })
    #expect(pattern.textBytes.isDisjoint(with: HTMLWriter.entityByteSet))
    let money = MoneyFormatter.shared(currency: "USD", locale: Locale(identifier: "en-US"))
    #expect(money.amountBytes == pattern.textBytes)
    var html = HTMLWriter()
    html.text(Self.decimal("-1234.5"), in: money)
    #expect(html.output == "-$1,234.50")
  }

  /// Learned text holding `&` `"` `<` `>` (as an affix, or as a separator) is marked,
  /// and the writer escapes it.
  @Test(arguments: [
    ("$", "<$", "&lt;$1,234.50"), ("$", "&$", "&amp;$1,234.50"), ("$", ">$", "&gt;$1,234.50"),
    ("$", "\"$", "\"$1,234.50"), (".", "&", "$1,234&amp;50"), (",", "<", "$1&lt;234.50"),
  ])
  func aPatternWithMarkupKeepsTheScan(_ original: String, _ replacement: String, _ written: String) throws {
    let pattern = try #require(
      NumberPattern.learn(wholeNumbers: false) { value in
        value.formatted(Self.dollars).replacingOccurrences(of: original, with: replacement)
      })
    #expect(!pattern.textBytes.isDisjoint(with: HTMLWriter.entityByteSet))
    var html = HTMLWriter()
    pattern.withPacked { packed in _ = packed.withUTF8(Self.decimal("1234.5")) { html.text(utf8: $0) } }
    #expect(html.output == written)
  }
}
