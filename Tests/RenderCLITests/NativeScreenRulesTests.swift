import Foundation
import Testing

/// What the native screen would show, the command line shows too: amounts
/// with more decimal places than the currency are rounded with a warning, and tabs in
/// merchant text are white space.
@Suite struct NativeScreenRulesTests {
  let cli = RenderCLIEndToEndTests()

  @Test func threeDecimalUSDAmountRendersRoundedWithAWarningAndExit0() throws {
    let cart = try cli.temporaryFile(
      #"{"items":[{"id":"A","name":"Gum","quantity":1,"totalPrice":1.00},{"id":"B","name":"Nuts","quantity":2,"totalPrice":2.675}],"summary":{"total":3.675}}"#
    )
    let result = try cli.run(["cart", cart.path, "--format", "text"])
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        \(cart.path): $.items[1].totalPrice: warning: 3 decimal places, USD has 2; shown rounded
        \(cart.path): $.summary.total: warning: 3 decimal places, USD has 2; shown rounded

        """)
    #expect(result.stdout.contains("Nuts                               $2.68\n"))
    #expect(result.stdout.contains("Total                              $3.68\n"))
    let html = try cli.run(["cart", cart.path])
    #expect(html.status == 0)
    #expect(html.stdout.contains("<p class=\"price\">$2.68</p>"))
  }

  @Test func pricesThatRoundToTheSameFigureShowNoStrikeThrough() throws {
    let cart = try cli.temporaryFile(
      #"{"items":[{"id":"A","name":"Gum","quantity":1,"totalPrice":15.004,"totalAdjustedPrice":15.001}],"summary":{"total":15.001}}"#
    )
    let html = try cli.run(["cart", cart.path])
    #expect(html.status == 0)
    #expect(!html.stdout.contains("<s>"))
    #expect(!html.stdout.contains("Was $15.00"))
    #expect(html.stderr.components(separatedBy: "\n").filter { $0.contains("warning:") }.count == 3)
    let text = try cli.run(["cart", cart.path, "--format", "text"])
    #expect(text.stdout.components(separatedBy: "$15.00").count == 3, "the price and the total, no original price")
  }

  @Test func yenWithCentsIsRoundedHalfToEven() throws {
    let config = try cli.temporaryFile(
      #"{"currency":"JPY","region":"JP","privacyPolicyURL":"https://example.jp/privacy"}"#, name: "session.json")
    let cart = try cli.temporaryFile(#"{"items":[{"id":"A","name":"Tea","quantity":1,"totalPrice":1500.5}]}"#)
    let result = try cli.run(["cart", cart.path, "--config", config.path, "--locale", "ja-JP", "--format", "text"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("￥1,500") || result.stdout.contains("¥1,500"))
    #expect(
      result.stderr == "\(cart.path): $.items[0].totalPrice: warning: 1 decimal place, JPY has 0; shown rounded\n")
  }

  @Test func replayWarnsWithTheLineAndPath() throws {
    let transcript = try cli.temporaryFile(
      """
      {"event":"connected"}
      {"event":"ready"}
      {"call":"updateShoppingCart","cart":{"items":[{"id":"A","name":"Gum","quantity":1,"totalPrice":0.125}]}}

      """, name: "session.jsonl")
    let out = transcript.deletingLastPathComponent().appending(path: "out")
    let result = try cli.run(["replay", transcript.path, "--out", out.path, "--format", "text"])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "\(transcript.path):3: $.cart.items[0].totalPrice: warning: 3 decimal places, USD has 2; shown rounded\n")
    let screen = try String(contentsOf: out.appending(path: "en-US/003-updateShoppingCart.txt"), encoding: .utf8)
    #expect(screen.contains("$0.12"))
  }

  @Test func signupWhoseTermsContainTabsRenders() throws {
    let request = try cli.temporaryFile(
      #"{"request":"signup","fields":["emailAddress"],"termsAndConditions":"Terms\twith\ttabs\n\n\tindented\tcode\n\n-\tan item"}"#,
      name: "request.json")
    let html = try cli.run(["form", request.path])
    #expect(html.status == 0)
    #expect(html.stderr.isEmpty)
    #expect(html.stdout.contains("<p>Terms\twith\ttabs</p>"))
    #expect(html.stdout.contains("<pre><code>indented\tcode\n</code></pre>"))
    #expect(html.stdout.contains("<li>an item</li>"))
    let text = try cli.run(["form", request.path, "--format", "text"])
    #expect(text.status == 0)
    #expect(text.stdout.contains("Terms with tabs\n"))
    #expect(text.stdout.contains("    indented    code\n"))
    #expect(!text.stdout.contains("\t"))
  }

  @Test func aTabInOtherMerchantTextIsASpaceAndOtherControlsStayRefused() throws {
    let cart = try cli.temporaryFile(#"{"items":[{"id":"A","name":"Hair\tSpray","quantity":1,"totalPrice":5}]}"#)
    let result = try cli.run(["cart", cart.path, "--format", "text"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Hair Spray"))
    #expect(!result.stdout.contains("\t"))
    let request = try cli.temporaryFile(
      #"{"request":"signup","message":"Join\tus","termsAndConditions":"a\u001bb"}"#, name: "request.json")
    let refused = try cli.run(["form", request.path])
    #expect(refused.status == 65)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr == "\(request.path): $.termsAndConditions: control character U+001B is not allowed\n")
  }
}
