/// One step around a responder, as Hummingbird's middleware: it sees the request (and
/// what the server learned of it before any step ran, its `Context`: the relay's matched
/// route), may answer itself without calling `next` (a refusal), and may change the
/// answer `next` gives on its way out (headers). A wait passes through untouched: the
/// transport asks the whole chain again when the wait ends.
@usableFromInline
package protocol HTTPMiddleware<Context>: Sendable {
  associatedtype Context
  func respond(
    to request: HTTPRequest, _ context: Context, next: (HTTPRequest, Context) -> RouteResult
  ) -> RouteResult
}

/// Two steps as one, `outer` around `inner`: middleware composed by type, so that a chain
/// of concrete steps (``HTTPMiddleware/then(_:)``) is one generic value the compiler can
/// specialize and inline, with no existential or index per step.
@usableFromInline
package struct HTTPMiddlewarePair<Outer: HTTPMiddleware, Inner: HTTPMiddleware>: HTTPMiddleware
where Outer.Context == Inner.Context {
  @usableFromInline let outer: Outer
  @usableFromInline let inner: Inner

  @inlinable
  package init(_ outer: Outer, _ inner: Inner) {
    self.outer = outer
    self.inner = inner
  }

  @inlinable
  package func respond(
    to request: HTTPRequest, _ context: Outer.Context, next: (HTTPRequest, Outer.Context) -> RouteResult
  ) -> RouteResult {
    outer.respond(to: request, context) { inner.respond(to: $0, $1, next: next) }
  }
}

extension HTTPMiddleware {
  /// This step around `inner`.
  @inlinable
  package func then<Inner: HTTPMiddleware>(_ inner: Inner) -> HTTPMiddlewarePair<Self, Inner>
  where Inner.Context == Context {
    HTTPMiddlewarePair(self, inner)
  }
}

/// What most middleware does on the way out: change every answer (not a wait).
extension RouteResult {
  /// The answer changed by `change`; a wait as it is.
  package func mapResponse(_ change: (inout HTTPResponse) -> Void) -> RouteResult {
    guard case .respond(var response) = self else { return self }
    change(&response)
    return .respond(response)
  }
}
