import Foundation

/// The member names of one kind of JSON object, declared once as a `String`-backed
/// enum: `enum Key: String, JSONKey { case items, summary }`. A reader looks members up
/// by case and finds unknown members from `allCases`, so no key name is typed twice.
@usableFromInline
package protocol JSONKey: RawRepresentable<String>, CaseIterable, Hashable {}

/// Reads one JSON object's members by their ``JSONKey``, logging a problem for each one
/// that is missing, of the wrong type, or not expected at all.
///
/// Unknown keys are errors, not ignored: a misspelt `totalAdjustedPirce` silently
/// dropped would show the customer the wrong amount. Duplicate keys never get here:
/// ``JSONParser`` refuses them.
@usableFromInline
package struct JSONObjectReader<Key: JSONKey> {
  @usableFromInline package let path: JSONPath
  // Inlinable, with its members: a reader is generic over the caller's `Key`, and
  // specialized in the caller's module it costs a fraction of the generic code.
  @usableFromInline let members: [(key: String, value: JSONValue)]

  /// Nil (with a problem logged) when `value` is not an object; otherwise each member
  /// whose name is none of `Key`'s cases is logged, `$.path.name: unknown key "name"`.
  @inlinable
  package init?(_ value: JSONValue, at path: JSONPath, log: inout ProblemLog) {
    self.init(shapeOf: value, at: path, log: &log)
    // Every case allowed: a name is unknown when it makes no `Key`.
    for member in members where Key(rawValue: member.key) == nil {
      log.add(path.appending(key: member.key), "unknown key \(Echo.quoted(member.key))")
    }
  }

  /// Nil (with a problem logged) when `value` is not an object; members are not checked
  /// yet. For an object whose keys depend on which one it holds (a transcript line):
  /// the caller checks with ``rejectKeys(otherThan:log:)`` once it knows.
  @inlinable
  package init?(shapeOf value: JSONValue, at path: JSONPath, log: inout ProblemLog) {
    guard case .object(let members) = value else {
      log.add(path, "expected an object, found \(value.typeName)")
      return nil
    }
    self.path = path
    self.members = members
  }

  /// The member's value and path, or nil (logging "missing") when it is absent.
  @inlinable
  package func required(_ key: Key, log: inout ProblemLog) -> (JSONValue, JSONPath)? {
    guard let value = self[key] else {
      log.add(path(of: key), "missing required key \(Echo.quoted(key.rawValue))")
      return nil
    }
    return (value, path(of: key))
  }

  /// The member's value and path, or nil when absent. An explicit `null` is a value like
  /// any other, which the caller's typed reading refuses (`expected a string, found
  /// null`): taken as absent, a `null` adjusted price would silently drop a discount, the
  /// very mistake unknown keys are refused for. A member with nothing to say is left out.
  @inlinable
  package func optional(_ key: Key) -> (JSONValue, JSONPath)? {
    guard let value = self[key] else { return nil }
    return (value, path(of: key))
  }

  /// Whether the object has the member, `null` included.
  @inlinable
  package func contains(_ key: Key) -> Bool { self[key] != nil }

  /// Where the member stands (or would stand): `$.items[0]` and `.id` give `$.items[0].id`.
  @inlinable
  package func path(of key: Key) -> JSONPath { path.appending(key: key.rawValue) }

  /// Logs one problem per member, in document order, that is not one of `allowed`.
  @inlinable
  package func rejectKeys(otherThan allowed: some Collection<Key>, log: inout ProblemLog) {
    for member in members where !(Key(rawValue: member.key).map(allowed.contains) ?? false) {
      log.add(path.appending(key: member.key), "unknown key \(Echo.quoted(member.key))")
    }
  }

  @inlinable subscript(key: Key) -> JSONValue? { members.first { $0.key == key.rawValue }?.value }
}

