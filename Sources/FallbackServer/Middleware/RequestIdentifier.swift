import HTTPServer

/// `X-Request-Id` on every answer: the request's own random id (``HTTPRequest/id``),
/// also in its log line, so an answer a client reports can be found in the log.
struct RequestIdentifier: HTTPMiddleware {
  func respond(
    to request: HTTPRequest, _ match: Endpoint.Match, next: (HTTPRequest, Endpoint.Match) -> RouteResult
  ) -> RouteResult {
    next(request, match).mapResponse { $0.headers.append(("X-Request-Id", request.id)) }
  }
}
