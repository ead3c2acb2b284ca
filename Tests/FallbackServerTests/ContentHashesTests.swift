import CartRender
import FormRender
import Foundation
import RenderCore
import StatusRender
import Testing

@testable import FallbackServer
@testable import ServedAssets

/// The generated CSP hashes (ContentHashes.swift, written by scripts/embed-data) against
/// their sources, and the style sheet registry against the sheets screens carry.
@Suite struct ContentHashesTests {
  /// The text of the page's first `<style>` element: the engine's own sheet, which comes
  /// before any merchant text.
  static func styleElementText(of page: String) -> String? {
    guard let open = page.range(of: "<style>"),
      let close = page.range(of: "</style>", range: open.upperBound..<page.endIndex)
    else { return nil }
    return String(page[open.upperBound..<close.lowerBound])
  }

  /// `sha256-` and the base64 SHA-256 of each text, from Python's hashlib: another
  /// implementation than the `sha256sum` the generator runs.
  static func pythonSHA256Sources(_ texts: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import base64, hashlib, json, sys
      for text in json.load(sys.stdin):
          print("sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode())
      """,
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(try JSONEncoder().encode(texts))
    try input.fileHandleForWriting.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return printed.split(separator: "\n").map(String.init)
  }

  @Test func theGeneratedHashesAreTheirSourcesHashes() throws {
    let recomputed = try Self.pythonSHA256Sources([LiveScript.source] + StyleSheets.all)
    #expect(recomputed.first == ContentHashes.liveScript, "run scripts/embed-data")
    #expect(Array(recomputed.dropFirst()) == ContentHashes.styleSheets, "run scripts/embed-data")
    #expect(try Self.pythonSHA256Sources(["abc"]) == ["sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="])
  }

  @Test func everyKindOfScreenCarriesARegisteredSheet() throws {
    var context = RenderContext(configuration: .default, localeTag: nil)
    context.host = PageHost(scriptPath: LiveScript.path, scriptIntegrity: "", version: 1, refreshSeconds: nil)
    let item = ShoppingCart.Item(id: "A", name: "A", quantity: 1, totalPrice: 1, totalAdjustedPrice: nil)
    let cart = ShoppingCart(items: [item])
    let update = try CartUpdate(cart, previous: ShoppingCart(items: []))
    let screens: [any Screen] = [
      StatusScreen.connected, StatusScreen.ready, cart, update, FormScreen(FormRequest(kind: .customerInfo)),
    ]
    var seen: Set<String> = []
    for screen in screens {
      let sheet = try #require(Self.styleElementText(of: screen.html(context: context)))
      #expect(StyleSheets.all.contains(sheet), "\(screen) carries a sheet StyleSheets.all does not list")
      seen.insert(sheet)
    }
    #expect(seen == Set(StyleSheets.all))
    #expect(ContentHashes.styleSheets.count == StyleSheets.all.count)
  }
}
