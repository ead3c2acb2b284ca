#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where an assertion was called: the test's file and line, as the macros give them.
struct CallerLocation {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Reports a failure to the test framework that is running the caller.
enum TestFailure {
  /// Swift Testing's `Issue.record` inside a Swift Testing test, else `XCTFail`, both
  /// at the caller's location.
  static func record(_ message: String, at location: CallerLocation) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
            column: Int(location.column)))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: location.filePath, line: location.line)
    #else
      print("\(location.filePath):\(location.line): error: \(message)")
    #endif
  }
}
