/// A parsed JSON document that keeps what the merchant sent exactly: numbers stay as
/// their source text (so amounts become `Decimal` without passing through `Double`)
/// and object members keep their order.
@usableFromInline
package enum JSONValue: Sendable, Equatable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  /// The number's literal text, as RFC 8259 spells it (`-12.50`, `1e3`).
  case number(String)
  case bool(Bool)
  case null

  @usableFromInline
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  /// The JSON type's name, for error messages ("expected a string, found a number").
  @usableFromInline
  package var typeName: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}
