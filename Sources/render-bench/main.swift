import CartRender
import Foundation
import RenderCore

// Prints the median time per render (microseconds) for the seed cart and generated
// carts of 10, 100 and 1,000 items, HTML and text, in en-US and ar-EG, then the peak
// memory. Run in release mode: `swift run -c release render-bench`.
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
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak memory: \(usage.ru_maxrss / 1024) MiB (maximum resident set size)")
