import Foundation
import RenderCore
import Testing

@testable import CartRender

/// The cart rules a merchant's mistake meets first: `null` is not an absent member, an
/// amount too close to zero for `Decimal` is rounded like any amount with extra decimal
/// places, and a quantity is a whole number however JSON spells it.
@Suite struct MerchantInputRulesTests {
  func decoded(_ text: String, currency: String = "USD") throws -> (ShoppingCart, [String]) {
    var warnings: [DataProblem] = []
    let cart = try ShoppingCart(json: try JSONParser.parse(Array(text.utf8)), currency: currency, warnings: &warnings)
    return (cart, warnings.map(\.description))
  }

  @Test func nullIsRefusedWhereAnOptionalMemberWouldBeLeftOut() {
    let json = """
      {"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": 5.00, "totalAdjustedPrice": null,
        "descriptions": null, "details": null}],
       "summary": null}
      """
    #expect(
      Fixtures.problems(json) == [
        "cart.json: $.items[0].totalAdjustedPrice: expected an amount (a JSON number), found null",
        "cart.json: $.items[0].descriptions: expected an array of strings, found null",
        "cart.json: $.items[0].details: expected an array of strings, found null",
        "cart.json: $.summary: expected an object, found null",
      ])
    let summary = #"{"items": [], "summary": {"summaryLines": null, "footer": null, "total": 1}}"#
    #expect(
      Fixtures.problems(summary) == [
        "cart.json: $.summary.summaryLines: expected an array of summary lines, found null",
        "cart.json: $.summary.footer: expected a string, found null",
      ])
  }

  @Test(arguments: ["5e-324", "1e-129", "-1e-129", "0.\(String(repeating: "0", count: 200))1", "1.5e-999"])
  func anAmountCloserToZeroThanDecimalHoldsIsRoundedWithAWarning(_ literal: String) throws {
    let (cart, warnings) = try decoded(
      #"{"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": \#(literal)}]}"#)
    #expect(cart.items.first?.totalPrice == 0)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("$.items[0].totalPrice: warning: ") == true)
    #expect(warnings.first?.hasSuffix("decimal places, USD has 2; shown rounded") == true)
  }

  /// Literals `Decimal(string:)` alone refuses although `Decimal` holds their value: a
  /// zero with an exponent below -128, and trailing zeros that bring one back in range.
  @Test(arguments: [
    ("0e-200", Decimal(0), false), ("-0.0e-500", 0, false), ("0.\(String(repeating: "0", count: 300))", 0, false),
    ("1234\(String(repeating: "0", count: 100))e-102", Decimal(string: "12.34"), false),
    ("100e-130", 0, true), ("5\(String(repeating: "0", count: 30))e-140", 0, true),
  ])
  func anAmountDecimalHoldsIsReadHoweverItsExponentIsWritten(_ literal: String, _ expected: Decimal?, _ warns: Bool)
    throws
  {
    let (cart, warnings) = try decoded(
      #"{"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": \#(literal)}]}"#)
    #expect(cart.items.first?.totalPrice == expected)
    #expect(warnings.count == (warns ? 1 : 0))
  }

  @Test func aZeroQuantityWithAnExponentIsOutOfRangeNotANonNumber() {
    #expect(
      Fixtures.problems(#"{"items": [{"id": "A", "name": "Tea", "quantity": 0e-200, "totalPrice": 5}]}"#) == [
        "cart.json: $.items[0].quantity: must be between 1 and 1000000000, found 0e-200"
      ])
  }

  @Test func theTinyAmountsWarningCountsTheirPlaces() throws {
    let (_, warnings) = try decoded(#"{"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": 1e-129}]}"#)
    #expect(warnings == ["$.items[0].totalPrice: warning: 129 decimal places, USD has 2; shown rounded"])
  }

  @Test(arguments: [("62", 62), ("62.0", 62), ("6.2e1", 62), ("620e-1", 62), ("62.000", 62), ("1e9", 1_000_000_000)])
  func aQuantityIsAWholeNumberHoweverJSONWritesIt(_ literal: String, _ expected: Int) throws {
    let (cart, warnings) = try decoded(
      #"{"items": [{"id": "A", "name": "Tea", "quantity": \#(literal), "totalPrice": 5}]}"#)
    #expect(cart.items.first?.quantity == expected)
    #expect(warnings.isEmpty)
  }

  @Test func aQuantityWithAFractionIsRefusedSayingWhatCounts() {
    func problems(_ literal: String) -> [String] {
      Fixtures.problems(#"{"items": [{"id": "A", "name": "Tea", "quantity": \#(literal), "totalPrice": 5}]}"#)
    }
    let whole = "(62, 62.0 and 6.2e1 are all 62)"
    #expect(problems("62.5") == ["cart.json: $.items[0].quantity: expected a whole number \(whole), found 62.5"])
    #expect(problems("1e-400") == ["cart.json: $.items[0].quantity: expected a whole number \(whole), found 1e-400"])
    #expect(problems("1e10") == ["cart.json: $.items[0].quantity: must be between 1 and 1000000000, found 1e10"])
    #expect(
      problems("99999999999999999999999") == [
        "cart.json: $.items[0].quantity: must be between 1 and 1000000000, found 99999999999999999999999"
      ])
    #expect(problems("0.0") == ["cart.json: $.items[0].quantity: must be between 1 and 1000000000, found 0.0"])
  }
}
