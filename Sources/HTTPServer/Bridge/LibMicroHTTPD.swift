internal import CMicroHTTPD
import Foundation

// The one file that calls libmicrohttpd or holds its pointers. Every other file of the
// module sees ``HTTPRequest``, ``HTTPResponse``, and the handles below as opaque values.

/// The library's daemon handle. Sound to share: the pointer never changes, and the calls
/// made with it (quiesce, stop) are ones libmicrohttpd allows from any thread outside
/// its own callbacks; ``HTTPDaemon/stop()`` calls `stop` once, last.
struct DaemonHandle: @unchecked Sendable {
  private let pointer: OpaquePointer

  /// Opens libmicrohttpd, which no other command loads (Sources/CMicroHTTPD).
  static func openLibrary() throws(HTTPDaemon.StartError) {
    if let problem = tts_mhd_load() {
      throw HTTPDaemon.StartError(
        description:
          "cannot load GNU libmicrohttpd, which `serve` needs (\(String(cString: problem))); `scripts/setup` installs it (Debian's libmicrohttpd-dev; see the README's first lines)",
        isLibraryMissing: true)
    }
  }

  /// Starts the library's threads; nil (with `errno`) when it cannot listen.
  // Safety: the four callbacks get `context` unretained. The ``HTTPDaemon`` that owns
  // the context keeps it until `stop` (or its `deinit`) has joined the library's threads,
  // after which no callback runs; `sockaddr` and `items` are read during the call only.
  static func start(_ configuration: HTTPDaemon.Configuration, address: SocketAddress, context: DaemonContext)
    -> DaemonHandle?
  {
    var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_EPOLL.rawValue)
    flags |= UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue) | UInt32(MHD_USE_TURBO.rawValue)
    if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
    var options: [MHD_OptionItem] = [
      MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
      MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
      MHD_OptionItem(option: .LISTEN_BACKLOG_SIZE, value: 1024, ptr_value: nil),
    ]
    if configuration.threads > 1 {
      options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
    }
    options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    let started = address.withSockaddr { sockaddr in
      options.withUnsafeBufferPointer { items in
        tts_mhd_start(
          flags, sockaddr, acceptPolicy, pointer, accessHandler, pointer, requestCompleted, pointer,
          connectionNotified, pointer, items.baseAddress)
      }
    }
    return started.map { DaemonHandle(pointer: $0) }
  }

  var boundPort: Int { Int(tts_mhd_bound_port(pointer)) }

  func quiesce() {
    let socket = tts_mhd_quiesce_daemon(pointer)
    if socket >= 0 { close(socket) }
  }

  func stop() { tts_mhd_stop_daemon(pointer) }
}

/// A suspended connection, carried between threads only to resume it, which
/// libmicrohttpd documents as safe at any time from any thread. ``ParkedRequests``
/// resumes each exactly once (it removes the entry under its lock before resuming).
struct Resumption: @unchecked Sendable {
  private let connection: OpaquePointer

  fileprivate init(_ connection: OpaquePointer) { self.connection = connection }

  /// Hands the request back to the library, which calls the access handler again.
  func resume() { tts_mhd_resume_connection(connection) }
}

/// The connection's key in ``ConnectionTracker``: its handle's address.
private func key(_ connection: OpaquePointer) -> UInt {
  UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
}

private func context(_ pointer: UnsafeMutableRawPointer) -> DaemonContext {
  Unmanaged<DaemonContext>.fromOpaque(pointer).takeUnretainedValue()
}

