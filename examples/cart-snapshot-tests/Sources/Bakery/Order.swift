import CartRender
import Foundation

/// The bakery's own order, as its point-of-sale app keeps it: prices in cents.
public struct Order: Sendable {
  public struct Line: Sendable {
    public var sku: String
    public var name: String
    public var quantity: Int
    public var unitCents: Int

    public init(sku: String, name: String, quantity: Int, unitCents: Int) {
      self.sku = sku
      self.name = name
      self.quantity = quantity
      self.unitCents = unitCents
    }
  }

  public var lines: [Line]
  /// Loyalty discount on the whole order, in cents.
  public var discountCents: Int

  public init(lines: [Line], discountCents: Int = 0) {
    self.lines = lines
    self.discountCents = discountCents
  }

  /// The cart the customer sees on Tap to Share: one item per line, amounts in whole
  /// dollars as exact decimals (never through Double). Throws the engine's `DataErrors`
  /// when the order breaks a rule of the cart (two lines with one SKU, a quantity of 0).
  public func cart() throws -> ShoppingCart {
    let items = lines.map { line in
      ShoppingCart.Item(
        id: line.sku, name: line.name, quantity: line.quantity, totalPrice: Self.dollars(line.unitCents * line.quantity)
      )
    }
    let subtotal = lines.reduce(0) { $0 + $1.unitCents * $1.quantity }
    var summaryLines = [ShoppingCart.Summary.LineItem(label: "Subtotal", value: .amount(Self.dollars(subtotal)))]
    if discountCents > 0 {
      summaryLines.append(.init(label: "Loyalty", value: .amount(-Self.dollars(discountCents))))
    }
    return try ShoppingCart(
      items: items,
      summary: .init(
        summaryLines: summaryLines, footer: "See you tomorrow!", total: Self.dollars(subtotal - discountCents)),
      currency: "USD")
  }

  static func dollars(_ cents: Int) -> Decimal { Decimal(cents) / 100 }
}
