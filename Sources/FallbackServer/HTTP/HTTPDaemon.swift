internal import CMicroHTTPD
import Foundation
import Synchronization

/// What a running ``HTTPDaemon`` asks of the server above it.
package protocol HTTPService: Sendable {
  /// Answers a whole request (body read), or asks to park it. Called on the library's
  /// threads, concurrently; called again with the same request after a parked one resumes.
  func handle(_ request: HTTPRequest) -> RouteResult
  /// Keeps `resumption` until the session `key` changes past `version` or `deadline`
  /// passes, then calls ``Resumption/resume()`` exactly once.
  func park(_ resumption: Resumption, key: String, version: UInt64, deadline: ContinuousClock.Instant)
  /// Called once per request, after its answer is queued.
  func completed(_ request: HTTPRequest, status: Int, microseconds: Int)
}

/// A request parked by ``HTTPService/park(_:key:version:deadline:)``: resuming it runs
/// the route again. libmicrohttpd allows resuming from any thread.
package struct Resumption: Sendable {
  private let connection: ConnectionPointer

  fileprivate init(_ connection: ConnectionPointer) { self.connection = connection }

  /// Hands the request back to the library, which calls the route again. Call once.
  package func resume() { tts_mhd_resume_connection(connection.pointer) }
}

/// The library's connection handle, carried between threads only to resume it, which
/// libmicrohttpd documents as safe at any time from any thread.
private struct ConnectionPointer: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// The HTTP server: GNU libmicrohttpd (Debian's `libmicrohttpd-dev`) in its thread-pool
/// mode with epoll, with suspend and resume for requests that wait. This file is the only
/// one that calls the library or sees its pointers; everything above it sees
/// ``HTTPRequest`` and ``HTTPResponse`` values. The library is opened when the first
/// daemon starts (`libmicrohttpd.so.12`, through Sources/CMicroHTTPD), not linked, so
/// that no other command loads it.
///
/// The library parses HTTP (request line, headers, chunked bodies, the query's percent
/// escapes), enforces the connection limit and drops connections idle longer than the
/// connection timeout. Around it, this file adds what the library lacks against hostile
/// clients (`docs/SERVER.md`, "Hostile clients"):
///
/// - **framing**: a request whose body length is ambiguous (two `Content-Length`s, a
///   `Content-Length` with a `Transfer-Encoding`, a coding other than `chunked`) or with a
///   header name that is not a token (`Content-Length :`) is answered `400` and the
///   connection closed, so no front proxy can read it differently (request smuggling);
/// - **body limit**: a body over ``HTTPRequest/maximumBodyBytes`` (its `Content-Length`,
///   or a chunked body the moment it passes) is answered `413` at once and the connection
///   closed, without ever keeping more than the limit. Closing a socket with unread data
///   in it resets the connection, and a client still sending its body would get that
///   reset instead of the answer; so, as nginx's lingering close does, the rest of the
///   body is read and dropped until it ends, up to ``HTTPRequest/maximumDiscardedBytes``
///   or the request timeout, and only then is the connection closed. (A client that sent
///   `Expect: 100-continue` sends no body before it is told to: its answer is queued
///   the usual way.);
/// - **request timeout** (slow clients, slowloris): a connection has
///   ``Configuration/requestTimeout`` seconds from the moment it waits for a request
///   until that request's headers and body are in, however slowly its bytes trickle;
///   then it is shut down. Waiting requests (suspended) are exempt;
/// - **connections per address**: at most ``Configuration/connectionsPerAddress`` open
///   connections from one peer address (`127.0.0.1` and `::1` exempt: a local proxy in front).
package final class HTTPDaemon: Sendable {
  /// How the daemon listens and which limits the library enforces.
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

    package init(
      host: String, port: Int, threads: Int, connectionTimeout: Int, connectionLimit: Int, requestTimeout: Int,
      connectionsPerAddress: Int
    ) {
      self.host = host
      self.port = port
      self.threads = threads
      self.connectionTimeout = connectionTimeout
      self.connectionLimit = connectionLimit
      self.requestTimeout = requestTimeout
      self.connectionsPerAddress = connectionsPerAddress
    }
  }

  /// Why the daemon did not start.
  package struct StartError: Error, CustomStringConvertible {
    package var description: String
    /// A library the server needs cannot be loaded (not a bad address or a busy port).
    package var isLibraryMissing = false
  }

  private let daemon: DaemonPointer
  private let context: DaemonContext
  /// The port it listens on (the one the system chose for port 0).
  package let port: Int

  /// Starts listening; requests are served on the library's threads from here on.
  /// - Throws: ``StartError`` for an address that is not an IP literal, or when the
  ///   library cannot listen there (port in use, not allowed).
  package init(_ configuration: Configuration, service: any HTTPService) throws(StartError) {
    try Self.openLibraries()
    guard let address = SocketAddress(host: configuration.host, port: configuration.port) else {
      throw StartError(description: "'\(configuration.host)' is not an IPv4 or IPv6 address")
    }
    let context = DaemonContext(
      service: service, requestTimeout: .seconds(max(1, configuration.requestTimeout)),
      connectionsPerAddress: max(0, configuration.connectionsPerAddress))
    var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_EPOLL.rawValue)
    flags |= UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue) | UInt32(MHD_USE_TURBO.rawValue)
    if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
    var options: [MHD_OptionItem] = [
      MHD_OptionItem(
        option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
      MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
      MHD_OptionItem(option: .LISTEN_BACKLOG_SIZE, value: 1024, ptr_value: nil),
    ]
    if configuration.threads > 1 {
      options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
    }
    options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
    let contextPointer = Unmanaged.passUnretained(context).toOpaque()
    let started = address.withSockaddr { sockaddr in
      options.withUnsafeBufferPointer { items in
        tts_mhd_start(
          flags, sockaddr, acceptPolicy, contextPointer, accessHandler, contextPointer, requestCompleted,
          contextPointer, connectionNotified, contextPointer, items.baseAddress)
      }
    }
    guard let started else {
      let reason = String(cString: strerror(errno))
      throw StartError(
        description: "cannot listen on \(configuration.host):\(configuration.port) (\(reason))")
    }
    daemon = DaemonPointer(pointer: started)
    self.context = context
    port = Int(tts_mhd_bound_port(started))
  }

  /// Opens libmicrohttpd, which no other command loads (Sources/CMicroHTTPD).
  /// - Throws: ``StartError`` naming the library that cannot be loaded and the Debian
  ///   package `scripts/setup` installs it from.
  static func openLibraries() throws(StartError) {
    func missing(_ library: String, _ reason: String, package: String) -> StartError {
      StartError(
        description:
          "cannot load \(library), which `serve` needs (\(reason)); `scripts/setup` installs it (Debian's \(package); see the README's first lines)",
        isLibraryMissing: true)
    }
    if let problem = tts_mhd_load() {
      throw missing("GNU libmicrohttpd", String(cString: problem), package: "libmicrohttpd-dev")
    }
  }

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
    context.connections.withLock { state in
      var closed = 0
      for (key, tracked) in state.tracked {
        guard let since = tracked.waitingSince, now - since > context.requestTimeout else { continue }
        // Under the lock the library's close notice also takes, so the socket is still
        // this connection's: it is closed only after that notice.
        shutdown(tracked.socket, Int32(SHUT_RDWR))
        state.tracked[key]?.waitingSince = nil
        closed += 1
      }
      return closed
    }
  }

  /// Stops accepting connections; requests in flight go on.
  package func stopAccepting() {
    let socket = tts_mhd_quiesce_daemon(daemon.pointer)
    if socket >= 0 { close(socket) }
  }

  /// Stops the library's threads and closes every connection. Every parked request must
  /// have been resumed first (the library requires it).
  package func stop() {
    tts_mhd_stop_daemon(daemon.pointer)
  }
}

