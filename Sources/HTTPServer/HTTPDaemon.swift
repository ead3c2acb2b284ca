import Foundation
import Synchronization

/// The HTTP server: GNU libmicrohttpd (Debian's `libmicrohttpd-dev`) in its thread-pool
/// mode with epoll, with suspend and resume for requests that wait. Only
/// Bridge/LibMicroHTTPD.swift calls the library or sees its pointers; everything above
/// sees ``HTTPRequest`` and ``HTTPResponse`` values through an ``HTTPResponder``. The
/// library is opened when the first daemon starts (`libmicrohttpd.so.12`, through
/// Sources/CMicroHTTPD), not linked, so that no other command loads it.
///
/// The library parses HTTP (request line, headers, chunked bodies, the query's percent
/// escapes), enforces the connection limit and drops connections idle longer than the
/// connection timeout. Around it, this module adds what the library lacks against hostile
/// clients (`docs/SERVER.md`, "Hostile clients"), and answers those refusals itself
/// through ``Configuration/errorResponse``, so no responder has to remember them:
///
/// - **framing**: a request whose body length is ambiguous (two `Content-Length`s, a
///   `Content-Length` with a `Transfer-Encoding`, a coding other than `chunked`) or with a
///   header name that is not a token (`Content-Length :`) is answered `400` and the
///   connection closed, so no front proxy can read it differently (request smuggling;
///   Policy/Framing.swift);
/// - **body limit**: a body over ``HTTPRequest/maximumBodyBytes`` (its `Content-Length`,
///   or a chunked body the moment it passes) is answered `413` at once and the connection
///   closed, without ever keeping more than the limit. Closing a socket with unread data
///   in it resets the connection, and a client still sending its body would get that
///   reset instead of the answer; so, as nginx's lingering close does, the rest of the
///   body is read and dropped until it ends, up to ``HTTPRequest/maximumDiscardedBytes``
///   or the request timeout, and only then is the connection closed. (A client that sent
///   `Expect: 100-continue` sends no body before it is told to: its answer is queued
///   the usual way.) (Policy/BodyLimit.swift);
/// - **request timeout** (slow clients, slowloris): a connection has
///   ``Configuration/requestTimeout`` seconds from the moment it waits for a request
///   until that request's headers and body are in, however slowly its bytes trickle;
///   then it is shut down. Waiting requests (suspended) are exempt;
/// - **connections per address**: at most ``Configuration/connectionsPerAddress`` open
///   connections from one peer address (`127.0.0.1` and `::1` exempt: a local proxy in
///   front) (Policy/ConnectionTracker.swift).
///
/// The daemon's lifetime is the library's: ``stop()`` (or, failing that, `deinit`) stops
/// the library's threads before the state its callbacks reach is freed.
package final class HTTPDaemon: Sendable {
  /// How the daemon listens, which limits it enforces, and how it answers what it refuses.
  package struct Configuration: Sendable {
    /// An IPv4 or IPv6 address literal: `127.0.0.1`, `::1`, `0.0.0.0`.
    package var host: String
    /// 0 takes a free port (see ``HTTPDaemon/port``).
    package var port: Int
    /// Threads of the library's pool, each with its own epoll set.
    package var threads: Int
    /// Seconds a connection may stay idle (no bytes either way) before it is closed.
    package var connectionTimeout: Int
    /// Most connections open at once; more are refused by closing them.
    package var connectionLimit: Int
    /// Seconds a connection has, from waiting for a request (accepted, or the previous
    /// answer sent) until that request's headers and body are in.
    package var requestTimeout: Int
    /// Most connections open at once from one address other than loopback; 0: no limit.
    package var connectionsPerAddress: Int
    /// Where requests that wait are parked (the responder wakes them through it); a
    /// daemon whose responder never waits may leave the default, a table of its own.
    package var waits: ParkedRequests
    /// The answer to a request the transport refuses itself (status
    /// ``HTTPServerError/status``); the transport adds `Connection: close`.
    package var errorResponse: @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse
    /// Told of every request once answered, if set.
    package var observer: (any HTTPObserver)?

    package init(
      host: String, port: Int, threads: Int, connectionTimeout: Int, connectionLimit: Int, requestTimeout: Int,
      connectionsPerAddress: Int, waits: ParkedRequests = ParkedRequests(),
      errorResponse: @escaping @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse = HTTPDaemon.plainError,
      observer: (any HTTPObserver)? = nil
    ) {
      self.host = host
      self.port = port
      self.threads = threads
      self.connectionTimeout = connectionTimeout
      self.connectionLimit = connectionLimit
      self.requestTimeout = requestTimeout
      self.connectionsPerAddress = connectionsPerAddress
      self.waits = waits
      self.errorResponse = errorResponse
      self.observer = observer
    }
  }

  /// `400 Bad request.` or `413 The body is larger than … bytes.`, as plain text.
  package static let plainError: @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse = { error, _ in
    switch error {
    case .badFraming, .malformed: .text(400, "Bad request.\n")
    case .bodyTooLarge: .text(413, "The body is larger than \(HTTPRequest.maximumBodyBytes) bytes.\n")
    }
  }

  /// Why the daemon did not start.
  package struct StartError: Error, CustomStringConvertible {
    package var description: String
    /// A library the server needs cannot be loaded (not a bad address or a busy port).
    package var isLibraryMissing = false

    package init(description: String, isLibraryMissing: Bool = false) {
      self.description = description
      self.isLibraryMissing = isLibraryMissing
    }
  }

  private let daemon: DaemonHandle
  private let context: DaemonContext
  private let stopped = Atomic<Bool>(false)
  /// The port it listens on (the one the system chose for port 0).
  package let port: Int

  /// Starts listening; requests are served on the library's threads from here on.
  /// - Throws: ``StartError`` for an address that is not an IP literal, or when the
  ///   library cannot listen there (port in use, not allowed).
  package init(_ configuration: Configuration, responder: any HTTPResponder) throws(StartError) {
    try DaemonHandle.openLibrary()
    guard let address = SocketAddress(host: configuration.host, port: configuration.port) else {
      throw StartError(description: "'\(configuration.host)' is not an IPv4 or IPv6 address")
    }
    let context = DaemonContext(responder: responder, configuration: configuration)
    guard let started = DaemonHandle.start(configuration, address: address, context: context) else {
      let reason = String(cString: strerror(errno))
      throw StartError(description: "cannot listen on \(configuration.host):\(configuration.port) (\(reason))")
    }
    daemon = started
    self.context = context
    port = started.boundPort
  }

  /// The daemon is gone: the library's threads are stopped before ``DaemonContext``,
  /// which their callbacks reach, is freed.
  deinit { stop() }

  /// Connections closed on accept because their address had too many open.
  package var refusedPerAddress: Int { context.refusedPerAddress.load(ordering: .relaxed) }

  /// Requests begun and not yet completed.
  package var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

  /// Shuts down every connection whose request is not in by its deadline (see
  /// ``Configuration/requestTimeout``); the library then closes them. Call it often
  /// (the server's clock does, every 100 ms).
  /// - Returns: how many were shut down.
  @discardableResult
  package func closeStalledConnections(now: ContinuousClock.Instant = .now) -> Int {
    context.connections.withLock { $0.shutDownStalled(now: now, timeout: context.requestTimeout) }
  }

  /// Stops accepting connections; requests in flight go on.
  package func stopAccepting() { daemon.quiesce() }

  /// Wakes every parked request, stops the library's threads and closes every
  /// connection. Once: later calls do nothing.
  package func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // The library requires every suspended connection resumed before it stops.
    context.waits.stop()
    daemon.stop()
  }
}

