import Testing

@testable import FormRender

@Suite struct RequestTokenTests {
  @Test func equalTokensMatchAndOthersDoNot() {
    #expect(RequestToken.matches("a1B2-c3", expected: "a1B2-c3"))
    #expect(!RequestToken.matches("a1B2-c4", expected: "a1B2-c3"))
    #expect(!RequestToken.matches("a1B2-c", expected: "a1B2-c3"))
    #expect(!RequestToken.matches("a1B2-c3x", expected: "a1B2-c3"))
    #expect(!RequestToken.matches("", expected: "a"))
    // A shorter token padded with NUL must not equal the longer one.
    #expect(!RequestToken.matches("ab\0", expected: "ab"))
  }

  @Test func usableTokens() {
    #expect(RequestToken.problem("f81d4fae-7dec-11d0-a765-00a0c91e6bf6") == nil)
    #expect(RequestToken.problem(String(repeating: "x", count: 1024)) == nil)
    #expect(RequestToken.problem("") == "a token cannot be empty")
    #expect(RequestToken.problem(String(repeating: "x", count: 1025)) == "a token is at most 1024 characters")
    #expect(RequestToken.problem("has space") == "a token is printable ASCII without spaces")
    #expect(RequestToken.problem("naïve") == "a token is printable ASCII without spaces")
  }
}
