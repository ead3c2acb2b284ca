/// What every local tool page (`render-cli preview`, `snapshot --review`) keeps to: it
/// listens on loopback only, answers only requests whose `Host` names loopback (a page
/// elsewhere whose own name resolves to 127.0.0.1, DNS rebinding, must not read or change
/// anything), and takes a request that changes something only from its own pages.
package enum LoopbackOnly {
  /// `127.0.0.1`, `::1` and `localhost`: the only hosts a local tool listens on.
  package static func isLoopback(_ host: String) -> Bool {
    host == "127.0.0.1" || host == "::1" || host == "localhost"
  }

  /// A `Host` header naming this machine's loopback (any port): what a browser sends for
  /// the printed address, or for `localhost`.
  package static func isLocalHost(_ value: String?) -> Bool {
    guard let value else { return false }
    var host = Substring(value)
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      host = host[host.index(after: host.startIndex)..<close]
    } else if let colon = host.lastIndex(of: ":") {
      host = host[..<colon]
    }
    return isLoopback(host.lowercased())
  }

  /// Whether a request that changes state comes from a page of this origin, as far as the
  /// browser says: `Sec-Fetch-Site`, when sent, is `same-origin`; `Origin`, when sent, is
  /// `http://` and the request's own `Host`. A browser sends at least one of them with
  /// every form post; a client that sends neither is not a browser another site drives,
  /// and still needs the page's token (checked by the tool).
  package static func isSameOrigin(_ request: HTTPRequest) -> Bool {
    if let site = request.header("sec-fetch-site"), site != "same-origin" { return false }
    if let origin = request.header("origin") {
      guard let host = request.header("host"), origin.lowercased() == "http://" + host.lowercased() else {
        return false
      }
    }
    return true
  }

  /// Starts a local tool's daemon on `host` (loopback only) and `port` (0 takes a free
  /// one), with the limits such a tool needs: two threads, a minute of idle, twenty
  /// seconds for a request, no limit per address (every client is this machine).
  /// - Parameters:
  ///   - tool: how the refusal of another host names the tool (`the preview`).
  ///   - waits: where the responder parks requests that wait, if it has any.
  ///   - errorResponse: the answer to what the transport refuses itself.
  package static func start(
    _ tool: String, host: String, port: Int, waits: ParkedRequests = ParkedRequests(),
    responder: any HTTPResponder,
    errorResponse: @escaping @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse
  ) throws(HTTPDaemon.StartError) -> HTTPDaemon {
    guard isLoopback(host) else {
      throw HTTPDaemon.StartError(description: "\(tool) listens on loopback only (127.0.0.1), not '\(host)'")
    }
    return try HTTPDaemon(
      HTTPDaemon.Configuration(
        host: host == "localhost" ? "127.0.0.1" : host, port: port, threads: 2, connectionTimeout: 60,
        connectionLimit: 256, requestTimeout: 20, connectionsPerAddress: 0, waits: waits,
        errorResponse: errorResponse),
      responder: responder)
  }
}
