/// A route table: `METHOD /path` patterns, each making a `Route` from its parameters
/// (`{id}`: a whole, non-empty path segment), matched once per request. `HEAD` finds
/// the `GET` route of its path (RFC 9110 §9.3.2: its routes answer it without side
/// effects, and the library sends no body).
package struct HTTPRouter<Route>: Sendable {
  private struct Entry: Sendable {
    var method: String
    var pattern: [String]
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
    entries = table.map {
      Entry(method: $0.method, pattern: $0.path.split(separator: "/").map(String.init), make: $0.make)
    }
  }

  /// Every route as `METHOD /path`, with `{…}` for its parameters, in table order.
  package var routes: [String] { entries.map { "\($0.method) /" + $0.pattern.joined(separator: "/") } }

  package func match(method: String, path: String) -> Match {
    guard path.hasPrefix("/") else { return .notFound }
    let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    var allowed: [String] = []
    for entry in entries where entry.pattern.count == segments.count {
      var parameters: [String] = []
      let fits = zip(entry.pattern, segments).allSatisfy { pattern, segment in
        if pattern.hasPrefix("{") {
          parameters.append(String(segment))
          return !segment.isEmpty
        }
        return pattern == segment
      }
      guard fits else { continue }
      if entry.method == method || (method == "HEAD" && entry.method == "GET") {
        return .found(entry.make(parameters))
      }
      allowed.append(entry.method)
      if entry.method == "GET" { allowed.append("HEAD") }
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }
}

extension HTTPRouter.Match: Equatable where Route: Equatable {}
extension HTTPRouter.Match: Sendable where Route: Sendable {}
