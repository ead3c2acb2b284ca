import Foundation
import Synchronization

extension NumberPattern {
  /// Learns the pattern Foundation follows for one (locale, currency) pair or one
  /// locale's whole numbers, from what `reference` writes for a few values, then checks
  /// it against `reference` on ``probes(fractionDigits:)``, byte for byte. Nil when
  /// anything does not fit or one probe differs: the caller keeps formatting with
  /// Foundation.
  ///
  /// - Parameters:
  ///   - wholeNumbers: true for an integer style (quantities): no fraction is probed.
  ///   - reference: Foundation's formatting of a value.
  static func learn(wholeNumbers: Bool, reference: (Decimal) -> String?) -> NumberPattern? {
    guard DecimalDigits.layoutIsKnown, let sketch = sketch(wholeNumbers: wholeNumbers, reference: reference)
    else { return nil }
    let probes = probes(fractionDigits: sketch.fractionDigits, wholeNumbers: wholeNumbers)
    let expected = probes.map(reference)
    // The minimum grouping and a negative zero's sign do not show in the sketch's
    // values: the candidate that writes every probe as Foundation does is the pattern.
    for minimumGrouping in 1...3 {
      for negativeZeroKeepsSign in [true, false] {
        var candidate = sketch
        candidate.minimumGrouping = minimumGrouping
        candidate.negativeZeroKeepsSign = negativeZeroKeepsSign
        let matches = zip(probes, expected).allSatisfy { probe, wanted in
          guard let wanted else { return false }
          return candidate.format(probe) == wanted
        }
        if matches { return candidate }
      }
    }
    return nil
  }

  /// Values on which a learned pattern must agree with Foundation before it is used,
  /// each there for a feature of the pattern:
  /// - grouping (sizes, 3;2, the minimum grouping) and digits: one value of each integer
  ///   length up to 20 digits (18 for whole numbers), `1`, `12`, `123`…, so every
  ///   grouping position is written once;
  /// - exactness past `Double`'s 17 digits: 10^20 (10^17 for whole numbers), the largest
  ///   38-digit value, `12345678901234567`;
  /// - rounding (half-even at the currency's last digit, and carrying into a new group):
  ///   half-way cases with even and odd last digits (`0.005`, `0.015`, `0.025`, `2.675`,
  ///   `9.995`, `999999.995` for two places), values just above and below a half,
  ///   more digits than the currency has, amounts that round to zero;
  /// - the negative affixes, the minus sign kept or dropped on a negative zero, and
  ///   rounding being symmetric about zero: the negatives of the rounding and exactness
  ///   probes, and of the grouping probes up to 8 digits and the longest.
  /// The other grouping probes' negatives would prove nothing more (the digits are laid
  /// out by the same code whatever the sign) and are left out: each probe costs a
  /// Foundation call.
  static func probes(fractionDigits: Int, wholeNumbers: Bool) -> [Decimal] {
    let key = wholeNumbers ? -1 : fractionDigits
    if let made = probeCache.withLock({ $0[key] }) { return made }
    let made = makeProbes(fractionDigits: fractionDigits, wholeNumbers: wholeNumbers)
    probeCache.withLock { $0[key] = made }
    return made
  }

  /// Probe values by fraction digits (-1: whole numbers), made once.
  private static let probeCache = Mutex<[Int: [Decimal]]>([:])

  private static func makeProbes(fractionDigits: Int, wholeNumbers: Bool) -> [Decimal] {
    // Every integer length: grouping positions. Whole numbers are `Int`s: at most 18 digits.
    var grouping: [String] = []
    var digits = ""
    for length in 1...(wholeNumbers ? 18 : 20) {
      digits += String(length % 10)
      grouping.append(digits)
    }
    var signed: [String] = ["99", "1" + String(repeating: "0", count: wholeNumbers ? 17 : 20)]
    if !wholeNumbers {
      signed += ["99999999999999999999999999999999999999", "12345678901234567"]
      let step = fractionDigits
      func shifted(_ digits: String, places: Int) -> String {
        // `digits` × 10^-places, written out.
        guard places > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
      }
      // Half-way at the last digit: 0.005, 0.015, 0.025, 2.675, 9.995, 999999.995 (two places).
      for base in ["0", "1", "2", "267", "999", "99999999", "12345"] {
        signed.append(shifted(base + "5", places: step + 1))
      }
      // Just below and above a half, decided by their last digits.
      for base in ["2", "99999999"] {
        signed.append(shifted(base + "49999", places: step + 5))
        signed.append(shifted(base + "50001", places: step + 5))
      }
      signed += [
        shifted("123456789", places: step + 4), shifted("1", places: step + 1), shifted("4", places: step + 1),
        shifted("6", places: step + 1), "0.000000000000000000000000000001", shifted("1", places: step),
        shifted("1234567891", places: step), "1.5", "0.5", "2.5", "1234.5",
      ]
    }
    let negativeGrouping = Array(grouping.prefix(8)) + [grouping[grouping.count - 1]]
    let posix = Locale(identifier: "en_US_POSIX")
    func values(_ texts: [String]) -> [Decimal] { texts.compactMap { Decimal(string: $0, locale: posix) } }
    return values(["0"] + grouping + signed) + values(negativeGrouping + signed).map { -$0 }
  }

