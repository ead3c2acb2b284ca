import Foundation
import Testing

@testable import RenderBase
@testable import RenderCore
@testable import RenderHTML
@testable import RenderMoney

/// The fast path of an amount (``DecimalDigits/roundedUnits(_:places:)``: a mantissa of
/// at most 64 bits rounded in integer arithmetic, laid out by word-sized copies) at its
/// edges: it gives the digits the general path gives, and Foundation's text byte for
/// byte.
@Suite struct MoneyFastPathTests {
  static func decimal(_ text: String) -> Decimal { NumberPatternTests.decimal(text) }

  static func stored(_ mantissa: UInt64, exponent: Int8, negative: Bool = false) -> Decimal {
    DecimalEqualityTests.stored(mantissa, exponent: exponent, negative: negative)
  }

  /// Mantissas around every word and 64-bit boundary, half-way and carrying digits.
  static let mantissas: [UInt64] = [
    0, 1, 4, 5, 6, 9, 10, 15, 25, 35, 45, 95, 99, 125, 135, 995, 999, 9995, 14_305, 2675, 1005,
    0xFFFF, 0x1_0000, 0xFFFF_FFFF, 0x1_0000_0000, 0xFFFF_FFFF_FFFF, 0x1_0000_0000_0000, 1 << 63,
    9_999_999_999_999_999_999, 10_000_000_000_000_000_000, 5_000_000_000_000_000_000, UInt64.max - 1, UInt64.max,
  ]

