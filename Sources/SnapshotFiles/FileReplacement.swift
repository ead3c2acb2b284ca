import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file whole: the bytes go to a new file beside it, which is then renamed
/// over it, so a reader finds the old file or the new one, never part of one. One `open`,
/// one `write` (more only when the system writes less than asked), one `close` and one
/// `rename` a file; no `fsync`: a golden file a crash loses or leaves empty is recorded
/// again, and syncing each of thousands of small files is most of a recording's time
/// (Foundation's `Data.write(to:)` syncs every file, atomic or not). The one file of this
/// module that calls the C library's file functions.
package enum FileReplacement {
  /// Names the temporary files of this process apart: `.<name>.<pid>.<n>.tmp`.
  private static let processID = getpid()
  private static let counter = Atomic(0)

  /// Replaces the file at `path` with `text`'s UTF-8, making its folders when the first
  /// attempt finds none.
  /// - Throws: an `NSError` in `NSPOSIXErrorDomain` with the system's error number.
  package static func replace(_ path: String, with text: String) throws {
    var text = text
    try text.withUTF8 { try replace(path, with: UnsafeRawBufferPointer($0)) }
  }

  /// Replaces the file at `path` with `bytes`, as the `String` one does.
  package static func replace(_ path: String, with bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try replace(path, with: $0) }
  }

  private static func replace(_ path: String, with bytes: UnsafeRawBufferPointer) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var temporary = ""
    var descriptor: Int32 = -1
    var madeFolder = false
    // A leftover of an earlier process with the same id takes a name: the next is tried.
    for _ in 0..<100 {
      let number = counter.add(1, ordering: .relaxed).oldValue
      temporary = "\(folder)/.\(name).\(processID).\(number).tmp"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { break }
      let code = errno
      if code == ENOENT, !madeFolder {
        madeFolder = true
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } else if code != EEXIST && code != EINTR {
        throw error(code)
      }
    }
    guard descriptor >= 0 else { throw error(EEXIST) }
    var offset = 0
    while offset < bytes.count {
      // Safety: writes from inside the buffer, `count - offset` bytes at most.
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        close(descriptor)
        unlink(temporary)
        throw error(code)
      }
      offset += written
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(temporary)
      throw error(code)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw error(code)
    }
  }

  private static func error(_ code: Int32) -> NSError { NSError(domain: NSPOSIXErrorDomain, code: Int(code)) }
}