  /// The pattern's separators, affixes and digits from a few values, before the checks
  /// that settle the rest.
  private static func sketch(wholeNumbers: Bool, reference: (Decimal) -> String?) -> NumberPattern? {
    let posix = Locale(identifier: "en_US_POSIX")
    // The ten digits: what differs between the writings of 0 and of 1…9.
    guard let zeroText = reference(0) else { return nil }
    let zero = Array(zeroText.unicodeScalars)
    var glyphs: [Unicode.Scalar] = []
    for digit in 0...9 {
      guard let text = reference(Decimal(digit)) else { return nil }
      let other = Array(text.unicodeScalars)
      guard digit > 0 else { continue }
      guard other.count == zero.count else { return nil }
      let differing = zero.indices.filter { zero[$0] != other[$0] }
      guard differing.count == 1, let position = differing.first else { return nil }
      if glyphs.isEmpty { glyphs.append(zero[position]) }
      guard glyphs.count == digit, zero[position] == glyphs[0] else { return nil }
      glyphs.append(other[position])
    }
    for (value, glyph) in glyphs.enumerated() {
      guard glyph.properties.numericType == .decimal, glyph.properties.numericValue == Double(value) else {
        return nil
      }
    }
    let widths = Set(glyphs.map { String($0).utf8.count })
    guard widths.count == 1, let digitWidth = widths.first else { return nil }
    let digitBytes = glyphs.flatMap { Array(String($0).utf8) }

    // A value with every group and more decimals than any currency has.
    let probeText = wholeNumbers ? "1234567" : "1234567.891234"
    guard let probe = Decimal(string: probeText, locale: posix),
      let positive = reference(probe).map(tokens(glyphs: glyphs)),
      let negative = reference(-probe).map(tokens(glyphs: glyphs)),
      positive.runs == negative.runs, positive.separators == negative.separators
    else { return nil }
    // The fraction digits: the rounding of the probe whose digits were written.
    let written = positive.runs.joined()
    guard
      let fractionDigits = (0...6).first(where: { places in
        DecimalDigits.withRounded(probe, places: places) { _, integer, fraction in
          String(decoding: Array(integer) + Array(fraction), as: UTF8.self)
        } == written
      })
    else { return nil }
    var integerRuns = positive.runs
    var decimalSeparator = ""
    var separators = positive.separators
    if fractionDigits > 0 {
      guard integerRuns.last?.count == fractionDigits, let last = separators.last else { return nil }
      decimalSeparator = last
      integerRuns.removeLast()
      separators.removeLast()
    }
    let sizes = integerRuns.map(\.count)
    var primary = 0
    var secondary = 0
    var grouping = ""
    if sizes.count >= 2, let last = sizes.last, let first = sizes.first, let separator = separators.first {
      guard Set(separators).count == 1 else { return nil }
      grouping = separator
      primary = last
      secondary = sizes.count >= 3 ? sizes[sizes.count - 2] : primary
      guard primary > 0, secondary > 0, first <= secondary, sizes.dropFirst().dropLast().allSatisfy({ $0 == secondary })
      else { return nil }
    } else if sizes.count != 1 {
      return nil
    }
    return NumberPattern(
      positivePrefix: Array(positive.prefix.utf8), positiveSuffix: Array(positive.suffix.utf8),
      negativePrefix: Array(negative.prefix.utf8), negativeSuffix: Array(negative.suffix.utf8), digits: digitBytes,
      digitWidth: digitWidth, decimalSeparator: Array(decimalSeparator.utf8), groupingSeparator: Array(grouping.utf8),
      primaryGroup: primary, secondaryGroup: max(1, secondary), minimumGrouping: 1, fractionDigits: fractionDigits,
      negativeZeroKeepsSign: true)
  }

  /// A written number split at its digits: the text before the first digit, the runs of
  /// digits (as ASCII), the separators between them, the text after the last digit.
  private struct Tokens {
    var prefix = ""
    var runs: [String] = []
    var separators: [String] = []
    var suffix = ""
  }

  private static func tokens(glyphs: [Unicode.Scalar]) -> (String) -> Tokens {
    { text in
      var result = Tokens()
      var pending = String.UnicodeScalarView()
      var run = ""
      for scalar in text.unicodeScalars {
        if let value = glyphs.firstIndex(of: scalar) {
          if run.isEmpty {
            if result.runs.isEmpty {
              result.prefix = String(pending)
            } else {
              result.separators.append(String(pending))
            }
            pending = String.UnicodeScalarView()
          }
          run += String(value)
        } else {
          if !run.isEmpty {
            result.runs.append(run)
            run = ""
          }
          pending.append(scalar)
        }
      }
      if !run.isEmpty { result.runs.append(run) }
      result.suffix = String(pending)
      return result
    }
  }
}
