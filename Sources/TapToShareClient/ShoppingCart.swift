import Foundation

/// The cart the customer sees: the seeds' `ShoppingCart`, as ``CustomerSession/updateShoppingCart(_:)``
/// sends it (the contract's cart JSON).
///
/// Amounts are `Decimal`s in whole currency units of the session's currency (`15.00` is
/// $15.00), sent with their exact digits. Every update replaces the whole cart; an empty
/// cart shows the placeholder. The relay checks the cart (ids unique and stable, names
/// not empty, quantities from 1, at most 10,000 items, …; docs/CONTRACT-EXTENSIONS.md) and
/// refuses a bad one as ``CustomerSessionError/invalidRequest(problems:)``, every problem
/// with its path (`$.cart.items[1].id: …`).
public struct ShoppingCart: Sendable, Hashable {
  /// The lines of the cart, in the order shown.
  public var items: [Item]
  /// The totals below the items; absent on a placeholder cart.
  public var summary: Summary?

  /// A cart of `items` (in the order shown) and its `summary`.
  public init(items: [Item], summary: Summary? = nil) {
    self.items = items
    self.summary = summary
  }

  /// One line of the cart.
  public struct Item: Sendable, Hashable {
    /// Unique within the cart, and the same for the same product in later updates, so
    /// the customer's screen can animate a changed quantity or price.
    public var id: String
    /// The product's name, not empty.
    public var name: String
    /// How many, from 1.
    public var quantity: Int
    /// The line's total before adjustments, in whole currency units.
    public var totalPrice: Decimal
    /// The line's total after discounts, in whole currency units; when it differs from
    /// ``totalPrice`` both are shown, the original struck through.
    public var totalAdjustedPrice: Decimal?
    /// Lines shown under the name ("Unscented, 11 oz").
    public var descriptions: [String]
    /// Smaller print ("This item cannot be shipped.").
    public var details: [String]

    /// A line of `quantity` × the product `id` named `name`; prices in whole currency units.
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
  }

  /// The totals below the items.
  public struct Summary: Sendable, Hashable {
    /// Labelled lines above the total (subtotal, coupons, shipping, tax).
    public var summaryLines: [LineItem]
    /// A line of text below the total.
    public var footer: String?
    /// The amount due, in whole currency units.
    public var total: Decimal

    /// Lines, an optional footer, and the total in whole currency units.
    public init(summaryLines: [LineItem], footer: String? = nil, total: Decimal) {
      self.summaryLines = summaryLines
      self.footer = footer
      self.total = total
    }

    /// One labelled line of the summary: an amount, formatted for the customer, or text
    /// shown verbatim ("Free", "10%").
    public struct LineItem: Sendable, Hashable {
      /// The line's label ("Subtotal").
      public var label: String
      /// An amount (`.amount`, whole currency units) or text (`.text`).
      public var value: Value

      /// A line whose value is an amount in whole currency units (negative for a discount).
      public init(label: String, value: Decimal) {
        self.label = label
        self.value = .amount(value)
      }

      /// A line whose value is shown verbatim ("Free", "10%").
      public init(label: String, value: String) {
        self.label = label
        self.value = .text(value)
      }

      /// A summary line's value: a JSON number or a JSON string on the wire.
      public enum Value: Sendable, Hashable {
        /// An amount in whole currency units, formatted for the customer's locale.
        case amount(Decimal)
        /// Text shown as it is.
        case text(String)
      }
    }
  }
}

extension ShoppingCart {
  /// The contract's cart JSON, `$.cart` of the call. Optional members that are absent
  /// are left out (never `null`); empty `descriptions` and `details` too.
  /// - Throws: ``CustomerSessionError/invalidRequest(problems:)`` for an amount that is
  ///   not a number (`Decimal.nan`), which JSON cannot carry.
  func json() throws(CustomerSessionError) -> JSONText {
    var problems: [String] = []
    func amount(_ value: Decimal, _ path: String) -> JSONText {
      guard let number = JSONText.number(value) else {
        problems.append("\(path): not a number (NaN); an amount is a finite Decimal")
        return .null
      }
      return number
    }
    let items = items.enumerated().map { index, item -> JSONText in
      let path = "$.cart.items[\(index)]"
      var members: [(String, JSONText)] = [
        ("id", .string(item.id)), ("name", .string(item.name)), ("quantity", .integer(item.quantity)),
        ("totalPrice", amount(item.totalPrice, path + ".totalPrice")),
      ]
      if let adjusted = item.totalAdjustedPrice {
        members.append(("totalAdjustedPrice", amount(adjusted, path + ".totalAdjustedPrice")))
      }
      if !item.descriptions.isEmpty { members.append(("descriptions", .array(item.descriptions.map(JSONText.string)))) }
      if !item.details.isEmpty { members.append(("details", .array(item.details.map(JSONText.string)))) }
      return .object(members)
    }
    var members: [(String, JSONText)] = [("items", .array(items))]
    if let summary {
      let lines = summary.summaryLines.enumerated().map { index, line -> JSONText in
        let value: JSONText =
          switch line.value {
          case .amount(let number): amount(number, "$.cart.summary.summaryLines[\(index)].value")
          case .text(let text): .string(text)
          }
        return .object([("label", .string(line.label)), ("value", value)])
      }
      var summaryMembers: [(String, JSONText)] = [("summaryLines", .array(lines))]
      if let footer = summary.footer { summaryMembers.append(("footer", .string(footer))) }
      summaryMembers.append(("total", amount(summary.total, "$.cart.summary.total")))
      members.append(("summary", .object(summaryMembers)))
    }
    guard problems.isEmpty else { throw .invalidRequest(problems: problems) }
    return .object(members)
  }
}