extension JSONValue {
  /// The string, or nil with a problem logged. A tab is shown as a space, as the
  /// native screen shows it; other control characters (C0, DEL, C1) but the line feed
  /// are refused: they have no visible form and break text layouts.
  /// A string longer than ``InputLimits/stringLength`` characters is refused.
  package func string(at path: JSONPath, log: inout ProblemLog) -> String? {
    guard let text = checkedText(at: path, limit: InputLimits.stringLength, log: &log) else { return nil }
    // By scalar: a tab followed by a combining mark is one Character, not "\t".
    guard text.unicodeScalars.contains("\t") else { return text }
    var spaced = String.UnicodeScalarView()
    spaced.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "\t" ? " " : $0 })
    return String(spaced)
  }

  /// Markdown source (`termsAndConditions`): as ``string(at:log:)``, but a tab is kept,
  /// since it is CommonMark whitespace with tab stops of 4 (an indented code block, a
  /// list item's content). At most ``InputLimits/termsLength`` characters.
  package func markdownText(at path: JSONPath, log: inout ProblemLog) -> String? {
    checkedText(at: path, limit: InputLimits.termsLength, log: &log)
  }

  /// - Parameter limit: most characters (Unicode code points).
  private func checkedText(at path: JSONPath, limit: Int, log: inout ProblemLog) -> String? {
    guard case .string(let text) = self else {
      log.add(path, "expected a string, found \(typeName)")
      return nil
    }
    // UTF-8 bytes bound the code points from above: most strings skip the count.
    if text.utf8.count > limit, case let length = text.unicodeScalars.count, length > limit {
      log.add(
        path,
        "\(InputLimits.grouped(length)) characters; a string here is at most \(InputLimits.grouped(limit)) characters")
      return nil
    }
    if Self.mayHoldControl(text),
      let bad = text.unicodeScalars.first(where: {
        $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
      })
    {
      log.add(
        path, "control character U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)) is not allowed")
      return nil
    }
    return text
  }

  /// False when `text` has no control character (Cc: U+0000–U+001F, U+007F–U+009F)
  /// other than a line feed or a tab, found from its UTF-8 bytes without reading its scalars.
  private static func mayHoldControl(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
        || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
      {
        return true
      }
      previous = byte
    }
    return false
  }

  /// An array of strings; each bad element is logged with its own index.
  /// - Parameter limit: most elements; a longer array is refused as a whole.
  package func stringArray(at path: JSONPath, limit: Int = .max, log: inout ProblemLog) -> [String]? {
    guard case .array(let elements) = self else {
      log.add(path, "expected an array of strings, found \(typeName)")
      return nil
    }
    guard elements.count <= limit else {
      log.add(path, "\(InputLimits.grouped(elements.count)) strings; at most \(InputLimits.grouped(limit)) are allowed")
      return nil
    }
    var strings: [String] = []
    for (index, element) in elements.enumerated() {
      if let text = element.string(at: path.appending(index: index), log: &log) { strings.append(text) }
    }
    return strings.count == elements.count ? strings : nil
  }

  /// A whole number within `range`, however the literal writes it: JSON has no integer
  /// type and JSON Schema's `integer` is any number whose fraction is zero, so `62`,
  /// `62.0`, `6.2e1` and `620e-1` are all 62; `62.5` is refused saying so.
  package func integer(at path: JSONPath, in range: ClosedRange<Int>, log: inout ProblemLog) -> Int? {
    guard case .number(let literal) = self else {
      log.add(path, "expected an integer, found \(typeName)")
      return nil
    }
    let outOfRange = "must be between \(range.lowerBound) and \(range.upperBound), found \(Echo.literal(literal))"
    if let value = Int(literal) {
      guard range.contains(value) else {
        log.add(path, outOfRange)
        return nil
      }
      return value
    }
    guard let parsed = DecimalLiteral(literal) else {
      log.add(path, "\(Echo.literal(literal)) is not a number")
      return nil
    }
    guard parsed.scale == 0 else {
      log.add(path, "expected a whole number (62, 62.0 and 6.2e1 are all 62), found \(Echo.literal(literal))")
      return nil
    }
    // Whole, and within `Int`'s 18 safe digits, or out of any range a member has.
    let bounds = max(range.lowerBound.magnitude, range.upperBound.magnitude)
    guard parsed.integerDigits <= 18, parsed.value.magnitude <= Decimal(bounds),
      case let value = NSDecimalNumber(decimal: parsed.value).intValue, range.contains(value)
    else {
      log.add(path, outOfRange)
      return nil
    }
    return value
  }
}

