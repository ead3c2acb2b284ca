import Foundation

// The checks `parse` makes on what a customer typed, beside the form's own rules.

/// WHATWG HTML's "valid email address": the same rule `<input type=email>` applies in
/// the browser, so a value the browser let through is not refused here.
///
/// `local@domain`, the local part one or more of ASCII letters, digits and
/// ``localCharacters``, the domain one or more dot-separated labels of 1 to 63 ASCII
/// letters, digits and hyphens, neither starting nor ending with a hyphen.
enum EmailAddress {
  static let localCharacters = Set(".!#$%&'*+/=?^_`{|}~-".unicodeScalars)

  static func isValid(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard let at = scalars.firstIndex(of: "@") else { return false }
    let local = scalars[..<at]
    let domain = scalars[(at + 1)...]
    guard !local.isEmpty, local.allSatisfy({ isAlphanumeric($0) || localCharacters.contains($0) }) else {
      return false
    }
    // A second "@" fails the label check below.
    return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
      return isAlphanumeric(first) && isAlphanumeric(last) && label.allSatisfy { isAlphanumeric($0) || $0 == "-" }
    }
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": true
    default: false
    }
  }
}

/// A phone number as customers type one: digits (any script's, full-width included),
/// spaces (any, the no-break and ideographic ones included) and `+ ( ) - .` (or their
/// full-width forms), with a `+` only in front; between ``digits`` digits, the upper
/// bound being E.164's 15. The number is returned as typed; only this check reads it
/// through ``MatchingFold``.
enum PhoneNumber {
  /// Fewest and most digits: no real number has fewer than 4, E.164 allows 15.
  static let digits = 4...15

  enum Problem: Error, Equatable {
    case characters
    case length
  }

  /// Nil when `text` (already trimmed) is a phone number, else why not.
  static func problem(_ text: String) -> Problem? {
    var count = 0
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if ASCIIDigits.isDigit(scalar) {
        count += 1
        continue
      }
      if scalar.properties.generalCategory == .spaceSeparator { continue }
      switch MatchingFold.folded(scalar) {
      case "+" where offset == 0: continue
      case "(", ")", "-", ".": continue
      default: return .characters
      }
    }
    return digits.contains(count) ? nil : .length
  }
}

/// How typed text is compared with a rule (a phone number's characters, a postal code's
/// pattern), never how it is returned: each character in its compatibility form (NFKC:
/// full-width `Ｓ` and `－` become `S` and `-`), except that only a decimal digit
/// (Numeric_Type=Decimal, a real digit of some script) becomes an ASCII digit.
/// Characters NFKC would turn into digits without being ones (`①`, `²`, `⒈`, `½`) stay
/// as they are, so they never pass for digits.
enum MatchingFold {
  static func folded(_ scalar: Unicode.Scalar) -> String {
    if let digit = ASCIIDigits.ascii(digit: scalar) { return String(digit) }
    let folded = String(scalar).precomposedStringWithCompatibilityMapping
    return folded.unicodeScalars.contains { $0.properties.numericType != nil } ? String(scalar) : folded
  }
}

extension String {
  /// Without white space (any Unicode white space, the ideographic space included) at
  /// either end.
  func trimmedValue() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }

  /// The text as the customer's own values are shown on a re-rendered form: each
  /// control character (C0, DEL) as its Unicode control picture (`␛`, `␇`, `␍`, `␊`,
  /// `␀`, `␡`), and C1 controls and line or paragraph separators as `�`, so no
  /// control reaches a terminal or a page and nothing typed silently disappears.
  func withVisibleControls() -> String {
    guard hasControlCharacters else { return self }
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: out.append("\u{2421}")
      case _ where scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029:
        out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether the text holds a character a typed value cannot: a control character
  /// (C0, DEL, C1, including line breaks) or a line or paragraph separator.
  var hasControlCharacters: Bool {
    unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029
    }
  }
}
