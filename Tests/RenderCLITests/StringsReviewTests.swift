import Foundation
import GoldenFiles
import HTTPServer
import Synchronization
import Testing

@testable import ServedAssets
@testable import render_cli

/// `render-cli strings review LANG` through its responder, without a socket, on a copy of
/// the catalogs: a save writes the same bytes `strings import` writes for the same edit,
/// and whatever import refuses, or a request from elsewhere, writes nothing and says why.
@Suite struct StringsReviewTests {
  static let root = GoldenFile.packageRoot()
  static let token = "0123456789abcdef0123456789abcdef"
  static let host = "127.0.0.1:18431"

  /// A review of `tag` over a fresh copy of the catalogs.
  struct Review {
    let workspace: StringsCommandTests.Workspace
    let server: StringsReviewServer

    init(_ tag: String = "de") throws {
      workspace = try StringsCommandTests.Workspace()
      var options = StringsOptions(action: .review(tag))
      options.localesDirectory = workspace.locales.path
      options.examplesDirectory = StringsReviewTests.root.appending(path: "examples").path
      server = try StringsReviewServer(tag: tag, options: options, inputs: .live, token: StringsReviewTests.token)
    }

    func get(_ path: String, host: String = StringsReviewTests.host) -> HTTPResponse {
      let parts = path.split(separator: "?", maxSplits: 1)
      let query = parts.count == 2 ? Self.query(String(parts[1])) : []
      return server.answer(
        HTTPRequest(method: "GET", path: String(parts[0]), query: query, headers: [("Host", host)]))
    }

    static func query(_ text: String) -> [(name: String, value: String)] {
      text.split(separator: "&").map { pair in
        let halves = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
        return (halves[0], halves.count == 2 ? halves[1] : "")
      }
    }

    /// A post of `fields` (form-encoded) as the page's form sends it, or with the headers given.
    func post(
      _ fields: [(String, String)], token: String? = StringsReviewTests.token,
      headers: [(name: String, value: String)]? = nil
    ) -> HTTPResponse {
      var form = fields
      if let token { form.insert(("token", token), at: 0) }
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      let body = form.map { name, value in
        (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
          + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
      }.joined(separator: "&")
      return post(body: Array(body.utf8), headers: headers)
    }

    func post(body: [UInt8], headers: [(name: String, value: String)]? = nil) -> HTTPResponse {
      server.answer(
        HTTPRequest(
          method: "POST", path: "/strings",
          headers: headers ?? [
            ("Host", StringsReviewTests.host), ("Origin", "http://" + StringsReviewTests.host),
            ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/x-www-form-urlencoded"),
          ], body: body))
    }

    func catalog(_ tag: String = "de") throws -> Data { try workspace.catalog(tag) }
  }

  // MARK: Saving

  /// A save writes exactly the bytes `strings import` writes for the same edit in an XLIFF
  /// file (Xcode's layout, the state as chosen), and the page says so.
  @Test func saveWritesWhatImportWritesForTheSameEdit() throws {
    let review = try Review()
    let response = review.post([
      ("key", "status.disconnected.subtitle"),
      ("value", "Diese Seite ist nicht mehr verbunden. Bitte das Personal, sie wieder zu verbinden."),
      ("source", "This page is no longer connected to the store. Ask the staff to connect again if you need to."),
      ("state", "translated"),
    ])
    #expect(response.status == 303)
    #expect(
      response.header("location")
        == "/?saved=status.disconnected.subtitle&key=status.disconnected.subtitle#s-status.disconnected.subtitle")

