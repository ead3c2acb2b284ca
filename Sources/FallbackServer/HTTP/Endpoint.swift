import HTTPServer

/// The relay's routes (``router``): every path the server answers, matched once per
/// request by method and whole segments.
enum Endpoint: Equatable, Sendable {
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

  static let router = HTTPRouter<Endpoint>([
    ("GET", "/healthz", { _ in .health }),
    ("GET", "/live.js", { _ in .script }),
    ("GET", "/metrics", { _ in .metrics }),
    ("GET", "/v1/openapi.yaml", { _ in .openAPI }),
    ("POST", "/v1/sessions", { _ in .createSession }),
    ("POST", "/v1/sessions/{id}/calls", { .call(id: $0[0]) }),
    ("GET", "/v1/sessions/{id}/events", { .events(id: $0[0]) }),
    ("DELETE", "/v1/sessions/{id}", { .deleteSession(id: $0[0]) }),
    ("GET", "/c/{token}", { .page(token: $0[0]) }),
    ("POST", "/c/{token}", { .submit(token: $0[0]) }),
    ("GET", "/c/{token}/events", { .stream(token: $0[0]) }),
  ])

  /// Every route as `METHOD /path` with `{id}` and `{token}` for its parameters, in table
  /// order: what `docs/openapi.yaml` documents (a test holds the two equal).
  static var routes: [String] { router.routes }

  typealias Match = HTTPRouter<Endpoint>.Match

  static func match(method: String, path: String) -> Match { router.match(method: method, path: path) }
}