/// What the C callbacks reach through their closure pointer: owned by the ``HTTPDaemon``,
/// which stops the library before releasing it.
final class DaemonContext: Sendable {
  let responder: any HTTPResponder
  let waits: ParkedRequests
  let errorResponse: @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse
  let observer: (any HTTPObserver)?
  let inFlight = Atomic<Int>(0)
  let refusedPerAddress = Atomic<Int>(0)
  let requestTimeout: Duration
  let connectionsPerAddress: Int
  let connections = Mutex(ConnectionTracker())

  init(responder: any HTTPResponder, configuration: HTTPDaemon.Configuration) {
    self.responder = responder
    waits = configuration.waits
    errorResponse = configuration.errorResponse
    observer = configuration.observer
    requestTimeout = .seconds(max(1, configuration.requestTimeout))
    connectionsPerAddress = max(0, configuration.connectionsPerAddress)
  }
}

/// One request while the library reads it; owned by the connection's thread, freed when
/// the library reports the request completed.
final class PendingRequest {
  var request: HTTPRequest
  var answered = false
  /// The body passed the limit: refused, the rest read and dropped.
  var bodyTooLarge = false
  /// Body bytes read and dropped since the body passed the limit.
  var discarded = 0
  /// Parked at least once (``HTTPObserver/beganWaiting(_:)`` was called).
  var waited = false

  init(_ request: HTTPRequest) { self.request = request }

  var microseconds: Int {
    let elapsed = ContinuousClock.now - request.arrival
    return Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
  }
}
