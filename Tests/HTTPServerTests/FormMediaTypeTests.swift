import Testing

@testable import HTTPServer

/// A form post is recognised by its media type alone, whatever its case, spaces or
/// parameters; a type that only begins the same way is another type.
@Suite struct FormMediaTypeTests {
  private func request(_ type: String?) -> HTTPRequest {
    HTTPRequest(method: "POST", path: "/", headers: type.map { [("content-type", $0)] } ?? [])
  }

  @Test(arguments: [
    ("application/x-www-form-urlencoded", true),
    ("Application/X-WWW-Form-URLEncoded; charset=UTF-8", true),
    (" application/x-www-form-urlencoded ;charset=utf-8", true),
    ("application/x-www-form-urlencodedx", false),
    ("application/x-www-form-urlencoded-extra; a=b", false),
    ("multipart/form-data; boundary=x", false),
    ("text/plain", false),
    ("", false),
  ])
  func formMediaType(_ type: String, _ isForm: Bool) {
    #expect(request(type).isURLEncodedForm == isForm, "\(type)")
  }

  @Test func noContentTypeIsNoForm() {
    #expect(!request(nil).isURLEncodedForm)
  }
}
