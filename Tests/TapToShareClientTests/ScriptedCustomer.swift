import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The customer, as a browser without script would act: opens the customer URL, reads the
/// page, and posts the open form with the page's request token
/// (`application/x-www-form-urlencoded`, `Sec-Fetch-Site: same-origin`), seeing the
/// relay's `303` itself (no redirect followed).
struct ScriptedCustomer: Sendable {
  let url: URL
  private let session: URLSession

  init(url: URL) {
    self.url = url
    session = URLSession(configuration: .ephemeral, delegate: KeepRedirects(), delegateQueue: nil)
  }

  /// A page as the customer's browser gets it.
  struct Page: Sendable {
    var status: Int
    var html: String

    /// The open form's request token (`<input type="hidden" name="token" value="…">`).
    var token: String? { Self.attribute("value", ofInputNamed: "token", in: html) }

    /// The names of the form's controls, in page order (the token's and the buttons' too).
    var controlNames: [String] {
      html.matches(of: /<(?:input|select|button)[^>]*\sname="([^"]*)"/).map { String($0.output.1) }
    }

    static func attribute(_ attribute: String, ofInputNamed name: String, in html: String) -> String? {
      for match in html.matches(of: /<input[^>]*>/) {
        let tag = String(match.output)
        guard tag.contains(" name=\"\(name)\""), let start = tag.range(of: " \(attribute)=\"") else { continue }
        let rest = tag[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
      }
      return nil
    }
  }

  /// `GET` the customer URL.
  func open() async throws -> Page {
    var request = URLRequest(url: url)
    request.setValue("en-US,en;q=0.8", forHTTPHeaderField: "Accept-Language")
    request.timeoutInterval = 20
    let (data, response) = try await session.data(for: request)
    return Page(status: (response as? HTTPURLResponse)?.statusCode ?? 0, html: String(decoding: data, as: UTF8.self))
  }

  /// Opens the page until it shows a form (the merchant's request reaches the page at
  /// once; a few tries cover a slow machine), at most 10 s.
  func openForm() async throws -> Page {
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      let page = try await open()
      if page.token != nil { return page }
      guard ContinuousClock.now < deadline else { throw CustomerError.noFormShown(page.html.prefix(400).description) }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Posts the form of `page`: the `values` typed in, the page's token, and the button
  /// pressed; the relay's status (`303` when taken).
  func post(_ values: [(String, String)], action: String, on page: Page) async throws -> Int {
    guard let token = page.token else { throw CustomerError.noFormShown("no token") }
    let pairs = [("token", token)] + values + [("action", action)]
    let body = pairs.map { Self.formEncoded($0.0) + "=" + Self.formEncoded($0.1) }.joined(separator: "&")
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(body.utf8)
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("same-origin", forHTTPHeaderField: "Sec-Fetch-Site")
    request.timeoutInterval = 20
    let (_, response) = try await session.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }

  /// `application/x-www-form-urlencoded` as browsers write it: space as `+`, and every
  /// byte but `*-._` and ASCII letters and digits percent-encoded.
  static func formEncoded(_ text: String) -> String {
    var allowed = CharacterSet(charactersIn: "*-._ ")
    allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
    allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
    allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
    return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: " ", with: "+")
  }
}

enum CustomerError: Error {
  case noFormShown(String)
}

/// Sees a redirect's own answer, as a test of the `303` needs.
private final class KeepRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
