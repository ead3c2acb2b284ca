import Foundation

/// One golden file: the bytes a rendering must equal, stored byte-exact (UTF-8).
public struct SnapshotFile: Sendable, Equatable {
  /// Where the file is.
  public let url: URL
  /// How messages name the file: a path relative to where the user works, such as
  /// `snapshots/CartScreen/empty.fr-FR.txt`.
  public let displayPath: String

  package init(url: URL, displayPath: String) {
    self.url = url
    self.displayPath = displayPath
  }

  /// The file's text, or nil when there is none to read (missing, or refused as
  /// ``golden()`` refuses it).
  package func contents() -> String? {
    guard case .found(let bytes) = golden() else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What reading a golden file found.
  package enum GoldenBytes: Sendable, Equatable {
    case found(Data)
    case missing
    /// Not read: a sentence naming the file and saying why (a symbolic link, not a
    /// regular file, unreadable) and what to do.
    case refused(String)
  }

  /// The golden file's bytes, read only when the file is a regular file itself: a
  /// symbolic link is never followed (a committed link could otherwise print a file from
  /// anywhere on the machine into a diff, a JUnit report or the review page), and a pipe
  /// or a device is never read (opened without waiting, then refused by its type).
  package func golden() -> GoldenBytes {
    let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .missing }
      if code == ELOOP {
        return .refused(
          "\(displayPath) is a symbolic link: golden files are read only from regular files, never through a link; "
            + "replace it with the file itself")
      }
      return .refused("\(displayPath) cannot be read: \(FileErrorText.reading(url.path))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return .refused("\(displayPath) is not a regular file: golden files are read only from regular files")
    }
    var bytes = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return .found(bytes) }
      if count < 0 {
        if errno == EINTR { continue }
        return .refused("\(displayPath) cannot be read: \(String(cString: strerror(errno)).lowercased())")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Compares `actual` with the file, writing it per `mode`: under `all` always (without
  /// reading the file first), under `missing` when there is no file; never under `never`.
  /// The file's bytes are compared with the rendering's UTF-8 as they are read: a match
  /// decodes nothing. A golden file that is a symbolic link or not a regular file is not
  /// read and differs, its sentence in place of a diff (``golden()``); `all` replaces
  /// such a link with a file. A write replaces the file whole (``FileReplacement``:
  /// written beside it, then renamed), making its folders when they are missing.
  package func verify(_ actual: String, mode: SnapshotRecordMode) -> SnapshotOutcome {
    var expected: Data?
    if mode != .all {
      switch golden() {
      case .found(let bytes): expected = bytes
      case .missing: expected = nil
      case .refused(let reason): return .differs(diff: reason)
      }
    }
    if let expected, expected == Data(actual.utf8) { return .matched }
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try FileReplacement.replace(url.path, with: actual)
      } catch {
        return .notWritten(reason: FileErrorText.writing(url.path, error: error, makesFolders: true))
      }
      return .recorded
    }
    guard let expected else { return .missing }
    return .differs(diff: LineDiff.unified(String(decoding: expected, as: UTF8.self), actual))
  }

  /// The first line of a mismatch message, followed by the diff itself.
  package func mismatchHeading() -> String { "\(displayPath) does not match (- golden, + actual):" }
}