/// The library's daemon handle, read by whichever thread stops the server. Sound to
/// share: the pointer never changes, and the calls made with it (quiesce, stop) are ones
/// libmicrohttpd allows from any thread outside its own callbacks; `stop` comes once,
/// last (``RelayServer/stop(grace:)``).
private struct DaemonPointer: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// What the C callbacks reach through their closure pointer.
private final class DaemonContext: Sendable {
  let service: any HTTPService
  let inFlight = Atomic<Int>(0)
  let refusedPerAddress = Atomic<Int>(0)
  let requestTimeout: Duration
  let connectionsPerAddress: Int
  let connections = Mutex(Connections())

  init(service: any HTTPService, requestTimeout: Duration, connectionsPerAddress: Int) {
    self.service = service
    self.requestTimeout = requestTimeout
    self.connectionsPerAddress = connectionsPerAddress
  }
}

/// The open connections, for the request timeout and the per-address limit.
private struct Connections {
  struct Tracked {
    var socket: Int32
    /// The peer's address (no port), for the per-address count.
    var address: String
    /// Since when the connection waits for its request to be in; nil while the request
    /// is answered or parked.
    var waitingSince: ContinuousClock.Instant?
  }

  /// By the library's connection pointer.
  var tracked: [UInt: Tracked] = [:]
  var perAddress: [String: Int] = [:]

