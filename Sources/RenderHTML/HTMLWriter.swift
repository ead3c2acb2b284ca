import Foundation
import RenderBase
import RenderLocalization
import RenderMoney

/// Markup that is already safe to place in a page as is. Only the engine's own
/// constants (its style sheets, the doctype) are ever wrapped in it; merchant and
/// customer strings never are.
package struct TrustedHTML: Sendable {
  package let markup: String

  /// For markup this project writes itself, as a literal.
  package init(literal: StaticString) { markup = literal.description }

  private init(markup: String) { self.markup = markup }

  /// Two trusted pieces, one after the other: a screen's sheet and an optional part of it.
  package static func + (lhs: TrustedHTML, rhs: TrustedHTML) -> TrustedHTML {
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
/// The page is one buffer of UTF-8 bytes, reserved once and owned by the writer alone
/// (the writer is `~Copyable`, so no write pays for a sharing check): names and literal
/// markup are copied in whole, and escaping copies the runs between the bytes that need
/// an entity. ``bytes`` hands the page out as it is, ``output`` as one `String`.
///
/// Escaping looks at eight bytes at a time for the four that need an entity. The engine's
/// own constant attribute values (`StaticString`s, like the names) are written without
/// a scan: they are not untrusted, and a debug build checks that none holds `& " < >`.
///
/// The small writes (a tag, an attribute, a byte run, the buffer's append) are
/// `@inlinable`, so they inline into the screens of other modules; the scan and the
/// buffer's growth stay calls. The compiler hands another module the bodies of a
/// `package` type's inlinable and transparent members only when the type, and each
/// transparent member, is also `@usableFromInline`; without it every tag is a call,
/// its constant names read at run time (docs/PERFORMANCE.md). `@usableFromInline`
/// makes nothing public: the type stays out of the public API.
///
/// Nothing is allocated per element: a start tag is written in steps
/// (``start(_:)``, ``attribute(_:_:)-(StaticString,String)``, ``endStartTag()``,
/// ``end(_:)``), or by ``element(_:class:text:)`` and its kin for the common shapes. UI
/// strings (``text(_:_:isolated:argument:)``) and amounts (``text(_:in:)-(Decimal,_)``)
/// are written straight into the buffer, escaped like any text.
@usableFromInline
package struct HTMLWriter: ~Copyable {
  /// An attribute for the array form of ``element(_:_:_:)``, kept for pages written
  /// rarely (the snapshot gallery); screens use the step-by-step start tag.
  package struct Attribute {
    let name: StaticString
    let value: String?

    /// `name="value"`.
    package init(_ name: StaticString, _ value: String) {
      self.name = name
      self.value = value
    }

    /// A boolean attribute, written bare (`hidden`, `checked`).
    package init(flag name: StaticString) {
      self.name = name
      self.value = nil
    }
  }

  // Safety: `start` points at `capacity` bytes that this writer alone writes: its own
  // allocation (freed in `deinit`, or by `grow(toHold:)` when it moves), or the buffer
  // lent to `init(writingInto:)`, which the lender keeps alive and does not touch until
  // the writer is gone. The first `count` bytes are the page (`0 <= count <= capacity`).
  // Every write past `count` is preceded by `reserve(_:)` (or `grow(toHold:)`) for its
  // length; the unchecked copies below assert that in debug builds. Reads of a caller's
  // bytes stay inside the buffer pointer it passed: the word-sized loads of `copy(_:_:)`
  // and `copyMarkupFree(_:_:to:)` overlap inside the run rather than reading past it.
  @usableFromInline var start: UnsafeMutablePointer<UInt8>
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int
  /// False while the writer fills memory it was lent (``init(writingInto:)``), which it
  /// must neither free nor outlive; true once it writes into its own allocation.
  @usableFromInline var ownsStorage: Bool
  /// True between ``start(_:)`` and ``endStartTag()``: attributes may be written.
  @usableFromInline var inStartTag = false
  /// True while an attribute's value is written through
  /// ``attribute(_:_:)-(StaticString,(inout HTMLWriter)->Void)``.
  @usableFromInline var inAttribute = false

  /// The page so far, UTF-8 (valid UTF-8: see ``Screen/htmlUTF8(context:)``).
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

  /// The page so far as a `String` (made from the bytes each time it is read).
  package var output: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

  /// - Parameter capacity: bytes reserved up front; a page that outgrows it still grows.
  package init(capacity: Int = 16 * 1024) {
    self.capacity = max(64, capacity)
    start = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    ownsStorage = true
  }

  /// A writer that fills `buffer` (uninitialized memory is fine: bytes are only written
  /// before they are read) and moves to its own allocation if the page outgrows it.
  /// The caller keeps `buffer` alive for the writer's whole life and, while
  /// ``isWritingInPlace``, finds the first ``byteCount`` bytes of the page there: how a
  /// page is written straight into the `[UInt8]` handed out (``PageShell``).
  package init(writingInto buffer: UnsafeMutableBufferPointer<UInt8>) {
    if let base = buffer.baseAddress, buffer.count >= 64 {
      start = base
      capacity = buffer.count
      ownsStorage = false
    } else {
      capacity = 64
      start = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      ownsStorage = true
    }
  }

  deinit { if ownsStorage { start.deallocate() } }

  /// True while the page is still in the buffer given to ``init(writingInto:)``.
  package var isWritingInPlace: Bool { !ownsStorage }

  /// The page's length so far, in bytes.
  package var byteCount: Int { count }

  // MARK: Elements

  /// `<name attributes>` … `</name>`, with `content` writing the inside.
  package mutating func element(
    _ name: StaticString, _ attributes: [Attribute] = [], _ content: (inout HTMLWriter) -> Void = { _ in }
  ) {
    if attributes.isEmpty {
      put(UInt8(ascii: "<"))
      append(name)
      put(UInt8(ascii: ">"))
    } else {
      open(name, attributes)
    }
    content(&self)
    end(name)
  }

  /// An element whose whole content is `text`.
  package mutating func element(_ name: StaticString, _ attributes: [Attribute] = [], text: String) {
    open(name, attributes)
    self.text(text)
    end(name)
  }

  /// `<name class="…">` … `</name>`, with `content` writing the inside.
  @inlinable
  package mutating func element(
    _ name: StaticString, class value: StaticString, _ content: (inout HTMLWriter) -> Void
  ) {
    start(name)
    attribute("class", value)
    endStartTag()
    content(&self)
    end(name)
  }

  /// `<name class="…">text</name>`.
  @inlinable
  package mutating func element(_ name: StaticString, class value: StaticString, text: String) {
    start(name)
    attribute("class", value)
    endStartTag()
    self.text(text)
    end(name)
  }

  /// `<name>`: a whole start tag without attributes; the content and ``end(_:)`` follow.
  /// With ``open(_:class:)``, what a screen's hot loop writes instead of a closure per
  /// element.
  @_transparent @usableFromInline
  package mutating func open(_ name: StaticString) {
    assert(!inStartTag, "HTMLWriter: a start tag is still open")
    reserve(Self.length(name) + 2)
    copyByte(UInt8(ascii: "<"))
    copy(name)
    copyByte(UInt8(ascii: ">"))
  }

  /// `<name class="value">`: a whole start tag; the content and ``end(_:)`` follow.
  /// The tags, attributes and `<bdi>` a screen writes per item are transparent (always
  /// inlined: `@inline(__always)` was not honoured in a screen's long item loop):
  /// inlined, their constant names fold into a few stores; a call per tag costs more
  /// than writing the tag.
  @_transparent @usableFromInline
  package mutating func open(_ name: StaticString, class value: StaticString) {
    assert(!inStartTag, "HTMLWriter: a start tag is still open")
    assert(Self.needsNoEntity(value), "HTMLWriter: a constant attribute value holds & \" < or >")
    reserve(Self.length(name) + Self.length(value) + 11)
    copyByte(UInt8(ascii: "<"))
    copy(name)
    copy(" class=\"")
    copy(value)
    copy("\">")
  }

  /// A void element (`<meta>`, `<input>`): no content, no end tag.
  package mutating func void(_ name: StaticString, _ attributes: [Attribute] = []) {
    open(name, attributes)
  }

  /// `<name`: the start of a start tag; ``attribute(_:_:)-(StaticString,String)`` may
  /// follow, then ``endStartTag()``, the content and ``end(_:)`` (none for a void element).
  @_transparent @usableFromInline
  package mutating func start(_ name: StaticString) {
    assert(!inStartTag, "HTMLWriter: a start tag is still open")
    reserve(Self.length(name) + 1)
    copyByte(UInt8(ascii: "<"))
    copy(name)
    inStartTag = true
  }

  /// ` name="value"` in the open start tag, `value` escaped. Disfavoured, so that a
  /// literal value takes the `StaticString` overload (unscanned) rather than becoming a
  /// `String`; a `String` value can only come here.
  @inlinable @_disfavoredOverload
  package mutating func attribute(_ name: StaticString, _ value: String) {
    beginAttribute(name)
    escape(value, quotes: true)
    put(UInt8(ascii: "\""))
  }

  /// ` name="value"` for one of the engine's own constant values, copied without a scan
  /// (like a name, it is not untrusted; a debug build checks that it needs no entity).
  @_transparent @usableFromInline
  package mutating func attribute(_ name: StaticString, _ value: StaticString) {
    assert(Self.needsNoEntity(value), "HTMLWriter: a constant attribute value holds & \" < or >")
    assert(inStartTag, "HTMLWriter: no start tag is open")
    reserve(Self.length(name) + Self.length(value) + 4)
    copyByte(UInt8(ascii: " "))
    copy(name)
    copy("=\"")
    copy(value)
    copyByte(UInt8(ascii: "\""))
  }

  /// ` name="value"` whose value `write` writes (``text(_:)`` and its kin escape it for
  /// the attribute here: quotes too).
  @inlinable
  package mutating func attribute(_ name: StaticString, _ write: (inout HTMLWriter) -> Void) {
    beginAttribute(name)
    inAttribute = true
    write(&self)
    inAttribute = false
    put(UInt8(ascii: "\""))
  }

  /// A bare boolean attribute (` hidden`, ` checked`) in the open start tag.
  @inlinable @inline(__always)
  package mutating func attribute(flag name: StaticString) {
    assert(inStartTag, "HTMLWriter: no start tag is open")
    put(UInt8(ascii: " "))
    append(name)
  }

  /// `>`: the end of the open start tag.
  @inlinable @inline(__always)
  package mutating func endStartTag() {
    assert(inStartTag, "HTMLWriter: no start tag is open")
    put(UInt8(ascii: ">"))
    inStartTag = false
  }

  /// `</name>`.
  @_transparent @usableFromInline
  package mutating func end(_ name: StaticString) {
    reserve(Self.length(name) + 3)
    copy("</")
    copy(name)
    copyByte(UInt8(ascii: ">"))
  }

  /// True when `value` holds none of `& " < >` (checked by debug builds and tests:
  /// constants are written unscanned).
  @usableFromInline
  static func needsNoEntity(_ value: StaticString) -> Bool {
    value.withUTF8Buffer { bytes in
      !bytes.contains { Self.entityBytes.contains($0) }
    }
  }

  /// The bytes text or an attribute value may not hold as they are: `& " < >`.
  @usableFromInline
  static let entityBytes: [UInt8] = [UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">")]

  /// ``entityBytes`` as a set, to check a number pattern's or a template's bytes at once.
  /// A constant (`"` 0x22, `&` 0x26, `<` 0x3C, `>` 0x3E: all below 64), not a stored
  /// global made from ``entityBytes``: the check before every amount and template then
  /// folds into one AND, with no lazy initializer's check (tests hold it equal to
  /// `ByteSet(entityBytes)`).
  @inlinable
  static var entityByteSet: ByteSet { ByteSet(bitsBelow64: 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E) }

  // MARK: Text

  /// Escaped text.
  @inlinable
  package mutating func text(_ text: String) {
    escape(text, quotes: inAttribute)
  }

  /// Escaped text given as UTF-8 bytes (which must be valid UTF-8, as a `String`'s are).
  @inlinable
  package mutating func text(utf8: UnsafeBufferPointer<UInt8>) {
    escape(utf8, quotes: inAttribute)
  }

  /// `amount` as `money` formats it. When no byte its learned pattern can write needs
  /// an entity (``MoneyFormatter/amountBytes``), the amount is laid out straight into
  /// the page, unscanned; otherwise it is escaped like any text.
  package mutating func text(_ amount: Decimal, in money: MoneyFormatter) {
    if let bytes = money.amountBytes, bytes.isDisjoint(with: Self.entityByteSet), money.write(amount, into: &self) {
      return
    }
    escapeFormatted(amount, in: money)
  }

  /// `count` in `money`'s locale digits, laid out straight into the page as amounts are.
  package mutating func text(count: Int, in money: MoneyFormatter) {
    if let bytes = money.countBytes, bytes.isDisjoint(with: Self.entityByteSet), money.write(count, into: &self) {
      return
    }
    escapeFormatted(count, in: money)
  }

  /// ``text(_:in:)-(Decimal,_)`` for a pattern that may write markup, or an amount
  /// Foundation writes: escaped. Not inlined, so the common path stays small.
  @inline(never)
  mutating func escapeFormatted(_ amount: Decimal, in money: MoneyFormatter) {
    money.withUTF8(amount) { escape($0, quotes: inAttribute) }
  }

  /// ``escapeFormatted(_:in:)-(Decimal,_)`` for a count.
  @inline(never)
  mutating func escapeFormatted(_ count: Int, in money: MoneyFormatter) {
    money.withUTF8(count) { escape($0, quotes: inAttribute) }
  }

  /// A UI string's template: its literal text escaped, each placeholder written by
  /// `argument(position, &writer)` (1-based, as in `%2$@`), inside `<bdi>` when
  /// `isolated`, so an inserted Hebrew name cannot reorder the words around it.
  ///
  /// The template says which bytes its literal text holds; when none of them needs an
  /// entity (`& " < >`, decided here, where all escaping is), that text is copied from
  /// the template's one run of bytes unscanned. Arguments are written by the caller's
  /// closure and escaped as always.
  @inlinable
  package mutating func text(
    _ template: MessageTemplate, isolated: Bool = false, argument: (Int, inout HTMLWriter) -> Void = { _, _ in }
  ) {
    guard template.literalByteSet.isDisjoint(with: Self.entityByteSet) else {
      for segment in template.segments {
        switch segment {
        case .literal(let literal): escape(literal, quotes: inAttribute)
        case .argument(let position): write(argument: position, isolated: isolated, argument)
        }
      }
      return
    }
    template.literalBytes.withUnsafeBufferPointer { literals in
      template.pieces.withUnsafeBufferPointer { pieces in
        var start = 0
        for index in pieces.indices {
          let piece = pieces[index]
          if let position = piece.argument {
            write(argument: position, isolated: isolated, argument)
          } else if let base = literals.baseAddress, start < piece.end {
            assert(piece.end <= literals.count, "MessageTemplate: a piece past its bytes")
            put(UnsafeBufferPointer(start: base + start, count: piece.end - start))
            start = piece.end
          }
        }
      }
    }
  }

  /// A template filled with its arguments, each isolated in `<bdi>`.
  package mutating func text(_ filled: FilledTemplate) {
    text(filled.template, isolated: true) { position, html in html.text(filled.argument(position)) }
  }

  /// A template's argument, inside `<bdi>` when `isolated`.
  @inlinable
  mutating func write(argument position: Int, isolated: Bool, _ argument: (Int, inout HTMLWriter) -> Void) {
    guard isolated else { return argument(position, &self) }
    append("<bdi>")
    argument(position, &self)
    append("</bdi>")
  }

  /// Merchant or customer text in `<bdi>`: it keeps its own direction (a Hebrew name, a
  /// Latin name in an Arabic page) without reordering what stands around it, while its
  /// block still aligns with the page.
  @_transparent @usableFromInline
  package mutating func isolated(_ text: String) {
    append("<bdi>")
    escape(text, quotes: false)
    append("</bdi>")
  }

  /// Markup placed as is; only ``TrustedHTML`` can get here.
  package mutating func raw(_ html: TrustedHTML) {
    var markup = html.markup
    markup.withUTF8 { put($0) }
  }

  /// Bytes another ``HTMLWriter`` wrote (a cached part of a page), placed as they are.
  package mutating func raw(written bytes: UnsafeBufferPointer<UInt8>) { put(bytes) }

  /// The engine's own markup given as a literal (RenderCore only), placed as is
  /// without making a `String` of it.
  package mutating func raw(literal markup: StaticString) { append(markup) }

  /// A line break in the source, to keep pages readable in a diff.
  @inlinable @inline(__always)
  package mutating func newline() { put(UInt8(ascii: "\n")) }

  // MARK: Bytes

  mutating func open(_ name: StaticString, _ attributes: [Attribute]) {
    start(name)
    for attribute in attributes {
      if let value = attribute.value {
        self.attribute(attribute.name, value)
      } else {
        self.attribute(flag: attribute.name)
      }
    }
    endStartTag()
  }

  @inlinable @inline(__always)
  mutating func beginAttribute(_ name: StaticString) {
    assert(inStartTag, "HTMLWriter: no start tag is open")
    reserve(Self.length(name) + 3)
    copyByte(UInt8(ascii: " "))
    copy(name)
    copy("=\"")
  }

  /// A literal's length in bytes, at most 4 for a one-scalar literal (whose count
  /// `StaticString` does not give).
  @inlinable @inline(__always)
  static func length(_ literal: StaticString) -> Int {
    literal.hasPointerRepresentation ? literal.utf8CodeUnitCount : 4
  }

  @inlinable @inline(__always)
  mutating func append(_ name: StaticString) {
    reserve(Self.length(name))
    copy(name)
  }

  @inlinable @inline(__always)
  mutating func put(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    start[count] = byte
    count += 1
  }

  @inlinable @inline(__always)
  mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress else { return }
    reserve(source.count)
    copy(base, source.count)
  }

  /// Makes room for `length` more bytes, so that the unchecked writes below (``copy(_:)``,
  /// ``copy(_:_:)``, ``copyByte(_:)``) that follow stay inside the buffer: a tag checks
  /// the capacity once, not once per piece.
  @inlinable @inline(__always)
  mutating func reserve(_ length: Int) {
    if length > capacity - count { grow(toHold: count + length) }
  }

  /// One byte; the caller reserved it.
  @inlinable @inline(__always)
  mutating func copyByte(_ byte: UInt8) {
    assert(count < capacity, "HTMLWriter: a write was not reserved")
    start[count] = byte
    count += 1
  }

  /// A literal's bytes; the caller reserved ``length(_:)`` of them.
  @inlinable @inline(__always)
  mutating func copy(_ name: StaticString) {
    // String literals are stored as UTF-8; a one-scalar literal may not be.
    if name.hasPointerRepresentation {
      copy(name.utf8Start, name.utf8CodeUnitCount)
    } else {
      name.withUTF8Buffer { bytes in
        for byte in bytes { copyByte(byte) }
      }
    }
  }

  /// Short runs (tag names, punctuation, words) are copied as one to three loads and
  /// stores of up to eight bytes, overlapping in the middle, or two of sixteen up to 32
  /// bytes: cheaper than a call to `memcpy`, and than a loop over the bytes. The caller
  /// reserved `length` bytes.
  @inlinable @inline(__always)
  mutating func copy(_ base: UnsafePointer<UInt8>, _ length: Int) {
    assert(length <= capacity - count, "HTMLWriter: a write was not reserved")
    let target = UnsafeMutableRawPointer(start + count)
    let from = UnsafeRawPointer(base)
    if length >= 8 {
      if length <= 16 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        target.storeBytes(of: head, as: UInt64.self)
        target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
      } else if length <= 32 {
        // Class lists, names and lines of text: two 16-byte words, overlapping.
        let head = from.loadUnaligned(as: SIMD16<UInt8>.self)
        let tail = from.loadUnaligned(fromByteOffset: length - 16, as: SIMD16<UInt8>.self)
        target.storeBytes(of: head, as: SIMD16<UInt8>.self)
        target.storeBytes(of: tail, toByteOffset: length - 16, as: SIMD16<UInt8>.self)
      } else {
        target.copyMemory(from: from, byteCount: length)
      }
    } else if length >= 4 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    } else if length > 0 {
      let half = length >> 1
      target.storeBytes(of: base[0], as: UInt8.self)
      target.storeBytes(of: base[half], toByteOffset: half, as: UInt8.self)
      target.storeBytes(of: base[length - 1], toByteOffset: length - 1, as: UInt8.self)
    }
    count += length
  }

  @usableFromInline
  mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: start, count: count)
    if ownsStorage { start.deallocate() }
    start = bigger
    capacity = newCapacity
    ownsStorage = true
  }

  /// Copies `text`'s UTF-8 escaped (see ``escape(_:quotes:)-(UnsafeBufferPointer<UInt8>,_)``).
  @inlinable
  mutating func escape(_ text: String, quotes: Bool) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { escape($0, quotes: quotes) }
    if copied == nil {
      var contiguous = text
      contiguous.withUTF8 { escape($0, quotes: quotes) }
    }
  }

  /// Copies `utf8`, each `& < >` (and `"` when `quotes`) as its entity: the runs between
  /// those bytes are copied whole. UTF-8 never has these bytes inside a multi-byte
  /// character, so no character is split.
  ///
  /// Eight bytes are tested at once: `&` and `"` are the only bytes that equal `&` once
  /// bit 2 is set, `<` and `>` the only ones that equal `>` once bit 1 is set; a byte
  /// equal to its target becomes zero under XOR, and the lowest zero byte of a word is
  /// found exactly by the borrow trick (higher ones may be false alarms; only the lowest
  /// is used).
  @inlinable
  mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, quotes: Bool) {
    guard let base = utf8.baseAddress else { return }
    // Most text holds none of the four: one pass copies it as it tests it, and only
    // text that holds one goes through the loop that writes entities.
    reserve(utf8.count)
    assert(utf8.count <= capacity - count, "HTMLWriter: a write was not reserved")
    if Self.copyMarkupFree(base, utf8.count, to: start + count) {
      count += utf8.count
    } else {
      escapeMarkup(base, utf8.count, quotes: quotes)
    }
  }

  /// ``escape(_:quotes:)-(UnsafeBufferPointer<UInt8>,_)`` for text that holds at least
  /// one of `& " < >`.
  @usableFromInline
  mutating func escapeMarkup(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: Bool) {
    let raw = UnsafeRawPointer(base)
    var runStart = 0
    var index = 0
    while index < count {
      let found: Int
      if index + 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let hits =
          Self.zeroBytes((word | 0x0404_0404_0404_0404) ^ 0x2626_2626_2626_2626)
          | Self.zeroBytes((word | 0x0202_0202_0202_0202) ^ 0x3E3E_3E3E_3E3E_3E3E)
        if hits == 0 {
          index += 8
          continue
        }
        found = index + hits.trailingZeroBitCount >> 3
      } else if count >= 8 {
        // The last few bytes: the word that ends at the end, its bytes before `index`
        // (already scanned) masked off. A false alarm above a masked hit falls to the
        // `default` case below, like any other.
        let offset = count - 8
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let hits =
          (Self.zeroBytes((word | 0x0404_0404_0404_0404) ^ 0x2626_2626_2626_2626)
            | Self.zeroBytes((word | 0x0202_0202_0202_0202) ^ 0x3E3E_3E3E_3E3E_3E3E)) & (~0 << ((index - offset) << 3))
        if hits == 0 {
          index = count
          continue
        }
        found = offset + hits.trailingZeroBitCount >> 3
      } else {
        let byte = base[index]
        // `"` `&` `<` `>` are all at most 0x3E: letters pass on the first test.
        if byte > UInt8(ascii: ">") || (byte | 0x04 != UInt8(ascii: "&") && byte | 0x02 != UInt8(ascii: ">")) {
          index += 1
          continue
        }
        found = index
      }
      let entity: StaticString
      switch base[found] {
      case UInt8(ascii: "&"): entity = "&amp;"
      case UInt8(ascii: "<"): entity = "&lt;"
      case UInt8(ascii: ">"): entity = "&gt;"
      case UInt8(ascii: "\"") where quotes: entity = "&quot;"
      default:
        index = found + 1
        continue
      }
      assert(runStart <= found && found < count)
      if runStart < found { put(UnsafeBufferPointer(start: base + runStart, count: found - runStart)) }
      append(entity)
      runStart = found + 1
      index = found + 1
    }
    if runStart < count { put(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
  }

  /// Copies the `count` bytes at `base` to `target` and returns true when none of them
  /// is `&` `"` `<` or `>`; returns false (having written some of them, or none) when
  /// one is. Sixteen bytes are tested and copied at once (two words in one vector
  /// register), and what is left by words that overlap bytes already done: text shorter
  /// than eight bytes is read as two overlapping four-byte words, or as its first,
  /// middle and last byte, so no byte outside the text is read or written.
  @usableFromInline
  static func copyMarkupFree(_ base: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>)
    -> Bool
  {
    let from = UnsafeRawPointer(base)
    let to = UnsafeMutableRawPointer(target)
    if count >= 16 {
      var offset = 0
      while offset < count - 16 {
        let words = from.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
        if markupBits16(words) { return false }
        to.storeBytes(of: words, toByteOffset: offset, as: SIMD2<UInt64>.self)
        offset += 16
      }
      let last = from.loadUnaligned(fromByteOffset: count - 16, as: SIMD2<UInt64>.self)
      if markupBits16(last) { return false }
      to.storeBytes(of: last, toByteOffset: count - 16, as: SIMD2<UInt64>.self)
    } else if count >= 8 {
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      if markupBits(head) | markupBits(tail) != 0 { return false }
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      if markupBits(UInt64(head) | UInt64(tail) << 32) != 0 { return false }
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    } else if count > 0 {
      let first = base[0]
      let middle = base[count >> 1]
      let last = base[count - 1]
      // The zero bytes above become neither `&` nor `>` under the masks.
      if markupBits(UInt64(first) | UInt64(middle) << 8 | UInt64(last) << 16) != 0 { return false }
      target[0] = first
      target[count >> 1] = middle
      target[count - 1] = last
    }
    return true
  }

  /// Nonzero when a byte of `word` is `&` `"` `<` or `>` (the lowest such byte's high
  /// bit is set exactly; bits above it may be false alarms, never bits without one below).
  @inline(__always)
  private static func markupBits(_ word: UInt64) -> UInt64 {
    zeroBytes((word | 0x0404_0404_0404_0404) ^ 0x2626_2626_2626_2626)
      | zeroBytes((word | 0x0202_0202_0202_0202) ^ 0x3E3E_3E3E_3E3E_3E3E)
  }

  /// ``markupBits(_:)`` of two words at once, as one answer.
  @inline(__always)
  private static func markupBits16(_ words: SIMD2<UInt64>) -> Bool {
    let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
    let ampersand = (words | SIMD2(repeating: 0x0404_0404_0404_0404)) ^ SIMD2(repeating: 0x2626_2626_2626_2626)
    let angle = (words | SIMD2(repeating: 0x0202_0202_0202_0202)) ^ SIMD2(repeating: 0x3E3E_3E3E_3E3E_3E3E)
    let zeros =
      ((ampersand &- ones) & ~ampersand | (angle &- ones) & ~angle) & SIMD2(repeating: 0x8080_8080_8080_8080)
    return zeros[0] | zeros[1] != 0
  }

  /// The high bit of each zero byte of `word`, exact for the lowest one.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }
}

extension HTMLWriter: ByteSink {
  /// Reserves `room` bytes at the end of the page for `write`, which returns how many
  /// it wrote; only those become part of the page.
  @inlinable
  package mutating func append(room: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int) {
    reserve(room)
    let written = write(UnsafeMutableRawBufferPointer(start: start + count, count: room))
    assert(written >= 0 && written <= room, "HTMLWriter: laid out past its room")
    count += min(max(0, written), room)
  }
}
