/// Everything `render-cli serve` can be told, with the defaults of `docs/SERVER.md`.
public struct ServerOptions: Sendable, Equatable {
  /// An IP address literal to listen on.
  public var host = "127.0.0.1"
  /// 0 takes a free port.
  public var port = 8080
  /// The merchant API key (`RENDER_API_KEY`, at least ``minimumAPIKeyLength`` characters).
  public var apiKey: String
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
  /// Threads of the HTTP library's pool.
  public var threads = 2
  /// Seconds between reloads of a page whose browser runs no script.
  public var refreshSeconds = 3
  /// Where the sessions live (`--store`).
  public var store = StoreLocation.memory

  /// `RENDER_API_KEY` must be at least this long.
  public static let minimumAPIKeyLength = 32
  /// A long poll's `wait` is at most this many seconds.
  public static let maximumWaitSeconds = 30
  /// A live-update stream waits this long before it answers with nothing and reconnects.
  public static let streamWaitSeconds = 25

  public init(apiKey: String) { self.apiKey = apiKey }
}
