/// One thing wrong with input data: where (a JSON path) and what.
public struct DataProblem: Sendable, Equatable, CustomStringConvertible {
  public var path: JSONPath
  public var message: String

  public init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }

  /// `$.items[1].id: duplicate item id "A" (first at $.items[0])`
  public var description: String { "\(path): \(message)" }
}

/// Every problem found in one input, in document order. Validation collects them all
/// rather than stopping at the first, so a merchant fixes a file in one pass.
public struct DataErrors: Error, Sendable, Equatable, CustomStringConvertible {
  public var problems: [DataProblem]

  public init(_ problems: [DataProblem]) { self.problems = problems }

  /// The contract's error lines, one per problem:
  /// `cart.json: $.items[1].id: duplicate item id "A" (first at $.items[0])`.
  public func lines(file: String) -> [String] { problems.map { "\(file): \($0)" } }

  public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Collects problems while a document is read.
public struct ProblemLog: Sendable {
  public private(set) var problems: [DataProblem] = []

  public init() {}

  public mutating func add(_ path: JSONPath, _ message: String) {
    problems.append(DataProblem(path: path, message: message))
  }

  /// Throws when anything was logged.
  public func check() throws(DataErrors) {
    if !problems.isEmpty { throw DataErrors(problems) }
  }
}
