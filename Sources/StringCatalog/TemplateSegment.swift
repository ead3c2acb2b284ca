/// A piece of a UI string template: its own text, or the argument a placeholder inserts.
public enum TemplateSegment: Sendable, Equatable {
  case literal(String)
  /// 1-based argument position: `%@` counts up from 1 in order, `%2$@` is the second.
  case argument(Int)

  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Splits a template into literal text and placeholders. The only placeholders are `%@`
  /// and positional `%n$@`; `%%` is a literal percent sign.
  ///
  /// - Throws: ``SyntaxError`` for any other `%` sequence (`%d`, a lone `%`).
  public static func split(_ template: String) throws(SyntaxError) -> [TemplateSegment] {
    var segments: [TemplateSegment] = []
    var literal = ""
    var next = 1
    var rest = template[...]
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
    return segments
  }

  /// The placeholders' positions, sorted: what two translations of a key must share.
  public static func argumentPositions(_ segments: [TemplateSegment]) -> [Int] {
    segments.compactMap { if case .argument(let position) = $0 { position } else { nil } }.sorted()
  }
}
