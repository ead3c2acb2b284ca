import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One answer of the relay, as the client reads it.
struct HTTPAnswer: Sendable {
  var status: Int
  var body: [UInt8]
  /// `Retry-After` in whole seconds (the form the relay sends); nil when absent or a date.
  var retryAfterSeconds: Int?
}

/// What carries one HTTP exchange: FoundationNetworking's `URLSession`, or the tests' stub.
protocol HTTPExchange: Sendable {
  /// - Throws: `URLError` when no answer came (`.cancelled` when the task was cancelled).
  func send(_ request: URLRequest) async throws -> HTTPAnswer
}

/// The toolchain's HTTP client: an ephemeral session (no cookies, no cache) that follows
/// no redirect, so the API key is sent to the relay's origin and nowhere else.
struct URLSessionExchange: HTTPExchange {
  let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
  }

  /// Through a data task and its completion handler, not `URLSession.data(for:)`: on
  /// Linux that method's cancellation takes a lock and then waits on the session's queue,
  /// while the session's queue, finishing the same transfer, waits on that lock, and
  /// both wait for good. Here cancelling takes no lock the completion needs: the task is
  /// cancelled after the lock is let go.
  func send(_ request: URLRequest) async throws -> HTTPAnswer {
    let state = CancellableTask()
    let (data, response) = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        // A task never resumed never calls its handler: the continuation is resumed once.
        if state.begin(task) { task.resume() } else { continuation.resume(throwing: URLError(.cancelled)) }
      }
    } onCancel: {
      state.cancel()?.cancel()
    }
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    return HTTPAnswer(status: http.statusCode, body: Array(data), retryAfterSeconds: retryAfter)
  }
}

/// One exchange's task and whether it was cancelled, under a lock held only to read or
/// set them (never while the task is resumed or cancelled).
private final class CancellableTask: Sendable {
  private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

  /// Keeps `task`; false when the exchange was cancelled already (then it must not start).
  func begin(_ task: URLSessionDataTask) -> Bool {
    state.withLock { state in
      guard !state.cancelled else { return false }
      state.task = task
      return true
    }
  }

  /// Marks the exchange cancelled; the task to cancel, if it began.
  func cancel() -> URLSessionDataTask? {
    state.withLock { state in
      state.cancelled = true
      return state.task
    }
  }
}

/// Refuses every redirect: the redirect's answer itself comes back (and is unexpected).
/// It holds no state, so it is `Sendable` as it is.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

/// The relay's HTTP API: the key on every request, `Idempotency-Key` on every `POST`, and
/// the retry of ``Relay/RetryPolicy``.
struct RelayTransport: Sendable {
  let baseURL: URL
  let apiKey: APIKey
  let policy: Relay.RetryPolicy
  let exchange: any HTTPExchange
  /// Waits between attempts; the tests' records the delays instead of sleeping.
  let sleep: @Sendable (Duration) async throws -> Void

  /// A request's method, path (with its query) and body.
  struct Request: Sendable {
    var method: String
    var path: String
    var body: [UInt8]? = nil
    /// Seconds the relay may take to answer (a long poll's wait, and some slack).
    var timeoutSeconds: Double = 30
  }

  /// Sends `request` until the relay answers, retrying what is safe to retry:
  ///
  /// - only a failure in transport (no connection, a connection lost or timed out, a
  ///   proxy's `502` or `504`: the relay's own answers are never these) or a `503` with a
  ///   `Retry-After` of at most the policy's longest delay (the store unavailable for a
  ///   moment); a `503` without one (`tooManySessions`) or any other answer is final;
  /// - every `POST` carries one `Idempotency-Key`, the same on every attempt, so the relay
  ///   applies it once however many attempts reach it (a `GET` and a `DELETE` are safe
  ///   as they are);
  /// - at most ``Relay/RetryPolicy/maximumAttempts`` attempts, the delay doubling from the
  ///   first up to the longest, each a random 50 to 100 % of it (so clients that failed
  ///   together do not come back together), or the relay's `Retry-After` when longer.
  ///
  /// - Returns: the last answer (any status but the retried ones, or a retried one after
  ///   the last attempt).
  /// - Throws: ``CustomerSessionError/connectionFailed(_:)`` when no attempt got an answer;
  ///   `CancellationError` when the task is cancelled.
  func send(_ request: Request) async throws -> HTTPAnswer {
    var urlRequest = try urlRequest(for: request)
    if request.method == "POST" { urlRequest.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key") }
    var delay = policy.initialDelay
    var attempt = 1
    while true {
      try Task.checkCancellation()
      var wait = delay * Double.random(in: 0.5...1)
      let failure: String
      do {
        let answer = try await exchange.send(urlRequest)
        switch answer.status {
        case 502, 504:
          failure = "HTTP \(answer.status) from a proxy in front of the relay"
        case 503 where attempt < policy.maximumAttempts:
          guard let seconds = answer.retryAfterSeconds, seconds >= 0, .seconds(seconds) <= policy.maximumDelay
          else { return answer }
          wait = max(wait, .seconds(seconds))
          failure = "HTTP 503"
        default:
          return answer
        }
      } catch let error as URLError {
        if error.code == .cancelled { throw CancellationError() }
        guard Self.isTransportFailure(error.code) else {
          throw CustomerSessionError.connectionFailed(Self.describe(error))
        }
        failure = Self.describe(error)
      }
      guard attempt < policy.maximumAttempts else {
        throw CustomerSessionError.connectionFailed(
          "\(failure) (\(attempt) attempt\(attempt == 1 ? "" : "s"), \(request.method) \(request.pathWithoutQuery))")
      }
      try await sleep(wait)
      attempt += 1
      delay = min(delay * 2, policy.maximumDelay)
    }
  }

  private func urlRequest(for request: Request) throws -> URLRequest {
    guard let url = URL(string: request.path, relativeTo: baseURL)?.absoluteURL else {
      throw CustomerSessionError.unexpectedAnswer(status: 0, message: "no URL for \(request.pathWithoutQuery)")
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    urlRequest.timeoutInterval = request.timeoutSeconds
    urlRequest.setValue("Bearer " + apiKey.value, forHTTPHeaderField: "Authorization")
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body = request.body {
      urlRequest.httpBody = Data(body)
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return urlRequest
  }

  /// Failures in which the relay gave no answer, so another attempt may get one.
  static func isTransportFailure(_ code: URLError.Code) -> Bool {
    switch code {
    case .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
      .notConnectedToInternet, .badServerResponse, .resourceUnavailable, .cannotLoadFromNetwork,
      .zeroByteResource, .cannotParseResponse:
      true
    default: false
    }
  }

  static func describe(_ error: URLError) -> String {
    switch error.code {
    case .timedOut: "the relay did not answer in time"
    case .cannotConnectToHost: "cannot connect to the relay"
    case .cannotFindHost, .dnsLookupFailed: "cannot find the relay's host"
    case .networkConnectionLost: "the connection to the relay was lost"
    case .notConnectedToInternet: "no network"
    default: "no answer from the relay (URLError \(error.code.rawValue))"
    }
  }
}

extension RelayTransport.Request {
  /// The path without its query, for messages (a query holds nothing secret, but a
  /// message names the route, not the arguments).
  var pathWithoutQuery: String { String(path.prefix { $0 != "?" }) }
}

/// The merchant API key. Its description, debug description and mirror hide it, so
/// printing or dumping a ``Relay`` or a session never shows it.
struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  let value: String
  var description: String { "<API key>" }
  var debugDescription: String { description }
  var customMirror: Mirror { Mirror(self, children: []) }
}
