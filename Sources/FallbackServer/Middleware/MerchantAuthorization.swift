import FormRender
import HTTPServer

/// The merchant's key on the routes that need it (the merchant API and `GET /metrics`):
/// `Authorization: Bearer <key>`, compared in constant time, checked before any session
/// is looked up; without it `401` and the route does not run. Every other request (the
/// customer's pages, `/healthz`, the script, the API's description, a `404` or `405`)
/// passes untouched.
struct MerchantAuthorization: HTTPMiddleware {
  let apiKey: String

  func respond(
    to request: HTTPRequest, _ match: Endpoint.Match, next: (HTTPRequest, Endpoint.Match) -> RouteResult
  ) -> RouteResult {
    guard case .found(let endpoint) = match, endpoint.needsKey, !authorized(request) else {
      return next(request, match)
    }
    return .respond(
      HTTPResponse(
        status: 401, headers: [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer")],
        body: Array(#"{"error": "unauthorized"}"#.utf8) + [0x0A]))
  }

  /// The scheme's name is case-insensitive and may be followed by more than one space
  /// (RFC 9110 §11.1, §11.4); the key must match exactly.
  func authorized(_ request: HTTPRequest) -> Bool {
    guard let value = request.header("authorization") else { return false }
    let scheme = value.prefix { $0 != " " }
    guard scheme.lowercased() == "bearer" else { return false }
    let key = value.dropFirst(scheme.count).drop { $0 == " " }
    return RequestToken.matches(String(key), expected: apiKey)
  }
}

extension Endpoint {
  /// Only the merchant may call it: the merchant API and the metrics.
  var needsKey: Bool {
    switch self {
    case .createSession, .call, .events, .deleteSession, .metrics: true
    case .health, .script, .openAPI, .page, .submit, .stream: false
    }
  }
}
