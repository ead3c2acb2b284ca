import HTTPServer
import Testing

@testable import LivePreview
@testable import ServedAssets

/// The preview's one middleware alone (its headers chosen by the route matched once),
/// and the match, `Host` check first.
@Suite struct PreviewMiddlewareTests {
  static let security = PreviewSecurity(
    servedPages: SecurityHeaders.servedPages.framed(by: [.this]), controls: .previewControls)

  static func policy(_ route: PreviewRoute) throws -> String {
    let request = HTTPRequest(method: "GET", path: "/", headers: [("Host", "127.0.0.1:9")])
    let response = try #require(
      security.respond(to: request, route) { _, _ in .respond(.text(200, "")) }.response)
    #expect(response.header("Cache-Control") == "no-store")
    return try #require(response.header("Content-Security-Policy"))
  }

  @Test func servedPagesMayBeFramedByTheControlsAndNothingElseMay() throws {
    for route in [PreviewRoute.screen(["0", "cart", "en-US", "-", "-"]), .post(["0", "form", "en-US", "-", "-"])] {
      let policy = try Self.policy(route)
      #expect(policy.contains("frame-ancestors 'self'"), "\(route)")
      #expect(policy.contains("script-src '\(ContentHashes.liveScript)'"))
    }
    for route in [PreviewRoute.controls, .state, .screenEvents, .foreignHost, .notFound] {
      #expect(try Self.policy(route) == SecurityHeaders.previewControls.contentSecurityPolicy, "\(route)")
    }
  }

  @Test func theRouteIsMatchedOnceWithTheHostFirst() {
    func route(_ method: String, _ path: String, host: String = "localhost:8080") -> PreviewRoute {
      PreviewRoute(HTTPRequest(method: method, path: path, headers: [("Host", host)]))
    }
    #expect(route("GET", "/", host: "evil.example:8080") == .foreignHost)
    #expect(route("GET", "/screen/0/cart/en-US/-/-", host: "127.0.0.1.evil.example") == .foreignHost)
    #expect(route("GET", "/") == .controls)
    #expect(route("HEAD", "/controls.js", host: "[::1]:9") == .controlsScript)
    #expect(route("GET", "/screen/0/cart/en-US/-/-") == .screen(["0", "cart", "en-US", "-", "-"]))
    #expect(route("POST", "/screen/0/form/en-US/-/-") == .post(["0", "form", "en-US", "-", "-"]))
    #expect(route("GET", "/screen/0/cart/en-US/-/-/events") == .screenEvents)
    #expect(route("POST", "/state") == .notFound)
  }
}
