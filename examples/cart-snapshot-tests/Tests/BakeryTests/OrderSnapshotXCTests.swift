import Bakery
import CartSnapshotTesting
import XCTest

/// XCTest: the same call, the same files (text only here).
final class OrderSnapshotXCTests: XCTestCase {
  func testMorningOrderText() throws {
    assertSnapshots(
      of: try OrderSnapshotTests.order.cart(), named: "morning-order", locales: ["en-US", "fr-FR", "ja-JP"],
      formats: [.text])
  }
}
