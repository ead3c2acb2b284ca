import RenderLocalization

/// Plain-text layout in display columns: word wrapping by UAX #14 (ICU's line breaker,
/// so Japanese wraps between characters and English between words) and rows with a
/// label on the left and a value right-aligned in the last columns.
///
/// Every piece of a line that holds right-to-left letters or bidi controls is wrapped
/// in FSI … PDI (U+2068, U+2069), one isolate per line: a Hebrew name or a stray
/// U+202E cannot reorder or reverse the amount beside it in a bidi-aware viewer.
package struct TextLayout: Sendable {
  /// Columns available; every line this layout makes fits in it, but for an amount
  /// wider than the whole line, which is never split: it stands alone on its own line,
  /// nothing beside it, and overflows (see ``row(_:_:indent:valueBreaks:into:)``).
  package let width: Int
  /// BCP 47 tag for the line breaker's tailoring.
  package let localeTag: String

  /// True to lay out every text by the general path (`String`, grapheme clusters, ICU
  /// per scalar), never by the UTF-8 fast paths: what tests compare the fast paths with.
  package let generalPathOnly: Bool

  package init(width: Int, localeTag: String) {
    self.init(width: width, localeTag: localeTag, generalPathOnly: false)
  }

  package init(width: Int, localeTag: String, generalPathOnly: Bool) {
    self.width = width
    self.localeTag = localeTag
    self.generalPathOnly = generalPathOnly
  }

  /// `text` wrapped into lines of at most `width - indent` columns, each prefixed by
  /// `indent` spaces. Line feeds in `text` start a new line; a word wider than the
  /// line is broken between grapheme clusters.
  ///
  /// - Parameter keepingTogether: pieces of `text` (a link's `<https://…>`) never broken
  ///   between lines, unless one is wider than a whole line.
  package func wrap(_ text: String, indent: Int = 0, keepingTogether: [String] = []) -> [String] {
    var lines = TextLines(trimsLineEnds: false)
    wrap(text, indent: indent, keepingTogether: keepingTogether, into: &lines)
    return lines.strings
  }

  /// ``wrap(_:indent:keepingTogether:)`` written into `lines`.
  package func wrap(_ text: String, indent: Int = 0, keepingTogether: [String] = [], into lines: inout TextLines) {
    if keepingTogether.isEmpty, wrapFast(text, indent: indent, into: &lines) { return }
    let available = max(1, width - indent)
    Self.forEachParagraph(text) { paragraph in
      wrapParagraph(paragraph, into: available, keepingTogether: keepingTogether) { line in
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.appendIsolated(line)
        lines.endLine()
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
  /// its sign: that line, the amount alone (right-aligned, so from the first column),
  /// is the one line this layout makes wider than ``width``.
  ///
  /// - Parameter valueBreaks: true for verbatim text ("Free on orders over …") that
  ///   may wrap, right-aligned, when it is too wide.
  package func row(_ label: String, _ value: String, indent: Int = 0, valueBreaks: Bool = false) -> [String] {
    var lines = TextLines(trimsLineEnds: false)
    row(label, value, indent: indent, valueBreaks: valueBreaks, into: &lines)
    return lines.strings
  }

  /// ``row(_:_:indent:valueBreaks:)`` written into `lines`.
  package func row(
    _ label: String, _ value: String, indent: Int = 0, valueBreaks: Bool = false, into lines: inout TextLines
  ) {
    let done = value.utf8.withContiguousStorageIfAvailable { rowFast(label, $0, indent: indent, into: &lines) }
    if done == true { return }
    rowInGeneral(label, value, indent: indent, valueBreaks: valueBreaks, into: &lines)
  }

  /// ``row(_:_:indent:valueBreaks:into:)`` with the value as UTF-8 (an amount from
  /// `MoneyFormatter.withUTF8`), so no `String` is made for it. `value` must be valid
  /// UTF-8; bytes that are not are read as `String(decoding:as:)` reads them.
  package func row(
    _ label: String, utf8 value: UnsafeBufferPointer<UInt8>, indent: Int = 0, into lines: inout TextLines
  ) {
    if rowFast(label, value, indent: indent, into: &lines) { return }
    rowInGeneral(label, String(decoding: value, as: UTF8.self), indent: indent, valueBreaks: false, into: &lines)
  }

  /// ``row(_:_:indent:into:)-(_,FilledTemplate,_,_)`` for a template (a
  /// ``StringTable/template(_:)``) filled in with one argument, given as UTF-8: the
  /// value is put together in the page buffer's scratch bytes, no `String` made, while
  /// it fits a line. Placeholders other than the first are left empty, as
  /// ``FilledTemplate`` leaves them with one argument.
  package func row(
    _ label: String, template: MessageTemplate, argument: UnsafeBufferPointer<UInt8>, indent: Int = 0,
    into lines: inout TextLines
  ) {
    if !generalPathOnly {
      var value = lines.takeScratch()
      defer { lines.giveBackScratch(value) }
      for segment in template.segments {
        switch segment {
        case .literal(let text): value.append(contentsOf: text.utf8)
        case .argument(let position): if position == 1 { value.append(contentsOf: argument) }
        }
      }
      let laidOut = value.withUnsafeBufferPointer { value -> Bool in
        // Measured once, for the check and the row.
        guard let metrics = lines.scalars.measure(value) else {
          let text = String(decoding: value, as: UTF8.self)
          guard DisplayWidth.of(text) <= width else { return false }
          rowInGeneral(label, text, indent: indent, valueBreaks: false, into: &lines)
          return true
        }
        guard metrics.width <= width else { return false }
        if !rowFast(label, value, measured: metrics, indent: indent, into: &lines) {
          rowInGeneral(label, String(decoding: value, as: UTF8.self), indent: indent, valueBreaks: false, into: &lines)
        }
        return true
      }
      if laidOut { return }
    }
    row(label, FilledTemplate(template, [String(decoding: argument, as: UTF8.self)]), indent: indent, into: &lines)
  }

  /// ``row(_:_:indent:valueBreaks:into:)`` by grapheme clusters and ICU, for any text.
  private func rowInGeneral(
    _ label: String, _ value: String, indent: Int, valueBreaks: Bool, into lines: inout TextLines
  ) {
    let valueWidth = DisplayWidth.of(value)
    let labelWidth = DisplayWidth.of(label)
    let labelRoom = width - indent - valueWidth - 1
    let labelHasLineFeed = Self.hasLineFeed(label)
    if labelWidth <= labelRoom, !labelHasLineFeed {
      lines.beginLine()
      lines.appendSpaces(indent)
      lines.appendIsolated(label)
      lines.appendSpaces(labelRoom - labelWidth + 1)
      lines.appendIsolated(value)
      lines.endLine()
      return
    }
    let labelFitsALine = labelWidth <= width - indent && !labelHasLineFeed
    guard !labelFitsALine, labelRoom >= max(1, (width - indent) / 3) else {
      wrap(label, indent: indent, into: &lines)
      if valueBreaks, valueWidth > width {
        Self.forEachParagraph(value) { paragraph in
          wrapParagraph(paragraph, into: width) { rightAligned($0, into: &lines) }
        }
      } else {
        rightAligned(value, into: &lines)
      }
      return
    }
    var isFirst = true
    Self.forEachParagraph(label) { paragraph in
      wrapParagraph(paragraph, into: labelRoom) { line in
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.appendIsolated(line)
        if isFirst {
          isFirst = false
          lines.appendSpaces(max(1, width - lines.currentLineWidth() - valueWidth))
          lines.appendIsolated(value)
        }
        lines.endLine()
      }
    }
  }

  /// A row whose value is a filled-in template around an amount (`was $15.00`): as
  /// ``row(_:_:indent:valueBreaks:into:)`` with the parts joined while the value fits
  /// a line. Wider than the whole line, the label goes first, then the template's own
  /// words right-aligned and each argument (the amount) right-aligned on a line of its
  /// own, in the template's order, so an amount stands alone even when it overflows.
  package func row(_ label: String, _ filled: FilledTemplate, indent: Int = 0, into lines: inout TextLines) {
    let value = filled.text
    guard DisplayWidth.of(value) > width else { return row(label, value, indent: indent, into: &lines) }
    wrap(label, indent: indent, into: &lines)
    var words = ""
    func writeWords() {
      let trimmed = words.drop(while: \.isWhitespace).trimmingTrailingSpaces()
      if !trimmed.isEmpty { wrapParagraph(trimmed, into: width) { rightAligned($0, into: &lines) } }
      words = ""
    }
    for segment in filled.template.segments {
      switch segment {
      case .literal(let text): words += text
      case .argument(let position):
        writeWords()
        rightAligned(filled.argument(position), into: &lines)
      }
    }
    writeWords()
  }

  /// `text` in FSI … PDI when it holds right-to-left letters or bidi controls, else as is
  /// (with an FSI more for each PDI of its own that closes nothing, and a PDI more for
  /// each isolate it leaves open: ``IsolateBalance``).
  package static func isolated(_ text: String) -> String {
    guard needsIsolation(text) else { return text }
    let balance = IsolateBalance(utf8: text.utf8)
    return balance.opening + text + balance.closing
  }

  /// Whether `text` holds a right-to-left letter or a bidi control.
  static func needsIsolation(_ text: some StringProtocol) -> Bool {
    // ASCII holds no right-to-left letter and no bidi control.
    let ascii = text.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } }
    if ascii ?? !text.utf8.contains(where: { $0 >= 0x80 }) { return false }
    return text.unicodeScalars.contains(where: { ICU.needsBidiIsolation($0) })
  }

  /// A link as `label: URL` (in the locale's punctuation, a filled-in template) on one line when it fits; otherwise the URL on a line of its own, so it is
  /// never broken inside unless it is wider than a whole line.
  package func link(_ filled: FilledTemplate) -> [String] {
    let whole = filled.text
    if DisplayWidth.of(whole) <= width { return [Self.isolated(whole)] }
    var lines: [String] = []
    var current = ""
    for segment in filled.template.segments {
      switch segment {
      case .literal(let text): current += text
      case .argument(let position) where Self.isURL(filled.argument(position)):
        let text = filled.argument(position)
        if !current.trimmingTrailingSpaces().isEmpty { lines += wrap(current.trimmingTrailingSpaces()) }
        current = ""
        if DisplayWidth.of(text) <= width {
          lines.append(Self.isolated(text))
        } else {
          wrapParagraph(text[...], into: width) { lines.append(Self.isolated(String($0))) }
        }
      case .argument(let position): current += filled.argument(position)
      }
    }
    if !current.trimmingTrailingSpaces().isEmpty { lines += wrap(current.trimmingTrailingSpaces()) }
    return lines
  }

  /// True when `text` holds a line feed (a search of its bytes in place).
  private static func hasLineFeed(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\n")) }
      ?? text.utf8.contains(UInt8(ascii: "\n"))
  }

  /// True when `text` holds `://` (a byte search: no Foundation string search per line).
  private static func isURL(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    guard utf8.count >= 3 else { return false }
    for index in 0...(utf8.count - 3)
    where utf8[index] == UInt8(ascii: ":") && utf8[index + 1] == UInt8(ascii: "/")
      && utf8[index + 2] == UInt8(ascii: "/")
    {
      return true
    }
    return false
  }

  /// `text` padded on the left so it ends in the last column.
  package func rightAligned(_ text: String) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + Self.isolated(text)
  }

  /// ``rightAligned(_:)`` as a line of `lines`.
  package func rightAligned(_ text: some StringProtocol, into lines: inout TextLines) {
    lines.beginLine()
    lines.appendSpaces(width - DisplayWidth.of(text))
    lines.appendIsolated(text)
    lines.endLine()
  }

  /// A line of `character` across the whole width.
  package func rule(_ character: Character) -> String { String(repeating: character, count: width) }

  /// ``rule(_:)`` as a line of `lines`.
  package func rule(_ character: Character, into lines: inout TextLines) {
    lines.beginLine()
    lines.append(repeating: character, count: width)
    lines.endLine()
  }

  /// `body` for each piece of `text` between its line feeds; without one (the usual
  /// case), the whole text, found by a byte search rather than by walking its characters.
  private static func forEachParagraph(_ text: String, _ body: (Substring) -> Void) {
    guard hasLineFeed(text) else { return body(text[...]) }
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) { body(paragraph) }
  }

  /// `body` for each of the paragraph's lines, in order, trailing white space left out.
  /// A line is a range of `text` (segments between break opportunities follow each
  /// other), never copied.
  private func wrapParagraph(
    _ text: Substring, into columns: Int, keepingTogether: [String] = [], _ body: (Substring) -> Void
  ) {
    // Most lines fit; only those that do not need the line breaker.
    if DisplayWidth.of(text) <= columns { return body(text.trimmingTrailingSpaces()) }
    if keepingTogether.isEmpty, Self.wrapASCIIWords(text, into: columns, body) { return }
    let unitCount = text.utf16.count
    var offsets = Self.asciiWordBreaks(text) ?? ICU.lineBreakOffsets(text, locale: localeTag) ?? [unitCount]
    // No break strictly inside a piece kept together (UTF-16 offsets, as ICU's are).
    let kept = keepingTogether.filter { !$0.isEmpty }.flatMap { piece in
      text.ranges(of: piece).map {
        text.utf16.distance(
          from: text.startIndex, to: $0.lowerBound)..<text.utf16.distance(
            from: text.startIndex, to: $0.upperBound)
      }
    }
    if !kept.isEmpty {
      offsets.removeAll { offset in kept.contains { $0.lowerBound < offset && offset < $0.upperBound } }
    }
    var lineCount = 0
    var lineStart = text.startIndex
    var lineEnd = text.startIndex
    // Columns of the line, trailing spaces included; a line is measured without them.
    var lineWidth = 0
    func finishLine() {
      if lineStart < lineEnd {
        lineCount += 1
        body(text[lineStart..<lineEnd].trimmingTrailingSpaces())
      }
    }
    var start = 0
    var position = text.startIndex
    for end in offsets where end > start && end <= unitCount {
      let segmentEnd = text.utf16.index(position, offsetBy: end - start)
      let segment = text[position..<segmentEnd]
      start = end
      position = segmentEnd
      let segmentWidth = DisplayWidth.of(segment)
      if lineWidth + segmentWidth - Self.trailingWhitespaceWidth(segment) <= columns {
        lineEnd = segmentEnd
        lineWidth += segmentWidth
        continue
      }
      finishLine()
      lineStart = segment.startIndex
      lineEnd = segment.startIndex
      lineWidth = 0
      // A segment wider than a whole line is cut between grapheme clusters.
      var index = segment.startIndex
      while index < segment.endIndex {
        let next = segment.index(after: index)
        let character = segment[index]
        let characterWidth = DisplayWidth.of(character)
        if lineWidth + (character.isWhitespace ? 0 : characterWidth) > columns, lineStart < lineEnd {
          finishLine()
          lineStart = index
          lineWidth = 0
        }
        lineEnd = next
        lineWidth += characterWidth
        index = next
      }
    }
    let last = text[lineStart..<lineEnd].trimmingTrailingSpaces()
    if !last.isEmpty || lineCount == 0 { body(last) }
  }

  /// The same lines as the general path for text of ASCII letters, digits and spaces
  /// alone (the break opportunities of ``asciiWordBreaks(_:)``), measured on its bytes:
  /// one column a byte, no offsets array, no index conversion. False (nothing written)
  /// for any other text.
  private static func wrapASCIIWords(_ text: Substring, into columns: Int, _ body: (Substring) -> Void) -> Bool {
    let utf8 = text.utf8
    let ranges = utf8.withContiguousStorageIfAvailable { bytes -> [Range<Int>]? in
      guard isASCIIWords(bytes) else { return nil }
      var lines: [Range<Int>] = []
      forEachASCIIWordLine(bytes, into: columns) { lines.append($0) }
      return lines
    }
    guard let ranges, let ranges else { return false }
    for range in ranges {
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      body(text[start..<utf8.index(start, offsetBy: range.count)])
    }
    return true
  }

  /// Columns taken by the white space that ends `segment`.
  private static func trailingWhitespaceWidth(_ segment: Substring) -> Int {
    // Trailing ASCII spaces after a printable ASCII character: one column each.
    var spaces = 0
    for byte in segment.utf8.reversed() {
      if byte == UInt8(ascii: " ") {
        spaces += 1
        continue
      }
      if byte > 0x20, byte < 0x7F { return spaces }
      break
    }
    if spaces == segment.utf8.count { return spaces }
    var width = 0
    var index = segment.endIndex
    while index > segment.startIndex {
      let before = segment.index(before: index)
      let character = segment[before]
      guard character.isWhitespace else { break }
      width += DisplayWidth.of(character)
      index = before
    }
    return width
  }

  /// UAX #14's break opportunities for text of ASCII letters, digits and spaces alone,
  /// without ICU: before each letter or digit that follows a space (LB18), and at the
  /// end; letters and digits never break between themselves (LB23, LB25, LB28), nor
  /// before a space (LB7). Nil for any other text. A test holds it to ICU's answers.
  static func asciiWordBreaks(_ text: Substring) -> [Int]? {
    var breaks: [Int] = []
    var previousIsSpace = false
    var offset = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "): previousIsSpace = true
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        if previousIsSpace, offset > 0 { breaks.append(offset) }
        previousIsSpace = false
      default: return nil
      }
      offset += 1
    }
    if offset > 0 { breaks.append(offset) }
    return breaks
  }
}

extension Substring {
  /// The substring without the white space at its end, as `String(self)` trimmed by
  /// `trimmingTrailingSpaces` would read (the same grapheme clusters), without a copy
  /// when it is ASCII.
  func trimmingTrailingSpaces() -> Substring {
    // Ends in a printable ASCII character other than a space: nothing to trim.
    if let last = utf8.last, last > 0x20, last < 0x7F { return self }
    let isASCII = utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } } ?? false
    if isASCII {
      // One grapheme cluster a byte (CR LF aside, both white space): drop white-space bytes.
      var end = utf8.endIndex
      while end > utf8.startIndex {
        let before = utf8.index(before: end)
        let byte = utf8[before]
        guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else { break }
        end = before
      }
      return self[..<end]
    }
    let kept = String(self).trimmingTrailingSpaces().utf8.count
    return self[..<utf8.index(startIndex, offsetBy: kept)]
  }
}

extension String {
  package func trimmingTrailingSpaces() -> String {
    // Ends in a printable ASCII character other than a space: nothing to trim.
    if let last = utf8.last, last > 0x20, last < 0x7F { return self }
    guard let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[...end])
  }
}
