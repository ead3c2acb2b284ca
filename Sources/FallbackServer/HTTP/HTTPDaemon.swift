internal import CMicroHTTPD
import Foundation
import Synchronization

/// What a running ``HTTPDaemon`` asks of the server above it.
public protocol HTTPService: Sendable {
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
public struct Resumption: Sendable {
  private let connection: ConnectionPointer

  fileprivate init(_ connection: ConnectionPointer) { self.connection = connection }

  /// Hands the request back to the library, which calls the route again. Call once.
  public func resume() { MHD_resume_connection(connection.pointer) }
}

/// The library's connection handle, carried between threads only to resume it, which
/// libmicrohttpd documents as safe at any time from any thread.
private struct ConnectionPointer: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// The HTTP server: GNU libmicrohttpd (Debian's `libmicrohttpd-dev`) in its thread-pool
/// mode with epoll, with suspend and resume for requests that wait. This file is the only
/// one that calls the library or sees its pointers; everything above it sees
/// ``HTTPRequest`` and ``HTTPResponse`` values.
///
/// The library parses HTTP (request line, headers, chunked bodies, the query's percent
/// escapes), enforces the connection limit and drops connections idle longer than the
/// connection timeout (slow clients). Bodies longer than ``HTTPRequest/maximumBodyBytes``
/// are not kept: a `Content-Length` over it is answered `413` before the body is read; a
/// chunked body over it is read to its end, discarded, and answered `413`.
public final class HTTPDaemon: Sendable {
  /// How the daemon listens and which limits the library enforces.
  public struct Configuration: Sendable {
    /// An IPv4 or IPv6 address literal: `127.0.0.1`, `::1`, `0.0.0.0`.
    public var host: String
    /// 0 takes a free port (see ``HTTPDaemon/port``).
    public var port: Int
    /// Threads of the library's pool, each with its own epoll set.
    public var threads: Int
    /// Seconds a connection may stay idle (no bytes either way) before it is closed.
    public var connectionTimeout: Int
    /// Most connections open at once; more are refused by closing them.
    public var connectionLimit: Int

    public init(host: String, port: Int, threads: Int, connectionTimeout: Int, connectionLimit: Int) {
      self.host = host
      self.port = port
      self.threads = threads
      self.connectionTimeout = connectionTimeout
      self.connectionLimit = connectionLimit
    }
  }

  /// Why the daemon did not start.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  private let daemon: DaemonPointer
  private let context: DaemonContext
  /// The port it listens on (the one the system chose for port 0).
  public let port: Int

  /// Starts listening; requests are served on the library's threads from here on.
  /// - Throws: ``StartError`` for an address that is not an IP literal, or when the
  ///   library cannot listen there (port in use, not allowed).
  public init(_ configuration: Configuration, service: any HTTPService) throws(StartError) {
    guard let address = SocketAddress(host: configuration.host, port: configuration.port) else {
      throw StartError(description: "'\(configuration.host)' is not an IPv4 or IPv6 address")
    }
    let context = DaemonContext(service: service)
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
          flags, sockaddr, accessHandler, contextPointer, requestCompleted, contextPointer, items.baseAddress)
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

  /// Requests begun and not yet completed.
  public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

  /// Stops accepting connections; requests in flight go on.
  public func stopAccepting() {
    let socket = MHD_quiesce_daemon(daemon.pointer)
    if socket >= 0 { close(socket) }
  }

  /// Stops the library's threads and closes every connection. Every parked request must
  /// have been resumed first (the library requires it).
  public func stop() {
    MHD_stop_daemon(daemon.pointer)
  }
}

private struct DaemonPointer: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// What the C callbacks reach through their closure pointer.
private final class DaemonContext: Sendable {
  let service: any HTTPService
  let inFlight = Atomic<Int>(0)

  init(service: any HTTPService) { self.service = service }
}

/// One request while the library reads it; owned by the connection's thread, freed when
/// the library reports the request completed.
private final class PendingRequest {
  var request: HTTPRequest
  var answered = false

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
    request.headers = pairs(connection, kind: .HEADER_KIND).map { ($0.name.lowercased(), $0.value) }
    request.query = pairs(connection, kind: .GET_ARGUMENT_KIND)
    let pending = PendingRequest(request)
    requestState.pointee = Unmanaged.passRetained(pending).toOpaque()
    context.inFlight.add(1, ordering: .relaxed)
    if let length = request.header("content-length").flatMap(Int.init), length > HTTPRequest.maximumBodyBytes {
      // Answered before the body is read: the library discards the rest and closes.
      pending.request.bodyTooLarge = true
      return answer(pending, connection: connection, context: context)
    }
    return .YES
  }
  let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    let count = uploadSize.pointee
    if let uploadData, !pending.request.bodyTooLarge {
      if pending.request.body.count + count > HTTPRequest.maximumBodyBytes {
        pending.request.bodyTooLarge = true
        pending.request.body = []
      } else {
        uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
          pending.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
    }
    uploadSize.pointee = 0
    return .YES
  }
  if pending.answered { return .YES }
  return answer(pending, connection: connection, context: context)
}

/// Runs the route; queues its answer, or suspends the connection and parks it.
private func answer(_ pending: PendingRequest, connection: OpaquePointer, context: DaemonContext) -> MHD_Result {
  switch context.service.handle(pending.request) {
  case .respond(let response):
    pending.answered = true
    let queued = queue(response, on: connection)
    let elapsed = ContinuousClock.now - pending.request.arrival
    let microseconds =
      Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
    context.service.completed(pending.request, status: response.status, microseconds: microseconds)
    return queued
  case .wait(let key, let version, let deadline):
    // Suspended before it is parked, so a change that comes at once resumes a suspended
    // connection, never a running one.
    MHD_suspend_connection(connection)
    context.service.park(
      Resumption(ConnectionPointer(pointer: connection)), key: key, version: version, deadline: deadline)
    return .YES
  }
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
  let made = response.body.withUnsafeBytes { bytes in
    MHD_create_response_from_buffer(
      bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
  }
  guard let made else { return .NO }
  defer { MHD_destroy_response(made) }
  for header in response.headers {
    _ = MHD_add_response_header(made, header.name, header.value)
  }
  return MHD_queue_response(connection, UInt32(response.status), made)
}

private let requestCompleted: MHD_RequestCompletedCallback = { contextPointer, _, requestState, _ in
  guard let contextPointer, let requestState, let stored = requestState.pointee else { return }
  requestState.pointee = nil
  Unmanaged<PendingRequest>.fromOpaque(stored).release()
  Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue().inFlight.subtract(1, ordering: .relaxed)
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
    _ = MHD_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(collected).toOpaque())
  }
  return collected.pairs
}
