import Foundation

/// A file-system error as a short sentence: the operating system's own words
/// (`Broken pipe`, `No space left on device`) when Foundation wraps a POSIX error,
/// instead of `NSCocoaErrorDomain error 512`.
enum SystemErrorText {
  static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }
}
