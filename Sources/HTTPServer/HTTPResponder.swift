/// What a running ``HTTPDaemon`` asks of the server above it: one answer per request.
///
/// Called on the library's threads, concurrently, once the whole request is in (body
/// read). The transport answers framing problems and bodies over the limit itself
/// (``HTTPDaemon/Configuration/errorResponse``), so a responder never sees them; it
/// parks a request that asks to wait (``RouteResult/wait(key:version:deadline:)``) in
/// ``HTTPDaemon/Configuration/waits`` and, when woken, asks again with the same request.
package protocol HTTPResponder: Sendable {
  func respond(to request: HTTPRequest) -> RouteResult
}

/// A responder made of a closure, for a listener with one job (the relay's metrics
/// listener), as Hummingbird's `CallbackResponder`.
package struct CallbackResponder: HTTPResponder {
  private let answer: @Sendable (HTTPRequest) -> RouteResult

  package init(_ answer: @escaping @Sendable (HTTPRequest) -> RouteResult) { self.answer = answer }

  package func respond(to request: HTTPRequest) -> RouteResult { answer(request) }
}

/// What a responder's owner learns of each request once it is over (metrics, the log).
package protocol HTTPObserver: Sendable {
  /// The request was parked for the first time (it may be woken and parked again).
  func beganWaiting(_ request: HTTPRequest)
  /// The request's answer is queued: the answer (its status, and the responder's
  /// ``HTTPResponse/label``), the time since the request arrived, and whether it waited
  /// (``beganWaiting(_:)`` was called for it).
  func completed(_ request: HTTPRequest, response: HTTPResponse, microseconds: Int, waited: Bool)
}

/// What the transport refuses itself, before a responder sees the request.
package enum HTTPServerError: Sendable, Equatable {
  /// The body's length could be read two ways, or a header name is not a token (why,
  /// in words): `400`, and the connection is closed (``framingProblem(_:)``).
  case badFraming(String)
  /// The body is longer than ``HTTPRequest/maximumBodyBytes``: `413`, and the
  /// connection is closed once the rest of the body is read and dropped.
  case bodyTooLarge
  /// A query argument or header the server will not read as sent (why, in words): a NUL
  /// byte in a name or value (a decoded `%00`), or a CR in a header's value. `400`, and
  /// the connection is closed.
  case malformed(String)

  /// The status the transport answers with.
  package var status: Int {
    switch self {
    case .badFraming, .malformed: 400
    case .bodyTooLarge: 413
    }
  }
}
