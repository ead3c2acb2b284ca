import CartSnapshotTesting
import Foundation
import SnapshotFixtures
import StatusRender
import XCTest

/// `assertSnapshots` from XCTest: a failure is an XCTest failure at the caller's line.
final class AssertSnapshotsXCTests: XCTestCase {
  private var failures: [(description: String, file: String, line: Int)] = []
  /// While true, failures are kept in `failures` for the test to examine; otherwise they
  /// are this test's own and go to XCTest.
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard capturing else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    failures.append((description, filePath, lineNumber))
  }

  /// The failures `body` reports, kept from XCTest.
  private func failuresReported(by body: () -> Void) -> [(description: String, file: String, line: Int)] {
    capturing = true
    body()
    capturing = false
    let found = failures
    failures = []
    return found
  }

  func testAMissingFileIsAnXCTestFailureAtTheCallersLine() throws {
    let folder = try Fixtures.temporaryFolder()
    let line = #line + 2
    let recorded = failuresReported {
      assertSnapshots(
        of: StatusScreen.ready, named: "ready", locales: ["en-US"], formats: [.text], directory: folder.path,
        record: .never)
    }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.line, line)
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(recorded.first?.description.contains("missing golden file \(folder.path)/ready/en-US.txt") == true)
  }
}
