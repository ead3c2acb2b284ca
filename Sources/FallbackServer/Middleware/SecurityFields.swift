import HTTPServer
import ServedAssets

/// The served pages' security headers (``SecurityHeaders``, with its typed Content
/// Security Policy) on every answer of the relay: the one place they are added, so no
/// route, refusal or error can go out without them.
struct SecurityFields: HTTPMiddleware {
  let headers: SecurityHeaders

  func respond(
    to request: HTTPRequest, _ match: Endpoint.Match, next: (HTTPRequest, Endpoint.Match) -> RouteResult
  ) -> RouteResult {
    next(request, match).mapResponse { $0.headers += headers.fields }
  }
}
