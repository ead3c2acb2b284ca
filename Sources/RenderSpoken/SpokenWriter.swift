import RenderLocalization

/// Writes the `spoken` format: a page's accessibility tree in reading order, one node a
/// line, two spaces of indentation per depth, as a screen reader meets it.
///
/// A line is `role`, then the name in quotes when the node has one (`heading level 1
/// "Your Cart"`, `link "Privacy Policy"`), then the states and values announced with it
/// (`required`, `invalid`, `not checked`, `live polite atomic`, `value "…"`, the value
/// as the page shows it: see ``quotedValue(_:)``), then
/// `, description "…"` for what `aria-describedby` adds. Text the page reads out is a
/// `text "…"` line: one run of inline text read in one go (an isolating `<bdi>` does not
/// split a run; the total's label and amount, separate boxes on the page, are two, and so
/// are a visually hidden "Error:" and the message after it). What is `aria-hidden` is
/// left out, as the browser leaves it out of the tree. Roles and states are the format's own words (ARIA's), in English;
/// names and text are the page's, in the customer's language and digits.
///
/// Merchant and customer text the page isolates (`<bdi>`, `dir="auto"`) is written with
/// ``isolated(_:)``: in FSI … PDI (U+2068, U+2069) when it holds a bidi control or a
/// letter written against the page's direction, as the text format isolates it, so a
/// stray U+202E or a Hebrew name cannot reverse or reorder the rest of the line in a
/// bidi-aware viewer, and `SpeechCheck` can tell isolated text from text that is not.
///
/// In a name or a text, white space runs (space, tab, line feed) read as one space and
/// none at either end, as the accessible name computation collapses them (so do the
/// other scalars a reader may break a line at, U+2028 among them); `"` and `\` are
/// escaped with `\`, so every line stays one line.
package struct SpokenWriter: Sendable {
  private var output = ""
  private var depth = 0
  /// The page's direction (`dir="rtl"`), against which ``isolated(_:)`` reads a text.
  package let isRightToLeft: Bool

  /// A writer for a page written left to right, or right to left.
  package init(rightToLeft: Bool = false) {
    isRightToLeft = rightToLeft
  }

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

  /// `"` + the collapsed, escaped string + `"`. Escaped scalar by scalar: a `"` that a
  /// combining mark after it joins into one `Character` is still a `"` to a reader of the
  /// line, and must not end the quote.
  package static func quoted(_ string: String) -> String {
    var quoted = "\""
    for scalar in collapsed(string).unicodeScalars {
      if scalar == "\"" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(scalar)
    }
    quoted.unicodeScalars.append("\"")
    return quoted
  }

  /// `"` + the value as the page shows it + `"`, for a control's value, which is read as
  /// it stands: only `"` and `\` are escaped with `\`. A typed line break or other control
  /// reaches the page and this format as its Unicode control picture (`␊` for a line
  /// feed, `␍` for a carriage return; the form decides that once, for the page, the text
  /// and this format alike), so a value holds no line break; one that reaches this
  /// function anyway is written the same way (a C0 control as its picture, U+0085, U+2028
  /// and U+2029 as U+FFFD), never as a new line.
  package static func quotedValue(_ string: String) -> String {
    var quoted = "\""
    for character in string.unicodeScalars {
      switch character {
      case "\"", "\\":
        quoted.unicodeScalars.append("\\")
        quoted.unicodeScalars.append(character)
      case _ where breaksOrSpaces(character) && character != " " && character != "\t":
        quoted.unicodeScalars.append(
          character.value < 0x20 ? Unicode.Scalar(0x2400 + character.value) ?? "\u{FFFD}" : "\u{FFFD}")
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

  /// Text the page isolates, with its white space collapsed, in FSI … PDI when it holds
  /// a bidi control or a letter whose direction is not the page's; else as it is.
  ///
  /// A PDI of the text's own that closes no isolate it opened would close this one
  /// early and let an override after it reach past the text, as it cannot in `<bdi>`: one
  /// more FSI … PDI pair is written for each such PDI, so the text stays inside. An
  /// isolate the text opens and never closes would take the closing PDI for its own and
  /// leave this one open to the end of the line: a PDI is written for each first.
  package func isolated(_ text: String) -> String {
    let collapsed = Self.collapsed(text)
    var needsIsolate = false
    var open = 0
    var strayClosings = 0
    for scalar in collapsed.unicodeScalars {
      switch scalar.value {
      case 0x2066...0x2068: open += 1
      case 0x2069 where open > 0: open -= 1
      case 0x2069: strayClosings += 1
      default: break
      }
      if Self.isBidiControl(scalar) {
        needsIsolate = true
      } else if let direction = Self.strongDirection(scalar), direction != (isRightToLeft ? .rightToLeft : .leftToRight)
      {
        needsIsolate = true
      }
    }
    guard needsIsolate else { return collapsed }
    let depth = 1 + strayClosings
    return String(repeating: "\u{2068}", count: depth) + collapsed
      + String(repeating: "\u{2069}", count: open + depth)
  }

  /// A translated string whose inserted values are each ``isolated(_:)``, as
  /// ``PageShell/translated(_:into:)`` puts each in `<bdi>`.
  package func translated(_ message: FilledTemplate) -> String {
    var text = ""
    for segment in message.template.segments {
      switch segment {
      case .literal(let literal): text += literal
      case .argument(let position): text += isolated(message.argument(position))
      }
    }
    return text
  }

  /// A direction a letter is written in.
  package enum Direction: Sendable {
    case leftToRight, rightToLeft
  }

  /// The direction of a strong letter (a right-to-left letter, as ICU's bidi class R or
  /// AL says; an alphabetic letter that is not one and not a mark is left to right); `nil`
  /// for digits, punctuation, spaces, marks and controls, which take their direction
  /// from around them.
  package static func strongDirection(_ scalar: Unicode.Scalar) -> Direction? {
    if scalar.isASCII {
      return scalar.properties.isAlphabetic ? .leftToRight : nil
    }
    if isBidiControl(scalar) { return nil }
    if ICU.needsBidiIsolation(scalar) { return .rightToLeft }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return nil
    default: return scalar.properties.isAlphabetic ? .leftToRight : nil
    }
  }

  /// An explicit bidi embedding, override or isolate, or the end of one (U+202A–U+202E,
  /// U+2066–U+2069): what may reorder the text around it.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
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