    // The same edit through `strings import`, on another copy.
    let other = try StringsCommandTests.Workspace()
    #expect(other.run(["export", "--xliff", other.xliff.path]).status == .success)
    var xliff = try String(contentsOf: other.xliffFile("de"), encoding: .utf8)
    let old = try #require(
      xliff.range(
        of:
          "<target state=\"needs-review-translation\">Diese Seite ist nicht mehr mit dem Geschäft verbunden. Wende dich bei Bedarf an das Personal, um die Verbindung wiederherzustellen.</target>"
      ))
    xliff.replaceSubrange(
      old,
      with:
        "<target state=\"translated\">Diese Seite ist nicht mehr verbunden. Bitte das Personal, sie wieder zu verbinden.</target>"
    )
    try Data(xliff.utf8).write(to: other.xliffFile("de"))
    let imported = other.run(["import", other.xliffFile("de").path])
    #expect(imported.standardOutput == "de.xcstrings: 1 string changed\n", "\(imported.standardError)")
    #expect(try review.catalog() == other.catalog("de"))

    let page = review.get("/?saved=status.disconnected.subtitle&key=status.disconnected.subtitle")
    #expect(page.status == 200)
    #expect(
      page.text.contains("Saved \u{201C}status.disconnected.subtitle\u{201D} to de.xcstrings. Run scripts/embed-data"))
    #expect(
      page.text.contains("value=\"Diese Seite ist nicht mehr verbunden. Bitte das Personal, sie wieder zu verbinden.\"")
    )
  }

  /// The screens read the catalog as it is now: after a save they show the new wording.
  @Test func screensShowTheSavedWording() throws {
    let review = try Review()
    #expect(Self.visible(review.get("/screen/status-disconnected")).contains("<h1>Verbindung getrennt</h1>"))
    #expect(review.post([("key", "status.disconnected.title"), ("value", "Nicht mehr verbunden")]).status == 303)
    let screen = review.get("/screen/status-disconnected")
    #expect(screen.status == 200)
    let visible = Self.visible(screen)
    #expect(visible.contains("<h1>Nicht mehr verbunden</h1>"))
    #expect(!visible.contains("Verbindung getrennt"))
    #expect(screen.header("content-security-policy")?.contains("frame-ancestors 'self'") == true)
    #expect(Self.visible(review.get("/screen/cart-hair-spray/text")).contains("4 Artikel"))
    #expect(Self.visible(review.get("/screen/cart-hair-spray/spoken")).contains("Dein Warenkorb"))
    #expect(review.get("/screen/nothing-like-it").status == 404)
    #expect(review.get("/screen/cart-empty/pdf").status == 404)
  }

  /// A screen's text without the strings' invisible marks (tag characters, which join the
  /// character before them into one `Character`).
  static func visible(_ response: HTTPResponse) -> String {
    String(String.UnicodeScalarView(response.text.unicodeScalars.filter { !(0xE0000...0xE007F).contains($0.value) }))
  }

  /// Each plural form the catalog has is its own field; the forms go through as import's
  /// units (`key|==|plural.one`), and a category the catalog lacks is refused as import refuses it.
  @Test func pluralFormsAreSavedAndAnUnknownCategoryIsRefused() throws {
    let review = try Review()
    let page = review.get("/").text
    #expect(page.contains("<label for=\"s-cart.itemCount-value.one\">Translation (de, plural form one)</label>"))
    #expect(page.contains("<label for=\"s-cart.itemCount-value.other\">Translation (de, plural form other)</label>"))
    #expect(
      review.post([("key", "cart.itemCount"), ("value.one", "%@ Teil"), ("value.other", "%@ Teile")]).status == 303)
    let written = try #require(String(data: try review.catalog(), encoding: .utf8))
    #expect(written.contains("\"value\" : \"%@ Teil\""))
    #expect(written.contains("\"value\" : \"%@ Teile\""))

    let before = try review.catalog()
    let refused = review.post([("key", "cart.itemCount"), ("value.few", "%@ Teile")])
    #expect(refused.status == 422)
    #expect(
      refused.text.contains(
        "strings review: trans-unit \"cart.itemCount|==|plural.few\": \(review.workspace.locales.appending(path: "de.xcstrings").path) has no \"few\" form of \"cart.itemCount\""
      ))
    #expect(try review.catalog() == before)
  }

  /// A regional variant's overrides are edited in its own catalog, as import edits them.
  @Test func regionalOverrideIsSavedInItsOwnCatalog() throws {
    let review = try Review("en-GB")
    let page = review.get("/").text
    #expect(page.contains("en-GB is a regional variant"))
    #expect(page.contains("id=\"s-cart.title-value\""))
    #expect(!page.contains("id=\"s-status.ready.title-value\""), "only the overrides are the variant's")
    #expect(review.post([("key", "cart.title"), ("value", "Your Shopping Basket")]).status == 303)
    #expect(try String(data: review.catalog("en-GB"), encoding: .utf8)?.contains("\"Your Shopping Basket\"") == true)
    #expect(
      try review.catalog("en") == Data(contentsOf: StringsReviewTests.root.appending(path: "locales/en.xcstrings")))
  }

  // MARK: Refusals: nothing written

  /// A lost placeholder is refused with import's own message, nothing written, the typed
  /// text kept in its field beside the problem.
  @Test func lostPlaceholderIsRefusedWithImportsMessageAndNothingWritten() throws {
    let review = try Review()
    let before = try review.catalog()
    let response = review.post([("key", "header.connectedTo"), ("value", "Verbunden mit")])
    #expect(response.status == 422)
    #expect(try review.catalog() == before)
    let message =
      "trans-unit \"header.connectedTo\": the target's placeholders are not the English ones (%1$@, each once; %@ counts in order)"
    #expect(response.text.contains("strings review: " + message))
    #expect(response.text.contains("Not saved: nothing was written"))
    #expect(
      response.text.contains(
        "value=\"Verbunden mit\" lang=\"de\" dir=\"auto\" autocomplete=\"off\" aria-invalid=\"true\""))

    // `strings import` says the same of the same edit.
    let other = try StringsCommandTests.Workspace()
    #expect(other.run(["export", "--xliff", other.xliff.path]).status == .success)
    let xliff = try String(contentsOf: other.xliffFile("de"), encoding: .utf8)
      .replacingOccurrences(of: ">Verbunden mit %@</target>", with: ">Verbunden mit</target>")
    try Data(xliff.utf8).write(to: other.xliffFile("de"))
    let imported = other.run(["import", other.xliffFile("de").path])
    #expect(imported.status == .dataError)
    #expect(imported.standardError == "\(other.xliffFile("de").path): \(message)\n")
  }

  /// Import's other checks hold here too: an empty or invisible target, a control
  /// character, an unknown state, an English source that changed since the page showed it.
  @Test func importsOtherChecksRefuseAndWriteNothing() throws {
    let review = try Review()
    let before = try review.catalog()
    let cases: [([(String, String)], String)] = [
      ([("key", "cart.title"), ("value", "")], "the target is empty"),
      ([("key", "cart.title"), ("value", "\u{200B} ")], "the target has no visible character"),
      ([("key", "cart.title"), ("value", "Dein\u{202E}Warenkorb")], "the target holds U+202E, a control character"),
      ([("key", "cart.title"), ("value", "Waren\u{E0041}korb")], "the target holds U+E0041, a tag character"),
      (
        [("key", "cart.title"), ("value", "Warenkorb \u{1F3F4}\u{E0067}")], "the target holds U+E0067, a tag character"
      ),
      ([("key", "cart.title"), ("value", "Warenkorb"), ("state", "approved")], "unknown state \"approved\""),
      (
        [("key", "cart.title"), ("value", "Warenkorb"), ("source", "Your Bag")],
        "the source is not the current English (\u{201C}Your Cart\u{201D})"
      ),
      ([("key", "nope.nothing"), ("value", "x")], "de.xcstrings has no key \"nope.nothing\""),
      (
        [("key", "cart.itemCount"), ("value", "%@ Artikel")],
        "\"cart.itemCount\" is a plural; give one unit per category"
      ),
    ]
    for (fields, message) in cases {
      let response = review.post(fields)
      #expect(response.status == 422, "\(fields)")
      #expect(response.text.contains(message), "\(fields): \(response.text.prefix(300))")
      #expect(try review.catalog() == before)
    }
  }

  /// An emoji flag's tag sequence (Scotland's: a black flag, `gbsct` in tag letters, a
  /// cancel tag) is the one place a tag character may stand, and is saved.
  @Test func anEmojiFlagsTagSequenceIsSaved() throws {
    let review = try Review()
    let flag = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    let response = review.post([("key", "cart.title"), ("value", "Warenkorb " + flag)])
    #expect(response.status == 303, "\(response.text.prefix(300))")
    #expect(String(decoding: try review.catalog(), as: UTF8.self).contains("\"value\" : \"Warenkorb \(flag)\""))
  }

  /// A catalog that is not a regular file (a named pipe) is left out of the screens, as
  /// one that does not compile is: reading it would wait for a writer, holding one of the
  /// page's two threads for good. The wait here is bounded so a regression fails, not hangs.
  @Test func aCatalogThatIsAPipeIsLeftOutNotWaitedOn() throws {
    let review = try Review()
    let pipe = review.workspace.locales.appending(path: "zz.xcstrings").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let answered = DispatchSemaphore(value: 0)
    let status = Mutex(0)
    Thread {
      let response = review.get("/screen/status-disconnected")
      status.withLock { $0 = response.status }
      answered.signal()
    }.start()
    #expect(answered.wait(timeout: .now() + .seconds(60)) == .success, "the screen waited on the pipe")
    #expect(status.withLock { $0 } == 200)
  }

  /// A request from elsewhere: a wrong `Host` (DNS rebinding), another site's `Origin` or
  /// `Sec-Fetch-Site`, neither of them, no token or another run's: 403, nothing written.
  @Test func requestsFromElsewhereAreRefused() throws {
    let review = try Review()
    let before = try review.catalog()
    #expect(review.get("/", host: "evil.example:18431").status == 403)
    #expect(review.get("/screen/status-ready", host: "evil.example").status == 403)
    #expect(review.get("/review.js", host: "127.0.0.1.evil.example").status == 403)
    let edit = [("key", "cart.title"), ("value", "Gestohlen")]
    let form = ("Content-Type", "application/x-www-form-urlencoded")
    let refusals: [(HTTPResponse, String)] = [
      (
        review.post(edit, headers: [("Host", "evil.example:18431"), ("Origin", "http://evil.example:18431"), form]),
        "The review answers only http://127.0.0.1, http://localhost and http://[::1]."
      ),
      (
        review.post(edit, headers: [("Host", StringsReviewTests.host), ("Origin", "http://evil.example"), form]),
        "Refused: the request comes from another site (Origin: http://evil.example)."
      ),
      (
        review.post(edit, headers: [("Host", StringsReviewTests.host), ("Sec-Fetch-Site", "cross-site"), form]),
        "Refused: the request comes from another site (Sec-Fetch-Site: cross-site)."
      ),
      (
        review.post(edit, headers: [("Host", StringsReviewTests.host), ("Origin", "null"), form]),
        "Refused: the request has neither Origin nor Sec-Fetch-Site; send it from the tool's page."
      ),
      (
        review.post(edit, headers: [("Host", StringsReviewTests.host), form]),
        "Refused: the request has neither Origin nor Sec-Fetch-Site; send it from the tool's page."
      ),
      (review.post(edit, token: nil), "Refused: the request has no token; send it from the tool's page."),
      (review.post(edit, token: "ffffffffffffffffffffffffffffffff"), "Refused: the token is not this run's."),
    ]
    for (response, text) in refusals {
      #expect(response.status == 403)
      #expect(response.text == text + "\n")
      #expect(try review.catalog() == before)
    }
  }

  /// A body that is not the page's form: a clear 400 or 415, never a crash, nothing written.
  @Test func badFormInputIsAClearErrorAndWritesNothing() throws {
    let review = try Review()
    let before = try review.catalog()
    let token = "token=\(StringsReviewTests.token)&"
    let bodies: [(String, Int, String)] = [
      (token + "key=cart.title&value=%zz", 400, "The form cannot be read: byte "),
      (token + "key=cart.title&value=%FF", 400, "The form cannot be read: byte "),
      (token + "key=cart.title&value=a&value=b", 400, "The form gives 'value' more than once."),
      (token + "key=cart.title&value=a&colour=red", 400, "The form has an unknown field 'colour'"),
      (token + "key=cart.title&value.dual=a", 400, "The form has an unknown field 'value.dual'"),
      (token + "value=a", 400, "The form names no 'key'."),
      (token + "key=cart.title", 400, "The form gives no 'value' for \"cart.title\"."),
      (token + "key=cart.itemCount&value=a&value.one=b", 400, "gives both 'value' and plural forms"),
      (#"{"token": "x", "key": "cart.title", "value": "a"}"#, 400, "The form has an unknown field"),
      ("", 400, "The form names no 'key'."),
    ]
    for (body, status, text) in bodies {
      let response = review.post(body: Array(body.utf8))
      #expect(response.status == status, "\(body)")
      #expect(response.text.contains(text), "\(body): \(response.text)")
    }
    let json = review.post(
      body: Array(#"{"key": "cart.title", "value": "a"}"#.utf8),
      headers: [
        ("Host", StringsReviewTests.host), ("Origin", "http://" + StringsReviewTests.host),
        ("Content-Type", "application/json"),
      ])
    #expect(json.status == 415)
    #expect(json.text == "Post the page's form (application/x-www-form-urlencoded).\n")
    #expect(review.get("/strings").status == 405)
    #expect(review.get("/nothing").status == 404)
    #expect(try review.catalog() == before)
  }

  // MARK: The page

  /// Every value has its label, the page carries its hashed style and script, its policy
  /// and the run's token; translations and comments are escaped text.
  @Test func pageLabelsEveryFieldAndCarriesItsPolicy() throws {
    let review = try Review()
    let page = review.get("/")
    #expect(page.status == 200)
    let html = page.text
    #expect(html.contains("<style>" + StringsReviewAssets.style.description + "</style>"))
    #expect(html.contains("<script src=\"/review.js\" integrity=\"\(StringsReviewHashes.script)\" defer></script>"))
    #expect(page.header("content-security-policy") == SecurityHeaders.stringsReview.contentSecurityPolicy)
    #expect(page.header("content-security-policy")?.contains("form-action 'self'") == true)
    #expect(html.contains("name=\"token\" value=\"\(StringsReviewTests.token)\""))
    let inputs = html.components(separatedBy: "<input id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(inputs.count >= 87)
    for id in inputs { #expect(html.contains("<label for=\"\(id)\">"), "\(id) has no label") }
    // The comment's quotes, written as text.
    #expect(html.contains("e.g. &quot;Emily&quot;") || html.contains("e.g. \"Emily\""))
    #expect(!html.contains("<script>"))
    #expect(html.contains("<a href=\"/screen/status-disconnected\" target=\"screen\""))
  }

  /// An edit with markup in it is written as typed and shown as text, never as markup.
  @Test func markupInATranslationIsShownAsText() throws {
    let review = try Review()
    #expect(review.post([("key", "cart.title"), ("value", "<img src=x onerror=alert(1)>")]).status == 303)
    let page = review.get("/").text
    #expect(!page.contains("<img src=x"))
    #expect(page.contains("value=\"&lt;img src=x onerror=alert(1)&gt;\""))
    let screen = review.get("/screen/cart-empty").text
    #expect(!screen.contains("<img src=x"))
  }

  // MARK: The command line

  @Test func reviewTakesOneLanguageAndRefusesExportsOptions() {
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["strings", "review"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["strings", "review", "de", "fr"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["strings", "review", "not a tag"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["strings", "review", "de", "--xliff", "x"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["strings", "review", "de", "--port", "70000"]) }
    let missing = Runner(inputs: .live).run([
      "strings", "review", "xx", "--locales", Self.root.appending(path: "locales").path,
    ])
    #expect(missing.status == .noInput)
    #expect(missing.standardError.contains("xx.xcstrings': no such file"))
  }
}