// Safety: called by the library's threads for one connection at a time. `contextPointer`
// is the ``DaemonContext`` given at start, alive while the library runs (see `start`).
// `requestState` points at a slot the library keeps per request: it holds nil or a
// `PendingRequest` retained here and released in `requestCompleted`, never elsewhere.
// `uploadData` holds `uploadSize.pointee` readable bytes for this call only; they are
// copied (or counted and dropped) before returning, and the size set to 0 as required.
private let accessHandler: MHD_AccessHandlerCallback = {
  contextPointer, connection, url, method, version, uploadData, uploadSize, requestState in
  guard let contextPointer, let connection, let uploadSize, let requestState else { return .NO }
  let context = context(contextPointer)
  guard let stored = requestState.pointee else {
    // First call: the headers are in.
    var request = HTTPRequest(
      method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/")
    let headers = pairs(connection, kind: .HEADER_KIND)
    let query = pairs(connection, kind: .GET_ARGUMENT_KIND)
    request.headers = headers.map { ($0.name.lowercased(), HTTPRequest.trimmed($0.value)) }
    request.query = query
    let pending = PendingRequest(request)
    requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
    context.inFlight.add(1, ordering: .relaxed)
    let expectsBody = request.header("content-length").map { $0 != "0" } ?? (request.header("transfer-encoding") != nil)
    if !expectsBody { setWaiting(connection, context, since: nil) }
    if let problem = unreadableField(headers: headers, query: query) {
      return refuse(.malformed(problem), pending, connection, context)
    }
    let minorVersion = version.flatMap { httpMinorVersion(String(cString: $0)) }
    if let problem = framingProblem(headers, httpMinorVersion: minorVersion) {
      // Answered before the body is read, and the connection closed: its next bytes
      // could be read as another request.
      return refuse(.badFraming(problem), pending, connection, context)
    }
    // Digits only (checked above); past `Int` (the library's "length unknown" among them)
    // is past the limit.
    if let length = request.header("content-length").map({ Int($0) ?? .max }), length > HTTPRequest.maximumBodyBytes {
      pending.bodyTooLarge = true
      // A client waiting for `100 Continue` has sent nothing more, and one announcing
      // more than is ever discarded is not waited for: answered now, then closed.
      if request.header("expect")?.lowercased() == "100-continue" {
        return refuse(.bodyTooLarge, pending, connection, context)
      }
      refuseBeforeBody(pending, connection, context)
    }
    return .YES
  }
  let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
  let count = uploadSize.pointee
  if count > 0 {
    assert(count <= HTTPRequest.maximumDiscardedBytes, "one read is never more than the library's buffer")
    uploadSize.pointee = 0
    if !pending.bodyTooLarge, pending.request.body.count + count > HTTPRequest.maximumBodyBytes {
      // A chunked body past the limit: what was kept is dropped, the rest discarded.
      pending.bodyTooLarge = true
      pending.request.body = []
      refuseBeforeBody(pending, connection, context)
    }
    if pending.bodyTooLarge {
      pending.discarded += count
      return pending.discarded > HTTPRequest.maximumDiscardedBytes ? .NO : .YES
    }
    if let uploadData {
      uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
        pending.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
      }
    }
    assert(pending.request.body.count <= HTTPRequest.maximumBodyBytes)
    return .YES
  }
  // A body over the limit, answered, is read to its end: now the connection closes.
  if pending.bodyTooLarge { return .NO }
  if pending.answered { return .YES }
  setWaiting(connection, context, since: nil)
  return answer(pending, connection, context)
}

/// Asks the responder; queues its answer, or suspends the connection and parks it.
private func answer(_ pending: PendingRequest, _ connection: OpaquePointer, _ context: DaemonContext) -> MHD_Result {
  switch context.responder.respond(to: pending.request) {
  case .respond(let response):
    return send(response, pending, connection, context, closing: false)
  case .wait(let key, let version, let deadline):
    if !pending.waited {
      pending.waited = true
      context.observer?.beganWaiting(pending.request)
    }
    // Suspended before it is parked, so a change that comes at once resumes a suspended
    // connection, never a running one.
    tts_mhd_suspend_connection(connection)
    context.waits.park(Resumption(connection), key: key, version: version, deadline: deadline)
    return .YES
  }
}

/// The configured answer to what the transport refuses, queued with `Connection: close`.
private func refuse(
  _ error: HTTPServerError, _ pending: PendingRequest, _ connection: OpaquePointer, _ context: DaemonContext
) -> MHD_Result {
  send(context.errorResponse(error, pending.request), pending, connection, context, closing: true)
}

/// The `413` of a body over the limit, before its end, written to the socket itself
/// (``HTTPResponse/writeBeforeBody(toSocket:)``).
private func refuseBeforeBody(_ pending: PendingRequest, _ connection: OpaquePointer, _ context: DaemonContext) {
  pending.answered = true
  let response = context.errorResponse(.bodyTooLarge, pending.request)
  response.writeBeforeBody(toSocket: tts_mhd_connection_fd(connection))
  context.observer?.completed(
    pending.request, response: response, microseconds: pending.microseconds, waited: pending.waited)
}

