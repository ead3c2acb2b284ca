import Foundation

extension HTTPResponse {
  /// The answer to a body over the limit, before its end, as bytes written to the
  /// connection's socket itself: libmicrohttpd queues no answer while a body is being
  /// read. Written whole (`Connection: close`, its `Content-Length`), then the socket's
  /// sending side is shut; the caller goes on reading and dropping the body, and the
  /// library closes the connection without an answer of its own.
  func writeBeforeBody(toSocket socket: Int32) {
    guard socket >= 0 else { return }
    var bytes = Array("HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n".utf8)
    for header in headers + [("Connection", "close"), ("Content-Length", String(body.count))] {
      bytes += Array("\(header.name): \(header.value)\r\n".utf8)
    }
    bytes += Array("\r\n".utf8) + body
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      sent += written
    }
    shutdown(socket, Int32(SHUT_WR))
  }
}
