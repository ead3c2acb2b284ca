/// The listener of `--metrics-address`: `GET /metrics` without the merchant key, for a
/// scraper on a network the operator keeps apart (loopback unless told otherwise);
/// every other request is `404`.
final class MetricsService: HTTPService {
  private let relay: RelayServer

  init(relay: RelayServer) { self.relay = relay }

  func handle(_ request: HTTPRequest) -> RouteResult {
    guard request.path == "/metrics", request.method == "GET" || request.method == "HEAD" else {
      return .respond(.text(404, "Not found.\n"))
    }
    return .respond(relay.metricsPage())
  }

  /// Nothing here waits.
  func park(_ resumption: Resumption, key: String, version: UInt64, deadline: ContinuousClock.Instant) {
    resumption.resume()
  }

  func completed(_ request: HTTPRequest, status: Int, microseconds: Int) {}
}
