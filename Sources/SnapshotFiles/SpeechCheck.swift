import Foundation
import RenderCore

/// A lint over the `spoken` rendering (``RenderCore/OutputFormat/spoken``) that fails on
/// what confuses a listener, for `render-cli snapshot --check-speech`.
///
/// It reads the tree's lines as the format writes them: the indentation, the role (with
/// a heading's level), the quoted name or text, the states, a value, and
/// `, description "…"`. The rules about controls look at roles and states only; those
/// about amounts and direction also need the page's ``Page`` (its direction and how it
/// writes an amount in its currency), so every rule holds in every language.
package enum SpeechCheck {
  /// One rule, named as `--check-speech` takes it.
  package enum Rule: String, CaseIterable, Sendable {
    /// A button, link or form control with no accessible name: a listener hears only
    /// "button" and cannot tell what it does.
    case controlName = "control-name"
    /// A field marked invalid whose error is not its description: the listener hears
    /// that something is wrong but not what, on reaching the field.
    case errorField = "error-field"
    /// An amount read without its currency beside it: "fifteen" of what?
    case amountCurrency = "amount-currency"
    /// Two amounts read one after the other with no word between them, or an amount in
    /// struck text (`deletion`, which a screen reader reads as plain text): the listener
    /// cannot tell the former price from the one to pay.
    case formerPrice = "former-price"
    /// The same amount announced twice by the live regions on one change (a total in the
    /// "total is now" message and again in a live total).
    case totalOnce = "total-once"
    /// Text that starts against the page's direction (a Hebrew name in an English page, a
    /// Latin one in an Arabic page), or an embedding or override left open, outside a bidi
    /// isolate: it can reorder the words and amounts around it.
    case bidiIsolation = "bidi-isolation"

    /// What the rule catches, for the report.
    package var explanation: String {
      switch self {
      case .controlName: "a control without a name"
      case .errorField: "an invalid field whose error is not its description"
      case .amountCurrency: "an amount without its currency"
      case .formerPrice: "a former price not marked as such"
      case .totalOnce: "the same amount announced twice on one change"
      case .bidiIsolation: "text in another direction without isolation"
      }
    }
  }

  /// What the rules need to know of the page beyond its lines: its direction, and how
  /// it writes an amount (the currency's symbol as the locale writes it, the decimal
  /// separator and the currency's decimal places), learned from the page's own
  /// ``RenderCore/MoneyFormatter``.
  package struct Page: Sendable, Equatable {
    package var isRightToLeft: Bool
    /// The currency as the locale writes it beside an amount (`$`, `US$`, `€`).
    package var currencySymbol: String
    /// The currency's ISO 4217 code, which also names it (`USD`).
    package var currencyCode: String
    /// Between the whole units and the decimal places (`.`, `,`, `٫`).
    package var decimalSeparator: Unicode.Scalar
    /// The currency's decimal places; an amount is recognised by them, so with none
    /// (JPY) amounts are not told from other numbers and the amount rules find nothing.
    package var fractionDigits: Int

    package init(
      isRightToLeft: Bool, currencySymbol: String, currencyCode: String, decimalSeparator: Unicode.Scalar,
      fractionDigits: Int
    ) {
      self.isRightToLeft = isRightToLeft
      self.currencySymbol = currencySymbol
      self.currencyCode = currencyCode
      self.decimalSeparator = decimalSeparator
      self.fractionDigits = fractionDigits
    }

    /// The page a screen renders in `context`: its locale's direction, and its
    /// currency's writing learned from a formatted amount.
    package init(context: RenderContext) {
      let currency = context.configuration.currency.rawValue
      let money = MoneyFormatter.shared(currency: currency, locale: context.locale.locale)
      let digits = CurrencyMinorUnits(currency).fractionDigits
      let sample = money.format(Decimal(1234) + Decimal(sign: .plus, exponent: -digits, significand: 5))
      let scalars = Array(sample.unicodeScalars)
      // The symbol: from the first to the last letter or currency sign of the sample.
      let isSymbol = { (scalar: Unicode.Scalar) in
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .currencySymbol
      }
      var symbol = ""
      if let first = scalars.firstIndex(where: isSymbol), let last = scalars.lastIndex(where: isSymbol) {
        symbol = String(String.UnicodeScalarView(scalars[first...last]))
      }
      // The separator: the scalar before the last run of digits.
      var separator: Unicode.Scalar = "."
      if let lastDigit = scalars.lastIndex(where: { $0.properties.numericType == .decimal }) {
        var start = lastDigit
        while start > 0, scalars[start - 1].properties.numericType == .decimal { start -= 1 }
        if start > 0 { separator = scalars[start - 1] }
      }
      self.init(
        isRightToLeft: context.locale.isRightToLeft, currencySymbol: String(symbol), currencyCode: currency,
        decimalSeparator: separator, fractionDigits: digits)
    }
  }

  /// A line that breaks a rule.
  package struct Finding: Sendable, Equatable {
    package var rule: Rule
    /// 1-based, in the spoken rendering.
    package var line: Int
    /// The line as written, without its indentation.
    package var node: String

    package init(rule: Rule, line: Int, node: String) {
      self.rule = rule
      self.line = line
      self.node = node
    }
  }

  /// Roles a listener acts on, each of which needs a name.
  private static let controls: Set<Substring> = ["button", "link", "textbox", "checkbox", "combobox"]
  /// Roles that take input and so can be invalid.
  private static let fields: Set<Substring> = ["textbox", "checkbox", "combobox"]
  /// Roles that are live regions by themselves (ARIA's implicit `aria-live`).
  private static let liveRoles: Set<Substring> = ["status", "alert", "log", "timer", "marquee"]

  /// Every line of `spoken` that breaks one of `rules`, in line order (a line breaking
  /// several rules is reported once per rule, in `Rule`'s order).
  package static func check(_ spoken: String, page: Page, rules: [Rule] = Rule.allCases) -> [Finding] {
    var findings: [Finding] = []
    var liveDepth: Int?
    var deletionDepth: Int?
    var liveAmounts: Set<String> = []
    var previousAmountOnly: (depth: Int, line: Int)?
    for (index, raw) in spoken.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let node = raw.drop { $0 == " " }
      guard let role = node.split(separator: " ", maxSplits: 1).first else { continue }
      let depth = (raw.count - node.count) / 2
      let line = Line(node)
      func report(_ rule: Rule) {
        if rules.contains(rule) { findings.append(Finding(rule: rule, line: index + 1, node: String(node))) }
      }
      if let live = liveDepth, depth <= live { liveDepth = nil }
      if let deleted = deletionDepth, depth <= deleted { deletionDepth = nil }
      if liveDepth == nil, liveRoles.contains(role) || line.states.contains("live") { liveDepth = depth }
      if deletionDepth == nil, role == "deletion" { deletionDepth = depth }

      if controls.contains(role) {
        let named = line.name.map { !$0.isEmpty } ?? false
        if !named { report(.controlName) }
        if fields.contains(role), line.states.contains("invalid"), line.description == nil { report(.errorField) }
      }
      // The document's name is the page's title, which the browser shows outside the page.
      let read = role == "document" ? [] : [line.name, line.description].compactMap { $0 }
      var amounts: [Amount] = []
      for text in read {
        let found = Amount.all(in: text, page: page)
        amounts += found
        if found.contains(where: { !$0.hasCurrency }) { report(.amountCurrency) }
        if zip(found, found.dropFirst()).contains(where: { !Amount.wordsBetween($0, $1, in: text, page: page) })
          || (deletionDepth != nil && !found.isEmpty)
        {
          report(.formerPrice)
        }
        if !isIsolatedAsNeeded(text, page: page) { report(.bidiIsolation) }
      }
      // A run that is an amount alone, right after another one beside it: two prices.
      let amountOnly =
        role == "text" && amounts.count == 1 && line.name.map { Amount.isAlone(amounts[0], in: $0, page: page) } == true
      if amountOnly, let previous = previousAmountOnly, previous.depth == depth, previous.line == index {
        report(.formerPrice)
      }
      previousAmountOnly = amountOnly ? (depth, index + 1) : nil
      if liveDepth != nil {
        for amount in amounts where !liveAmounts.insert(amount.digits).inserted { report(.totalOnce) }
      }
    }
    return findings
  }

  /// Whether the text, outside its isolates (FSI, LRI or RLI … PDI), starts in the
  /// page's direction and leaves no embedding or override open. A text whose first
  /// strong letter is written against the page's direction (a Hebrew name in an English
  /// page, a Latin one in an Arabic page) is one the page lays out in its own direction
  /// though it reads the other way: its numbers and punctuation land on the wrong side
  /// unless it is isolated (`<bdi>`, `dir="auto"`). A word of another script inside a
  /// sentence that starts in the page's direction is the translator's, laid out as meant.
  /// An override forces its direction onto the letters it holds. The currency's symbol
  /// and code are left out: the locale's own amount pattern places them, with its marks.
  static func isIsolatedAsNeeded(_ text: String, page: Page) -> Bool {
    var text = text
    for name in [page.currencySymbol, page.currencyCode] where !name.isEmpty {
      text = text.replacingOccurrences(of: name, with: " ")
    }
    let pageDirection: SpokenWriter.Direction = page.isRightToLeft ? .rightToLeft : .leftToRight
    var isolates = 0
    var embeddings: [SpokenWriter.Direction?] = []
    var first: SpokenWriter.Direction?
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x2066...0x2068: isolates += 1
      case 0x2069: isolates = max(0, isolates - 1)
      case _ where isolates > 0: continue
      case 0x202A, 0x202B: embeddings.append(nil)
      case 0x202D: embeddings.append(.leftToRight)
      case 0x202E: embeddings.append(.rightToLeft)
      case 0x202C: _ = embeddings.popLast()
      default:
        guard first == nil, let own = SpokenWriter.strongDirection(scalar) else { continue }
        first = embeddings.last(where: { $0 != nil }).flatMap { $0 } ?? own
      }
    }
    return embeddings.isEmpty && (first ?? pageDirection) == pageDirection
  }

  /// A line's quoted parts: the name (or a text's text), the value, the description,
  /// and the bare words between them (the states).
  private struct Line {
    var name: String?
    var value: String?
    var description: String?
    var states: [Substring] = []

    init(_ node: Substring) {
      var index = node.startIndex
      var word = ""
      var previous: [String] = []
      func endWord() {
        if !word.isEmpty { previous.append(word) }
        word = ""
      }
      while index < node.endIndex {
        let character = node[index]
        index = node.index(after: index)
        if character == "\"" {
          endWord()
          var string = ""
          var escaped = false
          while index < node.endIndex {
            let inside = node[index]
            index = node.index(after: index)
            if escaped {
              string.append(inside)
              escaped = false
            } else if inside == "\\" {
              escaped = true
            } else if inside == "\"" {
              break
            } else {
              string.append(inside)
            }
          }
          switch previous.last {
          case "value": value = string
          case "description": description = string
          default: if name == nil { name = string }
          }
        } else if character == " " || character == "," {
          endWord()
        } else {
          word.append(character)
        }
      }
      endWord()
      // The role is the first word; the rest before a description are states.
      states = previous.dropFirst().filter { $0 != "description" && $0 != "value" }.map { Substring($0) }
    }
  }

  /// An amount found in a text: a number written with the currency's decimal places.
  private struct Amount {
    /// Where it stands in the text's scalars.
    var range: Range<Int>
    /// Its digits and separators as written, to tell the same amount again.
    var digits: String
    var hasCurrency: Bool

    /// Spaces, no-break spaces, direction marks and signs, which may stand between an
    /// amount and its currency.
    static func isFiller(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x20, 0xA0, 0x202F, 0x2009, 0x200E, 0x200F, 0x061C, 0x2D, 0x2B, 0x2212: true
      default: false
      }
    }

    /// Every amount in `text`: digits, possibly grouped (a separator or space between
    /// digits), ending in the decimal separator and exactly the currency's decimal places.
    static func all(in text: String, page: Page) -> [Amount] {
      guard page.fractionDigits > 0 else { return [] }
      let scalars = Array(text.unicodeScalars)
      func isDigit(_ index: Int) -> Bool {
        index >= 0 && index < scalars.count && scalars[index].properties.numericType == .decimal
      }
      var found: [Amount] = []
      var index = 0
      while index < scalars.count {
        guard isDigit(index), !isDigit(index - 1) else {
          index += 1
          continue
        }
        // A number: digit runs joined by one non-letter, non-space-run scalar each.
        var end = index
        var runs: [Range<Int>] = []
        var separators: [Unicode.Scalar] = []
        while isDigit(end) {
          let start = end
          while isDigit(end) { end += 1 }
          runs.append(start..<end)
          guard end + 1 < scalars.count, isDigit(end + 1),
            scalars[end].properties.generalCategory != .uppercaseLetter,
            !(scalars[end].properties.isAlphabetic)
          else { break }
          separators.append(scalars[end])
          end += 1
        }
        index = end
        guard let last = runs.last, separators.last == page.decimalSeparator, last.count == page.fractionDigits
        else { continue }
        let range = runs[0].lowerBound..<last.upperBound
        let written = String(String.UnicodeScalarView(scalars[range]))
        found.append(
          Amount(range: range, digits: written, hasCurrency: hasCurrency(around: range, in: scalars, page: page)))
      }
      return found
    }

    private static func hasCurrency(around range: Range<Int>, in scalars: [Unicode.Scalar], page: Page) -> Bool {
      var after = range.upperBound
      while after < scalars.count, isFiller(scalars[after]) { after += 1 }
      let following = String(String.UnicodeScalarView(scalars[after...]))
      var before = range.lowerBound
      while before > 0, isFiller(scalars[before - 1]) { before -= 1 }
      let preceding = String(String.UnicodeScalarView(scalars[..<before]))
      return [page.currencySymbol, page.currencyCode].contains { name in
        !name.isEmpty && (following.hasPrefix(name) || preceding.hasSuffix(name))
      }
    }

    /// Whether a word (a letter that is not the currency's) stands between two amounts.
    static func wordsBetween(_ first: Amount, _ second: Amount, in text: String, page: Page) -> Bool {
      let scalars = Array(text.unicodeScalars)
      var between = String(String.UnicodeScalarView(scalars[first.range.upperBound..<second.range.lowerBound]))
      for name in [page.currencySymbol, page.currencyCode] where !name.isEmpty {
        between = between.replacingOccurrences(of: name, with: " ")
      }
      return between.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Whether the text is the amount and its currency, nothing else.
    static func isAlone(_ amount: Amount, in text: String, page: Page) -> Bool {
      let scalars = Array(text.unicodeScalars)
      var rest = String(
        String.UnicodeScalarView(scalars[..<amount.range.lowerBound] + scalars[amount.range.upperBound...]))
      for name in [page.currencySymbol, page.currencyCode] where !name.isEmpty {
        rest = rest.replacingOccurrences(of: name, with: " ")
      }
      return !rest.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
  }
}
