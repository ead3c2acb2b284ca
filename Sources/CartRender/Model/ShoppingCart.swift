import Foundation
import RenderCore

/// The cart the merchant's app shares with `updateShoppingCart(_:)`. Every update
/// replaces the whole cart; items keep their `id` across updates.
public struct ShoppingCart: Sendable, Equatable {
  /// In display order. Empty shows the placeholder screen.
  public var items: [Item]

  /// How many items the cart holds, as its heading counts them: the sum of the lines'
  /// quantities (a line of 4 is 4 items), capped at `Int.max`.
  public var itemCount: Int {
    items.reduce(0) { total, item in
      let (sum, overflow) = total.addingReportingOverflow(item.quantity)
      return overflow ? Int.max : sum
    }
  }
  /// Absent on a placeholder cart.
  public var summary: Summary?

  public init(items: [Item], summary: Summary? = nil) {
    self.items = items
    self.summary = summary
  }

  /// One line of the cart.
  public struct Item: Sendable, Equatable {
    /// Unique within the cart and stable across updates (animations key on it).
    public var id: String
    public var name: String
    /// At least 1.
    public var quantity: Int
    /// Line total before adjustments, in whole currency units.
    public var totalPrice: Decimal
    /// Line total after discounts, in whole currency units; shown beside the struck-through
    /// ``totalPrice`` when the two differ.
    public var totalAdjustedPrice: Decimal?
    /// Shown under the name.
    public var descriptions: [String]
    /// Smaller print, e.g. "This item cannot be shipped."
    public var details: [String]

    public init(
      id: String, name: String, quantity: Int, totalPrice: Decimal, totalAdjustedPrice: Decimal? = nil,
      descriptions: [String] = [], details: [String] = []
    ) {
      self.id = id
      self.name = name
      self.quantity = quantity
      self.totalPrice = totalPrice
      self.totalAdjustedPrice = totalAdjustedPrice
      self.descriptions = descriptions
      self.details = details
    }

    /// The price the customer pays for the line: the adjusted one when given.
    public var payablePrice: Decimal { totalAdjustedPrice ?? totalPrice }

    /// True when the original price must be shown struck through: an adjusted price
    /// that is not the same number (`==`, so `15.0` is `15`).
    public var isAdjusted: Bool {
      guard let totalAdjustedPrice else { return false }
      return !totalAdjustedPrice.isSameValue(as: totalPrice)
    }
  }

  /// Subtotals, adjustments and the total, under the items.
  public struct Summary: Sendable, Equatable {
    public var summaryLines: [LineItem]
    public var footer: String?
    /// In whole currency units.
    public var total: Decimal

    public init(summaryLines: [LineItem], footer: String? = nil, total: Decimal) {
      self.summaryLines = summaryLines
      self.footer = footer
      self.total = total
    }

    /// A labelled line: "Subtotal $15.00", "Shipping Free".
    public struct LineItem: Sendable, Equatable {
      public var label: String
      public var value: Value

      public init(label: String, value: Value) {
        self.label = label
        self.value = value
      }

      /// What a line shows on the right.
      public enum Value: Sendable, Equatable {
        /// Whole currency units, formatted for the locale.
        case amount(Decimal)
        /// Shown verbatim: "Free", "10%".
        case text(String)
      }
    }
  }
}
