import Foundation

/// Why a file could not be written or read, as a short lowercase phrase that says what
/// is wrong and what to do (`no folder '/nonexistent'; make it first`, `it is a folder`,
/// `no space left on device`), never Foundation's `NSCocoaErrorDomain error 512`.
///
/// Foundation on Linux often loses the system's reason (a missing folder comes back as
/// "The file doesn't exist."), so the path is looked at again after the failure.
package enum FileErrorText {
  /// Why `path` could not be written. `makesFolders`: the writer makes missing folders
  /// itself, so a missing one is not the problem but where it could not be made.
  package static func writing(_ path: String, error: any Error, makesFolders: Bool = false) -> String {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
    if exists, isDirectory.boolValue { return "it is a folder; give a file name" }
    let parent = (path as NSString).deletingLastPathComponent
    var ancestor = parent.isEmpty ? "." : parent
    while !manager.fileExists(atPath: ancestor, isDirectory: &isDirectory), ancestor != "/", !ancestor.isEmpty {
      ancestor = (ancestor as NSString).deletingLastPathComponent
      if ancestor.isEmpty { ancestor = "." }
    }
    if !isDirectory.boolValue { return "'\(ancestor)' is a file, not a folder" }
    let code = errorNumber(error)
    if ancestor != (parent.isEmpty ? "." : parent) {
      guard makesFolders else { return "no folder '\(parent)'; make it first, or choose another path" }
      if code == EACCES || code == EPERM || access(ancestor, W_OK | X_OK) != 0 {
        return "no permission to make a folder in '\(ancestor)'"
      }
    } else if code == EACCES || code == EPERM || access(ancestor, W_OK | X_OK) != 0 {
      return exists && access(path, W_OK) != 0
        ? "no permission to write it" : "no permission to write in the folder '\(ancestor)'"
    }
    return describe(error)
  }

  /// Why `path`, which exists, could not be read.
  package static func reading(_ path: String, error: (any Error)? = nil) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
    if isDirectory.boolValue { return "it is a folder; give a file" }
    if access(path, R_OK) != 0 { return "no permission to read it" }
    return error.map(describe) ?? "it cannot be opened"
  }

  /// The system's reason for `error` in lowercase (`broken pipe`, `no space left on
  /// device`); Foundation's own words, without "The operation could not be completed.",
  /// when there is no system reason.
  package static func describe(_ error: any Error) -> String {
    if let code = errorNumber(error) {
      let text = String(cString: strerror(code))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
    let text = (error as NSError).localizedDescription
      .replacingOccurrences(of: "The operation could not be completed.", with: "")
      .trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? "the system gave no reason" : text
  }

  /// The POSIX error number behind `error`, from its domain, its underlying error or the
  /// Cocoa code that stands for one.
  static func errorNumber(_ error: any Error) -> Int32? {
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return Int32(underlying.code)
    }
    guard nsError.domain == NSCocoaErrorDomain else { return nil }
    switch CocoaError.Code(rawValue: nsError.code) {
    case .fileWriteOutOfSpace: return ENOSPC
    case .fileWriteVolumeReadOnly: return EROFS
    case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
    case .fileReadNoSuchFile, .fileNoSuchFile: return ENOENT
    default: return nil
    }
  }
}
