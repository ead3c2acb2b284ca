/// The route table: every path the server answers, matched by method and segments.
/// Parameters (`{id}`, `{token}`) are whole path segments.
enum Endpoint: Equatable {
  case health
  case script
  case metrics
  case openAPI
  case createSession
  case call(id: String)
  case events(id: String)
  case deleteSession(id: String)
  case page(token: String)
  case submit(token: String)
  case stream(token: String)

  /// `METHOD /path`, with `{…}` for a parameter.
  private static let table: [(method: String, pattern: [String], make: @Sendable ([String]) -> Endpoint)] = [
    ("GET", ["healthz"], { _ in .health }),
    ("GET", ["live.js"], { _ in .script }),
    ("GET", ["metrics"], { _ in .metrics }),
    ("GET", ["v1", "openapi.yaml"], { _ in .openAPI }),
    ("POST", ["v1", "sessions"], { _ in .createSession }),
    ("POST", ["v1", "sessions", "{id}", "calls"], { .call(id: $0[0]) }),
    ("GET", ["v1", "sessions", "{id}", "events"], { .events(id: $0[0]) }),
    ("DELETE", ["v1", "sessions", "{id}"], { .deleteSession(id: $0[0]) }),
    ("GET", ["c", "{token}"], { .page(token: $0[0]) }),
    ("POST", ["c", "{token}"], { .submit(token: $0[0]) }),
    ("GET", ["c", "{token}", "events"], { .stream(token: $0[0]) }),
  ]

  /// Every route as `METHOD /path` with `{id}` and `{token}` for its parameters, in table
  /// order: what `docs/openapi.yaml` documents (a test holds the two equal).
  static var routes: [String] { table.map { "\($0.method) /" + $0.pattern.joined(separator: "/") } }

  /// What a request asks for: the endpoint, `405` with the methods the path allows, or
  /// `404` when no route has the path. `HEAD` finds the `GET` route of its path (RFC 9110
  /// §9.3.2); the routes answer it without side effects, and the library sends no body.
  enum Match: Equatable {
    case found(Endpoint)
    case methodNotAllowed(allowed: [String])
    case notFound
  }

  static func match(method: String, path: String) -> Match {
    guard path.hasPrefix("/") else { return .notFound }
    let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    var allowed: [String] = []
    for route in table where route.pattern.count == segments.count {
      var parameters: [String] = []
      let fits = zip(route.pattern, segments).allSatisfy { pattern, segment in
        if pattern.hasPrefix("{") {
          parameters.append(segment)
          return !segment.isEmpty
        }
        return pattern == segment
      }
      guard fits else { continue }
      if route.method == method || (method == "HEAD" && route.method == "GET") {
        return .found(route.make(parameters))
      }
      allowed.append(route.method)
      if route.method == "GET" { allowed.append("HEAD") }
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }
}
