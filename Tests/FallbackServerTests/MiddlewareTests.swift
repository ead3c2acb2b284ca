import HTTPServer
import ServedAssets
import Testing

@testable import FallbackServer

/// The relay's middleware, each alone around a route that answers `200 ok` (or waits),
/// and in the order the relay runs them.
@Suite struct MiddlewareTests {
  /// What the route behind the middleware did: it counts the requests that reached it.
  final class Route {
    var reached = 0
    func answer(_ request: HTTPRequest, _ match: Endpoint.Match) -> RouteResult {
      reached += 1
      return request.path == "/wait"
        ? .wait(key: "k", version: 1, deadline: request.arrival + .seconds(1))
        : .respond(.text(200, "ok\n"))
    }
  }

  static func run(
    _ step: any HTTPMiddleware<Endpoint.Match>, _ path: String, method: String = "GET",
    headers: [(name: String, value: String)] = [], route: Route = Route()
  ) -> (HTTPRequest, RouteResult) {
    let request = HTTPRequest(method: method, path: path, headers: headers)
    let match = Endpoint.match(method: method, path: path)
    return (request, step.respond(to: request, match, next: route.answer))
  }

  @Test func requestIdentifierSendsTheRequestsOwnIdAndLeavesAWait() throws {
    let (request, result) = Self.run(RequestIdentifier(), "/healthz")
    let response = try #require(result.response)
    #expect(response.header("X-Request-Id") == request.id)
    #expect(request.id.utf8.count == 16)
    #expect(response.text == "ok\n")
    if case .respond = Self.run(RequestIdentifier(), "/wait").1 { Issue.record("a wait was answered") }
  }

  @Test func securityFieldsAddTheFourHeadersWithTheTypedPolicy() throws {
    let (_, result) = Self.run(SecurityFields(headers: SecurityHeaders()), "/c/k1.x")
    let response = try #require(result.response)
    #expect(response.header("Content-Security-Policy") == SecurityHeaders.servedPages.policy.description)
    #expect(response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
    #expect(response.header("Referrer-Policy") == "no-referrer")
    #expect(response.header("X-Content-Type-Options") == "nosniff")
    #expect(response.header("Cache-Control") == "no-store")
    #expect(response.headers.count == 5)
  }

  @Test func merchantAuthorizationRefusesTheMerchantRoutesWithoutTheKeyBeforeTheyRun() throws {
    let authorization = MerchantAuthorization(apiKey: Harness.key)
    for (method, path) in [
      ("POST", "/v1/sessions"), ("POST", "/v1/sessions/k1.x/calls"), ("GET", "/v1/sessions/k1.x/events"),
      ("DELETE", "/v1/sessions/k1.x"), ("GET", "/metrics"),
    ] {
      for headers in [[], [("Authorization", "Bearer wrong")], [("Authorization", "Basic \(Harness.key)")]] {
        let route = Route()
        let response = try #require(
          Self.run(authorization, path, method: method, headers: headers, route: route).1.response)
        #expect(response.status == 401, "\(method) \(path)")
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(response.text == #"{"error": "unauthorized"}"# + "\n")
        #expect(route.reached == 0)
      }
      let route = Route()
      let keyed = Self.run(
        authorization, path, method: method, headers: [("Authorization", "bearer   \(Harness.key)")], route: route)
      #expect(keyed.1.response?.status == 200, "\(method) \(path)")
      #expect(route.reached == 1)
    }
    // The customer's routes, the public ones, and paths that match no route pass without a key.
    for (method, path) in [
      ("GET", "/c/k1.x"), ("POST", "/c/k1.x"), ("GET", "/c/k1.x/events"), ("GET", "/healthz"), ("GET", "/live.js"),
      ("GET", "/v1/openapi.yaml"), ("GET", "/nowhere"), ("PUT", "/v1/sessions"),
    ] {
      let route = Route()
      #expect(
        Self.run(authorization, path, method: method, route: route).1.response?.status == 200, "\(method) \(path)")
      #expect(route.reached == 1)
    }
  }

  @Test func routeLabelNamesTheMatchedRoutesClass() throws {
    let cases: [(String, String, Metrics.RouteClass)] = [
      ("GET", "/c/k1.x", .page), ("POST", "/c/k1.x", .formPost), ("GET", "/c/k1.x/events", .liveStream),
      ("POST", "/v1/sessions", .sessionCreate), ("GET", "/v1/openapi.yaml", .other), ("GET", "/nowhere", .other),
      ("HEAD", "/healthz", .health),
    ]
    for (method, path, routeClass) in cases {
      let response = try #require(Self.run(RouteLabel(), path, method: method).1.response)
      #expect(response.label == routeClass.rawValue, "\(method) \(path)")
    }
  }

  /// The relay's order: the key is checked inside the other three, so its `401` carries
  /// the security headers, the request id and the route's class; the security headers
  /// come after the route's own, `X-Request-Id` last.
  @Test func theRelayRunsThemInOrderAroundItsRoutes() throws {
    let harness = Harness()
    let refused = harness.send("POST", "/v1/sessions", key: nil)
    #expect(refused.status == 401)
    #expect(refused.label == Metrics.RouteClass.sessionCreate.rawValue)
    #expect(
      refused.headers.map(\.name) == [
        "Content-Type", "WWW-Authenticate", "Content-Security-Policy", "Referrer-Policy", "X-Content-Type-Options",
        "Cache-Control", "X-Request-Id",
      ])
    let created = harness.send("POST", "/v1/sessions?routingKey=k1")
    #expect(created.status == 201)
    #expect(
      created.headers.map(\.name) == [
        "Content-Type", "Location", "Content-Security-Policy", "Referrer-Policy", "X-Content-Type-Options",
        "Cache-Control", "X-Request-Id",
      ])
    // What the transport refuses goes through the same steps, but the key's: a body
    // over the limit is 413 with or without it.
    let tooLarge = harness.server.errorResponse(.bodyTooLarge, HTTPRequest(method: "POST", path: "/v1/sessions"))
    #expect(tooLarge.status == 413)
    #expect(tooLarge.header("Cache-Control") == "no-store")
    #expect(tooLarge.header("X-Request-Id")?.utf8.count == 16)
    #expect(tooLarge.label == Metrics.RouteClass.sessionCreate.rawValue)
  }
}