  static func key(_ connection: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
  }
}

/// One request while the library reads it; owned by the connection's thread, freed when
/// the library reports the request completed.
private final class PendingRequest {
  var request: HTTPRequest
  var answered = false
  /// Body bytes read and dropped since the body passed the limit.
  var discarded = 0

  init(_ request: HTTPRequest) { self.request = request }
}

/// An IPv4 or IPv6 socket address made from a literal.
private struct SocketAddress {
  private var storage: sockaddr_storage
  let isIPv6: Bool

  init?(host: String, port: Int) {
    guard (0...65535).contains(port) else { return nil }
    var storage = sockaddr_storage()
    let networkPort = UInt16(port).bigEndian
    isIPv6 = host.contains(":")
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = networkPort
      guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = networkPort
      guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
    }
    self.storage = storage
  }

  func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T?) -> T? {
    withUnsafeBytes(of: storage) { bytes in
      bytes.baseAddress.flatMap { body($0.assumingMemoryBound(to: sockaddr.self)) }
    }
  }
}

private let accessHandler: MHD_AccessHandlerCallback = {
  contextPointer, connection, url, method, _, uploadData, uploadSize, requestState in
  guard let contextPointer, let connection, let uploadSize, let requestState else { return .NO }
  let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
  guard let stored = requestState.pointee else {
    // First call: the headers are in.
    var request = HTTPRequest(
      method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/")
    request.headers = pairs(connection, kind: .HEADER_KIND).map {
      ($0.name.lowercased(), HTTPRequest.trimmed($0.value))
    }
    request.query = pairs(connection, kind: .GET_ARGUMENT_KIND)
    request.framingProblem = framingProblem(request.headers)
    let pending = PendingRequest(request)
    requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
    context.inFlight.add(1, ordering: .relaxed)
    let expectsBody = request.header("content-length").map { $0 != "0" } ?? (request.header("transfer-encoding") != nil)
    if !expectsBody { setWaiting(connection, context: context, since: nil) }
    if request.framingProblem != nil {
      // Answered before the body is read, and the connection closed: its next bytes
      // could be read as another request.
      return answer(pending, connection: connection, context: context, closing: true)
    }
    if let length = request.header("content-length").flatMap(Int.init), length > HTTPRequest.maximumBodyBytes {
      pending.request.bodyTooLarge = true
      // A client waiting for `100 Continue` has sent nothing more, and one announcing
      // more than is ever discarded is not waited for: answered now, then closed.
      if request.header("expect")?.lowercased() == "100-continue" {
        return answer(pending, connection: connection, context: context, closing: true)
      }
      return answerBeforeBody(pending, connection: connection, context: context)
    }
    return .YES
  }
  let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    let count = uploadSize.pointee
    if !pending.request.bodyTooLarge, pending.request.body.count + count > HTTPRequest.maximumBodyBytes {
      // A chunked body past the limit: what was kept is dropped, the rest discarded.
      pending.request.bodyTooLarge = true
      pending.request.body = []
      if answerBeforeBody(pending, connection: connection, context: context) == .NO { return .NO }
    }
    if pending.request.bodyTooLarge {
      pending.discarded += count
      uploadSize.pointee = 0
      return pending.discarded > HTTPRequest.maximumDiscardedBytes ? .NO : .YES
    }
    if let uploadData {
      uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
        pending.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
      }
    }
    uploadSize.pointee = 0
    return .YES
  }
  // A body over the limit, answered, is read to its end: now the connection closes.
  if pending.request.bodyTooLarge { return .NO }
  if pending.answered { return .YES }
  setWaiting(connection, context: context, since: nil)
  return answer(pending, connection: connection, context: context)
}

