import CartRender
import FormRender
import Foundation
import RenderCore
import StatusRender

// render-bench: CPU microseconds per render, per form parse and per cart diff, then the
// peak memory. Run in release mode: `scripts/bench`, or `swift build -c release
// --static-swift-stdlib --product render-bench` and the binary from `--show-bin-path`
// (docs/PERFORMANCE.md).
// Figures, not pass/fail: speed targets are read here, never asserted in tests.
//
//     render-bench                 the table
//     render-bench --json          one JSON object per line, the memory line last:
//                                  {"case": "cart", "items": 10, "locale": "en-US", "format": "html", "median_us": 7.9}
//     render-bench --case diff     only the cases named (cart, form, status, parse, diff),
//                                  e.g. under valgrind --tool=callgrind
//     render-bench --items 10      only carts and diffs of that many items
//     render-bench --runs N        no timing: each cart HTML page (bytes) rendered N times
//                                  after one warm-up, for instruction counts under
//                                  callgrind: a page costs (Ir at N − Ir at 0) / N / 2
//                                  (two locales), first-use work (learning, catalogs,
//                                  the page frame) left out
//     render-bench --runs N --text the same for the cart's text snapshot
//
// Every figure is this thread's CPU time (not the wall clock), median of many samples,
// each sample as many runs as fill about 2 ms; the first run (caches filling) is left
// out. Cases: `cart` with items 1 (the seed cart), 10, 100 and 1,000, html and text, in
// en-US and ar-EG; `form` for each request kind (html, en-US; the address form also in
// ja-JP); `status`; `parse` (an address submission); `diff` with items 10, 1,000 and
// 100,000, 10 % changed, and 100,000 shuffled.
//
// What the figures were, what profiling found and what each technique gained:
// docs/PERFORMANCE.md (its "How to measure" says how to take them again).
let benchUsage = """
  USAGE: render-bench [--json] [--case NAME]... [--items N]... [--runs N [--text]]
    --json        One JSON object per line instead of the table.
    --case NAME   Only this case: cart|form|status|parse|diff (repeatable).
    --items N     Only carts of N items: 1|10|100|1000|100000 (repeatable).
    --runs N      No timing: render each cart HTML page N times after one warm-up
                  (for instruction counts under valgrind --tool=callgrind).
    --text        With --runs: the cart's text snapshot instead of its HTML page.
  Prints CPU microseconds per run (median, fastest) and the peak memory.
  """

/// The command line, or exit 64 with one line naming what is wrong.
func benchArguments(_ arguments: [String]) -> (
  json: Bool, cases: Set<String>, items: Set<Int>, runs: Int?, text: Bool
) {
  if arguments.contains("--help") || arguments.contains("-h") {
    print(benchUsage)
    exit(0)
  }
  func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-bench: \(message); see 'render-bench --help'\n".utf8))
    exit(64)
  }
  var parsed = (json: false, cases: Set<String>(), items: Set<Int>(), runs: Int?.none, text: false)
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    switch argument {
    case "--json": parsed.json = true
    case "--case":
      let name = rest.popFirst() ?? ""
      guard ["cart", "form", "status", "parse", "diff"].contains(name) else {
        refuse("unknown case '\(name)'; use cart, form, status, parse or diff")
      }
      parsed.cases.insert(name)
    case "--items":
      let text = rest.popFirst() ?? ""
      guard let count = Int(text), [1, 10, 100, 1000, 100_000].contains(count) else {
        refuse("unknown size '\(text)' for --items; use 1, 10, 100, 1000 or 100000")
      }
      parsed.items.insert(count)
    case "--runs":
      let text = rest.popFirst() ?? ""
      guard let runs = Int(text), runs >= 0 else { refuse("'\(text)' for --runs is not a count") }
      parsed.runs = runs
    case "--text": parsed.text = true
    default: refuse("unknown argument '\(argument)'")
    }
  }
  if parsed.text, parsed.runs == nil { refuse("--text needs --runs N") }
  return parsed
}
let (json, only, onlyItems, fixedRuns, fixedRunsText) = benchArguments(Array(CommandLine.arguments.dropFirst()))
@MainActor func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
@MainActor func wanted(items: Int) -> Bool { onlyItems.isEmpty || onlyItems.contains(items) }

