import HTTPServer
import ServedAssets

/// What a request to the preview asks for, matched once from its `Host`, method and
/// path (see ``PreviewServer`` for the routes). `screen` addresses are the five path
/// segments after `/screen/` or `/text/`: FILE, SCREEN, LOCALE, REGION, CURRENCY.
enum PreviewRoute: Equatable {
  /// The `Host` names no loopback address: a page elsewhere that resolves its own name
  /// to 127.0.0.1 (DNS rebinding) must not read the files.
  case foreignHost
  case controls, controlsScript, liveScript, state, stateEvents, screenEvents
  case screen([String])
  case post([String])
  case text([String])
  case notFound

  init(_ request: HTTPRequest) {
    guard LoopbackTool.isLocalHost(request.header("host")) else {
      self = .foreignHost
      return
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    let isRead = request.method == "GET" || request.method == "HEAD"
    let address = Array(parts.dropFirst())
    switch (request.method, parts.first ?? "") {
    case (_, "") where parts.count == 1 && isRead: self = .controls
    case (_, "controls.js") where parts.count == 1 && isRead: self = .controlsScript
    case (_, "live.js") where parts.count == 1 && isRead: self = .liveScript
    case (_, "state") where parts.count == 1 && isRead: self = .state
    case (_, "state") where parts.count == 2 && parts[1] == "events" && isRead: self = .stateEvents
    case (_, "screen") where parts.count == 7 && parts[6] == "events" && isRead: self = .screenEvents
    case ("POST", "screen") where parts.count == 6: self = .post(address)
    case (_, "screen") where parts.count == 6 && isRead: self = .screen(address)
    case (_, "text") where parts.count == 6 && isRead: self = .text(address)
    default: self = .notFound
    }
  }

  /// A page as `serve` sends it (in the controls' frames), not a part of the controls.
  var isServedPage: Bool {
    switch self {
    case .screen, .post: true
    default: false
    }
  }
}

/// The preview's security headers (``SecurityHeaders``), on every answer, chosen by the
/// route: a served page carries `serve`'s, framed by this origin; everything else, the
/// controls' own. The one place the preview adds them.
struct PreviewSecurity: HTTPMiddleware {
  let servedPages: SecurityHeaders
  let controls: SecurityHeaders

  func respond(
    to request: HTTPRequest, _ route: PreviewRoute, next: (HTTPRequest, PreviewRoute) -> RouteResult
  ) -> RouteResult {
    next(request, route).mapResponse { $0.headers += (route.isServedPage ? servedPages : controls).fields }
  }
}
