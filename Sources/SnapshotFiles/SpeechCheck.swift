import RenderCore

/// A lint over the `spoken` rendering (``RenderCore/OutputFormat/spoken``) that fails on
/// what confuses a listener, for `render-cli snapshot --check-speech`.
///
/// It reads the tree's lines as the format writes them: the indentation, the role (with
/// a heading's level), the quoted name, the states, and `, description "…"`. The rules
/// look at roles and states only, so they hold in every language.
package enum SpeechCheck {
  /// One rule, named as `--check-speech` takes it.
  package enum Rule: String, CaseIterable, Sendable {
    /// A button, link or form control with no accessible name: a listener hears only
    /// "button" and cannot tell what it does.
    case controlName = "control-name"
    /// A field marked invalid whose error is not its description: the listener hears
    /// that something is wrong but not what, on reaching the field.
    case errorField = "error-field"

    /// What the rule catches, for the report.
    package var explanation: String {
      switch self {
      case .controlName: "a control without a name"
      case .errorField: "an invalid field whose error is not its description"
      }
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

  /// Every line of `spoken` that breaks one of `rules`, in line order.
  package static func check(_ spoken: String, rules: [Rule] = Rule.allCases) -> [Finding] {
    var findings: [Finding] = []
    for (index, raw) in spoken.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let node = raw.drop { $0 == " " }
      guard let role = node.split(separator: " ", maxSplits: 1).first, controls.contains(role) else { continue }
      let rest = node.dropFirst(role.count)
      let named = rest.hasPrefix(" \"") && !rest.hasPrefix(" \"\"")
      if rules.contains(.controlName), !named {
        findings.append(Finding(rule: .controlName, line: index + 1, node: String(node)))
      }
      if rules.contains(.errorField), fields.contains(role), states(of: rest).contains("invalid"),
        !rest.contains(", description \"")
      {
        findings.append(Finding(rule: .errorField, line: index + 1, node: String(node)))
      }
    }
    return findings
  }

  /// The bare words after the name and before the description (`required`, `invalid`),
  /// skipping quoted strings (the name, a value).
  private static func states(of rest: Substring) -> [Substring] {
    var words: [Substring] = []
    var inQuotes = false
    var escaped = false
    var start: Substring.Index?
    var index = rest.startIndex
    while index < rest.endIndex {
      let character = rest[index]
      if inQuotes {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "," {
        break
      } else if character == " " {
        if let begun = start { words.append(rest[begun..<index]) }
        start = nil
      } else if start == nil {
        start = index
      }
      index = rest.index(after: index)
    }
    if let begun = start { words.append(rest[begun..<index]) }
    return words
  }
}