/// One figure, as a JSON line or a table row.
struct Figure {
  var name: String
  var items: Int?
  var locale: String?
  var format: String?
  /// The request kind of a form, the change pattern of a diff.
  var variant: String?
  var timing: Timing
  /// Changes the diff found, for the table.
  var changes: Int?

  var jsonLine: String {
    var fields = ["\"case\": \"\(name)\""]
    if let items { fields.append("\"items\": \(items)") }
    if let locale { fields.append("\"locale\": \"\(locale)\"") }
    if let format { fields.append("\"format\": \"\(format)\"") }
    if let variant { fields.append("\"\(name == "form" ? "request" : "variant")\": \"\(variant)\"") }
    fields.append("\"median_us\": " + String(format: "%.1f", timing.median))
    fields.append("\"fastest_us\": " + String(format: "%.1f", timing.fastest))
    return "{" + fields.joined(separator: ", ") + "}"
  }

  var tableRow: String {
    func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    return pad(name, 8) + pad(items.map(String.init) ?? "", 8) + pad(locale ?? "", 8) + pad(format ?? "", 7)
      + pad(variant ?? "", 13)
      + String(format: "%12.1f %12.1f", timing.median, timing.fastest)
      + (changes.map { String(format: "   %d changes", $0) } ?? "")
  }
}

@MainActor func report(_ figure: Figure) { print(json ? figure.jsonLine : figure.tableRow) }

if !json, fixedRuns == nil {
  print("render-bench: CPU microseconds per run (median, fastest sample)")
  print("case    items   locale  format variant        median µs   fastest µs")
}

let configuration =
  SessionConfiguration(
    currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy", storeName: "Oakbrook Mall",
    deviceName: "Emily") ?? .default

if let fixedRuns {
  // Instruction counts only: the same pages as the timed cart case, no clock read.
  var sink = 0
  for locale in ["en-US", "ar-EG"] {
    let context = RenderContext(configuration: configuration, localeTag: locale)
    for count in [1, 10, 100, 1000] where wanted(items: count) {
      let cart = count == 1 ? seedCart() : generatedCart(count)
      func render() -> Int {
        fixedRunsText
          ? CartText.render(cart, context: context).utf8.count : CartHTML.renderUTF8(cart, context: context).count
      }
      sink &+= render()
      for _ in 0..<fixedRuns { sink &+= render() }
    }
  }
  print("render-bench: \(sink) bytes written")
  exit(0)
}

if wanted("cart") {
  let carts: [(Int, ShoppingCart)] = [(1, seedCart())] + [10, 100, 1000].map { ($0, generatedCart($0)) }
  for locale in ["en-US", "ar-EG"] {
    let context = RenderContext(configuration: configuration, localeTag: locale)
    for (count, cart) in carts where wanted(items: count) {
      let samples = count >= 1000 ? 21 : 101
      // The bytes, as a server answers with them; then the same page as a String.
      let html = measure(samples: samples) { CartHTML.renderUTF8(cart, context: context).count }
      report(Figure(name: "cart", items: count, locale: locale, format: "html", timing: html))
      let string = measure(samples: samples) { CartHTML.render(cart, context: context).utf8.count }
      report(Figure(name: "cart", items: count, locale: locale, format: "html", variant: "string", timing: string))
      let text = measure(samples: samples) { CartText.render(cart, context: context).utf8.count }
      report(Figure(name: "cart", items: count, locale: locale, format: "text", timing: text))
    }
  }
}

/// A request from its JSON text, as `render-cli form` reads it.
func request(_ text: String) -> FormRequest? { try? FormRequest(json: JSONParser.parse(Array(text.utf8))) }

