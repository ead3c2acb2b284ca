import Foundation

/// JSON as this client writes it: members in the order given, `Decimal`s with their own
/// digits. The relay reads amounts exactly; so the writing must not pass them through
/// `Double` (nor rely on an encoder's path for `Decimal`).
enum JSONText: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  /// A JSON number's text, checked by ``number(_:)``.
  case numberText(String)
  case string(String)
  case array([JSONText])
  case object([(String, JSONText)])

  /// A finite `Decimal` as a JSON number, every digit kept (`Decimal.description` writes
  /// plain digits, never an exponent: `-0.000001`, `100000000000000000000`); nil for NaN.
  static func number(_ value: Decimal) -> JSONText? {
    guard !value.isNaN else { return nil }
    let text = value.description
    guard isJSONNumber(text) else { return nil }
    return .numberText(text)
  }

  /// `-? digits (. digits)?` with no leading zero but a lone one: the part of RFC 8259's
  /// number grammar a `Decimal`'s description can be.
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let whole = bytes.prefix { (0x30...0x39).contains($0) }
    guard !whole.isEmpty, whole.count == 1 || whole.first != UInt8(ascii: "0") else { return false }
    bytes = bytes.dropFirst(whole.count)
    guard let point = bytes.first else { return true }
    guard point == UInt8(ascii: "."), bytes.count > 1 else { return false }
    return bytes.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
  }

  static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.text == rhs.text }

  /// The JSON text, on one line.
  var text: String {
    var out = ""
    write(into: &out)
    return out
  }

  /// The JSON text as UTF-8 bytes.
  var utf8: [UInt8] { Array(text.utf8) }

  private func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .numberText(let text): out += text
    case .string(let value): Self.writeString(value, into: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        element.write(into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ", " }
        Self.writeString(key, into: &out)
        out += ": "
        value.write(into: &out)
      }
      out += "}"
    }
  }

  /// A JSON string (RFC 8259 §7): `"` and `\` escaped, control characters as escapes;
  /// everything else as UTF-8 (a Swift `String` holds no lone surrogate).
  private static func writeString(_ value: String, into out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
