import RenderBase

/// A UI string's template: the translation's own text and its placeholders, each an
/// argument by its 1-based position (`%@` counts up from 1 in order, `%2$@` is the
/// second). The one shape of a UI string, from the catalog compiler (``parse(_:)``) to
/// the HTML, text and spoken writers, which fill each placeholder in place.
///
/// Made once per message (the embedded catalogs are array literals of segments), it
/// also keeps its literal text as one run of UTF-8 (``literalBytes``), its segments as
/// plain offsets into it (``pieces``) and which byte values that text holds
/// (``literalByteSet``), so a writer that writes it once per item retains and releases
/// nothing, and decides with one set operation whether the text needs its escaping.
///
/// `@usableFromInline`, as are the parts the HTML writer's inlinable text reads, so that
/// writing one inlines into the screens of other modules (the compiler hands them a
/// `package` type's inlinable bodies only then); it makes nothing public.
@usableFromInline
package struct MessageTemplate: Sendable, Equatable, ExpressibleByArrayLiteral {
  /// A piece of a template.
  @usableFromInline
  package enum Segment: Sendable, Equatable {
    /// The translation's own text.
    case literal(String)
    /// The argument at this 1-based position.
    case argument(Int)
  }

  /// One segment as offsets: a literal, the bytes of ``literalBytes`` from the previous
  /// literal's end to `end` (`argument` nil), or the argument at `argument` (1-based).
  @usableFromInline
  package struct Piece: Sendable {
    @usableFromInline package let argument: Int?
    @usableFromInline package let end: Int
  }

  /// A placeholder other than `%@`, `%n$@` and `%%`.
  package struct SyntaxError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }

  /// The template's arrays behind one reference: a screen takes a page's templates out
  /// of the string table by value, and a copy of one then retains and releases one
  /// object rather than each array. Never written after it is made, so `Sendable` as
  /// checked (a final class of `let`s of `Sendable` values).
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let segments: [Segment]
    @usableFromInline let literalBytes: [UInt8]
    @usableFromInline let pieces: [Piece]
    @usableFromInline let literalByteSet: ByteSet

    init(_ segments: [Segment]) {
      self.segments = segments
      var bytes: [UInt8] = []
      var pieces: [Piece] = []
      for segment in segments {
        switch segment {
        case .literal(let text):
          bytes += text.utf8
          pieces.append(Piece(argument: nil, end: bytes.count))
        case .argument(let position):
          pieces.append(Piece(argument: position, end: bytes.count))
        }
      }
      literalBytes = bytes
      self.pieces = pieces
      literalByteSet = ByteSet(bytes)
    }
  }

  @usableFromInline let storage: Storage

  /// The template's segments, in order.
  @inlinable package var segments: [Segment] { storage.segments }
  /// Every literal segment's UTF-8, one after another.
  @inlinable package var literalBytes: [UInt8] { storage.literalBytes }
  /// The segments in order, as offsets into ``literalBytes``.
  @inlinable package var pieces: [Piece] { storage.pieces }
  /// The byte values ``literalBytes`` holds.
  @inlinable package var literalByteSet: ByteSet { storage.literalByteSet }

  package init(_ segments: [Segment]) { storage = Storage(segments) }

  @usableFromInline
  package init(arrayLiteral segments: Segment...) { self.init(segments) }

  /// Two templates are equal when their segments are (the rest is derived from them).
  @usableFromInline
  package static func == (lhs: MessageTemplate, rhs: MessageTemplate) -> Bool {
    lhs.storage === rhs.storage || lhs.segments == rhs.segments
  }

  /// Splits a catalog's format string into literal text and placeholders. The only
  /// placeholders are `%@` and positional `%n$@`; `%%` is a literal percent sign.
  ///
  /// - Throws: ``SyntaxError`` for any other `%` sequence (`%d`, a lone `%`).
  package static func parse(_ format: String) throws(SyntaxError) -> MessageTemplate {
    var segments: [Segment] = []
    var literal = ""
    var next = 1
    var rest = format[...]
    func flush() {
      if !literal.isEmpty { segments.append(.literal(literal)) }
      literal = ""
    }
    while let percent = rest.firstIndex(of: "%") {
      literal += rest[..<percent]
      let after = rest[rest.index(after: percent)...]
      if after.first == "%" {
        literal += "%"
        rest = after.dropFirst()
      } else if after.first == "@" {
        flush()
        segments.append(.argument(next))
        next += 1
        rest = after.dropFirst()
      } else {
        let digits = after.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, after.dropFirst(digits.count).hasPrefix("$@"), let position = Int(digits),
          position >= 1
        else {
          throw SyntaxError(
            message: "unknown placeholder at “\(after.prefix(4))”: use %@ or %1$@ (%% for a percent sign)")
        }
        flush()
        segments.append(.argument(position))
        rest = after.dropFirst(digits.count + 2)
      }
    }
    literal += rest
    flush()
    return MessageTemplate(segments)
  }

  /// The placeholders' positions, sorted: what two translations of a key must share.
  package var argumentPositions: [Int] {
    segments.compactMap { if case .argument(let position) = $0 { position } else { nil } }.sorted()
  }

  /// The argument at `position` (1-based) among `arguments`, empty when there is none.
  package static func argument(_ position: Int, of arguments: [String]) -> String {
    position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
  }

  /// The text with each placeholder replaced by its argument, by position.
  package func filled(_ arguments: [String]) -> String {
    if segments.count == 1, case .literal(let text) = segments[0] { return text }
    var out = ""
    for segment in segments {
      switch segment {
      case .literal(let text): out += text
      case .argument(let position): out += Self.argument(position, of: arguments)
      }
    }
    return out
  }
}

/// A template with the arguments it is to be filled with, for a writer that treats the
/// template's own words and the inserted values apart (HTML isolates each value in
/// `<bdi>`; text puts an amount or a URL on a line of its own).
package struct FilledTemplate: Sendable, Equatable {
  package let template: MessageTemplate
  package let arguments: [String]

  package init(_ template: MessageTemplate, _ arguments: [String]) {
    self.template = template
    self.arguments = arguments
  }

  /// The argument at `position` (1-based), empty when there is none.
  package func argument(_ position: Int) -> String { MessageTemplate.argument(position, of: arguments) }

  /// The whole text, filled in.
  package var text: String { template.filled(arguments) }
}
