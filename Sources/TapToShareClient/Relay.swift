import Foundation

/// A relay (`render-cli serve`) and the merchant API key that opens its API: where
/// ``CustomerSession``s are made.
///
/// ```swift
/// let relay = Relay(baseURL: URL(string: "https://relay.example.com")!, apiKey: key)
/// let session = try await relay.createCustomerSession(configuration: configuration)
/// ```
///
/// Printing or dumping it never shows the key.
public struct Relay: Sendable {
  let transport: RelayTransport
  let customerBaseURL: URL

  /// - Parameters:
  ///   - baseURL: where the merchant API answers (`http://127.0.0.1:8080`); its path, if
  ///     any, is replaced by the API's (`/v1/sessions`).
  ///   - apiKey: the relay's `RENDER_API_KEY` (at least 32 characters), sent as
  ///     `Authorization: Bearer …` to `baseURL` only (no redirect is followed).
  ///   - customerBaseURL: where customers reach the relay, when not at `baseURL` (a
  ///     backend that talks to the relay on an internal address while customers go
  ///     through a public proxy); ``CustomerSession/customerURL`` is made on it.
  ///   - retryPolicy: how often and how long a call is retried.
  public init(baseURL: URL, apiKey: String, customerBaseURL: URL? = nil, retryPolicy: RetryPolicy = RetryPolicy()) {
    self.init(
      baseURL: baseURL, apiKey: apiKey, customerBaseURL: customerBaseURL, retryPolicy: retryPolicy,
      exchange: URLSessionExchange(), sleep: { try await Task.sleep(for: $0) })
  }

  init(
    baseURL: URL, apiKey: String, customerBaseURL: URL?, retryPolicy: RetryPolicy, exchange: any HTTPExchange,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    transport = RelayTransport(
      baseURL: baseURL, apiKey: APIKey(value: apiKey), policy: retryPolicy, exchange: exchange, sleep: sleep)
    self.customerBaseURL = customerBaseURL ?? baseURL
  }

  /// Opens a session on the relay for one customer: the seeds'
  /// `createCustomerSession(configuration:)`, the same as
  /// ``CustomerSession/init(configuration:relay:routingKey:)``.
  public func createCustomerSession(
    configuration: CustomerSession.Configuration, routingKey: String? = nil
  ) async throws -> CustomerSession {
    try await CustomerSession(configuration: configuration, relay: self, routingKey: routingKey)
  }

  /// How a call that got no answer is sent again: only what is safe to send again (a
  /// failure in transport, a `503` with `Retry-After`), with the same `Idempotency-Key`,
  /// a bounded number of times, each wait about twice the one before.
  public struct RetryPolicy: Sendable, Hashable {
    let maximumAttempts: Int
    let initialDelay: Duration
    let maximumDelay: Duration

    /// - Parameters:
    ///   - maximumAttempts: attempts in all, the first included (at least 1; `1` never retries).
    ///   - initialDelay: the wait before the second attempt; each wait is a random 50 to
    ///     100 % of its delay, and the delay doubles up to `maximumDelay`.
    ///   - maximumDelay: the longest delay; also the longest `Retry-After` waited for
    ///     (a `503` asking for longer is returned at once).
    public init(
      maximumAttempts: Int = 5, initialDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(5)
    ) {
      self.maximumAttempts = max(1, maximumAttempts)
      self.initialDelay = max(.zero, initialDelay)
      self.maximumDelay = max(self.initialDelay, maximumDelay)
    }
  }
}
