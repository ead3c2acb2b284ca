/// Plain-text layout in display columns: word wrapping by UAX #14 (ICU's line breaker,
/// so Japanese wraps between characters and English between words) and rows with a
/// label on the left and a value right-aligned in the last columns.
///
/// Every piece of a line that holds right-to-left letters or bidi controls is wrapped
/// in FSI … PDI (U+2068, U+2069), one isolate per line: a Hebrew name or a stray
/// U+202E cannot reorder or reverse the amount beside it in a bidi-aware viewer.
public struct TextLayout: Sendable {
  /// Columns available; every line this layout makes fits in it.
  public let width: Int
  /// BCP 47 tag for the line breaker's tailoring.
  public let localeTag: String

  public init(width: Int, localeTag: String) {
    self.width = width
    self.localeTag = localeTag
  }

  /// `text` wrapped into lines of at most `width - indent` columns, each prefixed by
  /// `indent` spaces. Line feeds in `text` start a new line; a word wider than the
  /// line is broken between grapheme clusters.
  ///
  /// - Parameter keepingTogether: pieces of `text` (a link's `<https://…>`) never broken
  ///   between lines, unless one is wider than a whole line.
  public func wrap(_ text: String, indent: Int = 0, keepingTogether: [String] = []) -> [String] {
    let available = max(1, width - indent)
    let prefix = String(repeating: " ", count: indent)
    return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
      wrapParagraph(String(paragraph), into: available, keepingTogether: keepingTogether).map {
        prefix + Self.isolated($0)
      }
    }
  }

  /// `label` on the left and `value` ending in the last column.
  ///
  /// The label wraps in the columns the value leaves free when it is longer than a
  /// whole line anyway; a label that would fit a line of its own but not beside the
  /// value goes on its own line, with the value right-aligned below, so a short label
  /// ("Qty 12") is never split. An amount is never broken: when it is wider than the
  /// whole line it stands alone on its line and overflows rather than lose a digit or
  /// its sign.
  ///
  /// - Parameter valueBreaks: true for verbatim text ("Free on orders over …") that
  ///   may wrap, right-aligned, when it is too wide.
  public func row(_ label: String, _ value: String, indent: Int = 0, valueBreaks: Bool = false) -> [String] {
    let valueWidth = DisplayWidth.of(value)
    let labelWidth = DisplayWidth.of(label)
    let labelRoom = width - indent - valueWidth - 1
    let prefix = String(repeating: " ", count: indent)
    if labelWidth <= labelRoom, !label.contains("\n") {
      return [
        prefix + Self.isolated(label) + String(repeating: " ", count: labelRoom - labelWidth + 1) + Self.isolated(value)
      ]
    }
    let labelFitsALine = labelWidth <= width - indent && !label.contains("\n")
    guard !labelFitsALine, labelRoom >= max(1, (width - indent) / 3) else {
      let valueLines = valueBreaks && valueWidth > width ? wrapParagraphs(value, into: width) : [value]
      return wrap(label, indent: indent) + valueLines.map(rightAligned)
    }
    var lines = wrapParagraphs(label, into: labelRoom).map { prefix + Self.isolated($0) }
    if let first = lines.first {
      lines[0] =
        first + String(repeating: " ", count: max(1, width - DisplayWidth.of(first) - valueWidth))
        + Self.isolated(value)
    }
    return lines
  }

  /// `text` in FSI … PDI when it holds right-to-left letters or bidi controls, else as is.
  public static func isolated(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: ICU.needsBidiIsolation) else { return text }
    return "\u{2068}" + text + "\u{2069}"
  }

  /// A link as `label: URL` (in the locale's punctuation, from `template`'s filled-in
  /// parts) on one line when it fits; otherwise the URL on a line of its own, so it is
  /// never broken inside unless it is wider than a whole line.
  public func link(_ parts: [Placeholders.Part]) -> [String] {
    let whole = parts.map(\.text).joined()
    if DisplayWidth.of(whole) <= width { return [Self.isolated(whole)] }
    var lines: [String] = []
    var current = ""
    for part in parts {
      switch part {
      case .literal(let text): current += text
      case .argument(let text) where text.contains("://"):
        if !current.trimmingTrailingSpaces().isEmpty { lines += wrap(current.trimmingTrailingSpaces()) }
        current = ""
        lines += (DisplayWidth.of(text) <= width ? [text] : wrapParagraph(text, into: width)).map(Self.isolated)
      case .argument(let text): current += text
      }
    }
    if !current.trimmingTrailingSpaces().isEmpty { lines += wrap(current.trimmingTrailingSpaces()) }
    return lines
  }

  /// `text` padded on the left so it ends in the last column.
  public func rightAligned(_ text: String) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + Self.isolated(text)
  }

  /// A line of `character` across the whole width.
  public func rule(_ character: Character) -> String { String(repeating: character, count: width) }

  private func wrapParagraphs(_ text: String, into columns: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrapParagraph(String($0), into: columns) }
  }

  private func wrapParagraph(_ text: String, into columns: Int, keepingTogether: [String] = []) -> [String] {
    // Most lines fit; only those that do not need the line breaker.
    if DisplayWidth.of(text) <= columns { return [text.trimmingTrailingSpaces()] }
    let units = Array(text.utf16)
    var offsets = ICU.lineBreakOffsets(text, locale: localeTag) ?? [units.count]
    // No break strictly inside a piece kept together (UTF-16 offsets, as ICU's are).
    let kept = keepingTogether.filter { !$0.isEmpty }.flatMap { piece in
      text.ranges(of: piece).map { $0.lowerBound.utf16Offset(in: text)..<$0.upperBound.utf16Offset(in: text) }
    }
    if !kept.isEmpty {
      offsets.removeAll { offset in kept.contains { $0.lowerBound < offset && offset < $0.upperBound } }
    }
    var lines: [String] = []
    var line = ""
    // Columns of `line`, trailing spaces included; a line is measured without them.
    var lineWidth = 0
    var start = 0
    for end in offsets where end > start && end <= units.count {
      let segment = String(decoding: units[start..<end], as: UTF16.self)
      start = end
      let segmentWidth = DisplayWidth.of(segment)
      if lineWidth + DisplayWidth.of(segment.trimmingTrailingSpaces()) <= columns {
        line += segment
        lineWidth += segmentWidth
        continue
      }
      if !line.isEmpty { lines.append(line.trimmingTrailingSpaces()) }
      line = ""
      lineWidth = 0
      // A segment wider than a whole line is cut between grapheme clusters.
      for character in segment {
        let characterWidth = DisplayWidth.of(character)
        if lineWidth + (character.isWhitespace ? 0 : characterWidth) > columns, !line.isEmpty {
          lines.append(line.trimmingTrailingSpaces())
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += characterWidth
      }
    }
    let last = line.trimmingTrailingSpaces()
    if !last.isEmpty || lines.isEmpty { lines.append(last) }
    return lines
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while let last = copy.last, last.isWhitespace { copy.removeLast() }
    return copy
  }
}
