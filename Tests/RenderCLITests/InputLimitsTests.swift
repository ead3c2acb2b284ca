import Foundation
import RenderCore
import Testing

/// Each limit of ``InputLimits``, at the limit (accepted, exit 0) and one past it
/// (exit 65, one line naming the limit, nothing on standard output).
@Suite struct InputLimitsTests {
  let cli = RenderCLIEndToEndTests()

  static func item(_ index: Int, name: String? = nil, descriptions: Int = 1) -> String {
    let list = (0..<descriptions).map { "\"d\($0)\"" }.joined(separator: ",")
    return
      #"{"id":"I\#(index)","name":"\#(name ?? "Item \(index)")","quantity":1,"totalPrice":1.5,"descriptions":[\#(list)]}"#
  }

  static func cart(items: Int) -> String {
    #"{"items":["# + (0..<items).map { item($0) }.joined(separator: ",") + #"],"summary":{"total":1}}"#
  }

  func expectRefused(_ result: RenderCLIEndToEndTests.Result, _ line: String) {
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == line + "\n")
  }

  @Test func inputBytes() throws {
    // A small cart padded with spaces to the limit, then one byte more.
    let cart = #"{"items":[]}"#
    let padded = cart + String(repeating: " ", count: InputLimits.inputBytes - cart.utf8.count)
    let atLimit = try cli.temporaryFile(padded)
    #expect(try FileManager.default.attributesOfItem(atPath: atLimit.path)[.size] as? Int == 64 << 20)
    let accepted = try cli.run(["cart", atLimit.path, "--format", "text"])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains("Your Cart"))
    let past = try cli.temporaryFile(padded + " ")
    expectRefused(try cli.run(["cart", past.path]), "\(past.path): $: larger than 64 MiB, the largest input accepted")
  }

  /// At the limit the cart renders, in memory far below the benchmark's 20 MiB per
  /// 1,000 items scaled to 10,000: the peak resident size of that one process.
  @Test func items() throws {
    let atLimit = try cli.temporaryFile(Self.cart(items: InputLimits.items))
    let accepted = try cli.run(["cart", atLimit.path])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.components(separatedBy: "data-item-id=").count == InputLimits.items + 1)
    let peakKiB = try Self.peakResidentKiB(of: RenderCLIEndToEndTests.binary.path, ["cart", atLimit.path])
    #expect(peakKiB < 200 * 1024, "peak resident size \(peakKiB / 1024) MiB")
    let past = try cli.temporaryFile(Self.cart(items: InputLimits.items + 1))
    expectRefused(try cli.run(["cart", past.path]), "\(past.path): $.items: 10,001 items; a cart holds at most 10,000")
  }

  @Test func descriptions() throws {
    let atLimit = try cli.temporaryFile(#"{"items":["# + Self.item(0, descriptions: 100) + "]}")
    let accepted = try cli.run(["cart", atLimit.path, "--format", "text"])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains("  d99\n"))
    let past = try cli.temporaryFile(#"{"items":["# + Self.item(0, descriptions: 101) + "]}")
    expectRefused(
      try cli.run(["cart", past.path]), "\(past.path): $.items[0].descriptions: 101 strings; at most 100 are allowed")
  }

  @Test func stringLength() throws {
    // Code points, not bytes: é is two bytes and one character.
    let name = String(repeating: "é", count: InputLimits.stringLength)
    let atLimit = try cli.temporaryFile(#"{"items":["# + Self.item(0, name: name) + "]}")
    let accepted = try cli.run(["cart", atLimit.path])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains(name))
    let past = try cli.temporaryFile(#"{"items":["# + Self.item(0, name: name + "e") + "]}")
    expectRefused(
      try cli.run(["cart", past.path]),
      "\(past.path): $.items[0].name: 4,097 characters; a string here is at most 4,096 characters")
  }

  @Test func termsLength() throws {
    func request(_ terms: String) -> String { #"{"request":"signup","termsAndConditions":"\#(terms)"}"# }
    let paragraph = String(repeating: "Terms apply. ", count: 10) + "\\n\\n"  // 132 characters once decoded
    let body = String(repeating: paragraph, count: InputLimits.termsLength / 132)
    let terms = body + String(repeating: "x", count: InputLimits.termsLength - (InputLimits.termsLength / 132) * 132)
    let atLimit = try cli.temporaryFile(request(terms), name: "request.json")
    let accepted = try cli.run(["form", atLimit.path])
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains("<p>Terms apply."))
    let past = try cli.temporaryFile(request(terms + "x"), name: "request.json")
    expectRefused(
      try cli.run(["form", past.path]),
      "\(past.path): $.termsAndConditions: 65,537 characters; a string here is at most 65,536 characters")
  }

  /// Runs `path` with `arguments` under GNU time (`/usr/bin/time`, Debian's `time`,
  /// installed by scripts/setup) and returns that process's own peak resident size in
  /// KiB. Not `getrusage` or `wait4` here: Linux carries the spawning process's peak into
  /// a child started with `posix_spawn` (the address space it runs in until `exec`), so
  /// this test process's own size would be read; GNU time forks from a small process.
  static func peakResidentKiB(of path: String, _ arguments: [String]) throws -> Int {
    let report = FileManager.default.temporaryDirectory.appending(path: "peak-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: report) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%M", "-o", report.path, path] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let text = try String(contentsOf: report, encoding: .utf8)
    guard let kib = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return kib
  }

}
