/// A route table: `METHOD /path` patterns, each making a `Route` from its parameters
/// (`{id}`: a whole, non-empty path segment), matched once per request. `HEAD` finds
/// the `GET` route of its path (RFC 9110 §9.3.2: its routes answer it without side
/// effects, and the library sends no body).
package struct HTTPRouter<Route>: Sendable {
  private struct Entry: Sendable {
    var pattern: RoutePattern
    var make: @Sendable ([String]) -> Route
  }

  /// What a request asks for: the route, `405` with the methods the path allows, or
  /// `404` when no route has the path.
  package enum Match {
    case found(Route)
    case methodNotAllowed(allowed: [String])
    case notFound
  }

  private let entries: [Entry]

  /// - Parameter table: in order; a path is `/` and segments, `{name}` for a parameter.
  package init(_ table: [(method: String, path: String, make: @Sendable ([String]) -> Route)]) {
    entries = table.map { Entry(pattern: RoutePattern(method: $0.method, path: $0.path), make: $0.make) }
  }

  /// Every route as `METHOD /path`, with `{…}` for its parameters, in table order.
  package var routes: [String] { entries.map(\.pattern.description) }

  package func match(method: String, path: String) -> Match {
    guard let segments = RoutePath(path) else { return .notFound }
    var allowed: [String] = []
    for entry in entries {
      guard let parameters = entry.pattern.parameters(segments) else { continue }
      if entry.pattern.method == method || (method == "HEAD" && entry.pattern.method == "GET") {
        return .found(entry.make(parameters))
      }
      allowed.append(entry.pattern.method)
      if entry.pattern.method == "GET" { allowed.append("HEAD") }
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }
}

extension HTTPRouter.Match: Equatable where Route: Equatable {}
extension HTTPRouter.Match: Sendable where Route: Sendable {}

/// One route's method and path pattern, apart from the route it makes, so that matching
/// is not generic: each segment a literal (its text and UTF-8 bytes) or a parameter (nil).
struct RoutePattern: Sendable, CustomStringConvertible {
  let method: String
  private let names: [String]
  private let literals: [(text: String, bytes: [UInt8])?]

  init(method: String, path: String) {
    self.method = method
    names = path.split(separator: "/").map(String.init)
    literals = names.map { $0.hasPrefix("{") ? nil : ($0, Array($0.utf8)) }
  }

  var description: String { "\(method) /" + names.joined(separator: "/") }

  /// The parameters of `path` when it fits the pattern, in order; nil when it does not
  /// (another number of segments, another literal, an empty parameter).
  func parameters(_ path: RoutePath) -> [String]? {
    guard path.count == literals.count else { return nil }
    var parameters: [String] = []
    for (index, literal) in literals.enumerated() {
      if let literal {
        guard path.segment(index, equals: literal) else { return nil }
      } else {
        guard let parameter = path.parameter(index) else { return nil }
        parameters.append(parameter)
      }
    }
    return parameters
  }
}

/// A request's path cut into its segments once, after its leading `/`, empty ones kept
/// (`/a//b` has three). A path of ASCII only (every path a client of the relay sends) is
/// cut and compared over its UTF-8 bytes, where each byte is a character; any other is
/// cut and compared by `Character`, as `String` does (a `/` followed by a combining mark
/// is not a separator, and a literal matches a canonically equivalent segment).
struct RoutePath {
  private let path: String
  private let bounds: [Range<String.Index>]
  private let isASCII: Bool

  /// Nil when `path` does not begin with `/`.
  init?(_ path: String) {
    let bytes = path.utf8
    guard bytes.first == 0x2F else { return nil }
    self.path = path
    isASCII = bytes.allSatisfy { $0 < 0x80 }
    var bounds: [Range<String.Index>] = []
    if isASCII {
      var start = bytes.index(after: bytes.startIndex)
      while let slash = bytes[start...].firstIndex(of: 0x2F) {
        bounds.append(start..<slash)
        start = bytes.index(after: slash)
      }
      bounds.append(start..<bytes.endIndex)
    } else {
      // A `/` with a combining mark is one character: not the leading `/`.
      guard path.hasPrefix("/") else { return nil }
      bounds = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
        $0.startIndex..<$0.endIndex
      }
    }
    self.bounds = bounds
  }

  var count: Int { bounds.count }

  func segment(_ index: Int, equals literal: (text: String, bytes: [UInt8])) -> Bool {
    isASCII ? path.utf8[bounds[index]].elementsEqual(literal.bytes) : path[bounds[index]] == literal.text
  }

  /// The segment as a parameter's value; nil when it is empty.
  func parameter(_ index: Int) -> String? {
    bounds[index].isEmpty ? nil : String(path[bounds[index]])
  }
}
