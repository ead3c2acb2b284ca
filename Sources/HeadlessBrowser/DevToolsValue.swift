import Foundation

/// A JSON value of a DevTools protocol message: what commands take and return.
package enum DevToolsValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([DevToolsValue])
  case object([String: DevToolsValue])

  /// The member `key` of an object; nil for anything else or a missing key.
  package subscript(key: String) -> DevToolsValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, or nil.
  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number, or nil.
  package var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or nil.
  package var array: [DevToolsValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The value as JSON text.
  func json() -> [UInt8] {
    var out: [UInt8] = []
    write(into: &out)
    return out
  }

  private func write(into out: inout [UInt8]) {
    switch self {
    case .null: out += Array("null".utf8)
    case .bool(let value): out += Array((value ? "true" : "false").utf8)
    case .number(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        out += Array(String(Int64(value)).utf8)
      } else {
        out += Array("\(value)".utf8)
      }
    case .string(let text): Self.quote(text, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        element.write(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.quote(key, into: &out)
        out.append(UInt8(ascii: ":"))
        members[key]?.write(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func quote(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Parses a message from the browser; nil when it is not JSON.
  static func parse(_ bytes: [UInt8]) -> DevToolsValue? {
    try? JSONDecoder().decode(DevToolsValue.self, from: Data(bytes))
  }
}

extension DevToolsValue: Decodable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DevToolsValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DevToolsValue].self))
    }
  }
}

extension DevToolsValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
  package init(floatLiteral value: Double) { self = .number(value) }
  package init(dictionaryLiteral elements: (String, DevToolsValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
  package init(arrayLiteral elements: DevToolsValue...) { self = .array(elements) }
}
