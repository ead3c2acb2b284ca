import HTTPServer

/// The listener of `--metrics-address`: `GET /metrics` without the merchant key, for a
/// scraper on a network the operator keeps apart (loopback unless told otherwise);
/// every other request is `404`. Framing problems and bodies over the limit are the
/// transport's to answer, as on the relay's own listener.
final class MetricsService: HTTPResponder {
  private let relay: RelayServer

  init(relay: RelayServer) { self.relay = relay }

  func respond(to request: HTTPRequest) -> RouteResult {
    guard request.path == "/metrics", request.method == "GET" || request.method == "HEAD" else {
      return .respond(.text(404, "Not found.\n"))
    }
    return .respond(relay.metricsPage())
  }
}
