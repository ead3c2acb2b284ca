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
///
/// The page is one buffer of UTF-8 bytes, reserved once: names and literal markup are
/// copied in whole, and escaping copies the runs between the bytes that need an entity.
/// ``bytes`` hands the page out as it is, ``output`` as one `String`.
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

  private var buffer: ByteBuffer

  /// The page so far, UTF-8.
  public var bytes: [UInt8] { buffer.withBytes { Array($0) } }

  /// The page so far as a `String` (made from the bytes each time it is read).
  public var output: String { buffer.withBytes { String(decoding: $0, as: UTF8.self) } }

  /// - Parameter capacity: bytes reserved up front; a page that outgrows it still grows.
  public init(capacity: Int = 16 * 1024) {
    buffer = ByteBuffer(capacity: capacity)
  }

  /// `<name attributes>` … `</name>`, with `content` writing the inside.
  public mutating func element(
    _ name: StaticString, _ attributes: [Attribute] = [], _ content: (inout HTMLWriter) -> Void = { _ in }
  ) {
    open(name, attributes)
    content(&self)
    append("</")
    append(name)
    put(UInt8(ascii: ">"))
  }

  /// An element whose whole content is `text`.
  public mutating func element(_ name: StaticString, _ attributes: [Attribute] = [], text: String) {
    open(name, attributes)
    self.text(text)
    append("</")
    append(name)
    put(UInt8(ascii: ">"))
  }

  /// A void element (`<meta>`, `<input>`): no content, no end tag.
  public mutating func void(_ name: StaticString, _ attributes: [Attribute] = []) {
    open(name, attributes)
  }

  /// Escaped text.
  public mutating func text(_ text: String) {
    escape(text, quotes: false)
  }

  /// Merchant or customer text in `<bdi>`: it keeps its own direction (a Hebrew name, a
  /// Latin name in an Arabic page) without reordering what stands around it, while its
  /// block still aligns with the page.
  public mutating func isolated(_ text: String) {
    element("bdi", text: text)
  }

  /// Markup placed as is; only ``TrustedHTML`` can get here.
  public mutating func raw(_ html: TrustedHTML) {
    var markup = html.markup
    markup.withUTF8 { put($0) }
  }

  /// A line break in the source, to keep pages readable in a diff.
  public mutating func newline() { put(UInt8(ascii: "\n")) }

  private mutating func open(_ name: StaticString, _ attributes: [Attribute]) {
    put(UInt8(ascii: "<"))
    append(name)
    for attribute in attributes {
      put(UInt8(ascii: " "))
      append(attribute.name)
      if let value = attribute.value {
        append("=\"")
        escape(value, quotes: true)
        put(UInt8(ascii: "\""))
      }
    }
    put(UInt8(ascii: ">"))
  }

  private mutating func append(_ name: StaticString) {
    name.withUTF8Buffer { put($0) }
  }

  private mutating func put(_ byte: UInt8) {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    buffer.append(byte)
  }

  private mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    buffer.append(source)
  }

  /// Copies `text`'s UTF-8, each `& < >` (and `"` when `quotes`) as its entity: the runs
  /// between those bytes are copied whole. UTF-8 never has these bytes inside a
  /// multi-byte character, so no character is split.
  private mutating func escape(_ text: String, quotes: Bool) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { escape($0, quotes: quotes) }
    if copied == nil {
      var contiguous = text
      contiguous.withUTF8 { escape($0, quotes: quotes) }
    }
  }

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, quotes: Bool) {
    var runStart = 0
    for index in 0..<utf8.count {
      let entity: StaticString
      switch utf8[index] {
      case UInt8(ascii: "&"): entity = "&amp;"
      case UInt8(ascii: "<"): entity = "&lt;"
      case UInt8(ascii: ">"): entity = "&gt;"
      case UInt8(ascii: "\"") where quotes: entity = "&quot;"
      default: continue
      }
      if runStart < index { put(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
      append(entity)
      runStart = index + 1
    }
    if runStart < utf8.count { put(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
  }
}

/// The page's bytes: one allocation that doubles when full, filled with `memcpy`.
/// ``HTMLWriter`` copies it before writing when another writer shares it.
private final class ByteBuffer {
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(64, capacity)
    start = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  func copy() -> ByteBuffer {
    let copy = ByteBuffer(capacity: capacity)
    copy.start.update(from: start, count: count)
    copy.count = count
    return copy
  }

  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: start, count: count))
  }

  func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    start[count] = byte
    count += 1
  }

  func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress, !source.isEmpty else { return }
    if count + source.count > capacity { grow(toHold: count + source.count) }
    (start + count).update(from: base, count: source.count)
    count += source.count
  }

  private func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: start, count: count)
    start.deallocate()
    start = bigger
    capacity = newCapacity
  }
}
