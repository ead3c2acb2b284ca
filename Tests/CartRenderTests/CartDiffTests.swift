import Foundation
import RenderCore
import Testing

@testable import CartRender

/// Carts whose items are named by their ids, for diff tests.
enum DiffCarts {
  static func item(_ id: String, quantity: Int = 1, price: Decimal = 1) -> ShoppingCart.Item {
    ShoppingCart.Item(id: id, name: "Item \(id)", quantity: quantity, totalPrice: price)
  }

  static func cart(_ ids: String, total: Decimal? = nil) -> ShoppingCart {
    ShoppingCart(
      items: ids.split(separator: " ").map { item(String($0)) },
      summary: total.map { ShoppingCart.Summary(summaryLines: [], total: $0) })
  }
}

@Suite struct CartDiffTests {
  func diff(_ old: String, _ new: String) throws -> CartDiff {
    try CartDiff(from: DiffCarts.cart(old), to: DiffCarts.cart(new))
  }

  @Test func rotationMovesOnlyTheFirstItem() throws {
    let diff = try diff("A B C D", "B C D A")
    #expect(diff.moved == ["A"])
    #expect(diff.inserted.isEmpty && diff.removed.isEmpty && diff.updated.isEmpty)
    #expect(!diff.summaryChanged && !diff.totalChanged)
  }

  @Test func rotationTheOtherWayMovesOnlyTheLastItem() throws {
    #expect(try diff("A B C D", "D A B C").moved == ["D"])
  }

  @Test func swappingNeighboursMovesOne() throws {
    #expect(try diff("A B C D", "A C B D").moved.count == 1)
    #expect(try diff("A B", "B A").moved.count == 1)
  }

  @Test func allReversedKeepsOneInPlace() throws {
    let ids = (0..<50).map { "I\($0)" }
    let diff = try CartDiff(
      from: DiffCarts.cart(ids.joined(separator: " ")), to: DiffCarts.cart(ids.reversed().joined(separator: " ")))
    #expect(diff.moved.count == 49)
    // New order, and exactly one item stays.
    let stayed = Set(ids).subtracting(diff.moved)
    #expect(stayed.count == 1)
    #expect(diff.moved == ids.reversed().filter { !stayed.contains($0) })
  }

  @Test func emptyToFullInsertsEverythingInNewOrder() throws {
    let diff = try CartDiff(from: ShoppingCart(items: []), to: DiffCarts.cart("C A B", total: 3))
    #expect(diff.inserted == ["C", "A", "B"])
    #expect(diff.removed.isEmpty && diff.moved.isEmpty && diff.updated.isEmpty)
    #expect(diff.summaryChanged)  // a summary appeared
    #expect(diff.totalChanged)
  }

  @Test func fullToEmptyRemovesEverythingInOldOrder() throws {
    let diff = try CartDiff(from: DiffCarts.cart("C A B", total: 3), to: ShoppingCart(items: []))
    #expect(diff.removed == ["C", "A", "B"])
    #expect(diff.inserted.isEmpty && diff.moved.isEmpty && diff.updated.isEmpty)
    #expect(diff.summaryChanged && diff.totalChanged)
  }

  @Test func sameCartTwiceHasNoChanges() throws {
    let cart = try Fixtures.cart("cart-hair-spray.json")
    let diff = try CartDiff(from: cart, to: cart)
    #expect(diff.isEmpty)
    #expect(JSONOutput.render(diff.json, scalarArraysInline: true) == Self.noChangesJSON)
  }

  static let noChangesJSON = """
    {
      "inserted": [],
      "removed": [],
      "moved": [],
      "updated": [],
      "summaryChanged": false,
      "totalChanged": false
    }

    """

  @Test func onlyAPriceChanged() throws {
    var old = try Fixtures.cart("cart-hair-spray.json")
    old.items.append(DiffCarts.item("B"))
    var new = old
    new.items[1].totalPrice = 2
    let diff = try CartDiff(from: old, to: new)
    #expect(diff.updated == [CartDiff.Update(id: "B", fields: [.totalPrice])])
    #expect(diff.inserted.isEmpty && diff.removed.isEmpty && diff.moved.isEmpty)
    #expect(!diff.summaryChanged && !diff.totalChanged)
  }

  @Test func sameAmountWrittenDifferentlyIsNotAChange() throws {
    let old = ShoppingCart(
      items: [.init(id: "A", name: "A", quantity: 1, totalPrice: Decimal(string: "15.0") ?? 0)],
      summary: .init(summaryLines: [.init(label: "Tax", value: .amount(Decimal(string: "1.50") ?? 0))], total: 14.3))
    let new = ShoppingCart(
      items: [.init(id: "A", name: "A", quantity: 1, totalPrice: 15)],
      summary: .init(
        summaryLines: [.init(label: "Tax", value: .amount(Decimal(string: "1.5") ?? 0))],
        total: Decimal(string: "14.30") ?? 0))
    #expect(try CartDiff(from: old, to: new).isEmpty)
  }

