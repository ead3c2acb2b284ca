import FormRender
import Foundation
import HTTPServer
import RedisClient
import RenderCore
import ServedAssets
import SessionStores
import Synchronization

/// The relay server of `docs/SERVER.md`: the merchant API, the customer's pages and
/// their live updates, over ``HTTPDaemon``.
///
/// ``respond(to:)`` is the whole server as a function from request to answer, so every
/// route and rule is tested without a socket; ``start()`` puts it on the network.
package final class RelayServer: HTTPResponder, HTTPObserver {
  let options: ServerOptions
  let store: any SessionStore
  /// The daemon, its clock and its stop; its waits are ``parked``.
  private let lifecycle = ServerLifecycle()
  var parked: ParkedRequests { lifecycle.waits }
  let pages = PageCache()
  let security = SecurityHeaders()
  let metrics: Metrics
  /// What every answer passes through, outermost first (``answering``): its
  /// `X-Request-Id`, its route class for the metrics and the log, the security headers.
  /// Nested by type, so the chain is specialized and inlined into each request's path.
  private let answering: HTTPMiddlewarePair<RequestIdentifier, HTTPMiddlewarePair<RouteLabel, SecurityFields>>
  /// ``answering``, then the merchant's key (``MerchantAuthorization``): what a route's
  /// request passes before the route runs.
  private let routing:
    HTTPMiddlewarePair<
      HTTPMiddlewarePair<RequestIdentifier, HTTPMiddlewarePair<RouteLabel, SecurityFields>>, MerchantAuthorization
    >
  private let log: @Sendable (String) -> Void
  /// Where request lines go as bytes, when given (`serve`): formatted without a `String`.
  private let requestLog: LogOutput?
  private let metricsDaemon = Mutex<HTTPDaemon?>(nil)
  /// From SIGTERM on: `/healthz` is `503 draining`, nothing waits.
  private let draining = Atomic<Bool>(false)

  /// - Parameters:
  ///   - requestLog: where the text format's request lines are written instead of to `log`
  ///     (``RequestLog/lineBytes(method:path:status:microseconds:)``: the same line, each in
  ///     one write).
  ///   - log: receives one line per request (see ``RequestLog``), and one per journal entry
  ///     the Redis store could not read (``SessionJournal/UnreadableEntry``), nothing else.
  package init(options: ServerOptions, requestLog: LogOutput? = nil, log: @escaping @Sendable (String) -> Void) {
    self.options = options
    self.log = log
    self.requestLog = requestLog
    let metrics = Metrics()
    self.metrics = metrics
    let answering = RequestIdentifier().then(RouteLabel().then(SecurityFields(headers: security)))
    self.answering = answering
    routing = answering.then(MerchantAuthorization(apiKey: options.apiKey))
    let format = options.logFormat
    let target: RedisTarget
    switch options.store {
    case .memory:
      store = MemorySessionStore()
      return
    case .redis(let address): target = .fixed(address)
    case .sentinel(let location): target = .sentinel(location)
    }
    store = RedisSessionStore(
      target, idleTimeoutSeconds: options.idleTimeoutSeconds, eventsKept: options.eventsKept,
      observe: { metrics.storeOperation(microseconds: $0) },
      unreadable: { entry in
        metrics.unreadableJournalEntry()
        log(entry.line(format))
      })
  }

  /// Why the store cannot be used (Redis down or unreachable, a refused login, hiredis
  /// missing), naming it; nil when it answers. `serve` asks before it listens.
  package func storeProblem() -> String? {
    guard let redis = store as? RedisSessionStore else { return nil }
    do throws(RedisFailure) { try redis.check() } catch { return "the session store \(error.description)" }
    return nil
  }

  // MARK: HTTPResponder

  /// Matches the route once (``Endpoint/match(method:path:)``) and answers through the
  /// middleware (``routing``) and the route; the match is the middleware's context.
  package func respond(to request: HTTPRequest) -> RouteResult {
    routing.respond(to: request, Endpoint.match(method: request.method, path: request.path)) { request, match in
      route(request, match)
    }
  }

  /// The answer to what the transport refuses before any route runs
  /// (``HTTPDaemon/Configuration/errorResponse``), through ``answering`` as every
  /// answer: `400 badRequest` naming the problem; for a body over the limit,
  /// `413 bodyTooLarge` on a route that exists (the `404` or `405` of a path or method
  /// that does not, as without a body).
  package func errorResponse(_ error: HTTPServerError, _ request: HTTPRequest) -> HTTPResponse {
    let match = Endpoint.match(method: request.method, path: request.path)
    let refusal: HTTPResponse
    switch error {
    case .badFraming(let problem), .malformed(let problem):
      refusal = .json(
        400,
        JSONOutput.render(.object([("error", .string("badRequest")), ("message", .string(problem))]))
          .trimmingSuffixNewline())
    case .bodyTooLarge:
      guard case .found = match else {
        // No such route: what it would be without the body (no route runs for a 404 or 405).
        return routing.respond(to: request, match) { route($0, $1) }.response ?? .json(404, #"{"error": "notFound"}"#)
      }
      metrics.refused(.bodyTooLarge)
      refusal = .json(413, #"{"error": "bodyTooLarge", "limit": \#(HTTPRequest.maximumBodyBytes)}"#)
    }
    return answering.respond(to: request, match) { _, _ in .respond(refusal) }.response ?? refusal
  }

  private func route(_ request: HTTPRequest, _ match: Endpoint.Match) -> RouteResult {
    switch match {
    case .notFound:
      return .respond(notFound(customer: request.path.hasPrefix("/c/")))
    case .methodNotAllowed(let allowed):
      var response = HTTPResponse.json(405, #"{"error": "methodNotAllowed"}"#)
      response.headers.append(("Allow", allowed.joined(separator: ", ")))
      return .respond(response)
    case .found(let endpoint):
      do throws(SessionStoreError) {
        return try route(endpoint, request)
      } catch {
        metrics.storeError()
        // Never 200 unless stored. A change Redis received just before it stopped
        // answering may still be applied: the merchant retries with the same
        // Idempotency-Key, which answers it once; the customer's page tries again.
        var response =
          request.path.hasPrefix("/c/")
          ? HTTPResponse.text(503, "Reconnecting: this page is not available for a moment.\n")
          : HTTPResponse.json(503, #"{"error": "storeUnavailable"}"#)
        response.headers.append(("Retry-After", "1"))
        return .respond(response)
      }
    }
  }

  /// The route of `endpoint`, once the middleware let the request through (the
  /// merchant's routes only with the merchant's key).
  private func route(_ endpoint: Endpoint, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    switch endpoint {
    case .health:
      if isDraining { return .respond(.text(503, "draining\n")) }
      return .respond(store.isAvailable ? .text(200, "ok\n") : .text(503, "store unavailable\n"))
    case .script:
      return .respond(
        HTTPResponse(
          status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
          body: Array(LiveScript.source.utf8)))
    case .metrics:
      return .respond(metricsPage())
    case .openAPI:
      // The API's own description, public as the API's documentation is: no key.
      return .respond(
        HTTPResponse(
          status: 200, headers: [("Content-Type", "application/yaml")],
          body: Array(OpenAPIDocument.yaml.utf8)))
    case .createSession, .call, .events, .deleteSession:
      return try merchant(endpoint, request)
    case .page(let token): return .respond(try page(token: token, request))
    case .submit(let token): return .respond(try submit(token: token, request))
    case .stream(let token): return try stream(token: token, request)
    }
  }

  // MARK: HTTPObserver

  /// Two routes wait: the customer's live-update stream (`/c/…`) and the merchant's long poll.
  package func beganWaiting(_ request: HTTPRequest) {
    metrics.waiting(request.path.hasPrefix("/c/") ? .liveStream : .merchantEvents, by: 1)
  }

  package func completed(_ request: HTTPRequest, response: HTTPResponse, microseconds: Int, waited: Bool) {
    let route = response.label.flatMap(Metrics.RouteClass.init(rawValue:)) ?? .other
    let status = response.status
    metrics.answered(route, status: status, microseconds: microseconds)
    if waited { metrics.waiting(route, by: -1) }
    switch options.logFormat {
    case .text:
      if let requestLog {
        requestLog.writeLine(
          RequestLog.lineBytes(method: request.method, path: request.path, status: status, microseconds: microseconds))
      } else {
        log(RequestLog.line(method: request.method, path: request.path, status: status, microseconds: microseconds))
      }
    case .json:
      log(RequestLog.json(request, route: route.label, status: status, microseconds: microseconds))
    }
  }

  /// `GET /metrics`: the Prometheus text exposition (``Metrics``).
  func metricsPage() -> HTTPResponse {
    let text = metrics.exposition(
      sessionsOpen: store.count, eventsDropped: ServedSession.eventsDropped.load(ordering: .relaxed),
      refusedPerAddress: lifecycle.current?.refusedPerAddress ?? 0, draining: isDraining)
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")], body: Array(text.utf8))
  }

  private func notFound(customer: Bool) -> HTTPResponse {
    // Says nothing about which sessions exist, or existed.
    customer
      ? .text(404, "This page is not available.\n")
      : .json(404, #"{"error": "notFound"}"#)
  }

  // MARK: Running

  /// Starts listening, and the clock (``ServerLifecycle``) that ends waits, closes
  /// stalled connections and, every second, forgets idle sessions and disconnects
  /// absent customers.
  /// - Returns: the port it listens on.
  package func start() throws(HTTPDaemon.StartError) -> Int {
    let threads = options.threads > 0 ? options.threads : max(1, ProcessInfo.processInfo.activeProcessorCount)
    let port = try lifecycle.start(
      HTTPDaemon.Configuration(
        host: options.host, port: options.port, threads: threads,
        connectionTimeout: options.connectionTimeoutSeconds, connectionLimit: options.maximumConnections,
        requestTimeout: options.requestTimeoutSeconds, connectionsPerAddress: options.maximumConnectionsPerAddress,
        errorResponse: { [self] in errorResponse($0, $1) }, observer: self),
      responder: self, clockName: "relay-clock"
    ) { [metrics] _, closed in
      metrics.refused(.requestTimeout, count: closed)
    } everySecond: { [self] now in
      forgetIdleSessions(before: now - .seconds(options.idleTimeoutSeconds))
      disconnectAbsentCustomers(before: now - .seconds(options.customerTimeoutSeconds))
    }
    if let address = options.metricsAddress {
      guard let listen = ListenAddress(address) else {
        lifecycle.stop(grace: .zero)
        throw HTTPDaemon.StartError(description: "'\(address)' is not an address for the metrics listener")
      }
      do {
        let listener = try HTTPDaemon(
          HTTPDaemon.Configuration(
            host: listen.host, port: listen.port, threads: 1, connectionTimeout: options.connectionTimeoutSeconds,
            connectionLimit: 64, requestTimeout: options.requestTimeoutSeconds, connectionsPerAddress: 0),
          // `GET /metrics` without the key, for a scraper on a network the operator keeps
          // apart; anything else is 404. The transport answers framing and bodies, as here.
          responder: CallbackResponder { [self] request in
            let isRead = request.method == "GET" || request.method == "HEAD"
            return .respond(request.path == "/metrics" && isRead ? metricsPage() : .text(404, "Not found.\n"))
          })
        metricsDaemon.withLock { $0 = listener }
      } catch {
        lifecycle.stop(grace: .zero)
        throw error
      }
    }
    store.watch { [parked] id, changes in
      if id.isEmpty {
        parked.wakeAll()  // messages may have been lost: every wait looks again
      } else if let changes {
        parked.changed(id, version: changes)
      } else {
        parked.forget(id)
      }
    }
    return port
  }

  /// Drains for a rolling deploy (SIGTERM): from now on `/healthz` is `503 draining`, so
  /// a load balancer sends no new sessions; every waiting request is answered at once
  /// (live-update streams with ``ServerOptions/drainRetryMilliseconds`` as their
  /// reconnect delay, so browsers come back after this server is gone; long polls
  /// empty) and none waits from here on; requests keep being served for
  /// ``ServerOptions/drainSeconds``. Then call ``stop(grace:)``.
  package func drain() {
    draining.store(true, ordering: .relaxed)
    parked.stop()
    let deadline = ContinuousClock.now + .seconds(options.drainSeconds)
    while ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
  }

  /// `drain()` has begun.
  package var isDraining: Bool { draining.load(ordering: .relaxed) }

  /// Stops accepting, answers every waiting request (long polls empty), lets requests in
  /// flight finish for up to `grace`, then stops.
  package func stop(grace: Duration = .seconds(3)) {
    lifecycle.stop(grace: grace) { store.stopWatching() }
    metricsDaemon.withLock { $0 }?.stop()
    metricsDaemon.withLock { $0 = nil }
  }

  /// A session is gone: its waits answer, its pages are dropped.
  func forget(_ id: String) {
    parked.forget(id)
    pages.forget(session: id)
  }

  /// Sends `disconnected` for every session whose customer arrived and has not been
  /// seen since `cutoff` (the customer timeout's sweep, which tests run with a clock of
  /// their own), and wakes what waits on them.
  package func disconnectAbsentCustomers(before cutoff: ContinuousClock.Instant) {
    for (id, changes) in store.disconnectAbsent(before: cutoff, eventsKept: options.eventsKept) {
      parked.changed(id, version: changes)
    }
  }

  /// `--metrics-address` as host and port (``ListenAddress``); nil when it is none.
  package static func metricsListener(_ address: String) -> (host: String, port: Int)? {
    ListenAddress(address).map { ($0.host, $0.port) }
  }

  /// Where the metrics listener of `--metrics-address` answers, once started; else nil.
  package var metricsURL: String? {
    guard let listener = metricsDaemon.withLock({ $0 }),
      let address = options.metricsAddress.flatMap(ListenAddress.init)
    else { return nil }
    return address.url(port: listener.port, path: "/metrics")
  }

  /// Sessions held now.
  package var sessionCount: Int { store.count }

  /// Forgets every session untouched since `cutoff` (the idle timeout's sweep, which
  /// tests run with a clock of their own).
  package func forgetIdleSessions(before cutoff: ContinuousClock.Instant) {
    for id in store.removeIdle(before: cutoff) { forget(id) }
  }
}
