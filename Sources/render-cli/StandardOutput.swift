import Foundation

/// Standard output, written with `write(2)` straight from a page's bytes: no `Data`
/// copy of the page (400 KB for a 1,000-item cart, at the process's peak memory).
enum StandardOutput {
  /// Writes all of `bytes`, again after a partial write or a signal; returns the
  /// `errno` of a failed write (`ENOSPC`, `EPIPE`, `EBADF`…), nil when all were written.
  static func write(_ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
      guard let start = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(STDOUT_FILENO, start + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
