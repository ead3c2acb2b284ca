/// Lines of plain text written into one UTF-8 buffer, each ending in a line feed: what
/// ``TextLayout`` writes into, so a page is built once as bytes and becomes one `String`
/// at the end, with no `String` per line or per piece of a line.
///
/// A page buffer (`trimsLineEnds` true) drops the white space at the end of each line
/// as it is finished, so no text output line ends in invisible characters.
public struct TextLines: Sendable {
  /// The UTF-8 bytes written so far; every finished line ends in `\n`.
  public private(set) var bytes: [UInt8] = []
  /// Byte offset where each finished line starts, for ``strings``.
  private var lineStarts: [Int] = []
  /// Written at the start of every line begun after it is set (a change gutter).
  public var linePrefix: String = "" {
    didSet { prefixBytes = Array(linePrefix.utf8) }
  }
  private var prefixBytes: [UInt8] = []
  /// Whether white space at the end of a line is dropped when it is finished.
  public let trimsLineEnds: Bool
  /// Start of the line being written, and of its text after ``linePrefix``.
  private var lineStart = 0
  private var contentStart = 0
  /// ICU's answers about the scalars this page's text uses (``TextLayout``'s fast paths).
  var scalars = ScalarLayoutMemo()
  /// Bytes a layout puts a value together in, kept for the next one.
  private var scratch: [UInt8] = []

  /// - Parameter reservingCapacity: bytes to reserve, e.g. about 80 a line expected.
  public init(trimsLineEnds: Bool = true, reservingCapacity: Int = 0) {
    self.trimsLineEnds = trimsLineEnds
    bytes.reserveCapacity(reservingCapacity)
  }

  /// The text: every line followed by a line feed.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The finished lines, each without its line feed.
  public var strings: [String] {
    lineStarts.indices.map { index in
      let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count - 1
      return String(decoding: bytes[lineStarts[index]..<end], as: UTF8.self)
    }
  }

  /// `line` as a line of its own, after ``linePrefix``.
  public mutating func append(line: some StringProtocol) {
    beginLine()
    append(line)
    endLine()
  }

  /// Each of `lines` as a line of its own.
  public mutating func append(lines: [String]) {
    for line in lines { append(line: line) }
  }

  mutating func beginLine() {
    lineStart = bytes.count
    bytes.append(contentsOf: prefixBytes)
    contentStart = bytes.count
  }

  mutating func append(_ text: some StringProtocol) {
    if let done = text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) { return done }
    bytes.append(contentsOf: text.utf8)
  }

  mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    // Copied from a constant run (a `Repeated` sequence is appended a byte at a time).
    var left = count
    Self.spaces.withUTF8Buffer { spaces in
      while left > 0 {
        let run = min(left, spaces.count)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[..<run]))
        left -= run
      }
    }
  }

  private static let spaces: StaticString = "                                                                "

  /// The scratch bytes, empty, for ``giveBackScratch(_:)`` when done (taken out so the
  /// buffer can be written while they are read).
  mutating func takeScratch() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &scratch)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  mutating func giveBackScratch(_ bytes: [UInt8]) { scratch = bytes }

  /// `utf8` as it is (valid UTF-8).
  mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
  }

  /// `utf8` in FSI … PDI when `isolated`, as ``appendIsolated(_:)`` writes a text that
  /// needs it.
  mutating func append(utf8: UnsafeBufferPointer<UInt8>, isolated: Bool) {
    guard isolated else { return bytes.append(contentsOf: utf8) }
    bytes.append(0xE2)  // U+2068 FSI
    bytes.append(0x81)
    bytes.append(0xA8)
    bytes.append(contentsOf: utf8)
    bytes.append(0xE2)  // U+2069 PDI
    bytes.append(0x81)
    bytes.append(0xA9)
  }

  mutating func append(repeating character: Character, count: Int) {
    guard count > 0 else { return }
    if let ascii = character.asciiValue {
      bytes.append(contentsOf: repeatElement(ascii, count: count))
    } else {
      let utf8 = Array(String(character).utf8)
      for _ in 0..<count { bytes.append(contentsOf: utf8) }
    }
  }

  /// `text` in FSI … PDI when it holds right-to-left letters or bidi controls, else as is
  /// (as ``TextLayout/isolated(_:)``).
  mutating func appendIsolated(_ text: some StringProtocol) {
    if TextLayout.needsIsolation(text) {
      bytes.append(contentsOf: [0xE2, 0x81, 0xA8])  // U+2068 FSI
      append(text)
      bytes.append(contentsOf: [0xE2, 0x81, 0xA9])  // U+2069 PDI
    } else {
      append(text)
    }
  }

  /// Display columns of the line being written, its prefix left out.
  func currentLineWidth() -> Int {
    let content = bytes[contentStart...]
    if !content.contains(where: { $0 < 0x20 || $0 > 0x7E }) { return content.count }
    return DisplayWidth.of(String(decoding: content, as: UTF8.self))
  }

  mutating func endLine() {
    if trimsLineEnds { trimLineEnd() }
    lineStarts.append(lineStart)
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Drops the white space ending the line, as `String.trimmingTrailingSpaces` does.
  private mutating func trimLineEnd() {
    guard let last = bytes.last, bytes.count > lineStart else { return }
    // Ends in a printable ASCII character other than a space: nothing to trim.
    if last > 0x20, last < 0x7F { return }
    // Spaces after a printable ASCII character (or alone on the line): drop them.
    var end = bytes.count
    while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    if end < bytes.count, end == lineStart || (bytes[end - 1] > 0x20 && bytes[end - 1] < 0x7F) {
      bytes.removeSubrange(end...)
      return
    }
    // A bidi isolate or mark ends the line (its own grapheme cluster, not white space).
    if end == bytes.count, end - lineStart >= 3, bytes[end - 3] == 0xE2,
      (bytes[end - 2] == 0x81 && bytes[end - 1] == 0xA9)
        || (bytes[end - 2] == 0x80 && (bytes[end - 1] == 0x8E || bytes[end - 1] == 0x8F))
    {
      return
    }
    let line = String(decoding: bytes[lineStart...], as: UTF8.self)
    let trimmed = line.trimmingTrailingSpaces()
    bytes.removeSubrange((lineStart + trimmed.utf8.count)...)
  }
}
