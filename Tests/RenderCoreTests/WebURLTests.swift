import Testing

@testable import RenderCore

/// The one URL check behind the session's links and the links in a request's terms.
@Suite struct WebURLTests {
  static let web: Set<String> = ["http", "https"]

  @Test(arguments: [
    "https://example.com/privacy", "http://example.com", "HTTPS://Example.com:443/a?b=c#d", "https://[::1]:8080/x",
    "https://exämple.com/ü",
  ])
  func webAddressesWithAHostPass(_ url: String) {
    #expect(WebURL.problem(url, schemes: Self.web) == nil)
  }

  @Test(arguments: [
    ("/privacy", WebURL.Problem.notAbsolute),
    ("javascript:alert(1)", .scheme("javascript")),
    ("https:evil.example", .host),
    ("http:relative", .host),
    ("https:/evil.example", .host),
    ("https:///evil.example", .host),
    ("https://", .host),
    ("https://a..b/", .host),
    ("https://example.com:99999/", .port),
    ("https://bank.example@evil.example/", .credentials),
    ("https://user:secret@example.com/", .credentials),
    ("https://example.com/a b", .character(" ")),
    ("https://example.com/\u{202E}gpj.exe", .character("\u{202E}")),
  ])
  func everythingElseIsRefused(_ url: String, _ problem: WebURL.Problem) {
    #expect(WebURL.problem(url, schemes: Self.web) == problem)
  }

  @Test func otherSchemesNeedSomethingAfterTheColon() {
    let schemes: Set<String> = ["mailto", "tel"]
    #expect(WebURL.problem("mailto:help@example.com", schemes: schemes) == nil)
    #expect(WebURL.problem("tel:+14085550100", schemes: schemes) == nil)
    #expect(WebURL.problem("mailto:", schemes: schemes) == .host)
    #expect(WebURL.problem("tel:+1 408", schemes: schemes) == .character(" "))
  }
}
