import FormRender
import Foundation
import HTTPServer
import RedisClient
import RenderCore
import ServedAssets
import Synchronization

/// The relay server of `docs/SERVER.md`: the merchant API, the customer's pages and
/// their live updates, over ``HTTPDaemon``.
///
/// ``respond(to:)`` is the whole server as a function from request to answer, so every
/// route and rule is tested without a socket; ``start()`` puts it on the network.
package final class RelayServer: HTTPResponder, HTTPObserver {
  let options: ServerOptions
  let store: any SessionStore
  let parked = ParkedRequests()
  let pages = PageCache()
  let security = SecurityHeaders()
  let metrics: Metrics
  private let log: @Sendable (String) -> Void
  private let daemon = Mutex<HTTPDaemon?>(nil)
  private let metricsDaemon = Mutex<HTTPDaemon?>(nil)
  private let running = Atomic<Bool>(false)
  /// From SIGTERM on: `/healthz` is `503 draining`, nothing waits.
  private let draining = Atomic<Bool>(false)

  /// - Parameter log: receives one line per request (see ``RequestLog``), and one per journal
  ///   entry the Redis store could not read (``SessionJournal/UnreadableEntry``), nothing else.
  package init(options: ServerOptions, log: @escaping @Sendable (String) -> Void) {
    self.options = options
    self.log = log
    let metrics = Metrics()
    self.metrics = metrics
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

  /// Matches the route once (``Endpoint/match(method:path:)``), answers through it, and
  /// labels the answer with its ``Metrics/RouteClass`` for ``completed(_:response:microseconds:waited:)``.
  package func respond(to request: HTTPRequest) -> RouteResult {
    let match = Endpoint.match(method: request.method, path: request.path)
    switch route(request, match) {
    case .respond(let response): return .respond(identified(response, request, match))
    case .wait(let key, let version, let deadline): return .wait(key: key, version: version, deadline: deadline)
    }
  }

  /// The answer to what the transport refuses before any route runs
  /// (``HTTPDaemon/Configuration/errorResponse``): `400 badRequest` naming the framing
  /// problem; for a body over the limit, `413 bodyTooLarge` on a route that exists (the
  /// `404` or `405` of a path or method that does not, as without a body).
  package func errorResponse(_ error: HTTPServerError, _ request: HTTPRequest) -> HTTPResponse {
    let match = Endpoint.match(method: request.method, path: request.path)
    switch error {
    case .badFraming(let problem):
      return identified(
        secured(
          .json(
            400,
            JSONOutput.render(.object([("error", .string("badRequest")), ("message", .string(problem))]))
              .trimmingSuffixNewline())), request, match)
    case .bodyTooLarge:
      guard case .found = match else {
        // No such route: what it would be without the body (no route runs for a 404 or 405).
        return respond(to: request).response ?? identified(secured(notFound(customer: false)), request, match)
      }
      metrics.refused(.bodyTooLarge)
      return identified(
        secured(.json(413, #"{"error": "bodyTooLarge", "limit": \#(HTTPRequest.maximumBodyBytes)}"#)), request, match)
    }
  }

  /// `X-Request-Id`, on every answer, and the route class it was for.
  private func identified(_ response: HTTPResponse, _ request: HTTPRequest, _ match: Endpoint.Match) -> HTTPResponse {
    var response = response
    response.headers.append(("X-Request-Id", request.id))
    response.label = Metrics.RouteClass(match).rawValue
    return response
  }

  private func route(_ request: HTTPRequest, _ match: Endpoint.Match) -> RouteResult {
    switch match {
    case .notFound:
      return .respond(secured(notFound(customer: request.path.hasPrefix("/c/"))))
    case .methodNotAllowed(let allowed):
      var response = HTTPResponse.json(405, #"{"error": "methodNotAllowed"}"#)
      response.headers.append(("Allow", allowed.joined(separator: ", ")))
      return .respond(secured(response))
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
        return .respond(secured(response))
      }
    }
  }

  private func route(_ endpoint: Endpoint, _ request: HTTPRequest) throws(SessionStoreError) -> RouteResult {
    let result: RouteResult
    switch endpoint {
    case .health:
      if isDraining {
        result = .respond(.text(503, "draining\n"))
      } else {
        result = .respond(store.isAvailable ? .text(200, "ok\n") : .text(503, "store unavailable\n"))
      }
    case .script:
      result = .respond(
        HTTPResponse(
          status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
          body: Array(LiveScript.source.utf8)))
    case .metrics:
      guard authorized(request) else { return .respond(secured(unauthorized)) }
      result = .respond(metricsPage())
    case .openAPI:
      // The API's own description, public as the API's documentation is: no key.
      result = .respond(
        HTTPResponse(
          status: 200, headers: [("Content-Type", "application/yaml")],
          body: Array((EmbeddedOpenAPI.files.first?.text ?? "").utf8)))
    case .createSession, .call, .events, .deleteSession:
      guard authorized(request) else { return .respond(secured(unauthorized)) }
      result = try merchant(endpoint, request)
    case .page(let token): result = .respond(try page(token: token, request))
    case .submit(let token): result = .respond(try submit(token: token, request))
    case .stream(let token): result = try stream(token: token, request)
    }
    if case .respond(let response) = result { return .respond(secured(response)) }
    return result
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
      log(RequestLog.line(method: request.method, path: request.path, status: status, microseconds: microseconds))
    case .json:
      log(RequestLog.json(request, route: route.label, status: status, microseconds: microseconds))
    }
  }

  /// The security headers, on every answer: the one place they are added.
  private func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers += security.fields
    return response
  }

  /// `Authorization: Bearer <key>`, the key compared in constant time. The scheme's name
  /// is case-insensitive and may be followed by more than one space (RFC 9110 §11.1, §11.4).
  private func authorized(_ request: HTTPRequest) -> Bool {
    guard let value = request.header("authorization") else { return false }
    let scheme = value.prefix { $0 != " " }
    guard scheme.lowercased() == "bearer" else { return false }
    let key = value.dropFirst(scheme.count).drop { $0 == " " }
    return RequestToken.matches(String(key), expected: options.apiKey)
  }

  private var unauthorized: HTTPResponse {
    HTTPResponse(
      status: 401, headers: [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer")],
      body: Array(#"{"error": "unauthorized"}"#.utf8) + [0x0A])
  }

  /// `GET /metrics`: the Prometheus text exposition (``Metrics``).
  func metricsPage() -> HTTPResponse {
    let daemon = daemon.withLock { $0 }
    let text = metrics.exposition(
      sessionsOpen: store.count, eventsDropped: ServedSession.eventsDropped.load(ordering: .relaxed),
      refusedPerAddress: daemon?.refusedPerAddress ?? 0, draining: isDraining)
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

  /// Starts listening, and the clock that ends waits and forgets idle sessions.
  /// - Returns: the port it listens on.
  package func start() throws(HTTPDaemon.StartError) -> Int {
    let threads = options.threads > 0 ? options.threads : max(1, ProcessInfo.processInfo.activeProcessorCount)
    let started = try HTTPDaemon(
      HTTPDaemon.Configuration(
        host: options.host, port: options.port, threads: threads,
        connectionTimeout: options.connectionTimeoutSeconds, connectionLimit: options.maximumConnections,
        requestTimeout: options.requestTimeoutSeconds, connectionsPerAddress: options.maximumConnectionsPerAddress,
        waits: parked, errorResponse: { [self] in errorResponse($0, $1) }, observer: self),
      responder: self)
    if let address = options.metricsAddress {
      guard let (host, port) = Self.metricsListener(address) else {
        started.stop()
        throw HTTPDaemon.StartError(description: "'\(address)' is not an address for the metrics listener")
      }
      do {
        let listener = try HTTPDaemon(
          HTTPDaemon.Configuration(
            host: host, port: port, threads: 1, connectionTimeout: options.connectionTimeoutSeconds,
            connectionLimit: 64, requestTimeout: options.requestTimeoutSeconds, connectionsPerAddress: 0),
          responder: MetricsService(relay: self))
        metricsDaemon.withLock { $0 = listener }
      } catch {
        started.stop()
        throw error
      }
    }
    daemon.withLock { $0 = started }
    running.store(true, ordering: .relaxed)
    store.watch { [parked] id, changes in
      if id.isEmpty {
        parked.wakeAll()  // messages may have been lost: every wait looks again
      } else if let changes {
        parked.changed(id, version: changes)
      } else {
        parked.forget(id)
      }
    }
    let thread = Thread { [self] in maintain() }
    thread.name = "relay-clock"
    thread.start()
    return started.port
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
    guard let current = daemon.withLock({ $0 }) else { return }
    current.stopAccepting()
    store.stopWatching()
    parked.stop()
    let deadline = ContinuousClock.now + grace
    while current.requestsInFlight > 0, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    running.store(false, ordering: .relaxed)
    current.stop()
    daemon.withLock { $0 = nil }
    metricsDaemon.withLock { $0 }?.stop()
    metricsDaemon.withLock { $0 = nil }
  }

  /// Every 100 ms: wakes waits whose time is up; every second: forgets idle sessions.
  private func maintain() {
    var lastSweep = ContinuousClock.now
    while running.load(ordering: .relaxed) {
      Thread.sleep(forTimeInterval: 0.1)
      let now = ContinuousClock.now
      parked.expire(now: now)
      let closed = daemon.withLock { $0 }?.closeStalledConnections(now: now) ?? 0
      metrics.refused(.requestTimeout, count: closed)
      if now - lastSweep >= .seconds(1) {
        lastSweep = now
        for id in store.removeIdle(before: now - .seconds(options.idleTimeoutSeconds)) { forget(id) }
        disconnectAbsentCustomers(before: now - .seconds(options.customerTimeoutSeconds))
      }
    }
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

  /// `PORT` (on `127.0.0.1`), `HOST:PORT` or `[IPv6]:PORT` as host and port; nil for
  /// anything else.
  package static func metricsListener(_ address: String) -> (host: String, port: Int)? {
    var host = "127.0.0.1"
    var portText = Substring(address)
    if let colon = address.lastIndex(of: ":") {
      host = String(address[..<colon])
      portText = address[address.index(after: colon)...]
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    }
    guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else { return nil }
    return (host, port)
  }

  /// Where the metrics listener of `--metrics-address` answers, once started; else nil.
  package var metricsURL: String? {
    guard let listener = metricsDaemon.withLock({ $0 }), let address = options.metricsAddress,
      let (host, _) = Self.metricsListener(address)
    else { return nil }
    return "http://\(host.contains(":") ? "[\(host)]" : host):\(listener.port)/metrics"
  }

  /// Sessions held now.
  package var sessionCount: Int { store.count }

  /// Forgets every session untouched since `cutoff` (the idle timeout's sweep, which
  /// tests run with a clock of their own).
  package func forgetIdleSessions(before cutoff: ContinuousClock.Instant) {
    for id in store.removeIdle(before: cutoff) { forget(id) }
  }
}