  @Test func everyFieldIsNamedInTheFixedOrder() throws {
    let old = ShoppingCart(items: [.init(id: "A", name: "A", quantity: 1, totalPrice: 1)])
    let new = ShoppingCart(items: [
      .init(
        id: "A", name: "B", quantity: 2, totalPrice: 3, totalAdjustedPrice: 2, descriptions: ["d"], details: ["x"])
    ])
    let fields = try CartDiff(from: old, to: new).updated.first?.fields
    #expect(fields == [.quantity, .totalPrice, .totalAdjustedPrice, .name, .descriptions, .details])
    #expect(fields?.map(\.rawValue) == CartDiff.Field.allCases.map(\.rawValue))
  }

  @Test func summaryAndTotalAreTrackedApart() throws {
    let lines: [ShoppingCart.Summary.LineItem] = [.init(label: "Shipping", value: .text("Free"))]
    let old = ShoppingCart(items: [], summary: .init(summaryLines: lines, footer: "Thanks", total: 10))
    var footerOnly = old
    footerOnly.summary?.footer = "Thank you"
    var totalOnly = old
    totalOnly.summary?.total = 11
    var textValue = old
    textValue.summary?.summaryLines = [.init(label: "Shipping", value: .text("$5"))]
    #expect(try CartDiff(from: old, to: footerOnly).summaryChanged)
    #expect(try !CartDiff(from: old, to: footerOnly).totalChanged)
    #expect(try !CartDiff(from: old, to: totalOnly).summaryChanged)
    #expect(try CartDiff(from: old, to: totalOnly).totalChanged)
    #expect(try CartDiff(from: old, to: textValue).summaryChanged)
  }

  @Test func movedAndUpdatedIsListedInBoth() throws {
    let old = DiffCarts.cart("A B C")
    var new = DiffCarts.cart("B C A")
    new.items[2].quantity = 3
    let diff = try CartDiff(from: old, to: new)
    #expect(diff.moved == ["A"])
    #expect(diff.updated == [.init(id: "A", fields: [.quantity])])
  }

  @Test func listsFollowTheNewOrderAndRemovedTheOld() throws {
    var old = DiffCarts.cart("R1 A B R2 C R3")
    var new = DiffCarts.cart("N1 C B N2 A")
    old.items[1].quantity = 5  // A
    new.items[1].name = "Renamed"  // C
    let diff = try CartDiff(from: old, to: new)
    #expect(diff.inserted == ["N1", "N2"])
    #expect(diff.removed == ["R1", "R2", "R3"])
    #expect(diff.moved.count == 2)
    #expect(diff.updated.map(\.id) == ["C", "A"])
  }

  @Test func duplicateIDsOnEitherSideAreRefusedWithTheContractLine() {
    let duplicated = DiffCarts.cart("A B A")
    #expect(
      duplicated.duplicateIDProblems.map(\.description) == [
        #"$.items[2].id: duplicate item id "A" (first at $.items[0])"#
      ]
    )
    #expect(throws: CartDiff.DuplicateIDError.self) { try CartDiff(from: duplicated, to: DiffCarts.cart("A")) }
    do {
      _ = try CartDiff(from: DiffCarts.cart("X Y X"), to: DiffCarts.cart("B B"))
      Issue.record("duplicates were diffed")
    } catch {
      #expect(
        error.lines(oldFile: "old.json", newFile: "new.json") == [
          #"old.json: $.items[2].id: duplicate item id "X" (first at $.items[0])"#,
          #"new.json: $.items[1].id: duplicate item id "B" (first at $.items[0])"#,
        ])
    }
  }

  @Test func theSameDuplicateInBothCartsIsReportedForBoth() {
    #expect(
      throws: CartDiff.DuplicateIDError(
        old: DiffCarts.cart("A A").duplicateIDProblems, new: DiffCarts.cart("B A A").duplicateIDProblems)
    ) {
      try CartDiff(from: DiffCarts.cart("A A"), to: DiffCarts.cart("B A A"))
    }
    #expect(
      DiffCarts.cart("B A A").duplicateIDProblems.map(\.description) == [
        #"$.items[2].id: duplicate item id "A" (first at $.items[1])"#
      ])
  }

  @Test func jsonHasTheContractShapeAndOrder() throws {
    var old = DiffCarts.cart("A B C D", total: 4)
    old.items[3].quantity = 2
    let new = DiffCarts.cart("E B C D A", total: 5)
    let json = JSONOutput.render(try CartDiff(from: old, to: new).json, scalarArraysInline: true)
    #expect(
      json == """
        {
          "inserted": ["E"],
          "removed": [],
          "moved": ["A"],
          "updated": [
            {
              "id": "D",
              "fields": ["quantity"]
            }
          ],
          "summaryChanged": false,
          "totalChanged": true
        }

        """)
  }

  @Test(arguments: [
    ([], []),
    ([5], [0]),
    ([3, 1, 2], [1, 2]),
    ([1, 2, 3, 0], [0, 1, 2]),
    ([3, 2, 1, 0], [3]),
    ([0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15], [0, 4, 6, 9, 13, 15]),
  ])
  func longestIncreasingSubsequence(_ values: [Int], _ expected: [Int]) {
    defer {
      // Negative entries (items in one cart only) are skipped, not counted.
      let padded = values.flatMap { [-1, $0] }
      #expect(CartDiff.longestIncreasingSubsequence(padded) == expected.map { 2 * $0 + 1 })
    }
    let indexes = CartDiff.longestIncreasingSubsequence(values)
    #expect(indexes == expected)
    #expect(zip(indexes, indexes.dropFirst()).allSatisfy { values[$0] < values[$1] })
  }
}

