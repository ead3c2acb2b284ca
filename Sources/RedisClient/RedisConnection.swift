internal import CHiredis
import Foundation
import Synchronization

/// A Redis reply, copied out of hiredis's.
package enum RedisReply: Sendable, Equatable {
  case string([UInt8])
  case integer(Int)
  case array([RedisReply])
  case null
  case status(String)
  case error(String)

  package var text: String? {
    if case .string(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
    return nil
  }
}

/// Redis did not answer (down, unreachable, a timeout, a refused login, a primary that
/// is one no more), or hiredis cannot be loaded: the connection is gone. Or, with
/// ``replicaMissing``, a write no replica acknowledged in time: the connection is fine,
/// the write stored on the primary only.
package struct RedisFailure: Error, CustomStringConvertible {
  package var description: String
  package var replicaMissing = false

  package init(description: String, replicaMissing: Bool = false) {
    self.description = description
    self.replicaMissing = replicaMissing
  }
}

/// One connection to Redis through hiredis: the one file that calls into it.
///
/// Sound to share between threads (`@unchecked Sendable`) because it is used by one
/// thread at a time, and that is checked: every call that reads or writes the
/// connection marks it in use for its length, and a second call meanwhile stops the
/// process (``RedisPool`` hands each connection to one caller; a subscriber keeps its
/// own). The one call allowed from another thread is ``interrupt()``, which only shuts
/// the socket down (`shutdown(2)`, safe at any time) so the call in use returns.
package final class RedisConnection: @unchecked Sendable {
  // Safety: hiredis's context, made in `init` and freed in `deinit` only; every call
  // with it is between `enter()` and `leave()`, but `interrupt()`'s.
  private let context: UnsafeMutablePointer<redisContext>
  private let inUse = Atomic<Bool>(false)

  /// Connects, logs in and selects the database; every command then waits at most
  /// `milliseconds` (0: no limit, for a subscriber).
  package init(_ address: RedisAddress, milliseconds: Int) throws(RedisFailure) {
    if let problem = tts_redis_load() { throw RedisFailure(description: String(cString: problem)) }
    let connectLimit = milliseconds == 0 ? 2_000 : milliseconds
    let made: UnsafeMutablePointer<redisContext>?
    switch address.endpoint {
    case .tcp(let host, let port): made = tts_redis_connect(host, Int32(port), connectLimit)
    case .unix(let path): made = tts_redis_connect(path, -1, connectLimit)
    }
    guard let made else { throw RedisFailure(description: "\(address): cannot make a connection") }
    if made.pointee.err != 0 {
      let reason = Self.errorText(made)
      tts_redis_free(made)
      throw RedisFailure(description: "\(address): \(reason)")
    }
    context = made
    if milliseconds == 0 { _ = tts_redis_set_timeout(made, 0) }
    if let password = address.password {
      // No user (or an empty one): the default user, `AUTH PASSWORD`.
      let login = address.user.flatMap { $0.isEmpty ? nil : ["AUTH", $0, password] } ?? ["AUTH", password]
      if case .error(let text) = try command(login) {
        throw RedisFailure(description: "\(address): login refused: \(text)")
      }
    }
    if address.database != 0, case .error(let text) = try command(["SELECT", String(address.database)]) {
      throw RedisFailure(description: "\(address): \(text)")
    }
  }

  deinit { tts_redis_free(context) }

  /// Sends one command and waits for its reply (an error reply is a reply, not a throw).
  package func command(_ arguments: [String]) throws(RedisFailure) -> RedisReply {
    try command(arguments.map { Array($0.utf8) })
  }

  package func command(_ arguments: [[UInt8]]) throws(RedisFailure) -> RedisReply {
    enter()
    defer { leave() }
    let reply = Self.withArgv(arguments) { count, pointers, lengths in
      tts_redis_command_argv(context, count, pointers, lengths)
    }
    guard let reply else { throw RedisFailure(description: Self.errorText(context)) }
    defer { tts_redis_free_reply(reply) }
    return Self.copy(reply)
  }

  /// Sends one command without waiting (a subscriber's `SUBSCRIBE`).
  package func send(_ arguments: [String]) throws(RedisFailure) {
    enter()
    defer { leave() }
    let sent = Self.withArgv(arguments.map { Array($0.utf8) }) { count, pointers, lengths in
      tts_redis_append_command_argv(context, count, pointers, lengths)
    }
    guard sent == REDIS_OK else { throw RedisFailure(description: Self.errorText(context)) }
  }

  /// The next reply that arrives (a subscriber's messages).
  package func nextReply() throws(RedisFailure) -> RedisReply {
    enter()
    defer { leave() }
    guard let reply = tts_redis_get_reply(context) else { throw RedisFailure(description: Self.errorText(context)) }
    defer { tts_redis_free_reply(reply) }
    return Self.copy(reply)
  }

  /// Ends a ``nextReply()`` waiting in another thread: shuts the socket down.
  package func interrupt() { tts_redis_interrupt(context) }

  /// Whether the connection failed (it is then of no more use).
  package var isBroken: Bool { context.pointee.err != 0 }

  /// One thread at a time: a second caller while one is in a call is a bug of the
  /// caller's, stopped here rather than left to corrupt hiredis's buffers.
  private func enter() {
    let busy = inUse.exchange(true, ordering: .acquiring)
    precondition(!busy, "a Redis connection used by two threads at once")
  }

  private func leave() { inUse.store(false, ordering: .releasing) }

  // Safety: the argument pointers point into `joined`, which outlives `body`; each
  // argument's length is passed beside it (binary safe, no terminator needed), and the
  // counts of pointers and lengths are the arguments' (asserted).
  private static func withArgv<R>(
    _ arguments: [[UInt8]], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int>?) -> R
  ) -> R {
    // One buffer holding every argument, and pointers into it.
    var joined: [UInt8] = []
    joined.reserveCapacity(arguments.reduce(0) { $0 + $1.count } + 1)
    var offsets: [Int] = []
    for argument in arguments {
      offsets.append(joined.count)
      joined += argument
    }
    joined.append(0)
    let lengths = arguments.map(\.count)
    assert(offsets.count == lengths.count && joined.count == lengths.reduce(1, +))
    return joined.withUnsafeBytes { bytes in
      let base = bytes.bindMemory(to: CChar.self).baseAddress
      var pointers: [UnsafePointer<CChar>?] = offsets.map { offset in base.map { UnsafePointer($0 + offset) } }
      return pointers.withUnsafeMutableBufferPointer { argv in
        lengths.withUnsafeBufferPointer { sizes in body(Int32(arguments.count), argv.baseAddress, sizes.baseAddress) }
      }
    }
  }

  // Safety: `reply` is hiredis's, valid until `tts_redis_free_reply` (after this copy);
  // a string reply has `len` bytes at `str`, an array `elements` pointers at `element`.
  private static func copy(_ reply: UnsafeMutablePointer<redisReply>) -> RedisReply {
    let value = reply.pointee
    switch value.type {
    case REDIS_REPLY_STRING:
      guard let start = value.str else { return .string([]) }
      return .string(Array(UnsafeRawBufferPointer(start: start, count: value.len)))
    case REDIS_REPLY_INTEGER: return .integer(Int(value.integer))
    case REDIS_REPLY_ARRAY:
      guard let elements = value.element else { return .array([]) }
      return .array((0..<value.elements).compactMap { index in elements[index].map(copy) })
    case REDIS_REPLY_STATUS: return .status(value.str.map { String(cString: $0) } ?? "")
    case REDIS_REPLY_ERROR: return .error(value.str.map { String(cString: $0) } ?? "")
    default: return .null
    }
  }

  // Safety: `errstr` is a fixed array inside the context, read up to its first zero or
  // its end, whichever comes first.
  private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
    let text = withUnsafeBytes(of: context.pointee.errstr) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "the connection failed" : text
  }
}
