import CartSnapshotTesting
import Foundation
import StatusRender
import XCTest

/// `assertSnapshots` from XCTest: a failure is an XCTest failure at the caller's line.
final class AssertSnapshotsXCTests: XCTestCase {
  private var failures: [(description: String, file: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    failures.append((description, filePath, lineNumber))
  }

  func testAMissingFileIsAnXCTestFailureAtTheCallersLine() throws {
    let folder = try Fixtures.temporaryFolder()
    let line = #line + 1
    assertSnapshots(
      of: StatusScreen.ready, named: "ready", locales: ["en-US"], formats: [.text], directory: folder.path,
      record: .never)
    let recorded = failures
    failures = []
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.line, line)
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(recorded.first?.description.contains("missing golden file \(folder.path)/ready/en-US.txt") == true)
  }
}