/// The matcher's edge cases against a brute-force reference: ids that share the matcher's
/// keys (length, first and last bytes), ids that differ only by canonical equivalence or
/// a NUL byte, carts large enough for many buckets, reversed and fully changed carts.
@Suite struct CartDiffMatcherTests {
  /// Inserted, removed and kept ids by byte comparison, as the contract has them.
  static func reference(_ old: [String], _ new: [String]) -> (inserted: [String], removed: [String]) {
    let oldBytes = Set(old.map { Array($0.utf8) })
    let newBytes = Set(new.map { Array($0.utf8) })
    return (new.filter { !oldBytes.contains(Array($0.utf8)) }, old.filter { !newBytes.contains(Array($0.utf8)) })
  }

  static func cart(_ ids: [String]) -> ShoppingCart { ShoppingCart(items: ids.map { DiffCarts.item($0) }) }

  static let awkwardIDs: [String] = {
    var ids: [String] = []
    for index in 0..<300 {
      ids.append("LONG-PREFIX-PRODUCT-\(index)-SAME-TAIL")  // long, first and last eight bytes shared
      ids.append("ABCDEFGH\(index)STUVWXYZ")  // 16 to 19 bytes, head and tail shared
      ids.append("\u{0}\(index)")
      ids.append(index.isMultiple(of: 2) ? "é\(index)" : "e\u{301}\(index)")
      ids.append(String(repeating: "x", count: index % 40))
    }
    var seen = Set<[UInt8]>()
    return ids.filter { seen.insert(Array($0.utf8)).inserted }
  }()

  @Test func idsSharingKeysAreMatchedByTheirBytes() throws {
    var random = SplitMix64(seed: 0x1D5)
    let old = Self.awkwardIDs
    var new =
      old.filter { _ in !random.chance(10) } + ["e\u{301}0", "é1", "\u{0}\u{0}1", "LONG-PREFIX-PRODUCT-X-SAME-TAIL"]
    random.shuffle(&new)
    let diff = try CartDiff(from: Self.cart(old), to: Self.cart(new))
    let expected = Self.reference(old, new)
    #expect(diff.inserted == expected.inserted)
    #expect(diff.removed == expected.removed)
    #expect(diff.inserted.contains("e\u{301}0") && diff.inserted.contains("é1"))
    let kept = new.count - expected.inserted.count
    #expect(
      diff.moved.count == kept
        - CartDiffPropertyTests.referenceLISLength(
          new.compactMap { id in old.firstIndex { Array($0.utf8) == Array(id.utf8) } }))
  }

  @Test func repeatsOfIDsSharingKeysAreAllReported() {
    let old = Self.awkwardIDs + [Self.awkwardIDs[0], Self.awkwardIDs[6], Self.awkwardIDs[0]]
    let cart = Self.cart(old)
    do throws(CartDiff.DuplicateIDError) {
      _ = try CartDiff(from: cart, to: Self.cart(["A"]))
      Issue.record("duplicates were diffed")
    } catch {
      #expect(error.old.map(\.description) == CartDiffPropertyTests.referenceDuplicates(cart))
      #expect(error.old.count == 3 && error.new.isEmpty)
    }
  }

  @Test func largeCartsReversedOrAllChanged() throws {
    let ids = (0..<3000).map { "SKU-\($0)" }
    let reversed = try CartDiff(from: Self.cart(ids), to: Self.cart(ids.reversed()))
    #expect(reversed.moved.count == 2999 && reversed.inserted.isEmpty && reversed.removed.isEmpty)
    let old = Self.cart(ids)
    var new = old
    for index in new.items.indices { new.items[index].quantity += 1 }
    let allChanged = try CartDiff(from: old, to: new)
    #expect(allChanged.updated.count == 3000 && allChanged.updated.allSatisfy { $0.fields == [.quantity] })
    #expect(allChanged.moved.isEmpty)
    let replaced = try CartDiff(from: old, to: Self.cart(ids.map { $0 + "-B" }))
    #expect(replaced.inserted.count == 3000 && replaced.removed == ids && replaced.moved.isEmpty)
    #expect(try CartDiff(from: ShoppingCart(items: []), to: ShoppingCart(items: [])).isEmpty)
  }
}
