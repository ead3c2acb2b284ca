/// Markup that is already safe to place in a page as is. Only the engine's own
/// constants (its style sheets, the doctype) are ever wrapped in it; merchant and
/// customer strings never are.
public struct TrustedHTML: Sendable {
  let markup: String

  /// For markup this project writes itself, as a literal.
  public init(literal: StaticString) { markup = literal.description }

  private init(markup: String) { self.markup = markup }

  /// Two trusted pieces, one after the other: a screen's sheet and an optional part of it.
  public static func + (lhs: TrustedHTML, rhs: TrustedHTML) -> TrustedHTML {
    TrustedHTML(markup: lhs.markup + rhs.markup)
  }
}

/// The one place HTML is written. Text and attribute values are escaped here for
/// their context; element and attribute names are `StaticString`s, so no input can
/// become markup.
///
/// Text escapes `& < >`; attribute values are always double-quoted and escape
/// `& " < >`. Every `&` is escaped, including one that already starts an entity.
public struct HTMLWriter {
  public struct Attribute {
    let name: StaticString
    let value: String?

    /// `name="value"`.
    public init(_ name: StaticString, _ value: String) {
      self.name = name
      self.value = value
    }

    /// A boolean attribute, written bare (`hidden`, `checked`).
    public init(flag name: StaticString) {
      self.name = name
      self.value = nil
    }
  }

  public private(set) var output = ""

  public init() {}

  /// `<name attributes>` … `</name>`, with `content` writing the inside.
  public mutating func element(
    _ name: StaticString, _ attributes: [Attribute] = [], _ content: (inout HTMLWriter) -> Void = { _ in }
  ) {
    open(name, attributes)
    content(&self)
    output += "</\(name)>"
  }

  /// An element whose whole content is `text`.
  public mutating func element(_ name: StaticString, _ attributes: [Attribute] = [], text: String) {
    element(name, attributes) { $0.text(text) }
  }

  /// A void element (`<meta>`, `<input>`): no content, no end tag.
  public mutating func void(_ name: StaticString, _ attributes: [Attribute] = []) {
    open(name, attributes)
  }

  /// Escaped text.
  public mutating func text(_ text: String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }

  /// Merchant or customer text in `<bdi>`: it keeps its own direction (a Hebrew name, a
  /// Latin name in an Arabic page) without reordering what stands around it, while its
  /// block still aligns with the page.
  public mutating func isolated(_ text: String) {
    element("bdi", text: text)
  }

  /// Markup placed as is; only ``TrustedHTML`` can get here.
  public mutating func raw(_ html: TrustedHTML) { output += html.markup }

  /// A line break in the source, to keep pages readable in a diff.
  public mutating func newline() { output += "\n" }

  private mutating func open(_ name: StaticString, _ attributes: [Attribute]) {
    output += "<\(name)"
    for attribute in attributes {
      output += " \(attribute.name)"
      if let value = attribute.value {
        output += "=\""
        Self.escapeAttribute(value, into: &output)
        output += "\""
      }
    }
    output += ">"
  }

  private static func escapeAttribute(_ value: String, into output: inout String) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "\"": output += "&quot;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
