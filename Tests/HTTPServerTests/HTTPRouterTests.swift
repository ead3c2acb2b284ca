import Testing

@testable import HTTPServer

/// The route table matched over a path's bytes: the same match as cutting the path into
/// `String` segments, for every path a client may send, ASCII or not.
@Suite struct HTTPRouterTests {
  enum Route: Equatable, Sendable {
    case health
    case sessions
    case call(String)
    case remove(String)
    case page(String)
    case submit(String)
    case stream(String)
    case pair(String, String)
  }

  static let table: [(method: String, path: String, make: @Sendable ([String]) -> Route)] = [
    ("GET", "/healthz", { _ in .health }),
    ("POST", "/v1/sessions", { _ in .sessions }),
    ("POST", "/v1/sessions/{id}/calls", { .call($0[0]) }),
    ("DELETE", "/v1/sessions/{id}", { .remove($0[0]) }),
    ("GET", "/c/{token}", { .page($0[0]) }),
    ("POST", "/c/{token}", { .submit($0[0]) }),
    ("GET", "/c/{token}/events", { .stream($0[0]) }),
    ("GET", "/p/{a}/{b}", { .pair($0[0], $0[1]) }),
  ]
  static let router = HTTPRouter<Route>(table)

  /// The match as the router made it before it read bytes: `String` segments, compared
  /// as `String`s (by `Character`, canonical equivalence included).
  static func reference(method: String, path: String) -> HTTPRouter<Route>.Match {
    guard path.hasPrefix("/") else { return .notFound }
    let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    var allowed: [String] = []
    for entry in table {
      let pattern = entry.path.split(separator: "/").map(String.init)
      guard pattern.count == segments.count else { continue }
      var parameters: [String] = []
      let fits = zip(pattern, segments).allSatisfy { pattern, segment in
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

  @Test func routesAreMatchedWithTheirParameters() {
    #expect(Self.router.match(method: "GET", path: "/healthz") == .found(.health))
    #expect(Self.router.match(method: "HEAD", path: "/healthz") == .found(.health))
    #expect(Self.router.match(method: "POST", path: "/v1/sessions") == .found(.sessions))
    #expect(Self.router.match(method: "POST", path: "/v1/sessions/k1.abc/calls") == .found(.call("k1.abc")))
    #expect(Self.router.match(method: "DELETE", path: "/v1/sessions/k1.abc") == .found(.remove("k1.abc")))
    #expect(Self.router.match(method: "GET", path: "/c/k1.tok") == .found(.page("k1.tok")))
    #expect(Self.router.match(method: "POST", path: "/c/k1.tok") == .found(.submit("k1.tok")))
    #expect(Self.router.match(method: "GET", path: "/c/k1.tok/events") == .found(.stream("k1.tok")))
    #expect(Self.router.match(method: "GET", path: "/p/x/y") == .found(.pair("x", "y")))
    #expect(Self.router.match(method: "GET", path: "/c/ünï/events") == .found(.stream("ünï")))
  }

  @Test func otherMethodsAreNamedAndOtherPathsAreNotFound() {
    #expect(Self.router.match(method: "PUT", path: "/c/k1.tok") == .methodNotAllowed(allowed: ["GET", "HEAD", "POST"]))
    #expect(Self.router.match(method: "GET", path: "/v1/sessions/k1/calls") == .methodNotAllowed(allowed: ["POST"]))
    #expect(Self.router.match(method: "GET", path: "/c/") == .notFound)
    #expect(Self.router.match(method: "GET", path: "/c//events") == .notFound)
    #expect(Self.router.match(method: "GET", path: "healthz") == .notFound)
    #expect(Self.router.match(method: "GET", path: "") == .notFound)
    #expect(Self.router.match(method: "GET", path: "/healthz/") == .notFound)
    #expect(Self.router.match(method: "GET", path: "//healthz") == .notFound)
    #expect(Self.router.match(method: "get", path: "/healthz") == .methodNotAllowed(allowed: ["GET", "HEAD"]))
  }

  @Test func everyPathMatchesAsByStringSegments() {
    let paths = [
      "/", "//", "/healthz", "/healthz/", "/Healthz", "/c", "/c/", "/c/t", "/c/t/", "/c/t/events", "/c/t/events/",
      "/c//events", "/c/t//events", "/v1/sessions", "/v1/sessions/", "/v1/sessions/a", "/v1/sessions/a/calls",
      "/v1//sessions", "/p/a/b", "/p//b", "/p/a/", "x/healthz", "", "/c/\r\n/events", "/c/%2F/events",
      // Not ASCII: a combining mark after `/` makes one character with it, and a Kelvin
      // sign is canonically a `K`.
      "/c/t/\u{301}events", "/\u{301}c/t", "/c/t\u{301}/events", "/c/ü", "/c/ü/events", "/v1/sessions/é/calls",
      "/\u{212A}", "/c/\u{212A}/events", "/p/\u{301}/b", "/p/a/\u{301}", "\u{301}/healthz", "/c/t/event\u{301}s",
    ]
    for path in paths {
      for method in ["GET", "HEAD", "POST", "DELETE", "PUT"] {
        let match = Self.router.match(method: method, path: path)
        #expect(match == Self.reference(method: method, path: path), "\(method) \(path)")
      }
    }
  }

  @Test func routesAreListedAsWritten() {
    #expect(Self.router.routes == Self.table.map { "\($0.method) \($0.path)" })
  }
}
