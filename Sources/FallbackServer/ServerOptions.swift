import ServedAssets
import SessionStores

/// Everything `render-cli serve` can be told, with the defaults of `docs/SERVER.md`: the
/// one place they are written (the command line fills these, and ``HTTPDaemon`` is
/// configured from them).
package struct ServerOptions: Sendable, Equatable {
  /// An IP address literal to listen on.
  package var host = "127.0.0.1"
  /// 0 takes a free port.
  package var port = 8080
  /// The merchant API key (`RENDER_API_KEY`, at least ``minimumAPIKeyLength`` characters).
  package var apiKey = ""
  /// A session untouched (no merchant call, no customer request) this long is forgotten.
  package var idleTimeoutSeconds = 15 * 60
  /// Sessions open at once; one more is `503 {"error": "tooManySessions"}`.
  package var maximumSessions = 20_000
  /// A customer whose page has not been seen this long (no page load, post or
  /// live-update stream) after arriving is disconnected: the `disconnected` event.
  package var customerTimeoutSeconds = 300
  /// Events each session keeps for the merchant's long polls; older ones are dropped.
  package var eventsKept = 1_000
  /// Requests of one session waiting at once (long polls and live-update streams); one
  /// more is `429 {"error": "tooManyWaits"}`.
  package var waitsPerSession = 8
  /// Seconds a connection may stay silent before the library closes it (slow clients).
  package var connectionTimeoutSeconds = 30
  /// Connections open at once.
  package var maximumConnections = 4_096
  /// Seconds a connection has from waiting for a request until that request's headers
  /// and body are in (slow clients that send a byte at a time); then it is closed.
  package var requestTimeoutSeconds = 20
  /// Connections open at once from one address other than loopback (a proxy in front
  /// sends from loopback); 0: no limit.
  package var maximumConnectionsPerAddress = 128
  /// Threads of the HTTP library's pool; 0: one per core.
  package var threads = 0
  /// Seconds between reloads of a page whose browser runs no script.
  package var refreshSeconds = LivePage.refreshSeconds
  /// Where the sessions live (`--store`).
  package var store = StoreLocation.memory
  /// `HOST:PORT` (or `PORT`, on `127.0.0.1`) of a second listener that answers
  /// `GET /metrics` without the key, for a scraper that has none; nil: `/metrics` only
  /// on the main address, behind the merchant key.
  package var metricsAddress: String?
  /// Seconds ``RelayServer/drain()`` keeps serving, `/healthz` answering `503`, before
  /// the server stops accepting (a load balancer's health check sees it meanwhile).
  package var drainSeconds = 0
  /// A live-update stream ended by a drain tells the browser to reconnect after this long.
  package static let drainRetryMilliseconds = 5_000
  /// How each request's log line is written.
  package var logFormat = LogFormat.text

  /// The request log's formats (``RequestLog``).
  package enum LogFormat: String, Sendable, Equatable, CaseIterable {
    /// `GET /c/k1.… 200 183µs`, for a person.
    case text
    /// One JSON object a line (JSON Lines), for a log shipper.
    case json
  }

  /// `RENDER_API_KEY` must be at least this long.
  package static let minimumAPIKeyLength = 32
  /// A long poll's `wait` is at most this many seconds.
  package static let maximumWaitSeconds = 30
  /// A live-update stream waits this long before it answers with nothing and reconnects.
  package static let streamWaitSeconds = LivePage.streamWaitSeconds

  package init(apiKey: String = "") { self.apiKey = apiKey }
}
