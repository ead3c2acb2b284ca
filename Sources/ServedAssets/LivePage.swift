/// What a served page's live updates share between `serve` and the preview: the
/// refresh for browsers without script, the stream's wait, and the Server-Sent Events
/// framing of its answers (the live script reads exactly these).
package enum LivePage {
  /// Seconds between reloads of a page in a browser without script (`--refresh`'s default).
  package static let refreshSeconds = 3
  /// Seconds a live-update stream waits for a change before it answers "no change".
  package static let streamWaitSeconds = 25
  /// The reconnect delay the streams ask for, in milliseconds.
  package static let retryMilliseconds = 300
  /// `text/event-stream; charset=utf-8`.
  package static let contentType = "text/event-stream; charset=utf-8"

  /// One event: the screen (or, in the preview, its state) is now at `version`.
  package static func change(_ event: String, version: UInt64) -> String {
    "retry: \(retryMilliseconds)\nid: \(version)\nevent: \(event)\ndata: \(version)\n\n"
  }

  /// A stream that waited its time: no event, reconnect as usual.
  package static let noChange = "retry: \(retryMilliseconds)\n: no change\n\n"

  /// A server that drains: reconnect after `retryMilliseconds` (to another server).
  package static func draining(retryMilliseconds: Int) -> String { "retry: \(retryMilliseconds)\n: draining\n\n" }
}
