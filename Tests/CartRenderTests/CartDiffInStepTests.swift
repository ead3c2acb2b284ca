import Foundation
import Testing

@testable import CartRender

/// The matcher's walk in step (``CartAlignment``): items matched while both carts are
/// read in order, repeats found among items already matched, ids longer than its keys,
/// runs of changes longer than its window, and fields of identical or shared storage.
@Suite struct CartDiffInStepTests {
  static func cart(_ ids: [String]) -> ShoppingCart { CartDiffMatcherTests.cart(ids) }

  static func expectDuplicates(
    _ old: ShoppingCart, _ new: ShoppingCart, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do throws(CartDiff.DuplicateIDError) {
      _ = try CartDiff(from: old, to: new)
      Issue.record("duplicates were diffed", sourceLocation: sourceLocation)
    } catch {
      #expect(
        error.old.map(\.description) == CartDiffPropertyTests.referenceDuplicates(old), sourceLocation: sourceLocation)
      #expect(
        error.new.map(\.description) == CartDiffPropertyTests.referenceDuplicates(new), sourceLocation: sourceLocation)
      #expect(!(error.old.isEmpty && error.new.isEmpty), sourceLocation: sourceLocation)
    }
  }

  @Test func repeatsAmongItemsMatchedInStepAreReported() {
    let ids = (0..<2000).map { "SKU-\($0)" }
    // The repeat's first item is matched in step; the repeat comes much later.
    Self.expectDuplicates(Self.cart(ids + ["SKU-7"]), Self.cart(ids))
    Self.expectDuplicates(Self.cart(ids), Self.cart(ids + ["SKU-1999", "SKU-0"]))
    // Both items of the repeat follow each other, and the other cart has the id once.
    Self.expectDuplicates(Self.cart(["A", "A", "B"]), Self.cart(["A", "B"]))
    Self.expectDuplicates(Self.cart(["A", "B"]), Self.cart(["A", "B", "B"]))
    // Long ids, equal in their keys' bytes.
    let long = (0..<500).map { "LONG-PREFIX-PRODUCT-\($0)-SAME-TAIL" }
    Self.expectDuplicates(Self.cart(long), Self.cart(long + [long[250], long[3]]))
  }

  @Test func cartsWithoutRepeatsButManyKeysSharingBitsAreDiffed() throws {
    // 40,000 ids: some share the bit set's bits by chance, and none repeats.
    let ids = (0..<40_000).map { "ITEM-\($0 * 7919)" }
    let diff = try CartDiff(from: Self.cart(ids), to: Self.cart(Array(ids.dropFirst()) + ["NEW"]))
    #expect(diff.inserted == ["NEW"] && diff.removed == ["ITEM-0"] && diff.moved.isEmpty && diff.updated.isEmpty)
  }

  @Test func idsLongerThanTheirKeysAreMatchedInStepAndBySorting() throws {
    let ids = (0..<300).map { "LONG-PREFIX-PRODUCT-\($0)-SAME-TAIL" }
    var new = ids
    new.remove(at: 10)
    new.insert(new.remove(at: try #require(new.firstIndex(of: ids[200]))), at: 3)
    new.insert("LONG-PREFIX-PRODUCT-X-SAME-TAIL", at: 50)
    let diff = try CartDiff(from: Self.cart(ids), to: Self.cart(new))
    #expect(diff.inserted == ["LONG-PREFIX-PRODUCT-X-SAME-TAIL"])
    #expect(diff.removed == [ids[10]])
    #expect(diff.moved == [ids[200]])
    #expect(diff.updated.isEmpty)
  }

  @Test func runsOfChangesLongerThanTheWindowAreMatched() throws {
    let ids = (0..<100).map { "I\($0)" }
    // 30 items removed, then 30 inserted, then the rest in order, then a block moved.
    let new = Array(ids[30..<60]) + (0..<30).map { "N\($0)" } + Array(ids[70...]) + Array(ids[60..<70])
    let diff = try CartDiff(from: Self.cart(ids), to: Self.cart(new))
    #expect(diff.removed == Array(ids[0..<30]))
    #expect(diff.inserted == (0..<30).map { "N\($0)" })
    #expect(diff.moved == Array(ids[60..<70]))
    #expect(diff.updated.isEmpty)
  }

  @Test func everyItemChangedInStepOrOutOfIt() throws {
    let ids = (0..<500).map { "SKU-\($0)" }
    let old = Self.cart(ids)
    var new = old
    for index in new.items.indices {
      new.items[index].name += " (new)"
      new.items[index].totalPrice += 1
    }
    new.items.reverse()
    let diff = try CartDiff(from: old, to: new)
    #expect(diff.updated.count == 500 && diff.updated.allSatisfy { $0.fields == [.totalPrice, .name] })
    #expect(diff.updated.map(\.id) == ids.reversed())
    #expect(diff.moved.count == 499)
  }

  @Test func emptyCartsOnEitherSide() throws {
    let empty = ShoppingCart(items: [])
    #expect(try CartDiff(from: empty, to: empty).isEmpty)
    #expect(try CartDiff(from: empty, to: Self.cart(["A", "B"])).inserted == ["A", "B"])
    #expect(try CartDiff(from: Self.cart(["A", "B"]), to: empty).removed == ["A", "B"])
    Self.expectDuplicates(empty, Self.cart(["A", "A"]))
    Self.expectDuplicates(Self.cart(["A", "A"]), empty)
  }

  @Test func fieldsInDifferentStorageAreComparedByValue() throws {
    let name = "A reasonably long product name, over fifteen bytes"
    let old = ShoppingCart.Item(
      id: "A", name: name, quantity: 1, totalPrice: 1, descriptions: ["Size M", "Colour: a long blue colour"],
      details: ["x"])
    var same = old
    // Equal values in storage of their own: not a change.
    same.name = String(decoding: Array(name.utf8), as: UTF8.self)
    same.descriptions = old.descriptions.map { String(decoding: Array($0.utf8), as: UTF8.self) } + []
    same.details = ["x"] + []
    // Canonically equivalent names of other bytes, as Swift's `==` has it.
    var equivalent = old
    equivalent.name = "Caf\u{E9} with a reasonably long product name"
    var decomposed = old
    decomposed.name = "Cafe\u{301} with a reasonably long product name"
    #expect(try CartDiff(from: ShoppingCart(items: [old]), to: ShoppingCart(items: [same])).isEmpty)
    #expect(try CartDiff(from: ShoppingCart(items: [equivalent]), to: ShoppingCart(items: [decomposed])).isEmpty)
    var changed = same
    changed.descriptions[1] += "!"
    changed.details = []
    let diff = try CartDiff(from: ShoppingCart(items: [old]), to: ShoppingCart(items: [changed]))
    #expect(diff.updated == [CartDiff.Update(id: "A", fields: [.descriptions, .details])])
  }
}
