import Bakery
import CartSnapshotTesting
import Testing

/// Swift Testing: the cart in three locales, HTML and text, against
/// __Snapshots__/morning-order/<locale>.<html|txt> beside this file.
@Suite struct OrderSnapshotTests {
  static let order = Order(
    lines: [
      Order.Line(sku: "CRS-01", name: "Croissant", quantity: 3, unitCents: 275),
      Order.Line(sku: "BGT-02", name: "Baguette", quantity: 1, unitCents: 350),
    ], discountCents: 100)

  @Test func morningOrder() throws {
    assertSnapshots(of: try Self.order.cart(), named: "morning-order", locales: ["en-US", "fr-FR", "ja-JP"])
  }
}
