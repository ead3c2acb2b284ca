/// One thing wrong with input data: where (a JSON path) and what.
public struct DataProblem: Sendable, Equatable, CustomStringConvertible {
  /// Where in the document: `$.items[1].id`.
  public package(set) var path: JSONPath
  /// What is wrong there, the input's values quoted and shortened; a warning's starts
  /// with `warning: `.
  public package(set) var message: String
  /// What kind of problem it is, for callers that answer kinds differently (the merchant
  /// API answers an incompatible request with its own error name).
  package var kind: Kind = .invalidData

  /// A problem's kind, set where it is found, never read back from its message.
  package enum Kind: Sendable, Equatable {
    /// The input breaks a rule of its format.
    case invalidData
    /// A well-formed request that the web fallback cannot serve (`incompatibleRequest`).
    case incompatibleRequest
  }

  package init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }

  /// `$.items[1].id: duplicate item id "A" (first at $.items[0])`
  public var description: String { "\(path): \(message)" }
}

/// Every problem found in one input, in document order. Validation collects them all
/// rather than stopping at the first, so a merchant fixes a file in one pass.
public struct DataErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// At least one, in document order.
  public package(set) var problems: [DataProblem]

  package init(_ problems: [DataProblem]) { self.problems = problems }

  /// The contract's error lines, one per problem:
  /// `cart.json: $.items[1].id: duplicate item id "A" (first at $.items[0])`.
  public func lines(file: String) -> [String] { problems.map { "\(file): \($0)" } }

  /// The problems, one a line.
  public var description: String { problems.map(\.description).joined(separator: "\n") }

  /// Whether a problem is a request the web fallback cannot serve.
  package var refusesAnIncompatibleRequest: Bool { problems.contains { $0.kind == .incompatibleRequest } }
}

/// Collects problems while a document is read, and warnings: what the engine accepts
/// but shows differently from the input (an amount rounded to the currency's minor
/// units), printed on standard error while the command still succeeds.
@usableFromInline
package struct ProblemLog: Sendable {
  package private(set) var problems: [DataProblem] = []
  /// Messages start with `warning: `.
  package private(set) var warnings: [DataProblem] = []

  package init() {}

  @usableFromInline
  package mutating func add(_ path: JSONPath, _ message: String) {
    problems.append(DataProblem(path: path, message: message))
  }

  /// A request the web fallback cannot serve: `incompatibleRequest: ` and the reason,
  /// of kind ``DataProblem/Kind/incompatibleRequest``.
  package mutating func addIncompatibleRequest(_ path: JSONPath, _ reason: String) {
    var problem = DataProblem(path: path, message: "incompatibleRequest: \(reason)")
    problem.kind = .incompatibleRequest
    problems.append(problem)
  }

  package mutating func warn(_ path: JSONPath, _ message: String) {
    warnings.append(DataProblem(path: path, message: message))
  }

  /// Throws when anything was logged.
  package func check() throws(DataErrors) {
    if !problems.isEmpty { throw DataErrors(problems) }
  }
}

/// How error lines show a value that came from the input: quoted, with every control
/// and format character (line feeds, escapes, bidi overrides) written as `\uXXXX`, and
/// cut short, so an error is always one readable line that cannot forge another.
@usableFromInline
package enum Echo {
  /// Characters of input shown before the rest is cut to `…`.
  package static let limit = 60

  /// `"value"`, escaped and shortened.
  @usableFromInline
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in shortened(text).unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where isInvisible(scalar):
        out += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A number literal or code as typed, shortened (it holds no control characters).
  package static func literal(_ text: String) -> String { shortened(text) }

  private static func shortened(_ text: String) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "…"
  }

  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
