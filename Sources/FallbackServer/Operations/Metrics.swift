import Synchronization

/// What the server counts for `GET /metrics`, written in the Prometheus text exposition
/// format (version 0.0.4). Names follow Prometheus's conventions (base units, `_total`
/// for counters, `_seconds` for durations); labels take a few fixed values only (route
/// class, status class, limit), never an id, token, key, path or anything a customer
/// typed, so a scrape's size is bounded and says nothing about any one session.
final class Metrics: Sendable {
  /// What a request asked for, as a label: one value per route of ``Endpoint``.
  enum RouteClass: Int, CaseIterable {
    case page, formPost, liveStream, merchantCall, merchantEvents, sessionCreate, sessionDelete, health, script
    case metrics, other

    var label: String {
      switch self {
      case .page: "page"
      case .formPost: "form_post"
      case .liveStream: "live_stream"
      case .merchantCall: "merchant_call"
      case .merchantEvents: "merchant_events"
      case .sessionCreate: "session_create"
      case .sessionDelete: "session_delete"
      case .health: "health"
      case .script: "script"
      case .metrics: "metrics"
      case .other: "other"
      }
    }

    init(_ match: Endpoint.Match) {
      guard case .found(let endpoint) = match else {
        self = .other
        return
      }
      switch endpoint {
      case .page: self = .page
      case .submit: self = .formPost
      case .stream: self = .liveStream
      case .call: self = .merchantCall
      case .events: self = .merchantEvents
      case .createSession: self = .sessionCreate
      case .deleteSession: self = .sessionDelete
      case .health: self = .health
      case .script: self = .script
      case .metrics: self = .metrics
      case .openAPI: self = .other
      }
    }

    /// Its requests wait for a change: their duration is the wait, not the work.
    var waits: Bool { self == .liveStream || self == .merchantEvents }
  }

  /// The limits whose refusals are counted, as a label.
  enum Limit: Int, CaseIterable {
    case bodyTooLarge, tooManyWaits, tooManySessions, connectionsPerAddress, requestTimeout

    var label: String {
      switch self {
      case .bodyTooLarge: "body_too_large"
      case .tooManyWaits: "too_many_waits"
      case .tooManySessions: "too_many_sessions"
      case .connectionsPerAddress: "connections_per_address"
      case .requestTimeout: "request_timeout"
      }
    }
  }

  /// Upper bounds of the latency buckets, in microseconds (`le` in seconds).
  static let bucketMicroseconds = [
    100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000,
  ]

  private static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

  private struct State {
    /// By route class, then status class (1xx … 5xx).
    var requests = [[Int]](
      repeating: [Int](repeating: 0, count: 5), count: RouteClass.allCases.count)
    /// By route class: requests in each bucket (not cumulative; the last is +Inf).
    var buckets = [[Int]](
      repeating: [Int](repeating: 0, count: Metrics.bucketMicroseconds.count + 1), count: RouteClass.allCases.count)
    var sumMicroseconds = [Int](repeating: 0, count: RouteClass.allCases.count)
    var refused = [Int](repeating: 0, count: Limit.allCases.count)
    var liveStreams = 0
    var longPolls = 0
    var storeErrors = 0
    var unreadableJournalEntries = 0
    var storeBuckets = [Int](repeating: 0, count: Metrics.bucketMicroseconds.count + 1)
    var storeSumMicroseconds = 0
  }

  private let state = Mutex(State())

  /// One answered request, counted by route class and status class. Refusals are not
  /// read from the status (a `503` of session creation is a full server or a store
  /// that does not answer): the route that decides one counts it (``refused(_:count:)``).
  func answered(_ route: RouteClass, status: Int, microseconds: Int) {
    let statusClass = min(max(status / 100, 1), 5) - 1
    let bucket = Self.bucketMicroseconds.firstIndex { microseconds <= $0 } ?? Self.bucketMicroseconds.count
    state.withLock { state in
      state.requests[route.rawValue][statusClass] += 1
      if !route.waits {
        state.buckets[route.rawValue][bucket] += 1
        state.sumMicroseconds[route.rawValue] += max(0, microseconds)
      }
    }
  }

  /// A request of `route` began (`by` 1) or ended (`by` -1) a wait.
  func waiting(_ route: RouteClass, by change: Int) {
    state.withLock { state in
      switch route {
      case .liveStream: state.liveStreams += change
      case .merchantEvents: state.longPolls += change
      default: break
      }
    }
  }

  /// A request or connection refused under `limit`, by whoever decided it: the HTTP layer
  /// (per-address, request timeout) or a route (body too large, too many waits or sessions).
  func refused(_ limit: Limit, count: Int = 1) {
    guard count > 0 else { return }
    state.withLock { $0.refused[limit.rawValue] += count }
  }

