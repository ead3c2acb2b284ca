import RenderCore

/// The properties every harness checks on what the engine wrote.
///
/// HTMLWriter escapes every untrusted string, so merchant text can only ever appear as
/// visible text or as a quoted attribute value: any script element, event-handler
/// attribute or `javascript:` URL in the markup itself is an injection.
public enum OutputProperties {
  /// Elements that run or load something; the engine's pages never contain them.
  static let forbiddenElements: Set<String> = [
    "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "img", "svg", "math",
    "noscript", "template", "link",
  ]
  /// Attributes whose value a browser follows as a URL.
  static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "xlink:href", "srcset"]

  /// Throws when the markup holds a script element, an event-handler or `style`
  /// attribute, a URL attribute with a `javascript:`, `vbscript:` or `data:` address, or
  /// an unterminated tag, comment or attribute.
  ///
  /// - Parameter servedScript: a page `render-cli serve` sends may hold the server's one
  ///   live script (`<script src="/…" integrity="sha256-…">`, nothing inline) and the
  ///   `<noscript>` refresh.
  ///
  /// Every page may hold the shell's empty icon, `<link rel="icon" href="data:,">` exactly
  /// (it loads nothing; without it browsers ask for `/favicon.ico`).
  public static func checkHTML(_ html: String, _ label: String, servedScript: Bool = false) throws(PropertyFailure) {
    for tag in try HTMLTags.scan(html) {
      if servedScript, tag.name == "noscript" || (tag.name == "script" && isServedScript(tag)) { continue }
      if isShellIcon(tag) { continue }
      if forbiddenElements.contains(tag.name) {
        throw PropertyFailure("html.noActiveElement", "\(label): <\(tag.name)> in the markup")
      }
      for (name, value) in tag.attributes {
        if name.hasPrefix("on") {
          throw PropertyFailure("html.noEventHandler", "\(label): attribute \(name) on <\(tag.name)>")
        }
        if name == "style" {
          throw PropertyFailure("html.noStyleAttribute", "\(label): style attribute on <\(tag.name)>")
        }
        if urlAttributes.contains(name), let scheme = activeScheme(value) {
          throw PropertyFailure("html.noScriptURL", "\(label): \(name)=\"\(value.prefix(60))\" is a \(scheme): URL")
        }
      }
    }
  }

  /// The page shell's empty icon: a `<link>` with exactly `rel="icon"` and `href="data:,"`.
  static func isShellIcon(_ tag: HTMLTags.Tag) -> Bool {
    guard tag.name == "link", tag.attributes.count == 2 else { return false }
    let attributes = Dictionary(tag.attributes, uniquingKeysWith: { first, _ in first })
    return attributes["rel"] == "icon" && attributes["href"] == "data:,"
  }

  /// The server's own script: loaded from its own path with a hash it pins.
  static func isServedScript(_ tag: HTMLTags.Tag) -> Bool {
    let attributes = Dictionary(tag.attributes, uniquingKeysWith: { first, _ in first })
    guard let source = attributes["src"], let integrity = attributes["integrity"] else { return false }
    return source.hasPrefix("/") && !source.hasPrefix("//") && integrity.hasPrefix("sha256-")
  }

  /// `javascript`, `vbscript` or `data` when `value` (entity-decoded) is such a URL, as
  /// a browser reads it: leading spaces and controls dropped, tabs and line feeds inside
  /// the scheme ignored, any case.
  static func activeScheme(_ value: String) -> String? {
    var scheme = ""
    for scalar in value.unicodeScalars.drop(while: { $0.value <= 0x20 }) {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
      if scalar == ":" { break }
      guard scalar.isASCII, scalar.properties.isAlphabetic || "+-.".unicodeScalars.contains(scalar) else {
        return nil
      }
      scheme.unicodeScalars.append(scalar)
      if scheme.count > 10 { return nil }
    }
    let lowered = scheme.lowercased()
    return ["javascript", "vbscript", "data"].contains(lowered) ? lowered : nil
  }

  /// Throws when the text holds a control character other than the line feed.
  public static func checkText(_ text: String, _ label: String) throws(PropertyFailure) {
    // Read byte by byte: the controls (general category Cc) are U+0000–U+001F,
    // U+007F and U+0080–U+009F, the last written 0xC2 0x80…0x9F in UTF-8.
    let controlAt =
      text.utf8.withContiguousStorageIfAvailable { firstControl(in: $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { firstControl(in: $0) }
    guard let controlAt else { return }
    let prefix = String(decoding: text.utf8.prefix(controlAt), as: UTF8.self)
    let scalar = String(decoding: text.utf8.dropFirst(controlAt), as: UTF8.self).unicodeScalars.first?.value ?? 0
    throw PropertyFailure(
      "text.noControlCharacter",
      "\(label): U+\(String(scalar, radix: 16, uppercase: true)) at scalar \(prefix.unicodeScalars.count)")
  }

  /// The byte offset of the first control character but the line feed, if any.
  static func firstControl(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 && byte != 0x0A || byte == 0x7F { return index }
      if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F { return index }
      index += 1
    }
    return nil
  }

  /// True for a control character (general category Cc): U+0000–U+001F, U+007F–U+009F.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// How many times `pattern` occurs in `text`, without overlaps, compared byte by byte.
  static func occurrences(of pattern: String, in text: String) -> Int {
    let needle = Array(pattern.utf8)
    let haystack = Array(text.utf8)
    guard !needle.isEmpty else { return 0 }
    var count = 0
    var index = 0
    while index + needle.count <= haystack.count {
      if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
        count += 1
        index += needle.count
      } else {
        index += 1
      }
    }
    return count
  }

  /// Renders twice and throws unless both are the same bytes; returns the first.
  /// With `twice` false it renders once (a sampled check).
  public static func deterministic(
    _ label: String, twice: Bool = true, _ render: () -> String
  ) throws(PropertyFailure) -> String {
    let first = render()
    guard twice else { return first }
    let second = render()
    guard first.utf8.elementsEqual(second.utf8) else {
      throw PropertyFailure("deterministic", "\(label): two renderings of the same input differ")
    }
    return first
  }

  /// Throws unless every problem names a JSON path (`$`, `$.items[0].name`…) and is one
  /// line with a message: the contract's `FILE: $.path: message`.
  public static func checkErrors(_ errors: DataErrors, _ label: String) throws(PropertyFailure) {
    guard !errors.problems.isEmpty else {
      throw PropertyFailure("errors.nonEmpty", "\(label): an error with no problem")
    }
    for problem in errors.problems {
      let line = problem.description
      try checkErrorLine(line, label)
      guard line.utf8.first == UInt8(ascii: "$"), !problem.message.isEmpty else {
        throw PropertyFailure("errors.jsonPath", "\(label): \(line.prefix(120))")
      }
    }
  }

  /// Throws unless `line` is one non-empty line with no control character.
  public static func checkErrorLine(_ line: String, _ label: String) throws(PropertyFailure) {
    guard !line.isEmpty, !line.unicodeScalars.contains(where: isControl) else {
      throw PropertyFailure("errors.oneLine", "\(label): \(line.debugDescription.prefix(120))")
    }
  }
}
