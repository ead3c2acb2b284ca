/// The layout's fast paths: a text read once as UTF-8 (``ScalarLayoutMemo/measure(_:)``:
/// width, bidi isolation, line feeds, ASCII), lines written as byte ranges of it, no
/// `Substring`, `Character` or per-scalar ICU call. Each writes exactly the bytes the
/// general path writes, or returns false before writing anything when the text needs
/// more than it knows: an emoji (cluster widths), a line feed, a line breaker other
/// than the ASCII word one, white space at the end it cannot trim byte by byte, or a
/// label that wraps with the value below it. Tests compare both paths
/// (``TextLayout/generalPathOnly``).
extension TextLayout {
  /// ``wrap(_:indent:keepingTogether:into:)`` (nothing kept together) on `text`'s bytes.
  func wrapFast(_ text: String, indent: Int, into lines: inout TextLines) -> Bool {
    guard !generalPathOnly else { return false }
    let done = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard let metrics = lines.scalars.measure(utf8), !metrics.hasLineFeed else { return false }
      let available = max(1, width - indent)
      if metrics.width <= available {
        // The whole text is the line, its trailing white space left out.
        guard let end = Self.trimmedEnd(utf8, metrics, text, &lines.scalars) else { return false }
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.append(utf8: UnsafeBufferPointer(rebasing: utf8[..<end]), isolated: metrics.needsIsolation)
        lines.endLine()
        return true
      }
      guard metrics.isASCII, Self.isASCIIWords(utf8) else { return false }
      // ASCII holds no right-to-left letter: no isolate.
      Self.forEachASCIIWordLine(utf8, into: available) { line in
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.append(utf8: UnsafeBufferPointer(rebasing: utf8[line]))
        lines.endLine()
      }
      return true
    }
    return done ?? false
  }

  /// ``row(_:_:indent:valueBreaks:into:)`` on the label's and the value's bytes, for the
  /// two layouts a row mostly takes: the label beside the value, or a label longer
  /// than a whole line wrapped with the value on its first line.
  ///
  /// - Parameter measured: the value's metrics when the caller has them already.
  func rowFast(
    _ label: String, _ value: UnsafeBufferPointer<UInt8>, measured: ScalarLayoutMemo.Metrics? = nil, indent: Int,
    into lines: inout TextLines
  ) -> Bool {
    guard !generalPathOnly else { return false }
    let done = label.utf8.withContiguousStorageIfAvailable { labelUTF8 -> Bool in
      guard let valueMetrics = measured ?? lines.scalars.measure(value),
        let labelMetrics = lines.scalars.measure(labelUTF8), !labelMetrics.hasLineFeed
      else { return false }
      let labelRoom = width - indent - valueMetrics.width - 1
      if labelMetrics.width <= labelRoom {
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.append(utf8: labelUTF8, isolated: labelMetrics.needsIsolation)
        lines.appendSpaces(labelRoom - labelMetrics.width + 1)
        lines.append(utf8: value, isolated: valueMetrics.needsIsolation)
        lines.endLine()
        return true
      }
      // The general path puts a label that fits a line of its own above the value,
      // and wraps a label in a line narrower than a third of the width; not here.
      guard labelMetrics.width > width - indent, labelRoom >= max(1, (width - indent) / 3),
        labelMetrics.isASCII, Self.isASCIIWords(labelUTF8)
      else { return false }
      var isFirst = true
      Self.forEachASCIIWordLine(labelUTF8, into: labelRoom) { line in
        lines.beginLine()
        lines.appendSpaces(indent)
        lines.append(utf8: UnsafeBufferPointer(rebasing: labelUTF8[line]))
        if isFirst {
          isFirst = false
          // The line so far: the indent and ASCII, one column a byte.
          lines.appendSpaces(max(1, width - (max(0, indent) + line.count) - valueMetrics.width))
          lines.append(utf8: value, isolated: valueMetrics.needsIsolation)
        }
        lines.endLine()
      }
      return true
    }
    return done ?? false
  }

  /// Where `text` ends once `trimmingTrailingSpaces` has dropped its trailing white
  /// space, from its bytes; nil when only grapheme clusters can tell (white space that
  /// is not ASCII, or after a character that is not).
  static func trimmedEnd(
    _ utf8: UnsafeBufferPointer<UInt8>, _ metrics: ScalarLayoutMemo.Metrics, _ text: String,
    _ scalars: inout ScalarLayoutMemo
  ) -> Int? {
    var end = utf8.count
    guard end > 0 else { return 0 }
    let last = utf8[end - 1]
    // Ends in a printable ASCII character other than a space: nothing to trim.
    if last > 0x20, last < 0x7F { return end }
    if metrics.isASCII {
      // One grapheme cluster a byte (CR LF aside, both white space): drop white-space bytes.
      while end > 0, utf8[end - 1] == 0x20 || (utf8[end - 1] >= 0x09 && utf8[end - 1] <= 0x0D) { end -= 1 }
      return end
    }
    if last == 0x20 {
      // Spaces after a printable ASCII character: each its own cluster, and that
      // character's cluster is not white space.
      while end > 0, utf8[end - 1] == 0x20 { end -= 1 }
      return end > 0 && utf8[end - 1] > 0x20 && utf8[end - 1] < 0x7F ? end : nil
    }
    guard last >= 0x80 else { return nil }
    // A last scalar known to end a visible cluster (an Arabic digit, a letter): nothing to trim.
    var start = end - 1
    while start > 0, end - start < 4, utf8[start] & 0xC0 == 0x80 { start -= 1 }
    if scalars.endsVisibly(utf8, lastScalarAt: start) { return end }
    // Otherwise the last cluster decides, as `lastIndex(where: !isWhitespace)` would.
    if let character = text.last, !character.isWhitespace { return end }
    return nil
  }

  /// Whether `utf8` is ASCII letters, digits and spaces alone (``asciiWordBreaks(_:)``'s text).
  static func isASCIIWords(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in utf8 where byte != UInt8(ascii: " ") && !isWordByte(byte) { return false }
    return true
  }

  @inline(__always)
  static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// `body` with each line (a byte range, trailing spaces left out) of text of ASCII
  /// letters, digits and spaces (``isASCIIWords(_:)``) wrapped in `columns`: the break
  /// opportunities of ``asciiWordBreaks(_:)``, one column a byte, a word wider than the
  /// line cut between characters; the same lines the general path makes.
  static func forEachASCIIWordLine(
    _ bytes: UnsafeBufferPointer<UInt8>, into columns: Int, _ body: (Range<Int>) -> Void
  ) {
    var lineCount = 0
    var lineStart = 0
    var lineEnd = 0
    var lineWidth = 0
    func trimmed(_ range: Range<Int>) -> Range<Int> {
      var end = range.upperBound
      while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
      return range.lowerBound..<end
    }
    func finishLine() {
      if lineStart < lineEnd {
        lineCount += 1
        body(trimmed(lineStart..<lineEnd))
      }
    }
    var segmentStart = 0
    let count = bytes.count
    while segmentStart < count {
      // A segment runs to the next letter or digit after a space (LB18), or the end:
      // its word (none when it starts with a space), then its spaces.
      var segmentEnd = segmentStart + 1
      var trailingSpaces = 0
      if bytes[segmentStart] == UInt8(ascii: " ") {
        trailingSpaces = 1
      } else {
        while segmentEnd < count, bytes[segmentEnd] != UInt8(ascii: " ") { segmentEnd += 1 }
      }
      while segmentEnd < count, bytes[segmentEnd] == UInt8(ascii: " ") {
        segmentEnd += 1
        trailingSpaces += 1
      }
      let segmentWidth = segmentEnd - segmentStart
      defer { segmentStart = segmentEnd }
      if lineWidth + segmentWidth - trailingSpaces <= columns {
        lineEnd = segmentEnd
        lineWidth += segmentWidth
        continue
      }
      finishLine()
      lineStart = segmentStart
      lineEnd = segmentStart
      lineWidth = 0
      // A segment wider than a whole line is cut between characters.
      for index in segmentStart..<segmentEnd {
        if lineWidth + (bytes[index] == UInt8(ascii: " ") ? 0 : 1) > columns, lineStart < lineEnd {
          finishLine()
          lineStart = index
          lineWidth = 0
        }
        lineEnd = index + 1
        lineWidth += 1
      }
    }
    let last = trimmed(lineStart..<lineEnd)
    if !last.isEmpty || lineCount == 0 { body(last) }
  }
}