/// What an RFC 8259 number literal holds, counted from its digits rather than from a
/// binary floating-point value.
package struct DecimalLiteral {
  /// Digits before the decimal point an amount may have (`99999999999999999999.99`).
  package static let maximumIntegerDigits = 20
  /// `Decimal` holds 38 significant decimal digits exactly.
  package static let maximumSignificantDigits = 38
  /// `Decimal`'s smallest exponent is -128: a literal with more decimal places than that
  /// is held as zero (see ``init(_:)``).
  package static let maximumScale = 128

  package var value: Decimal
  /// Decimal places that matter (trailing zeros do not): `14.30` has 1, `1e-3` has 3.
  package var scale: Int
  package var integerDigits: Int
  package var significantDigits: Int

  /// Reads the literal's UTF-8 bytes once (a Character-by-Character reading cost more
  /// than the rest of an item's decoding); the value itself is Foundation's
  /// `Decimal(string:)`, whose decimal separator without a locale is `.`.
  package init?(_ literal: String) {
    let bytes = Array(literal.utf8)
    let zero = UInt8(ascii: "0")
    func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= UInt8(ascii: "9") }
    var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
    // The mantissa runs to the first `e` or `E`; one `.` may split it.
    let mantissaStart = index
    var point: Int?
    while index < bytes.count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
      if bytes[index] == UInt8(ascii: ".") {
        guard point == nil else { return nil }
        point = index
      } else if !isDigit(bytes[index]) {
        return nil
      }
      index += 1
    }
    let mantissaEnd = index
    let wholeEnd = point ?? mantissaEnd
    guard wholeEnd > mantissaStart else { return nil }
    let fractionCount = point.map { mantissaEnd - $0 - 1 } ?? 0
    var exponent = 0
    // The exponent: nothing (`1e` is `1`), or an optional sign and digits; 1000 or more
    // is refused.
    if index + 1 < bytes.count {
      index += 1
      let exponentNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard index < bytes.count else { return nil }
      while index < bytes.count {
        guard isDigit(bytes[index]) else { return nil }
        exponent = min(exponent * 10 + Int(bytes[index] - zero), 1000)
        index += 1
      }
      guard exponent < 1000 else { return nil }
      if exponentNegative { exponent = -exponent }
    }
    // The digits without the point, leading zeros dropped, and their trailing zeros.
    var digitCount = 0
    var trailingZeros = 0
    for position in mantissaStart..<mantissaEnd where position != point {
      let byte = bytes[position]
      if digitCount == 0 && byte == zero { continue }
      digitCount += 1
      trailingZeros = byte == zero ? trailingZeros + 1 : 0
    }
    let power = exponent - fractionCount
    significantDigits = digitCount - trailingZeros
    scale = significantDigits == 0 ? 0 : max(0, -(power + trailingZeros))
    integerDigits = max(0, digitCount + power)
    guard integerDigits <= Self.maximumIntegerDigits + 1, significantDigits <= Self.maximumSignificantDigits + 1 else {
      // Too large to hold; the caller reports the digit counts.
      value = 0
      return
    }
    // More places than `Decimal`'s smallest exponent: with at most 38 significant digits
    // the number is below 10^-90, zero at any currency's minor units, and the caller
    // rounds it with its usual warning (`Decimal(string:)` would refuse or round it).
    guard scale <= Self.maximumScale else {
      value = 0
      return
    }
    guard significantDigits > 0 else {
      // Zero however written (`0e-200`, `-0.0`, 300 zeros after the point): `Decimal(string:)`
      // refuses a zero whose exponent it cannot hold.
      value = 0
      return
    }
    if let parsed = Decimal(string: literal), !parsed.isNaN {
      value = parsed
      return
    }
    // `Decimal(string:)` refuses an exponent below its smallest before it drops trailing
    // zeros (`100e-130` is 1e-128): the same value from the significant digits alone.
    var significand = ""
    for position in mantissaStart..<mantissaEnd where position != point {
      let byte = bytes[position]
      if significand.isEmpty && byte == zero { continue }
      significand.unicodeScalars.append(Unicode.Scalar(byte))
    }
    significand.removeLast(trailingZeros)
    let negative = bytes.first == UInt8(ascii: "-")
    guard let parsed = Decimal(string: (negative ? "-" : "") + significand + "e" + String(power + trailingZeros)),
      !parsed.isNaN
    else { return nil }
    value = parsed
  }
}

extension String {
  /// `self` with `pad` added on the left up to `width` characters: `"7".leftPadded(to: 3)` is `"007"`.
  package func leftPadded(to width: Int, with pad: Character = "0") -> String {
    String(repeating: pad, count: max(0, width - count)) + self
  }
}
