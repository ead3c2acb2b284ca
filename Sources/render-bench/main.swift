import CartRender
import Foundation
import RenderCore

// Prints the median time per render (microseconds) for the seed cart and generated
// carts of 10, 100 and 1,000 items, HTML and text, in en-US and ar-EG; the CPU time of a
// CartDiff between carts of 10, 1,000 and 100,000 items and an update changing 10 % of
// them, with how the 100,000-item figure grows against n log n; then the peak memory.
// Run in release mode: `swift run -c release render-bench`.
// Figures, not pass/fail: speed targets are read here, never asserted in tests.

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

/// Median of `samples` timings of `body`, in microseconds.
func medianMicroseconds(samples: Int, _ body: () -> Int) -> Double {
  var sink = 0
  var timings: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<samples {
    let elapsed = clock.measure { sink &+= body() }
    timings.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
  }
  if sink == -1 { print("") }  // keeps the work from being optimised away
  timings.sort()
  return timings[timings.count / 2]
}

/// Median and fastest of `samples` measurements of `body` run `repeats` times, in
/// microseconds of this thread's CPU time per run. Unlike the wall clock it does not
/// count the time other processes had the CPU; the fastest sample is the one least
/// disturbed by them sharing the caches.
func cpuMicroseconds(samples: Int, repeats: Int, _ body: () -> Int) -> (median: Double, fastest: Double) {
  func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }
  var sink = 0
  var measured: [Double] = []
  for _ in 0..<samples {
    let start = now()
    for _ in 0..<repeats { sink &+= body() }
    measured.append((now() - start) / Double(repeats))
  }
  if sink == -1 { print("") }  // keeps the work from being optimised away
  measured.sort()
  return (measured[measured.count / 2], measured[0])
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

let configuration = SessionConfiguration(
  currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy", storeName: "Oakbrook Mall",
  deviceName: "Emily")
let carts: [(String, ShoppingCart)] =
  [("seed", seedCart())] + [10, 100, 1000].map { ("\($0) items", generatedCart($0)) }

print("render-bench: median microseconds per render")
print("cart".padding(toLength: 12, withPad: " ", startingAt: 0) + "locale  format  median µs")
for locale in ["en-US", "ar-EG"] {
  let context = RenderContext(configuration: configuration, localeTag: locale)
  for (name, cart) in carts {
    let samples = cart.items.count >= 1000 ? 15 : 101
    let html = medianMicroseconds(samples: samples) { CartHTML.render(cart, context: context).utf8.count }
    let text = medianMicroseconds(samples: samples) { CartText.render(cart, context: context).utf8.count }
    for (format, value) in [("html", html), ("text", text)] {
      let label = name.padding(toLength: 12, withPad: " ", startingAt: 0)
      print(
        label + locale + "   " + format.padding(toLength: 8, withPad: " ", startingAt: 0)
          + String(format: "%10.1f", value))
    }
  }
}
print("")
print("render-bench: CPU microseconds per CartDiff")
print("cart                    changes   median µs  fastest µs  ns per item")
func reportDiff(
  _ name: String, old: ShoppingCart, new: ShoppingCart, samples: Int
) -> (median: Double, fastest: Double) {
  // A millisecond or more per sample, so reading the CPU clock costs nothing measurable.
  let repeats = max(1, 10_000 / max(1, old.items.count))
  var reported = 0
  let timing = cpuMicroseconds(samples: samples, repeats: repeats) {
    guard let diff = try? CartDiff(from: old, to: new) else { return -1 }
    reported = diff.inserted.count + diff.removed.count + diff.moved.count + diff.updated.count
    return reported
  }
  print(
    name.padding(toLength: 24, withPad: " ", startingAt: 0)
      + String(
        format: "%7d  %10.1f  %10.1f  %11.1f", reported, timing.median, timing.fastest,
        timing.fastest * 1000 / Double(old.items.count)))
  return timing
}
var diffTimings: [Int: (median: Double, fastest: Double)] = [:]
for count in [10, 1000, 100_000] {
  let old = generatedCart(count)
  let new = updatedCart(old, changedPercent: 10, seed: 0x5EED_0000 &+ UInt64(count))
  diffTimings[count] = reportDiff(
    "\(count) items, 10 %", old: old, new: new, samples: count >= 100_000 ? 41 : 201)
}
do {
  // Every item out of place: the binary searches of patience sorting, not its fast path.
  let old = generatedCart(100_000)
  var random = BenchRandom(state: 0x5EED_5AFF)
  var shuffled = old.items
  for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
  _ = reportDiff("100000 items, shuffled", old: old, new: ShoppingCart(items: shuffled), samples: 21)
}
if let large = diffTimings[100_000], let small = diffTimings[1000], small.fastest > 0, small.median > 0 {
  let nLogN = (100_000 * log2(100_000.0)) / (1000 * log2(1000.0))
  print(
    String(
      format:
        "100,000 / 1,000 items, 10 %%: time ratio %.1f (fastest), %.1f (median); n log n ratio %.1f; n ratio 100.0",
      large.fastest / small.fastest, large.median / small.median, nLogN))
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak memory: \(usage.ru_maxrss / 1024) MiB (maximum resident set size)")
