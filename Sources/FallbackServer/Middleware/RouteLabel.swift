import HTTPServer

/// Labels every answer with the route class of the route matched (``Metrics/RouteClass``,
/// from the one match, never from the path or the status again), for the relay's
/// ``RelayServer/completed(_:response:microseconds:waited:)``, which counts it in
/// `/metrics` and writes the log line once the answer is sent (after any wait). What a
/// refusal was (a full server, too many waits, a body over the limit) is counted by the
/// route that decides it, from what happened, not read back from a status.
struct RouteLabel: HTTPMiddleware {
  func respond(
    to request: HTTPRequest, _ match: Endpoint.Match, next: (HTTPRequest, Endpoint.Match) -> RouteResult
  ) -> RouteResult {
    next(request, match).mapResponse { $0.label = Metrics.RouteClass(match).rawValue }
  }
}
