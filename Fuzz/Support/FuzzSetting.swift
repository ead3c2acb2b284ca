import CartRender
import Foundation
import RenderCore

/// The session and layout one input is rendered with, chosen from the input's own bytes
/// (FNV-1a), so the same input always meets the same setting and the corpus covers
/// every locale, currency and width without a header byte in each seed.
struct FuzzSetting {
  /// Locale and currency pairs: left to right and right to left, 0, 2 and 3 decimal
  /// places, Arabic-Indic and Devanagari digits, no-break spaces.
  static let sessions: [(locale: String, currency: String, region: String)] = [
    ("en-US", "USD", "US"), ("ar-EG", "EGP", "EG"), ("ja-JP", "JPY", "JP"), ("fr-FR", "EUR", "FR"),
    ("de-CH", "CHF", "CH"), ("hi-IN", "INR", "IN"), ("en-US", "KWD", "US"), ("en-GB", "GBP", "GB"),
  ]

  /// One context per session, built once: building a context reads the UI strings.
  static let contexts: [RenderContext] = sessions.map { session in
    RenderContext(
      configuration: SessionConfiguration(
        currency: session.currency, region: session.region, privacyPolicyURL: "https://example.com/privacy",
        websiteURL: "https://example.com", storeName: "Oakbrook Mall", deviceName: "Emily") ?? .default,
      localeTag: session.locale)
  }

  let hash: UInt64

  init(_ bytes: [UInt8]) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    self.hash = hash
  }

  var context: RenderContext { Self.contexts[Int(hash % UInt64(Self.contexts.count))] }

  /// A text width from 20 to 80 columns, the range a phone's text preview spans.
  var width: Int { 20 + Int((hash >> 8) % 61) }

  /// True for one input in `n`, by the hash: the slow checks (a second rendering for
  /// determinism, a whole form rendered again) run on a sample, so the fast ones run
  /// on many more inputs in the same time.
  func sampled(oneIn n: UInt64) -> Bool { (hash >> 40) % n == 0 }

  /// One of `options`, independent of ``context`` and ``width``.
  func pick<T>(_ options: [T]) -> T { options[Int((hash >> 16) % UInt64(options.count))] }
}

/// Renders a screen in both formats, twice each, and checks every output property.
enum ScreenCheck {
  /// - Parameter twice: render each format a second time and compare the bytes.
  /// - Returns: the HTML, for a harness's own properties.
  @discardableResult
  static func check(
    _ screen: some Screen, context: RenderContext, width: Int, twice: Bool = true, _ label: String
  ) throws(PropertyFailure) -> String {
    let html = try OutputProperties.deterministic(label + " html", twice: twice) { screen.html(context: context) }
    try OutputProperties.checkHTML(html, label + " html")
    let text = try OutputProperties.deterministic(label + " text", twice: twice) {
      screen.text(context: context, width: width)
    }
    try OutputProperties.checkText(text, label + " text")
    let money = MoneyFormatter.shared(currency: context.configuration.currency.rawValue, locale: context.locale.locale)
    try TextWidthCheck.check(text, width: width, money: money, gutter: screen is CartUpdate, label + " text")
    return html
  }
}

/// Every line of a text rendering fits its width in display columns, but for the one
/// line TextLayout lets overflow: an amount wider than the whole line, which is never
/// split and stands alone on its own line (after the change gutter of `cart --previous`,
/// `+ `, `~ `…), right-aligned from the first column.
enum TextWidthCheck {
  /// - Parameters:
  ///   - money: the session's formatter; when given, an overflowing line must be
  ///     exactly an amount it writes, else only shaped like one (no space, a digit).
  ///   - gutter: whether lines may start with a change gutter (unknown: true).
  static func check(
    _ text: String, width: Int, money: MoneyFormatter? = nil, gutter: Bool = true, _ label: String
  ) throws(PropertyFailure) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // No character is wider in columns than in UTF-8 bytes (ASCII 1 and 1, wide CJK
      // 2 and 3, emoji 2 and 4, marks 0), so a line of `width` bytes or fewer fits.
      if line.utf8.count <= width { continue }
      let columns = DisplayWidth.of(String(line))
      if columns > width, !isAmountAlone(line, money: money, gutter: gutter) {
        throw PropertyFailure(
          "text.fitsWidth", "\(label): a line of \(columns) columns in \(width): \(line.prefix(80))")
      }
    }
  }

  /// Gutter marks of `cart --previous` (CartText.Mark), then a space.
  static let gutterMarks: Set<Character> = [" ", "+", "-", "~", "↕"]

  /// Whether `line` is one amount and nothing else: no space before, inside (an amount's
  /// own space is a no-break space) or after it, in one FSI … PDI isolate at most.
  static func isAmountAlone(_ line: Substring, money: MoneyFormatter?, gutter: Bool) -> Bool {
    var amount = line
    if gutter, amount.count > 2, let mark = amount.first, gutterMarks.contains(mark), amount.dropFirst().first == " " {
      amount = amount.dropFirst(2)
    }
    if amount.hasPrefix("\u{2068}"), amount.hasSuffix("\u{2069}") { amount = amount.dropFirst().dropLast() }
    let digits = amount.unicodeScalars.compactMap { scalar -> Character? in
      guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
      return Character(String(Int(value)))
    }
    guard !digits.isEmpty,
      !amount.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0 != "\u{A0}" && $0 != "\u{202F}" })
    else { return false }
    guard let money else { return true }
    // The amount the digits spell with 0 to 4 fraction digits, either sign, formatted
    // again: the same text, or this is not an amount.
    let figures = String(digits)
    for fraction in 0...min(4, figures.count) {
      let number = "0" + figures.dropLast(fraction) + (fraction == 0 ? "" : "." + figures.suffix(fraction))
      guard let value = Decimal(string: String(number)) else { continue }
      if money.format(value) == amount || money.format(-value) == amount { return true }
    }
    return false
  }
}
