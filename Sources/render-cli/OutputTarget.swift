import Foundation

/// Where a rendered result goes: standard output, or the `--output` file.
///
/// A regular file (or a symbolic link to one, or a new file) is replaced whole: the
/// result is written beside it and renamed over it, keeping its permissions, so a
/// reader never sees half a page. Anything else that exists (a device, a named pipe)
/// is written through as it is. A failed write is exit 73, never a silent success.
enum OutputTarget {
  /// Delivers `content`, UTF-8 bytes written as they are (a rendered page is never made
  /// a `String` on its way out).
  static func deliver(_ content: [UInt8], to path: String?) throws(RunFailure) -> Outcome {
    guard let path else { return Outcome(status: .success, standardOutputBytes: content) }
    let data = Data(content)
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    do {
      let attributes = try? FileManager.default.attributesOfItem(atPath: target.path)
      let type = attributes?[.type] as? FileAttributeType
      if attributes != nil, type != .typeRegular {
        try writeThrough(data, to: target.path)
      } else {
        try data.write(to: target, options: .atomic)
        if let permissions = attributes?[.posixPermissions] {
          try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
        }
      }
    } catch {
      throw RunFailure.cannotCreate("cannot write '\(path)': \(SystemErrorText.writing(path, error: error))")
    }
    return Outcome(status: .success)
  }

  /// Writes into an existing non-regular file (a device, a pipe) without replacing it.
  private static func writeThrough(_ data: Data, to path: String) throws {
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    defer { try? handle.close() }
    try handle.write(contentsOf: data)
  }
}
