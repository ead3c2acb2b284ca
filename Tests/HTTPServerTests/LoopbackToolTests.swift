import Testing

@testable import HTTPServer

/// What a local tool page checks (`preview`, `strings review`): a loopback `Host`, and for
/// a request that changes something the run's token from the tool's own origin.
@Suite struct LoopbackToolTests {
  @Test(arguments: [
    ("127.0.0.1:8080", true), ("localhost:1", true), ("LOCALHOST", true), ("[::1]:9000", true), ("::1", false),
    ("127.0.0.1.evil.example", false), ("evil.example:8080", false), ("[::1", false), ("", false),
    // After the host only a port may follow: a name that merely starts like loopback is another host.
    ("[::1]evil.example", false), ("[::1].evil.example:80", false), ("127.0.0.1:80:evil", false),
    ("localhost:evil", false), ("127.0.0.1:", true),
  ])
  func hostHeaderMustNameLoopback(_ host: String, _ accepted: Bool) {
    #expect(LoopbackTool.isLocalHost(host) == accepted)
  }

  @Test func tokensAreFreshHexadecimal128Bits() {
    let first = LoopbackTool.newToken()
    #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
    #expect(first != LoopbackTool.newToken())
  }

  @Test func aChangeNeedsTheTokenFromThisOrigin() {
    func request(_ headers: [(String, String)]) -> HTTPRequest {
      HTTPRequest(method: "POST", path: "/", headers: [("Host", "127.0.0.1:4000")] + headers)
    }
    let token = "abc"
    #expect(
      LoopbackTool.refusal(of: request([("Origin", "http://127.0.0.1:4000")]), token: token, expected: token) == nil)
    #expect(
      LoopbackTool.refusal(of: request([("Sec-Fetch-Site", "same-origin")]), token: token, expected: token) == nil)
    #expect(
      LoopbackTool.refusal(
        of: request([("Origin", "null"), ("Sec-Fetch-Site", "same-origin")]), token: token, expected: token) == nil)
    let refused: [([(String, String)], String?)] = [
      ([("Origin", "http://127.0.0.1:4001")], token),
      ([("Origin", "http://localhost:4000")], token),
      ([("Origin", "null")], token),
      ([("Sec-Fetch-Site", "same-site")], token),
      ([("Origin", "http://127.0.0.1:4000"), ("Sec-Fetch-Site", "cross-site")], token),
      ([], token),
      ([("Origin", "http://127.0.0.1:4000")], nil),
      ([("Origin", "http://127.0.0.1:4000")], "abd"),
      ([("Origin", "http://127.0.0.1:4000")], "ab"),
    ]
    for (headers, given) in refused {
      #expect(
        LoopbackTool.refusal(of: request(headers), token: given, expected: token) != nil,
        "\(headers) \(String(describing: given))")
    }
    let elsewhere = HTTPRequest(
      method: "POST", path: "/", headers: [("Host", "evil.example"), ("Origin", "http://evil.example")])
    #expect(LoopbackTool.refusal(of: elsewhere, token: token, expected: token) != nil)
  }
}
