import Foundation
import RenderCore

/// The cart the merchant's app shares with `updateShoppingCart(_:)`. Every update
/// replaces the whole cart; items keep their `id` across updates.
///
/// A cart that exists is valid: a library user makes one with
/// ``init(items:summary:currency:)`` or from the contract's JSON
/// (``init(jsonUTF8:currency:)``), both checking the contract's rules (ids present and
/// unique, names present, quantities from 1, finite amounts, at most 10,000 items), and
/// cannot change it afterwards.
public struct ShoppingCart: Sendable, Equatable {
  /// In display order. Empty shows the placeholder screen.
  public package(set) var items: [Item]

  /// How many items the cart holds, as its heading counts them: the sum of the lines'
  /// quantities (a line of 4 is 4 items), capped at `Int.max`.
  package var itemCount: Int {
    items.reduce(0) { total, item in
      let (sum, overflow) = total.addingReportingOverflow(item.quantity)
      return overflow ? Int.max : sum
    }
  }
  /// Absent on a placeholder cart.
  public package(set) var summary: Summary?

  /// A cart of values the package has already checked (decoded JSON, tests): no rule
  /// is checked here.
  package init(items: [Item], summary: Summary? = nil) {
    self.items = items
    self.summary = summary
  }

  /// One line of the cart, checked when a cart is made of it.
  public struct Item: Sendable, Equatable {
    /// Unique within the cart and stable across updates (animations key on it); not empty.
    public var id: String
    /// The product's name, shown as given; not empty.
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

    /// An item; ``ShoppingCart/init(items:summary:currency:)`` checks it.
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
    package var payablePrice: Decimal { totalAdjustedPrice ?? totalPrice }

    /// True when the original price must be shown struck through: an adjusted price
    /// that is not the same number (`==`, so `15.0` is `15`).
    package var isAdjusted: Bool {
      guard let totalAdjustedPrice else { return false }
      return !totalAdjustedPrice.isSameValue(as: totalPrice)
    }
  }

  /// Subtotals, adjustments and the total, under the items.
  public struct Summary: Sendable, Equatable {
    /// Subtotals and adjustments, in display order.
    public var summaryLines: [LineItem]
    /// Small print under the total ("See you tomorrow!").
    public var footer: String?
    /// In whole currency units.
    public var total: Decimal

    /// A summary; ``ShoppingCart/init(items:summary:currency:)`` checks it.
    public init(summaryLines: [LineItem], footer: String? = nil, total: Decimal) {
      self.summaryLines = summaryLines
      self.footer = footer
      self.total = total
    }

    /// A labelled line: "Subtotal $15.00", "Shipping Free".
    public struct LineItem: Sendable, Equatable {
      /// "Subtotal", "Shipping"; not empty.
      public var label: String
      /// An amount or verbatim text.
      public var value: Value

      /// A line; ``ShoppingCart/init(items:summary:currency:)`` checks it.
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
