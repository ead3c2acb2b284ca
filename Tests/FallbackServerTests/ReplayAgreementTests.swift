import Foundation
import RenderCore
import SessionReplay
import Testing

@testable import FallbackServer

/// `replay` and the relay server map a session to the screen it shows the same way
/// (`CustomerSession.Stage.screen(hintsAgainst:form:)`): after each step, the server's
/// page shows what `replay` rendered for it, hints included. Only the head differs:
/// the served page names its version and its live script.
@Suite struct ReplayAgreementTests {
  static let calls = [
    Harness.cart, Harness.changedCart, #"{"call": "updateStatus", "status": "paymentCompleted"}"#,
  ]

  @Test func theServedPageShowsWhatReplayRendered() throws {
    let transcript = ([#"{"event": "connected"}"#, #"{"event": "ready"}"#] + Self.calls).joined(separator: "\n")
    var files: [Replay.File] = []
    try Replay.run(Array(transcript.utf8), configuration: .default, options: Replay.Options()) { files.append($0) }
    try #require(files.count == Self.calls.count + 2)

    let harness = Harness()
    let session = try harness.session()
    var page = harness.send("GET", session.customerURL, key: nil).text
    var pages = [page]
    #expect(Self.body(page) == Self.body(files[1].contents))
    for (index, call) in Self.calls.enumerated() {
      let shown = try #require(Self.version(page))
      #expect((200..<300).contains(harness.call(session, call).status))
      page = harness.send("GET", session.customerURL + "?shown=\(shown)", key: nil).text
      pages.append(page)
      #expect(Self.body(page) == Self.body(files[index + 2].contents), "after \(call)")
    }
    // The changed cart carries its hints against the cart before it, in both.
    #expect(pages[2].contains("data-change"))
  }

  /// From `<body` to the end: what the customer sees.
  static func body(_ page: String) -> Substring {
    page.range(of: "<body").map { page[$0.lowerBound...] } ?? ""
  }

  /// The served page's `screen-version`.
  static func version(_ page: String) -> String? {
    guard let start = page.range(of: #"name="screen-version" content=""#) else { return nil }
    let rest = page[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }
}
