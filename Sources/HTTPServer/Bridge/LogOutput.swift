import Foundation

/// A log's destination by file descriptor (standard error for `serve`): each line goes
/// out whole in one `write(2)`, so lines from the daemon's threads never interleave
/// within a line and no `String` or `Data` is made to write it.
package struct LogOutput: Sendable {
  private let descriptor: Int32

  package init(descriptor: Int32) { self.descriptor = descriptor }

  /// Standard error.
  package static let standardError = LogOutput(descriptor: STDERR_FILENO)

  // Safety: `line`'s bytes are read during `write(2)` only, `count` bytes from its base address; a
  // short write (a pipe's reader slower than the server) continues from where it stopped,
  // and a failed one (a closed descriptor) drops the rest of the line, never the server.
  /// Writes `line` (with its line feed), retrying on a signal or a short write.
  package func writeLine(_ line: [UInt8]) {
    var sent = 0
    while sent < line.count {
      let written = line.withUnsafeBytes { bytes in
        write(descriptor, bytes.baseAddress.map { $0 + sent }, bytes.count - sent)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      assert(sent + written <= line.count, "write(2) never writes more than it is given")
      sent += written
    }
  }
}
