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

/// Middleware in order, outermost first, around a last step that answers. Each step's
/// `next` is a closure that does not escape: the chain keeps no request state of its own.
package struct HTTPMiddlewareChain<Context>: Sendable {
  private let steps: [any HTTPMiddleware<Context>]

  package init(_ steps: [any HTTPMiddleware<Context>]) { self.steps = steps }

  /// `request` through every step, then `last`.
  package func respond(
    to request: HTTPRequest, _ context: Context, last: (HTTPRequest, Context) -> RouteResult
  ) -> RouteResult {
    run(from: 0, request, context, last)
  }

  private func run(
    from index: Int, _ request: HTTPRequest, _ context: Context, _ last: (HTTPRequest, Context) -> RouteResult
  ) -> RouteResult {
    guard index < steps.count else { return last(request, context) }
    return steps[index].respond(to: request, context) { run(from: index + 1, $0, $1, last) }
  }
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
