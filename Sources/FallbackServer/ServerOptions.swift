/// Everything `render-cli serve` can be told, with the defaults of `docs/SERVER.md`: the
/// one place they are written (the command line fills these, and ``HTTPDaemon`` is
/// configured from them).
public struct ServerOptions: Sendable, Equatable {
  /// An IP address literal to listen on.
  public var host = "127.0.0.1"
  /// 0 takes a free port.
  public var port = 8080
  /// The merchant API key (`RENDER_API_KEY`, at least ``minimumAPIKeyLength`` characters).
  public var apiKey = ""
  /// A session untouched (no merchant call, no customer request) this long is forgotten.
  public var idleTimeoutSeconds = 15 * 60
  /// Sessions open at once; one more is `503 {"error": "tooManySessions"}`.
  public var maximumSessions = 20_000
  /// A customer whose page has not been seen this long (no page load, post or
  /// live-update stream) after arriving is disconnected: the `disconnected` event.
  public var customerTimeoutSeconds = 300
  /// Events each session keeps for the merchant's long polls; older ones are dropped.
  public var eventsKept = 1_000
  /// Requests of one session waiting at once (long polls and live-update streams); one
  /// more is `429 {"error": "tooManyWaits"}`.
  public var waitsPerSession = 8
  /// Seconds a connection may stay silent before the library closes it (slow clients).
  public var connectionTimeoutSeconds = 30
  /// Connections open at once.
  public var maximumConnections = 4_096
  /// Seconds a connection has from waiting for a request until that request's headers
  /// and body are in (slow clients that send a byte at a time); then it is closed.
  public var requestTimeoutSeconds = 20
  /// Connections open at once from one address other than loopback (a proxy in front
  /// sends from loopback); 0: no limit.
  public var maximumConnectionsPerAddress = 128
  /// Threads of the HTTP library's pool; 0: one per core.
  public var threads = 0
  /// Seconds between reloads of a page whose browser runs no script.
  public var refreshSeconds = 3
  /// Where the sessions live (`--store`).
  public var store = StoreLocation.memory
  /// `HOST:PORT` (or `PORT`, on `127.0.0.1`) of a second listener that answers
  /// `GET /metrics` without the key, for a scraper that has none; nil: `/metrics` only
  /// on the main address, behind the merchant key.
  public var metricsAddress: String?
  /// Seconds ``RelayServer/drain()`` keeps serving, `/healthz` answering `503`, before
  /// the server stops accepting (a load balancer's health check sees it meanwhile).
  public var drainSeconds = 0
  /// A live-update stream ended by a drain tells the browser to reconnect after this long.
  public static let drainRetryMilliseconds = 5_000
  /// How each request's log line is written.
  public var logFormat = LogFormat.text

  /// The request log's formats (``RequestLog``).
  public enum LogFormat: String, Sendable, Equatable, CaseIterable {
    /// `GET /c/k1.… 200 183µs`, for a person.
    case text
    /// One JSON object a line (JSON Lines), for a log shipper.
    case json
  }

  /// `RENDER_API_KEY` must be at least this long.
  public static let minimumAPIKeyLength = 32
  /// A long poll's `wait` is at most this many seconds.
  public static let maximumWaitSeconds = 30
  /// A live-update stream waits this long before it answers with nothing and reconnects.
  public static let streamWaitSeconds = 25

  public init(apiKey: String = "") { self.apiKey = apiKey }
}
