/// What a local tool page served on loopback (`render-cli preview`, `strings review`,
/// `snapshot --review`)
/// checks of each request: that it was sent to this machine's loopback by name (a page
/// elsewhere whose own name resolves to 127.0.0.1, DNS rebinding, sends its own name in
/// `Host`), and that a request that changes something comes from the tool's own page
/// (its per-run token, and the browser's `Origin` or `Sec-Fetch-Site`), not from another
/// site the user has open.
package enum LoopbackTool {
  /// `127.0.0.1`, `::1` and `localhost`: the only hosts a tool listens on.
  package static func isLoopback(_ host: String) -> Bool {
    host == "127.0.0.1" || host == "::1" || host == "localhost"
  }

  /// A `Host` header naming this machine's loopback (any port): what a browser sends for
  /// the printed address, or for `localhost`. Only `:` and digits (the port) may follow
  /// the host: `[::1]evil.example` names another host, not loopback.
  package static func isLocalHost(_ value: String?) -> Bool {
    guard let value else { return false }
    var host = Substring(value)
    var port = Substring("")
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      port = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
    } else if let colon = host.firstIndex(of: ":") {
      port = host[colon...]
      host = host[..<colon]
    }
    guard port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }) else {
      return false
    }
    return isLoopback(host.lowercased())
  }

  /// What a tool answers (with `403`) a request whose `Host` is not loopback: the three
  /// addresses ``isLocalHost(_:)`` takes, in one sentence every tool shares.
  package static func hostRefusal(by tool: String) -> String {
    "The \(tool) answers only http://127.0.0.1, http://localhost and http://[::1].\n"
  }

  /// A fresh token for one run: 128 random bits in hexadecimal, put in the tool's page
  /// and required of each request that changes something.
  package static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let part = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - part.count) + part
    }.joined()
  }

  /// Why a request that changes something is refused, nil when it may: its `Host` must be
  /// loopback, its `Origin` (when sent and not `null`) this same origin, its
  /// `Sec-Fetch-Site` (when sent) `same-origin`, at least one of the two sent (every
  /// current browser sends one on a post), and `token` the run's. Compared in time independent of where they differ.
  package static func refusal(of request: HTTPRequest, token given: String?, expected: String) -> String? {
    guard let host = request.header("host"), isLocalHost(host) else {
      return "this tool answers only http://127.0.0.1, http://localhost and http://[::1]"
    }
    // `null` is what a browser sends for a page whose `Referrer-Policy` is `no-referrer`
    // (the tools' own pages) and for opaque origins: it says nothing, so then
    // `Sec-Fetch-Site`, which a page cannot set, decides.
    let origin = request.header("origin").flatMap { $0 == "null" ? nil : $0 }
    let site = request.header("sec-fetch-site")
    if let origin, origin != "http://" + host {
      return "the request comes from another site (Origin: \(origin))"
    }
    if let site, site != "same-origin" {
      return "the request comes from another site (Sec-Fetch-Site: \(site))"
    }
    guard origin != nil || site != nil else {
      return "the request has neither Origin nor Sec-Fetch-Site; send it from the tool's page"
    }
    guard let given, sameBytes(Array(given.utf8), Array(expected.utf8)) else {
      return given == nil ? "the request has no token; send it from the tool's page" : "the token is not this run's"
    }
    return nil
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// The daemon's configuration for a local tool on `host` (loopback only) and `port`
  /// (0 takes a free one), with the limits such a tool needs: two threads, a minute of
  /// idle, twenty seconds for a request, no limit per address (every client is this
  /// machine).
  /// - Parameters:
  ///   - tool: how the refusal of another host names the tool (`the preview`).
  ///   - waits: where the responder parks requests that wait, if it has any.
  ///   - errorResponse: the answer to what the transport refuses itself.
  /// - Throws: `host` is not loopback.
  package static func configuration(
    _ tool: String, host: String, port: Int, waits: ParkedRequests = ParkedRequests(),
    errorResponse: @escaping @Sendable (HTTPServerError, HTTPRequest) -> HTTPResponse
  ) throws(HTTPDaemon.StartError) -> HTTPDaemon.Configuration {
    guard isLoopback(host) else {
      throw HTTPDaemon.StartError(description: "\(tool) listens on loopback only (127.0.0.1), not '\(host)'")
    }
    return HTTPDaemon.Configuration(
      host: host == "localhost" ? "127.0.0.1" : host, port: port, threads: 2, connectionTimeout: 60,
      connectionLimit: 256, requestTimeout: 20, connectionsPerAddress: 0, waits: waits,
      errorResponse: errorResponse)
  }
}