/// Runs the route; queues its answer, or suspends the connection and parks it.
/// - Parameter closing: the answer says `Connection: close` and the library closes after it.
private func answer(
  _ pending: PendingRequest, connection: OpaquePointer, context: DaemonContext, closing: Bool = false
) -> MHD_Result {
  switch context.service.handle(pending.request) {
  case .respond(var response):
    pending.answered = true
    if closing { response.headers.append(("Connection", "close")) }
    let queued = queue(response, on: connection)
    context.service.completed(pending.request, status: response.status, microseconds: microseconds(since: pending))
    return queued
  case .wait(let key, let version, let deadline):
    pending.request.parked = true
    // Suspended before it is parked, so a change that comes at once resumes a suspended
    // connection, never a running one.
    tts_mhd_suspend_connection(connection)
    context.service.park(
      Resumption(ConnectionPointer(pointer: connection)), key: key, version: version, deadline: deadline)
    return .YES
  }
}

private func microseconds(since pending: PendingRequest) -> Int {
  let elapsed = ContinuousClock.now - pending.request.arrival
  return Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
}

/// The `413` of a body over the limit, before its end. libmicrohttpd queues no answer
/// while a body is being read, so the route's answer is written to the socket here,
/// whole, with `Connection: close`, and the socket's sending side is shut. The caller
/// goes on reading and dropping the body, then returns `.NO`, which has the library
/// close the connection without an answer of its own.
private func answerBeforeBody(_ pending: PendingRequest, connection: OpaquePointer, context: DaemonContext)
  -> MHD_Result
{
  pending.answered = true
  guard case .respond(let response) = context.service.handle(pending.request) else { return .NO }
  let socket = tts_mhd_connection_fd(connection)
  if socket >= 0 {
    var bytes = Array("HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n".utf8)
    for header in response.headers + [("Connection", "close"), ("Content-Length", String(response.body.count))] {
      bytes += Array("\(header.name): \(header.value)\r\n".utf8)
    }
    bytes += Array("\r\n".utf8) + response.body
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard written > 0 else { break }
      sent += written
    }
    shutdown(socket, Int32(SHUT_WR))
  }
  context.service.completed(pending.request, status: response.status, microseconds: microseconds(since: pending))
  return .YES
}

/// Why a request's framing cannot be trusted, or nil. A body's length must be read one
/// way only (RFC 9112 §6.3): two `Content-Length` fields, `Content-Length` beside
/// `Transfer-Encoding`, two `Transfer-Encoding` fields or a coding other than `chunked`
/// could be read differently by a proxy in front. A field name must be a token
/// (RFC 9110 §5.1): `Content-Length :` is refused (RFC 9112 §5.1), not taken as another field.
func framingProblem(_ headers: [(name: String, value: String)]) -> String? {
  if let bad = headers.first(where: { !isToken($0.name) }) {
    return "a header field name that is not a token (\(bad.name.utf8.count) bytes)"
  }
  let lengths = headers.filter { $0.name == "content-length" }.count
  let codings = headers.filter { $0.name == "transfer-encoding" }
  if lengths > 1 { return "more than one Content-Length" }
  if codings.count > 1 { return "more than one Transfer-Encoding" }
  if let coding = codings.first {
    if lengths > 0 { return "both Content-Length and Transfer-Encoding" }
    if coding.value.trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
      return "a Transfer-Encoding other than chunked"
    }
  }
  return nil
}

/// RFC 9110 §5.6.2: `1*tchar`.
private func isToken(_ text: String) -> Bool {
  !text.isEmpty
    && text.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}

