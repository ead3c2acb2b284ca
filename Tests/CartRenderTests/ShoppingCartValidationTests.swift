import CartRender
import Foundation
import RenderCore
import Testing

/// The public way to make a cart checks the rules the contract's JSON is checked by.
@Suite struct ShoppingCartValidationTests {
  static let item = ShoppingCart.Item(id: "A", name: "Croissant", quantity: 3, totalPrice: Decimal(825) / 100)

  @Test func validCartIsMadeAsGiven() throws {
    let summary = ShoppingCart.Summary(
      summaryLines: [
        .init(label: "Subtotal", value: .amount(Decimal(825) / 100)), .init(label: "Tax", value: .text("Free")),
      ],
      footer: "Thanks", total: Decimal(825) / 100)
    let cart = try ShoppingCart(items: [Self.item], summary: summary, currency: "USD")
    #expect(cart.items == [Self.item])
    #expect(cart.summary == summary)
  }

  @Test func duplicateIDsAreRefused() {
    #expect(
      throws: DataErrors([
        DataProblem(
          path: JSONPath.root.appending(key: "items").appending(index: 1).appending(key: "id"),
          message: "duplicate item id \"A\" (first at $.items[0])")
      ])
    ) {
      try ShoppingCart(items: [Self.item, Self.item], currency: "USD")
    }
  }

  @Test func everyBrokenRuleIsNamedByItsPath() throws {
    var broken = Self.item
    broken.id = ""
    broken.quantity = 0
    let error = try #require(throws: DataErrors.self) {
      try ShoppingCart(items: [broken], currency: "USD")
    }
    #expect(error.problems.map(\.path.description) == ["$.items[0].id", "$.items[0].quantity"])
  }

  @Test func amountsAreRoundedToTheCurrency() throws {
    var item = Self.item
    item.totalPrice = Decimal(8255) / 1000
    let cart = try ShoppingCart(items: [item], currency: "USD")
    #expect(cart.items.first?.totalPrice == Decimal(826) / 100)
  }
}
