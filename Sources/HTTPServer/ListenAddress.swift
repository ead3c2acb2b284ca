/// Where a listener is told to listen, as an operator writes it: `PORT` (on
/// `127.0.0.1`), `HOST:PORT` or `[IPv6]:PORT`. The host is checked as an address when
/// the daemon starts (``HTTPDaemon/StartError``).
package struct ListenAddress: Sendable, Equatable {
  package var host: String
  package var port: Int

  /// Nil for anything but the three forms, or a port outside 0…65535.
  package init?(_ text: String) {
    var host = "127.0.0.1"
    var portText = Substring(text)
    if let colon = text.lastIndex(of: ":") {
      host = String(text[..<colon])
      portText = text[text.index(after: colon)...]
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    }
    guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else { return nil }
    self.host = host
    self.port = port
  }

  /// `http://HOST:PORT/path` for the port a listener got (an IPv6 host in brackets).
  package func url(port: Int, path: String) -> String {
    "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
  }
}
