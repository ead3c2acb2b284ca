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
/// spaces and `+ ( ) - .`, with a `+` only in front; between ``digits`` digits, the
/// upper bound being E.164's 15.
enum PhoneNumber {
  /// Fewest and most digits: no real number has fewer than 4, E.164 allows 15.
  static let digits = 4...15

  enum Problem: Error, Equatable {
    case characters
    case length
  }

  /// The number with compatibility forms folded and every digit in ASCII, or why it
  /// is not one.
  static func normalize(_ text: String) -> Result<String, Problem> {
    var out = ""
    var count = 0
    for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
      let ascii = ASCIIDigits.ascii(scalar)
      switch ascii {
      case "0"..."9":
        count += 1
      case "+" where out.isEmpty:
        break
      case " ", "(", ")", "-", ".":
        break
      default:
        return .failure(.characters)
      }
      out.unicodeScalars.append(ascii)
    }
    return digits.contains(count) ? .success(out) : .failure(.length)
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

  /// Whether the text holds a character a typed value cannot: a control character
  /// (C0, DEL, C1, including line breaks) or a line or paragraph separator.
  var hasControlCharacters: Bool {
    unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029
    }
  }
}