  /// One command to the session store (Redis) took `microseconds`, answered or not.
  func storeOperation(microseconds: Int) {
    let bucket = Self.bucketMicroseconds.firstIndex { microseconds <= $0 } ?? Self.bucketMicroseconds.count
    state.withLock { state in
      state.storeBuckets[bucket] += 1
      state.storeSumMicroseconds += max(0, microseconds)
    }
  }

  /// A session store operation failed.
  func storeError() {
    state.withLock { $0.storeErrors += 1 }
  }

  /// A journal entry in Redis was not JSON and was skipped in a replay.
  func unreadableJournalEntry() {
    state.withLock { $0.unreadableJournalEntries += 1 }
  }

  /// The exposition: every family, with what the server reads at scrape time (open
  /// sessions, events dropped) passed in.
  func exposition(sessionsOpen: Int, eventsDropped: Int, refusedPerAddress: Int, draining: Bool) -> String {
    var state = state.withLock { $0 }
    state.refused[Limit.connectionsPerAddress.rawValue] += refusedPerAddress
    var out = ""
    func family(_ name: String, _ type: String, _ help: String) {
      out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
    /// One histogram's lines: cumulative buckets (the last, `+Inf`), sum and count.
    func histogram(_ name: String, label: String, _ buckets: [Int], sumMicroseconds: Int) {
      let braces = label.isEmpty ? "" : "{\(label)}"
      var cumulative = 0
      for (index, count) in buckets.enumerated() {
        cumulative += count
        let bound = index < Self.bucketMicroseconds.count ? Self.seconds(Self.bucketMicroseconds[index]) : "+Inf"
        out += "\(name)_bucket{\(label.isEmpty ? "" : label + ",")le=\"\(bound)\"} \(cumulative)\n"
      }
      out += "\(name)_sum\(braces) \(Self.seconds(sumMicroseconds))\n\(name)_count\(braces) \(cumulative)\n"
    }
    family("render_relay_http_requests_total", "counter", "Requests answered, by route class and status class.")
    for route in RouteClass.allCases {
      for (index, statusClass) in Self.statusClasses.enumerated() where state.requests[route.rawValue][index] > 0 {
        out +=
          "render_relay_http_requests_total{route=\"\(route.label)\",status_class=\"\(statusClass)\"} \(state.requests[route.rawValue][index])\n"
      }
    }
    family(
      "render_relay_http_request_duration_seconds", "histogram",
      "Time from a request's arrival to its answer, by route class (requests that wait for a change left out).")
    for route in RouteClass.allCases where !route.waits {
      histogram(
        "render_relay_http_request_duration_seconds", label: "route=\"\(route.label)\"", state.buckets[route.rawValue],
        sumMicroseconds: state.sumMicroseconds[route.rawValue])
    }
    family("render_relay_sessions_open", "gauge", "Sessions held now.")
    out += "render_relay_sessions_open \(sessionsOpen)\n"
    family("render_relay_live_streams_open", "gauge", "Customer live-update streams waiting now.")
    out += "render_relay_live_streams_open \(state.liveStreams)\n"
    family("render_relay_long_polls_open", "gauge", "Merchant long polls waiting now.")
    out += "render_relay_long_polls_open \(state.longPolls)\n"
    family("render_relay_events_dropped_total", "counter", "Session events dropped past --events-kept.")
    out += "render_relay_events_dropped_total \(eventsDropped)\n"
    family("render_relay_requests_refused_total", "counter", "Requests and connections refused, by limit.")
    for limit in Limit.allCases {
      out += "render_relay_requests_refused_total{limit=\"\(limit.label)\"} \(state.refused[limit.rawValue])\n"
    }
    family("render_relay_store_errors_total", "counter", "Session store operations that failed.")
    out += "render_relay_store_errors_total \(state.storeErrors)\n"
    family(
      "render_relay_store_journal_entries_unreadable_total", "counter",
      "Session journal entries in Redis that were not JSON, skipped in a replay (each also logged).")
    out += "render_relay_store_journal_entries_unreadable_total \(state.unreadableJournalEntries)\n"
    family(
      "render_relay_store_operation_duration_seconds", "histogram",
      "Time of one command to the session store, Redis (the memory store sends none).")
    histogram(
      "render_relay_store_operation_duration_seconds", label: "", state.storeBuckets,
      sumMicroseconds: state.storeSumMicroseconds)
    family("render_relay_draining", "gauge", "1 from SIGTERM on, while the server drains; else 0.")
    out += "render_relay_draining \(draining ? 1 : 0)\n"
    return out
  }

  /// Whole microseconds as seconds, exactly: `2500` is `0.0025`.
  static func seconds(_ microseconds: Int) -> String {
    let whole = microseconds / 1_000_000
    var fraction = String(microseconds % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
  }
}