/// Marks the connection waiting for its request since `since` (nil: answered or parked).
private func setWaiting(_ connection: OpaquePointer, context: DaemonContext, since: ContinuousClock.Instant?) {
  context.connections.withLock { $0.tracked[Connections.key(connection)]?.waitingSince = since }
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
  let made = response.body.withUnsafeBytes { bytes in
    tts_mhd_create_response_from_buffer(
      bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
  }
  guard let made else { return .NO }
  defer { tts_mhd_destroy_response(made) }
  for header in response.headers {
    _ = tts_mhd_add_response_header(made, header.name, header.value)
  }
  return tts_mhd_queue_response(connection, UInt32(response.status), made)
}

private let requestCompleted: MHD_RequestCompletedCallback = { contextPointer, connection, requestState, _ in
  guard let contextPointer, let requestState, let stored = requestState.pointee else { return }
  requestState.pointee = nil
  Unmanaged<PendingRequest>.fromOpaque(stored).release()
  let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
  context.inFlight.subtract(1, ordering: .relaxed)
  // A kept-alive connection waits for its next request from now on.
  if let connection { setWaiting(connection, context: context, since: .now) }
}

/// Connections from one address beyond the limit are closed on accept (never from
/// `127.0.0.1` or `::1`: a proxy in front sends everything from there).
private let acceptPolicy: MHD_AcceptPolicyCallback = { contextPointer, address, _ in
  guard let contextPointer else { return .YES }
  let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
  guard context.connectionsPerAddress > 0, let peer = peerAddress(address), !peer.isLoopback else { return .YES }
  let open = context.connections.withLock { $0.perAddress[peer.text] ?? 0 }
  guard open < context.connectionsPerAddress else {
    context.refusedPerAddress.add(1, ordering: .relaxed)
    return .NO
  }
  return .YES
}

/// The library opened or closed a connection: tracked for the request timeout and the
/// per-address count. The close notice comes before the library closes the socket.
private let connectionNotified: MHD_NotifyConnectionCallback = { contextPointer, connection, _, code in
  guard let contextPointer, let connection else { return }
  let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
  let key = Connections.key(connection)
  // 0 is MHD_CONNECTION_NOTIFY_STARTED; the other, MHD_CONNECTION_NOTIFY_CLOSED.
  switch code.rawValue {
  case 0:
    let address = peerAddress(tts_mhd_client_address(connection))?.text ?? ""
    let socket = tts_mhd_connection_fd(connection)
    context.connections.withLock { state in
      state.tracked[key] = Connections.Tracked(socket: socket, address: address, waitingSince: .now)
      state.perAddress[address, default: 0] += 1
    }
  default:
    context.connections.withLock { state in
      guard let tracked = state.tracked.removeValue(forKey: key) else { return }
      let left = (state.perAddress[tracked.address] ?? 1) - 1
      state.perAddress[tracked.address] = left > 0 ? left : nil
    }
  }
}

/// A peer's address without its port, and whether it is the loopback address a proxy on
/// this machine connects from (`127.0.0.1`, `::1`; other `127.x` addresses count, so
/// the limit can be tried on loopback).
private func peerAddress(_ address: UnsafePointer<sockaddr>?) -> (text: String, isLoopback: Bool)? {
  guard let address else { return nil }
  var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
  switch Int32(address.pointee.sa_family) {
  case AF_INET:
    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
      var raw = ipv4.pointee.sin_addr
      guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
      let text = text(of: buffer)
      return (text, text == "127.0.0.1")
    }
  case AF_INET6:
    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
      var raw = ipv6.pointee.sin6_addr
      guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
      let text = text(of: buffer)
      return (text, text == "::1" || text == "::ffff:127.0.0.1")
    }
  default: return nil
  }
}

/// A C string in a buffer, as text.
private func text(of buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The connection's headers or query arguments, as the library decoded them.
private func pairs(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
  final class Collected {
    var pairs: [(name: String, value: String)] = []
  }
  let collected = Collected()
  let iterator: MHD_KeyValueIterator = { box, _, key, value in
    guard let box, let key else { return .YES }
    let collected = Unmanaged<Collected>.fromOpaque(box).takeUnretainedValue()
    collected.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
  }
  withExtendedLifetime(collected) {
    _ = tts_mhd_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(collected).toOpaque())
  }
  return collected.pairs
}
