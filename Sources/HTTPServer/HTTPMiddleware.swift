/// One step around a responder, as Hummingbird's middleware: it sees the request (and
/// what the server learned of it before any step ran, its `Context`: the relay's matched
/// route), may answer itself without calling `next` (a refusal), and may change the
/// answer `next` gives on its way out (headers). A wait passes through untouched: the
/// transport asks the whole chain again when the wait ends.
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

/// What most middleware does on the way out: change every answer (not a wait).
extension RouteResult {
  /// The answer changed by `change`; a wait as it is.
  package func mapResponse(_ change: (inout HTTPResponse) -> Void) -> RouteResult {
    guard case .respond(var response) = self else { return self }
    change(&response)
    return .respond(response)
  }
}