  @Test func unitsAreTheDigitsOfTheGeneralPath() {
    var taken = 0
    for mantissa in Self.mantissas {
      for exponent in Int8(-30)...Int8(25) {
        for negative in [false, true] where mantissa != 0 || !negative {
          let value = Self.stored(mantissa, exponent: exponent, negative: negative)
          for places in 0...6 {
            let general = DecimalDigits.withRounded(value, places: places) { isNegative, integer, fraction in
              (isNegative, String(decoding: Array(integer) + Array(fraction), as: UTF8.self))
            }
            guard let (isNegative, units) = DecimalDigits.roundedUnits(value, places: places) else { continue }
            taken += 1
            let digits = String(units)
            let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
            #expect(
              general?.0 == isNegative && general?.1 == padded,
              "\(mantissa)e\(exponent) at \(places): \(units) vs \(String(describing: general))")
          }
        }
      }
    }
    // Most of them: every value whose rounding fits 64 bits.
    #expect(taken > 15_000)
  }

  /// The pairs most pages use are written by their learned patterns, laid out from a
  /// `Decimal`'s storage read in one load, and straight into a page: a toolchain whose
  /// Foundation changes its formatting or `Decimal`'s layout would otherwise turn the
  /// fast path off silently (every amount through Foundation, the same text, far slower).
  @Test(arguments: [
    ("en-US", "USD"), ("de-DE", "EUR"), ("ja-JP", "JPY"), ("ar-EG", "EGP"), ("fr-FR", "EUR"), ("en-IN", "INR"),
    ("en-GB", "GBP"), ("es-ES", "EUR"), ("pt-BR", "BRL"), ("he-IL", "ILS"),
  ])
  func theFastPathIsActiveForCommonPairs(_ locale: String, _ currency: String) throws {
    #expect(DecimalDigits.layoutIsKnown, "a Decimal's storage no longer reads as expected")
    let money = MoneyFormatter.shared(currency: currency, locale: Locale(identifier: locale))
    #expect(money.isCompiled, "\(locale) \(currency): no learned pattern, Foundation writes every amount")
    let places = try #require(money.fractionDigits)
    let bytes = try #require(money.amountBytes)
    #expect(bytes.isDisjoint(with: HTMLWriter.entityByteSet), "\(locale) \(currency): amounts are scanned")
    for text in ["14.30", "-1234.5", "1500", "0.125", "999999.99"] {
      let amount = Self.decimal(text)
      #expect(DecimalDigits.roundedUnits(amount, places: places) != nil, "\(text) leaves the one-load read")
      var sink = CollectedBytes()
      #expect(money.write(amount, into: &sink), "\(locale) \(currency) \(text)")
      #expect(String(decoding: sink.bytes, as: UTF8.self) == money.referenceFormat(amount))
    }
    var sink = CollectedBytes()
    #expect(money.write(1234, into: &sink))
    #expect(String(decoding: sink.bytes, as: UTF8.self) == money.referenceFormat(1234))
  }

  /// A plain byte sink: what money lays out, collected.
  struct CollectedBytes: ByteSink {
    var bytes: [UInt8] = []

    mutating func append(room: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int) {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
      defer { buffer.deallocate() }
      let written = write(buffer)
      bytes += buffer.prefix(written)
    }
  }

  @Test func commonAmountsTakeTheFastPath() {
    for (value, places, units) in [
      (Self.decimal("14.30"), 2, UInt64(1430)), (Self.stored(143, exponent: -1), 2, 1430),
      (Self.stored(2, exponent: 1), 2, 2000), (Self.decimal("1500"), 0, 1500), (Self.decimal("0"), 2, 0),
      (Self.decimal("9.995"), 2, 1000), (Self.decimal("0.125"), 2, 12), (Self.decimal("0.135"), 2, 14),
      (Self.decimal("1e-30"), 2, 0), (Self.stored(UInt64.max, exponent: -2), 2, UInt64.max),
    ] {
      #expect(DecimalDigits.roundedUnits(value, places: places)?.units == units, "\(value)")
    }
    // Past 64 bits: the general path.
    #expect(DecimalDigits.roundedUnits(Self.stored(UInt64.max, exponent: 0), places: 2) == nil)
    #expect(DecimalDigits.roundedUnits(Self.decimal("18446744073709551616"), places: 0) == nil)
    #expect(DecimalDigits.roundedUnits(Self.decimal("1e20"), places: 2) == nil)
    #expect(DecimalDigits.roundedUnits(.nan, places: 2) == nil)
  }

  /// Amounts at the fast path's edges, each with the currency's places in mind.
  static let edgeAmounts: [Decimal] = {
    let texts = [
      "0", "0.001", "0.005", "0.015", "0.125", "0.135", "0.145", "2.675", "1.005", "1.015", "0.995", "9.995",
      "99.995", "999.995", "999999.995", "0.0049999", "0.0050001", "1.23456789", "123456.789123", "0.5", "1.5",
      "2.5", "1234.5", "14.3", "14.30", "14.305", "14.315", "1e20", "5e25", "1e-30", "99999999999999999999.99",
      "184467440737095516.15", "184467440737095516.16", "18446744073709551615", "18446744073709551616",
      "9223372036854775808", "9999999999999999999", "10000000000000000000", "0.00045", "0.0005", "0.00055",
    ]
    let parsed = texts.map(decimal)
    let raw = [
      stored(UInt64.max, exponent: -2), stored(UInt64.max, exponent: -4), stored(UInt64.max, exponent: -20),
      stored(UInt64.max, exponent: 0), stored(UInt64.max, exponent: 1), stored(1 << 63, exponent: -2),
      stored(0xFFFF_FFFF, exponent: -2), stored(0x1_0000, exponent: -2), stored(0, exponent: 30),
      stored(0, exponent: -30), stored(1, exponent: 19), stored(1, exponent: 20), stored(1430, exponent: -2),
      stored(14300, exponent: -3), stored(143, exponent: -1), stored(2, exponent: 1), stored(5, exponent: -3),
      stored(15, exponent: -3), stored(25, exponent: -3), stored(9995, exponent: -3),
    ]
    let values = parsed + raw
    return values + values.filter { !$0.isZero }.map { -$0 }
  }()

  static let pairs = [
    ("en-US", "USD"), ("ar-EG", "USD"), ("ja-JP", "JPY"), ("en-US", "KWD"), ("en-US", "CLF"), ("en-IN", "INR"),
    ("fr-FR", "EUR"), ("de-CH", "CHF"), ("fa-IR", "IRR"), ("bn-BD", "BDT"), ("es-ES", "EUR"), ("he-IL", "ILS"),
    ("my-MM", "MMK"), ("hi-IN", "INR"),
  ]

  @Test(arguments: pairs)
  func edgeAmountsMatchFoundation(_ locale: String, _ currency: String) {
    let money = MoneyFormatter.shared(currency: currency, locale: Locale(identifier: locale))
    #expect(money.isCompiled)
    for amount in Self.edgeAmounts {
      let foundation = money.referenceFormat(amount)
      #expect(money.format(amount) == foundation, "\(locale) \(currency) \(amount)")
      var page = HTMLWriter()
      page.text(amount, in: money)
      var expected = HTMLWriter()
      expected.text(foundation)
      #expect(page.output == expected.output, "\(locale) \(currency) \(amount) in a page")
    }
    for count in [0, 1, -1, 9, 10, 99, 100, 1000, 123_456_789, Int.max, Int.min, Int.min + 1] {
      #expect(money.format(count) == money.referenceFormat(count), "\(locale) quantity \(count)")
      var page = HTMLWriter()
      page.text(count: count, in: money)
      var expected = HTMLWriter()
      expected.text(money.referenceFormat(count))
      #expect(page.output == expected.output, "\(locale) quantity \(count) in a page")
    }
  }

  /// A pattern made by hand, to reach layouts no locale has: long runs of digits (no
  /// grouping), an affix longer than one 16-byte word.
  static func pattern(digits: String, prefix: String = "$", grouped: Bool = false) -> NumberPattern {
    let glyphs = Array(digits.unicodeScalars)
    return NumberPattern(
      positivePrefix: Array(prefix.utf8), positiveSuffix: [], negativePrefix: Array(("-" + prefix).utf8),
      negativeSuffix: Array(" CR".utf8), digits: Array(digits.utf8), digitWidth: String(glyphs[0]).utf8.count,
      decimalSeparator: Array(".".utf8), groupingSeparator: Array(",".utf8), primaryGroup: grouped ? 3 : 0,
      secondaryGroup: grouped ? 2 : 1, minimumGrouping: 1, fractionDigits: 2, negativeZeroKeepsSign: false)
  }

  /// `ascii` with its digits replaced by `digits`' glyphs.
  static func native(_ ascii: String, _ digits: String) -> String {
    let glyphs = Array(digits.unicodeScalars)
    return String(
      String.UnicodeScalarView(
        ascii.unicodeScalars.map { scalar in
          guard let value = scalar.properties.numericType == .decimal ? Int(String(scalar)) : nil else { return scalar }
          return glyphs[value]
        }))
  }

  @Test(arguments: ["0123456789", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९"])
  func longRunsAndLongAffixes(_ digits: String) {
    let cases: [(Decimal, String)] = [
      (Self.stored(UInt64.max, exponent: -2), "$184467440737095516.15"),
      (Self.stored(UInt64.max, exponent: -3), "$18446744073709551.62"),
      (Self.stored(UInt64.max, exponent: 0), "$18446744073709551615.00"),
      (-Self.stored(UInt64.max, exponent: -2), "-$184467440737095516.15 CR"),
      (Self.decimal("-0.001"), "$0.00"), (Self.decimal("0.004"), "$0.00"), (Self.decimal("0.05"), "$0.05"),
      (Self.decimal("12345678901234567.891"), "$12345678901234567.89"),
    ]
    for prefix in ["$", "A prefix longer than sixteen bytes "] {
      let pattern = Self.pattern(digits: digits, prefix: prefix)
      for (amount, ascii) in cases {
        let wanted = Self.native(ascii, digits).replacingOccurrences(of: "$", with: prefix)
        #expect(pattern.format(amount) == wanted, "\(amount)")
        let page = pattern.withPacked { packed in
          var html = HTMLWriter()
          #expect(packed.write(amount, into: &html))
          return html.output
        }
        #expect(page == wanted, "\(amount) in a page")
      }
      #expect(pattern.format(Int.max) == Self.native(prefix + "9223372036854775807.00", digits))
      #expect(pattern.format(Int.min) == Self.native("-" + prefix + "9223372036854775808.00 CR", digits))
    }
    // Grouped 3;2 (en-IN) with the same digits, 20 integer digits.
    let grouped = Self.pattern(digits: digits, grouped: true)
    #expect(
      grouped.format(Self.stored(UInt64.max, exponent: 0))
        == Self.native("$1,84,46,74,40,73,70,95,51,615.00", digits))
    #expect(grouped.format(Self.decimal("999.995")) == Self.native("$1,000.00", digits))
    #expect(grouped.format(Self.decimal("99999.995")) == Self.native("$1,00,000.00", digits))
  }
}