let requests: [(String, String)] = [
  ("customerInfo", #"{"request": "customerInfo", "purpose": "checkIn", "fields": ["emailAddress"]}"#),
  ("address", #"{"request": "address", "purpose": "shipping", "fields": ["emailAddress", "phoneNumber"]}"#),
  (
    "signup",
    #"{"request": "signup", "purpose": "membership", "fields": ["emailAddress", "phoneNumber"], "emailConsent": "visible", "smsConsent": "visible", "termsAndConditions": "**Terms and Conditions**\n\nYour terms, in Markdown."}"#
  ),
]
if wanted("form") {
  for (kind, text) in requests {
    guard let request = request(text) else { fatalError("render-bench: the \(kind) request does not decode") }
    for locale in kind == "address" ? ["en-US", "ja-JP"] : ["en-US"] {
      let context = RenderContext(configuration: configuration, localeTag: locale)
      let html = measure(samples: 101) { FormHTML.render(request, context: context).utf8.count }
      report(Figure(name: "form", locale: locale, format: "html", variant: kind, timing: html))
    }
  }
}

if wanted("status") {
  let context = RenderContext(configuration: configuration, localeTag: "en-US")
  let html = measure(samples: 101) { StatusHTML.render(.paymentCompleted, context: context).utf8.count }
  report(Figure(name: "status", locale: "en-US", format: "html", timing: html))
  let text = measure(samples: 101) { StatusText.render(.paymentCompleted, context: context).utf8.count }
  report(Figure(name: "status", locale: "en-US", format: "text", timing: text))
}

if wanted("parse"), let address = request(requests[1].1) {
  let context = RenderContext(configuration: configuration, localeTag: "en-US")
  let body = Array(
    ("name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=Cupertino&state=CA&postalCode=95014&country=US"
      + "&emailAddress=jane%40example.com&phoneNumber=%2B1+408+555+0100&action=share").utf8)
  let parse = measure(samples: 101) {
    guard let response = try? FormSubmission.parse(body, request: address, context: context, expectedToken: nil)
    else { return -1 }
    return response.json.utf8.count
  }
  report(Figure(name: "parse", locale: "en-US", variant: "address", timing: parse))
}

if wanted("diff") {
  func diffFigure(_ old: ShoppingCart, _ new: ShoppingCart, variant: String, samples: Int) -> Figure {
    var changes = 0
    let timing = measure(samples: samples, sampleMicroseconds: 10_000) {
      guard let diff = try? CartDiff(from: old, to: new) else { return -1 }
      changes = diff.inserted.count + diff.removed.count + diff.moved.count + diff.updated.count
      return changes
    }
    return Figure(name: "diff", items: old.items.count, variant: variant, timing: timing, changes: changes)
  }
  var timings: [Int: Timing] = [:]
  for count in [10, 1000, 100_000] where wanted(items: count) {
    let old = generatedCart(count)
    // Two carts as two decoded files are: no storage shared between them.
    let new = unshared(updatedCart(old, changedPercent: 10, seed: 0x5EED_0000 &+ UInt64(count)))
    let figure = diffFigure(old, new, variant: "10%", samples: count >= 100_000 ? 31 : 101)
    timings[count] = figure.timing
    report(figure)
  }
  if wanted(items: 100_000) {
    // Every item out of place: the binary searches of patience sorting, not its fast path.
    let old = generatedCart(100_000)
    var random = BenchRandom(state: 0x5EED_5AFF)
    var shuffled = old.items
    for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
    report(diffFigure(old, unshared(ShoppingCart(items: shuffled)), variant: "shuffled", samples: 21))
  }
  if !json, let large = timings[100_000], let small = timings[1000], small.fastest > 0, small.median > 0 {
    let nLogN = (100_000 * log2(100_000.0)) / (1000 * log2(1000.0))
    print(
      String(
        format:
          "diff 100,000 / 1,000 items, 10 %%: time ratio %.1f (fastest), %.1f (median); n log n ratio %.1f; n ratio 100.0",
        large.fastest / small.fastest, large.median / small.median, nLogN))
  }
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let peak = Double(usage.ru_maxrss) / 1024
if json {
  print("{\"case\": \"memory\", \"peak_rss_mib\": " + String(format: "%.1f", peak) + "}")
} else {
  print(String(format: "peak memory: %.1f MiB (maximum resident set size)", peak))
}
