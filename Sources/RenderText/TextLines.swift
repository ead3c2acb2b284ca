/// Lines of plain text written into one UTF-8 buffer, each ending in a line feed: what
/// ``TextLayout`` writes into, so a page is built once as bytes and becomes one `String`
/// at the end, with no `String` per line or per piece of a line.
///
/// A page buffer (`trimsLineEnds` true) drops the white space at the end of each line
/// as it is finished, so no text output line ends in invisible characters.
package struct TextLines: Sendable {
  /// The page's bytes in memory of their own, written in place through a pointer (an
  /// array's `append(contentsOf:)` cost more than the copy for pieces of a few bytes),
  /// copied on write like an array's.
  ///
  /// Safety: `base` is `capacity` bytes allocated by the storage and freed in its
  /// `deinit`; a ``TextLines`` writes only when it holds the one reference
  /// (`isKnownUniquelyReferenced`, else it copies first: hence `@unchecked Sendable`),
  /// and only after ``room(for:)`` made room for the write; it reads only its first
  /// `count` bytes. Debug builds assert both bounds.
  private final class Storage: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }
  }

  private var storage: Storage
  /// Bytes written so far.
  private var count = 0
  /// Byte offset where each finished line starts, for ``strings``.
  private var lineStarts: [Int] = []
  /// Written at the start of every line begun after it is set (a change gutter).
  package var linePrefix: String = "" {
    didSet { prefixBytes = Array(linePrefix.utf8) }
  }
  private var prefixBytes: [UInt8] = []
  /// Whether white space at the end of a line is dropped when it is finished.
  package let trimsLineEnds: Bool
  /// Start of the line being written, and of its text after ``linePrefix``.
  private var lineStart = 0
  private var contentStart = 0
  /// ICU's answers about the scalars this page's text uses (``TextLayout``'s fast paths).
  var scalars = ScalarLayoutMemo()
  /// Bytes a layout puts a value together in, kept for the next one.
  private var scratch: [UInt8] = []

  /// - Parameter reservingCapacity: bytes to reserve, e.g. about 80 a line expected.
  package init(trimsLineEnds: Bool = true, reservingCapacity: Int = 0) {
    self.trimsLineEnds = trimsLineEnds
    storage = Storage(capacity: reservingCapacity)
  }

  /// The bytes written so far (a copy); every finished line ends in `\n`.
  package var bytes: [UInt8] { Array(written(0..<count)) }

  /// The text: every line followed by a line feed.
  package var text: String { String(decoding: written(0..<count), as: UTF8.self) }

  /// The finished lines, each without its line feed.
  package var strings: [String] {
    lineStarts.indices.map { index in
      let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : count - 1
      return String(decoding: written(lineStarts[index]..<end), as: UTF8.self)
    }
  }

  /// The bytes of `range`, within what is written.
  private func written(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    assert(range.lowerBound >= 0 && range.upperBound <= count, "TextLines: a read past what is written")
    return UnsafeBufferPointer(start: storage.base + range.lowerBound, count: range.count)
  }

  /// Where the next `extra` bytes go, with room for them in storage this buffer alone holds.
  @inline(__always)
  private mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
    if _slowPath(count + extra > storage.capacity || !isKnownUniquelyReferenced(&storage)) { makeRoom(for: extra) }
    assert(extra >= 0 && count + extra <= storage.capacity, "TextLines: no room made")
    return storage.base + count
  }

  private mutating func makeRoom(for extra: Int) {
    let capacity = count + extra > storage.capacity ? max(count + extra, 2 * storage.capacity) : storage.capacity
    let new = Storage(capacity: capacity)
    new.base.initialize(from: storage.base, count: count)
    storage = new
  }

  /// Copies `source` to the end: short pieces as two overlapping words or byte by byte,
  /// longer ones by `memcpy`.
  @inline(__always)
  private mutating func write(_ source: UnsafePointer<UInt8>, count length: Int) {
    let target = room(for: length)
    if length >= 8, length <= 16 {
      let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
      let tail = UnsafeRawPointer(source + length - 8).loadUnaligned(as: UInt64.self)
      UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
      UnsafeMutableRawPointer(target + length - 8).storeBytes(of: tail, as: UInt64.self)
    } else if length < 8 {
      for index in 0..<length { target[index] = source[index] }
    } else {
      target.update(from: source, count: length)
    }
    count += length
  }

  @inline(__always)
  private mutating func write(byte: UInt8) {
    room(for: 1).pointee = byte
    count += 1
  }

  /// `line` as a line of its own, after ``linePrefix``.
  package mutating func append(line: some StringProtocol) {
    beginLine()
    append(line)
    endLine()
  }

  /// `line` as a line of its own (a `String`), without the generic call
  /// (another module's call of the generic one is not specialized).
  package mutating func append(line: String) {
    beginLine()
    if !line.isEmpty { append(line) }
    endLine()
  }

  /// Each of `lines` as a line of its own.
  package mutating func append(lines: [String]) {
    for line in lines { append(line: line) }
  }

  mutating func beginLine() {
    lineStart = count
    if !prefixBytes.isEmpty { prefixBytes.withUnsafeBufferPointer { append(utf8: $0) } }
    contentStart = count
  }

  mutating func append(_ text: some StringProtocol) {
    if let done = text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0) }) { return done }
    let copied = Array(text.utf8)
    copied.withUnsafeBufferPointer { append(utf8: $0) }
  }

  mutating func appendSpaces(_ spaces: Int) {
    guard spaces > 0 else { return }
    room(for: spaces).update(repeating: UInt8(ascii: " "), count: spaces)
    count += spaces
  }

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
    guard let source = utf8.baseAddress else { return }
    write(source, count: utf8.count)
  }

  /// `utf8` in FSI … PDI when `isolated`, as ``appendIsolated(_:)`` writes a text that
  /// needs it.
  mutating func append(utf8: UnsafeBufferPointer<UInt8>, isolated: Bool) {
    guard isolated else { return append(utf8: utf8) }
    let balance = IsolateBalance(utf8: utf8)
    for _ in 0...balance.strayClosings { writeIsolate(0xA8) }  // U+2068 FSI
    append(utf8: utf8)
    for _ in 0...balance.unclosed { writeIsolate(0xA9) }  // U+2069 PDI
  }

  /// U+2068 FSI (`last` 0xA8) or U+2069 PDI (0xA9).
  private mutating func writeIsolate(_ last: UInt8) {
    let target = room(for: 3)
    target[0] = 0xE2
    target[1] = 0x81
    target[2] = last
    count += 3
  }

  mutating func append(repeating character: Character, count repeats: Int) {
    guard repeats > 0 else { return }
    if let ascii = character.asciiValue {
      room(for: repeats).update(repeating: ascii, count: repeats)
      count += repeats
    } else {
      let utf8 = Array(String(character).utf8)
      utf8.withUnsafeBufferPointer { utf8 in
        for _ in 0..<repeats { append(utf8: utf8) }
      }
    }
  }

  /// `text` in FSI … PDI when it holds right-to-left letters or bidi controls, else as is
  /// (as ``TextLayout/isolated(_:)``).
  mutating func appendIsolated(_ text: some StringProtocol) {
    if TextLayout.needsIsolation(text) {
      let balance = IsolateBalance(utf8: text.utf8)
      for _ in 0...balance.strayClosings { writeIsolate(0xA8) }
      append(text)
      for _ in 0...balance.unclosed { writeIsolate(0xA9) }
    } else {
      append(text)
    }
  }

  /// Display columns of the line being written, its prefix left out.
  func currentLineWidth() -> Int {
    let content = written(contentStart..<count)
    if !content.contains(where: { $0 < 0x20 || $0 > 0x7E }) { return content.count }
    return DisplayWidth.of(String(decoding: content, as: UTF8.self))
  }

  mutating func endLine() {
    if trimsLineEnds { trimLineEnd() }
    lineStarts.append(lineStart)
    write(byte: UInt8(ascii: "\n"))
  }

  /// Drops the white space ending the line, as `String.trimmingTrailingSpaces` does.
  private mutating func trimLineEnd() {
    guard count > lineStart else { return }
    assert(lineStart >= 0 && count <= storage.capacity)
    let bytes = storage.base
    let last = bytes[count - 1]
    // Ends in a printable ASCII character other than a space: nothing to trim.
    if last > 0x20, last < 0x7F { return }
    // Spaces after a printable ASCII character (or alone on the line): drop them.
    var end = count
    while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    if end < count, end == lineStart || (bytes[end - 1] > 0x20 && bytes[end - 1] < 0x7F) {
      count = end
      return
    }
    // A bidi isolate or mark ends the line (its own grapheme cluster, not white space).
    if end == count, end - lineStart >= 3, bytes[end - 3] == 0xE2,
      (bytes[end - 2] == 0x81 && bytes[end - 1] == 0xA9)
        || (bytes[end - 2] == 0x80 && (bytes[end - 1] == 0x8E || bytes[end - 1] == 0x8F))
    {
      return
    }
    let line = String(decoding: written(lineStart..<count), as: UTF8.self)
    count = lineStart + line.trimmingTrailingSpaces().utf8.count
  }
}
