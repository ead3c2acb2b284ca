import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import render_cli

@Suite struct StatusCommandTests {
  let cli = RenderCLIEndToEndTests()

  @Test func japanesePaymentFailedAsText() throws {
    let result = try cli.run(["status", "paymentFailed", "--locale", "ja-JP", "--format", "text"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("支払いを完了できませんでした\n\nお支払い方法については"))
  }

  @Test func unknownStatusIsAUsageError() throws {
    let result = try cli.run(["status", "charged"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "Error: Unknown status 'charged'; use one of connected, ready, paymentCompleted, paymentFailed, "
          + "checkoutCompleted, disconnected, closed.\n"))
  }
}
