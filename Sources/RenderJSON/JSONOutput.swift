/// Writes JSON text for the command line's outputs (`diff`, `parse`), with members in
/// the order given: output never depends on `Dictionary` order.
package enum JSONOutput {
  /// A JSON string literal: `"`, `\` and control characters escaped, the rest as is.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Pretty-prints a value with two-space indentation; numbers are written as their literal.
  package static func render(_ value: JSONValue) -> String {
    render(value, scalarArraysInline: false)
  }

  /// Pretty-prints a value; with `scalarArraysInline`, an array holding no array or
  /// object stays on one line (`"moved": ["A", "B"]`), so id lists read and grep as one.
  package static func render(_ value: JSONValue, scalarArraysInline: Bool) -> String {
    var out = ""
    write(value, indent: "", inline: scalarArraysInline, into: &out)
    return out + "\n"
  }

  private static func write(_ value: JSONValue, indent: String, inline: Bool, into out: inout String) {
    let inner = indent + "  "
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let literal): out += literal
    case .string(let text): out += quoted(text)
    case .array(let elements) where elements.isEmpty: out += "[]"
    case .array(let elements) where inline && elements.allSatisfy(\.isScalar):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        write(element, indent: inner, inline: inline, into: &out)
      }
      out += "]"
    case .array(let elements):
      out += "[\n"
      for (index, element) in elements.enumerated() {
        out += inner
        write(element, indent: inner, inline: inline, into: &out)
        out += index == elements.count - 1 ? "\n" : ",\n"
      }
      out += indent + "]"
    case .object(let members) where members.isEmpty: out += "{}"
    case .object(let members):
      out += "{\n"
      for (index, member) in members.enumerated() {
        out += inner + quoted(member.key) + ": "
        write(member.value, indent: inner, inline: inline, into: &out)
        out += index == members.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }

  /// `value` on one line without spaces, members in their order: for machines (a Redis
  /// event log, a test's expected events), where ``render(_:)`` indents for people.
  package static func compact(_ value: JSONValue) -> String {
    switch value {
    case .object(let members):
      "{" + members.map { quoted($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
    case .array(let items): "[" + items.map(compact).joined(separator: ",") + "]"
    case .string(let text): quoted(text)
    case .number(let literal): literal
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }
}

extension JSONValue {
  /// Neither an array nor an object.
  fileprivate var isScalar: Bool {
    switch self {
    case .array, .object: false
    case .null, .bool, .number, .string: true
    }
  }
}
