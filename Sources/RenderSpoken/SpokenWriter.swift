/// Writes the `spoken` format: a page's accessibility tree in reading order, one node a
/// line, two spaces of indentation per depth, as a screen reader meets it.
///
/// A line is `role`, then the name in quotes when the node has one (`heading level 1
/// "Your Cart"`, `link "Privacy Policy"`), then the states and values announced with it
/// (`required`, `invalid`, `not checked`, `live polite atomic`, `value "…"`, the value
/// as typed: see ``quotedValue(_:)``), then
/// `, description "…"` for what `aria-describedby` adds. Text the page reads out is a
/// `text "…"` line: one run of inline text read in one go (an isolating `<bdi>` or a
/// visually hidden prefix does not split a run; the total's label and amount, separate
/// boxes on the page, are two). What is `aria-hidden` is left out, as the browser leaves it
/// out of the tree. Roles and states are the format's own words (ARIA's), in English;
/// names and text are the page's, in the customer's language and digits.
///
/// In a name or a text, white space runs (space, tab, line feed) read as one space and
/// none at either end, as the accessible name computation collapses them (so do the
/// other scalars a reader may break a line at, U+2028 among them); `"` and `\` are
/// escaped with `\`, so every line stays one line.
package struct SpokenWriter: Sendable {
  private var output = ""
  private var depth = 0

  package init() {}

  /// The lines written, each ending in a line feed.
  package var text: String { output }

  /// The lines as UTF-8 bytes.
  package var bytes: [UInt8] { Array(output.utf8) }

  /// One node and, indented under it, what `children` writes.
  /// - Parameters:
  ///   - role: ARIA's role (`list`, `textbox`), or ``heading(_:)``'s role and level.
  ///   - name: the accessible name, when the node has one.
  ///   - states: announced states and values, in the order they are read.
  ///   - description: the accessible description (`aria-describedby`).
  package mutating func node(
    _ role: String, name: String? = nil, states: [String] = [], description: String? = nil,
    children: (inout SpokenWriter) -> Void = { _ in }
  ) {
    line(role, name: name, states: states, description: description)
    depth += 1
    children(&self)
    depth -= 1
  }

  /// A run of text read in place; nothing when it is empty once white space collapses.
  package mutating func text(_ text: String) {
    let collapsed = Self.collapsed(text)
    guard !collapsed.isEmpty else { return }
    indent()
    output += "text "
    output += Self.quoted(collapsed)
    output += "\n"
  }

  /// `"` + the collapsed, escaped string + `"`.
  package static func quoted(_ string: String) -> String {
    var quoted = "\""
    for character in collapsed(string) {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    quoted.append("\"")
    return quoted
  }

  /// `"` + the string as typed + `"`, for a control's value, which is read as it
  /// stands: only `"` and `\` are escaped with `\`, a line feed and a carriage return
  /// written `\n` and `\r`, any other line break as `\u{2028}` (its code point).
  package static func quotedValue(_ string: String) -> String {
    var quoted = "\""
    for character in string.unicodeScalars {
      switch character {
      case "\"", "\\":
        quoted.unicodeScalars.append("\\")
        quoted.unicodeScalars.append(character)
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case _ where breaksOrSpaces(character) && character != " " && character != "\t":
        quoted += "\\u{" + String(character.value, radix: 16, uppercase: true) + "}"
      default: quoted.unicodeScalars.append(character)
      }
    }
    quoted += "\""
    return quoted
  }

  /// Space, tab, form feed and every scalar a text reader may take for a line break
  /// (line feed, carriage return, vertical tab, U+0085, U+2028, U+2029): none of them
  /// may reach a line of the format, or a name could make a line of its own.
  static func breaksOrSpaces(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  /// White space runs as one space, none at either end (the accessible name's rule).
  package static func collapsed(_ string: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in string.unicodeScalars {
      if Self.breaksOrSpaces(scalar) {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.unicodeScalars.append(" ") }
        pendingSpace = false
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A heading's role with its level, read before its name: `heading level 2`.
  package static func heading(_ level: Int) -> String { "heading level \(level)" }

  /// `list 3 items`' count, singular for one.
  package static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  private mutating func line(_ role: String, name: String?, states: [String], description: String?) {
    indent()
    output += role
    if let name {
      output += " "
      output += Self.quoted(name)
    }
    for state in states {
      output += " "
      output += state
    }
    if let description, !Self.collapsed(description).isEmpty {
      output += ", description "
      output += Self.quoted(description)
    }
    output += "\n"
  }

  private mutating func indent() {
    output += String(repeating: "  ", count: depth)
  }
}
