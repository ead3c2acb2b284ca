import CartRender
import Foundation
import RenderCore

/// A cart of `count` items with discounts on every third one, like a busy checkout.
func generatedCart(_ count: Int) -> ShoppingCart {
  let items = (0..<count).map { index in
    ShoppingCart.Item(
      id: "SKU-\(index)", name: "Item number \(index) with a reasonably long product name", quantity: 1 + index % 5,
      totalPrice: Decimal(1000 + index) / 100, totalAdjustedPrice: index % 3 == 0 ? Decimal(900 + index) / 100 : nil,
      descriptions: ["Size M", "Colour: blue"], details: index % 7 == 0 ? ["This item cannot be shipped."] : [])
  }
  return ShoppingCart(
    items: items,
    summary: .init(
      summaryLines: [
        .init(label: "Subtotal", value: .amount(Decimal(count) * 10)), .init(label: "Tax", value: .text("10%")),
      ],
      footer: "Thank you for shopping with us.", total: Decimal(count) * 11))
}

/// The seeds' one-item cart (`examples/cart-hair-spray.json`).
func seedCart() -> ShoppingCart {
  ShoppingCart(
    items: [
      .init(
        id: "HRSP-M-UN-11-001", name: "Hair Spray", quantity: 4, totalPrice: 20, totalAdjustedPrice: 15,
        descriptions: ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"], details: ["This item cannot be shipped."])
    ],
    summary: .init(
      summaryLines: [
        .init(label: "Subtotal", value: .amount(15)), .init(label: "Coupon Code: NY2OFF", value: .amount(-2)),
        .init(label: "Shipping", value: .text("Free")), .init(label: "Tax", value: .text("10%")),
      ], footer: "Thank you for shopping with us.", total: Decimal(string: "14.30") ?? 0))
}

/// SplitMix64, so every run diffs the same pairs.
struct BenchRandom {
  var state: UInt64

  mutating func below(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// `cart` after an update touching `changedPercent` % of its items, a quarter each:
/// removed, inserted (new ids), moved elsewhere, quantity changed; at seeded places.
func updatedCart(_ cart: ShoppingCart, changedPercent: Int, seed: UInt64) -> ShoppingCart {
  var random = BenchRandom(state: seed)
  let old = cart.items
  let changes = max(1, old.count * changedPercent / 100)
  var touched = Set<Int>()
  var removed = Set<Int>()
  var moved: [Int] = []
  var requantified = Set<Int>()
  var arriving: [ShoppingCart.Item] = []
  for change in 0..<changes {
    if change % 4 == 1 {
      arriving.append(.init(id: "NEW-\(change)", name: "New item \(change)", quantity: 1, totalPrice: 5))
      continue
    }
    var index = random.below(old.count)
    while touched.contains(index) && touched.count < old.count { index = random.below(old.count) }
    touched.insert(index)
    switch change % 4 {
    case 0: removed.insert(index)
    case 2: moved.append(index)
    default: requantified.insert(index)
    }
  }
  let leaving = removed.union(moved)
  var staying: [ShoppingCart.Item] = []
  for index in old.indices where !leaving.contains(index) {
    var item = old[index]
    if requantified.contains(index) { item.quantity += 1 }
    staying.append(item)
  }
  // Moved and new items go before a seeded position among the staying ones.
  let placed = (moved.map { old[$0] } + arriving).map { (before: random.below(staying.count + 1), item: $0) }
  var extras = placed.enumerated().sorted { ($0.element.before, $0.offset) < ($1.element.before, $1.offset) }
    .map(\.element)
  extras.reverse()
  var items: [ShoppingCart.Item] = []
  items.reserveCapacity(staying.count + extras.count)
  for (position, item) in staying.enumerated() {
    while let next = extras.last, next.before <= position { items.append(extras.removeLast().item) }
    items.append(item)
  }
  items += extras.reversed().map(\.item)
  var updated = cart
  updated.items = items
  return updated
}

/// The same cart with every item's storage copied, as two decoded files would be: a
/// diff cannot take the shortcut of comparing a string's storage with itself.
func unshared(_ cart: ShoppingCart) -> ShoppingCart {
  var copy = cart
  copy.items = cart.items.map { item in
    var fresh = item
    fresh.id = String(decoding: Array(item.id.utf8), as: UTF8.self)
    fresh.name = String(decoding: Array(item.name.utf8), as: UTF8.self)
    fresh.descriptions = item.descriptions.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    fresh.details = item.details.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    return fresh
  }
  return copy
}