// Safety: `response.body` is read during `tts_mhd_create_response_from_buffer` only
// (`RESPMEM_MUST_COPY`: the library copies it); header strings are copied by the library.
private func send(
  _ response: HTTPResponse, _ pending: PendingRequest, _ connection: OpaquePointer, _ context: DaemonContext,
  closing: Bool
) -> MHD_Result {
  pending.answered = true
  var headers = response.headers
  if closing { headers.append(("Connection", "close")) }
  let made = response.body.withUnsafeBytes { bytes in
    tts_mhd_create_response_from_buffer(
      bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
  }
  var queued = MHD_Result.NO
  if let made {
    for header in headers { _ = tts_mhd_add_response_header(made, header.name, header.value) }
    queued = tts_mhd_queue_response(connection, UInt32(response.status), made)
    tts_mhd_destroy_response(made)
  }
  context.observer?.completed(
    pending.request, response: response, microseconds: pending.microseconds, waited: pending.waited)
  return queued
}

/// Marks the connection waiting for its request since `since` (nil: answered or parked).
private func setWaiting(_ connection: OpaquePointer, _ context: DaemonContext, since: ContinuousClock.Instant?) {
  context.connections.withLock { $0.tracked[key(connection)]?.waitingSince = since }
}

// Safety: `requestState` is the slot `accessHandler` filled: the `PendingRequest` it
// retained is released here, once, and the slot cleared.
private let requestCompleted: MHD_RequestCompletedCallback = { contextPointer, connection, requestState, _ in
  guard let contextPointer, let requestState, let stored = requestState.pointee else { return }
  requestState.pointee = nil
  Unmanaged<PendingRequest>.fromOpaque(stored).release()
  let context = context(contextPointer)
  context.inFlight.subtract(1, ordering: .relaxed)
  assert(context.inFlight.load(ordering: .relaxed) >= 0)
  // A kept-alive connection waits for its next request from now on.
  if let connection { setWaiting(connection, context, since: .now) }
}

// Safety: `address` is the peer's `sockaddr`, valid during the call (read by
// ``SocketAddress/peer(_:)``, which checks its family before reading it as one).
/// Connections from one address beyond the limit are closed on accept (never from
/// `127.0.0.1` or `::1`: a proxy in front sends everything from there).
private let acceptPolicy: MHD_AcceptPolicyCallback = { contextPointer, address, _ in
  guard let contextPointer else { return .YES }
  let context = context(contextPointer)
  guard context.connectionsPerAddress > 0, let peer = SocketAddress.peer(address), !peer.isLoopback else {
    return .YES
  }
  let open = context.connections.withLock { $0.perAddress[peer.text] ?? 0 }
  guard open < context.connectionsPerAddress else {
    context.refusedPerAddress.add(1, ordering: .relaxed)
    return .NO
  }
  return .YES
}

// Safety: `connection` is valid during the call; the close notice comes before the
// library closes the socket, under the tracker's lock, so a stalled-connection
// shutdown never reaches a socket number reused by another connection.
/// The library opened or closed a connection: tracked for the request timeout and the
/// per-address count.
private let connectionNotified: MHD_NotifyConnectionCallback = { contextPointer, connection, _, code in
  guard let contextPointer, let connection else { return }
  let context = context(contextPointer)
  let connectionKey = key(connection)
  // 0 is MHD_CONNECTION_NOTIFY_STARTED; the other, MHD_CONNECTION_NOTIFY_CLOSED.
  if code.rawValue == 0 {
    let address = SocketAddress.peer(tts_mhd_client_address(connection))?.text ?? ""
    let socket = tts_mhd_connection_fd(connection)
    context.connections.withLock { $0.opened(connectionKey, socket: socket, address: address) }
  } else {
    context.connections.withLock { $0.closed(connectionKey) }
  }
}

// Safety: the iterator runs during `tts_mhd_get_connection_values_n` only, with `box`
// the `Collected` kept alive around that call; `key` and `value` point at `keySize` and
// `valueSize` bytes valid during each call (the library's decoded copies, which may hold
// a NUL: a C-string reading would end there), copied into Swift strings at once.
/// The connection's headers or query arguments as the library decoded them, each read
/// with its length (``unreadableField(headers:query:)`` then looks for NUL and CR).
private func pairs(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
  final class Collected {
    var pairs: [(name: String, value: String)] = []
  }
  let collected = Collected()
  let iterator: MHD_KeyValueIteratorN = { box, _, key, keySize, value, valueSize in
    guard let box, let key else { return .YES }
    assert(keySize <= Int32.max && valueSize <= Int32.max, "a request's head is at most the connection's buffer")
    let name = UnsafeRawBufferPointer(start: key, count: keySize)
    let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
    Unmanaged<Collected>.fromOpaque(box).takeUnretainedValue().pairs.append(
      (String(decoding: name, as: UTF8.self), String(decoding: text, as: UTF8.self)))
    return .YES
  }
  withExtendedLifetime(collected) {
    _ = tts_mhd_get_connection_values_n(connection, kind, iterator, Unmanaged.passUnretained(collected).toOpaque())
  }
  return collected.pairs
}
