import Foundation
import HTTPServer
import RenderCore
import Testing

@testable import FallbackServer
@testable import LivePreview
@testable import ServedAssets
@testable import render_cli

/// `render-cli preview`: its command line, and its routes answered without a socket
/// (``PreviewServer/respond(to:)``) over files read as the command reads them.
@Suite struct PreviewCommandTests {
  let cli = RenderCLIEndToEndTests()

  static func input(_ example: String) throws -> Input {
    let path = "examples/" + example
    let bytes = try Data(contentsOf: RenderCLIEndToEndTests.root.appending(path: path))
    return Input(label: path, bytes: Array(bytes))
  }

  static func get(_ server: PreviewServer, _ path: String, host: String = "127.0.0.1:18400") -> HTTPResponse {
    let split = path.split(separator: "?", maxSplits: 1).map(String.init)
    var query: [(name: String, value: String)] = []
    if split.count == 2, let equals = split[1].firstIndex(of: "=") {
      query = [(String(split[1][..<equals]), String(split[1][split[1].index(after: equals)...]))]
    }
    let request = HTTPRequest(method: "GET", path: split[0], query: query, headers: [("Host", host)])
    guard case .respond(let response) = server.respond(to: request) else {
      Issue.record("GET \(path) waited")
      return HTTPResponse(status: 0)
    }
    return response
  }

  @Test func parsesFilesConfigPreviousAndPort() throws {
    let command = try CommandLineSyntax.parse([
      "preview", "a.json", "b.jsonl", "--config", "c.json", "--previous", "p.json", "--port", "18400",
    ])
    #expect(
      command
        == .preview(
          PreviewOptions(files: ["a.json", "b.jsonl"], configPath: "c.json", previous: "p.json", port: 18400)))
    #expect(try CommandLineSyntax.parse(["preview", "a.json"]) == .preview(PreviewOptions(files: ["a.json"])))
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["preview"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["preview", "-"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["preview", "a.json", "--port", "65536"]) }
    #expect(throws: UsageError.self) { try CommandLineSyntax.parse(["preview", "a.json", "--host", "0.0.0.0"]) }
  }

  @Test func missingFileIsNoInputBeforeListening() throws {
    let result = try cli.run(["preview", "no-such-request.json", "--port", "18401"])
    #expect(result.status == 66)
    #expect(result.stderr == "Error: cannot read 'no-such-request.json': no such file\n")
    #expect(result.stdout.isEmpty)
  }

  /// A watched path that is a named pipe or a device is a problem of that file, at once:
  /// opening a pipe would block the watcher until a writer came.
  @Test func namedPipeOrDeviceIsNoInputWithoutBlocking() throws {
    let pipe = FileManager.default.temporaryDirectory.appending(path: "preview-\(UUID().uuidString).json").path
    #expect(mkfifo(pipe, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: pipe) }
    for path in [pipe, "/dev/zero"] {
      do {
        _ = try Watched.read(path, inputs: .live)
        Issue.record("\(path) was read")
      } catch {
        #expect(
          Runner.report(error).standardError
            == "Error: cannot watch '\(path)': not a regular file (a preview watches files)\n")
      }
    }
    let result = try cli.run(["preview", pipe, "--port", "18401"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
  }

  @Test func helpLinesFitEightyColumns() throws {
    let help = Help.text(for: .preview)
    #expect(help.contains("USAGE: render-cli preview FILE... [--config FILE] [--previous FILE] [--port N]"))
    #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func listensOnLoopbackOnlyAndAnswersOnlyLoopbackHosts() throws {
    let server = PreviewServer(files: [], configuration: .default)
    #expect(throws: HTTPDaemon.StartError.self) { try server.start(host: "0.0.0.0", port: 0) }
    #expect(throws: HTTPDaemon.StartError.self) { try server.start(host: "192.168.1.2", port: 0) }
    #expect(Self.get(server, "/", host: "evil.example:18400").status == 403)
    #expect(Self.get(server, "/", host: "127.0.0.1.evil.example").status == 403)
    #expect(Self.get(server, "/", host: "localhost:18400").status == 200)
    #expect(Self.get(server, "/", host: "[::1]:18400").status == 200)
    let page = Self.get(server, "/")
    #expect(page.status == 200)
    let policy = try #require(page.header("Content-Security-Policy"))
    #expect(policy.contains("script-src 'sha256-") && !policy.contains("unsafe-inline"))
    #expect(policy.contains("frame-ancestors 'none'"))
    for path in ["/", "/controls.js", "/live.js", "/state", "/state/events?shown=0", "/nothing"] {
      let answer = Self.get(server, path)
      #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(path)")
      #expect(answer.header("Content-Security-Policy") != nil, "\(path)")
    }
  }

  @Test func controlsPageOffersEveryLanguageAndLabelsEveryControl() throws {
    let server = PreviewServer(files: [], configuration: .default)
    let page = Self.get(server, "/").text
    for tag in ["ar", "ar-XB", "en-XA", "he", "zh-Hant"] {
      #expect(page.contains("<option value=\"\(tag)\""), "\(tag)")
    }
    for id in ["screen", "locale", "locale-tag", "locales", "region", "currency", "text-size", "width", "text-width"] {
      #expect(page.contains("<label for=\"\(id)\""), "\(id)")
    }
    #expect(!page.contains(" on"), "no inline event handler")
    for width in [320, 375, 390, 430] { #expect(page.contains("<option value=\"\(width)\"")) }
  }

  @Test func framedPageIsTheFormCommandsPageWithServesLiveHead() throws {
    let input = try Self.input("request-signup.json")
    let file = PreviewReading.file(input, previous: nil, configuration: .default)
    #expect(file.kind == "form request")
    #expect(file.problems.isEmpty)
    let server = PreviewServer(files: [file], configuration: .default)
    let page = Self.get(server, "/screen/0/form/fr-CA/-/-")
    #expect(page.status == 200)
    #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'self'") == true)
    let cliPage = try cli.run(["form", "examples/request-signup.json", "--locale", "fr-CA"])
    #expect(cliPage.status == 0)
    // The command line's page is self-contained: its policy is in a <meta> element.
    // serve's head has the screen's version and its live script there instead (its
    // policy is a header), and nothing else differs.
    let cliLines = cliPage.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let policy = try #require(cliLines.first { $0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") })
    let head = """
      <meta name="screen-version" content="1">
      <script src="/live.js" integrity="\(ContentHashes.liveScript)" defer></script>
      """
    #expect(page.text == cliPage.stdout.replacingOccurrences(of: String(policy), with: head))
  }

  @Test func brokenFileShowsItsLinesWithJSONPathAndKeepsTheLastGoodPage() throws {
    let good = try Self.input("request-signup.json")
    let file = PreviewReading.file(good, previous: nil, configuration: .default)
    let server = PreviewServer(files: [file], configuration: .default)
    let before = Self.get(server, "/screen/0/form/en/-/-").body

    let broken = Input(
      label: good.label,
      bytes: Array(#"{"request": "signup", "purpose": "membership", "fields": ["emailAddress", 7]}"#.utf8))
    var reread = PreviewReading.file(broken, previous: nil, configuration: .default, kind: file.kind)
    let cliLines = try cli.run(["form", "-"], stdin: String(decoding: broken.bytes, as: UTF8.self)).stderr
    #expect(
      reread.problems.map { $0.replacingOccurrences(of: good.label, with: "<stdin>") + "\n" }.joined() == cliLines)
    #expect(reread.problems.first?.hasPrefix("examples/request-signup.json: $.fields[1]: ") == true)
    reread.renderer = file.renderer
    server.update(file: 0, reread)

    let state = Self.get(server, "/state").text
    #expect(state.contains("examples/request-signup.json: $.fields[1]: "))
    let after = Self.get(server, "/screen/0/form/en/-/-")
    #expect(after.status == 200)
    #expect(
      after.text.replacingOccurrences(of: "content=\"2\"", with: "content=\"1\"")
        == String(decoding: before, as: UTF8.self))

    let never = PreviewReading.file(broken, previous: nil, configuration: .default)
    let unread = PreviewServer(files: [never], configuration: .default)
    let refused = Self.get(unread, "/screen/0/form/en/-/-")
    #expect(refused.status == 422)
    #expect(refused.text.contains("$.fields[1]"))
  }

  @Test func localeRegionCurrencyAndTextComeFromTheAddress() throws {
    let cart = PreviewReading.file(try Self.input("cart-hair-spray.json"), previous: nil, configuration: .default)
    let server = PreviewServer(files: [cart], configuration: .default)
    let page = Self.get(server, "/screen/0/cart/ar/EG/EGP").text
    #expect(page.contains("<html lang=\"ar-EG\" dir=\"rtl\">"))
    #expect(Self.get(server, "/screen/0/cart/not_a_tag!/-/-").status == 400)
    let currency = Self.get(server, "/screen/0/cart/en/-/usd")
    #expect(currency.status == 422)
    #expect(currency.text.hasPrefix("controls: $.currency: "))
    #expect(Self.get(server, "/screen/0/nothing/en/-/-").status == 422)
    let text = Self.get(server, "/text/0/cart/en/-/-?width=30")
    #expect(text.status == 200)
    #expect(text.text.split(separator: "\n").allSatisfy { $0.count <= 30 })
    let cliText = try cli.run(["cart", "examples/cart-hair-spray.json", "--format", "text", "--width", "30"])
    #expect(text.text == cliText.stdout)
  }

  @Test func postIsAnsweredAsParseAnswersIt() throws {
    let file = PreviewReading.file(try Self.input("request-signup.json"), previous: nil, configuration: .default)
    let server = PreviewServer(files: [file], configuration: .default)
    let body = "action=share&phoneNumber=call+me"
    let post = HTTPRequest(
      method: "POST", path: "/screen/0/form/en/-/-", headers: [("Host", "127.0.0.1:18400")], body: Array(body.utf8))
    guard case .respond(let answer) = server.respond(to: post) else { throw CancellationError() }
    #expect(answer.status == 422)
    #expect(answer.text.contains("value=\"call me\""))
    let bodyFile = try cli.temporaryFile(body, name: "body.txt")
    let parsed = try cli.run(["parse", "examples/request-signup.json", bodyFile.path])
    #expect(parsed.status == 65)
    let state = Self.get(server, "/state").text
    let response = try #require(
      try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
    )
    let files = try #require(response["files"] as? [[String: Any]])
    #expect(files.first?["response"] as? String == parsed.stdout)

    let shared = HTTPRequest(
      method: "POST", path: "/screen/0/form/en/-/-", headers: [("Host", "127.0.0.1:18400")],
      body: Array("action=share&emailAddress=zoe%40example.com".utf8))
    guard case .respond(let redirect) = server.respond(to: shared) else { throw CancellationError() }
    #expect(redirect.status == 303)
    #expect(redirect.header("Location") == "/screen/0/form/en/-/-")
    #expect(Self.get(server, "/state").text.contains("zoe@example.com"))
  }

  /// A post cut short at the body limit (the daemon hands it over before its end) is
  /// `413`, as `serve` answers it: not a post of the part that came.
  @Test func postPastTheBodyLimitIsRefusedNotParsed() throws {
    let file = PreviewReading.file(try Self.input("request-signup.json"), previous: nil, configuration: .default)
    let server = PreviewServer(files: [file], configuration: .default)
    let post = HTTPRequest(
      method: "POST", path: "/screen/0/form/en/-/-", headers: [("Host", "127.0.0.1:18400")],
      body: Array("action=share&emailAddress=zoe%40exa".utf8))
    // The transport refuses the body and asks the preview for the answer.
    let answer = server.errorResponse(.bodyTooLarge, post)
    #expect(answer.status == 413)
    #expect(answer.header("Content-Security-Policy") != nil)
    #expect(Self.get(server, "/state").text.contains("\"response\": null"))
  }

  @Test func everyErrorScreenShowsAnErrorOnEveryFieldInThePagesLocale() throws {
    let file = PreviewReading.file(try Self.input("request-signup.json"), previous: nil, configuration: .default)
    let server = PreviewServer(files: [file], configuration: .default)
    let english = Self.get(server, "/screen/0/errors/en/-/-").text
    // Full name, email address and phone number: the form's three text fields.
    #expect(english.components(separatedBy: "class=\"field field-error\"").count - 1 == 3)
    let french = Self.get(server, "/screen/0/errors/fr/-/-").text
    #expect(!french.contains("cannot be used"))
  }

  @Test func cartUpdateTranscriptStepsAndStatusAreScreens() throws {
    let cart = PreviewReading.file(
      try Self.input("cart-update-after.json"), previous: try Self.input("cart-update-before.json"),
      configuration: .default)
    #expect(cart.renderer?.variants.map(\.id) == ["update", "cart"])
    let transcript = PreviewReading.file(try Self.input("checkout.jsonl"), previous: nil, configuration: .default)
    #expect(transcript.kind == "session transcript")
    #expect(transcript.problems.isEmpty)
    let steps = try #require(transcript.renderer?.variants)
    #expect(steps.first?.id.hasPrefix("step-") == true)
    let status = PreviewReading.file(
      Input(label: "status.json", bytes: Array(#"{"status": "paymentCompleted"}"#.utf8)), previous: nil,
      configuration: .default)
    #expect(status.renderer?.variants.map(\.id) == ["status"])
    let unknown = PreviewReading.file(
      Input(label: "status.json", bytes: Array(#"{"status": "paid"}"#.utf8)), previous: nil, configuration: .default)
    #expect(unknown.problems.first?.hasPrefix("status.json: $.status: unknown status \"paid\"") == true)

    let server = PreviewServer(files: [cart, transcript, status], configuration: .default)
    let update = Self.get(server, "/screen/0/update/en/-/-").text
    #expect(update.contains("data-change"))
    let replayed = try cli.run([
      "cart", "examples/cart-update-after.json", "--previous", "examples/cart-update-before.json",
    ])
    #expect(update.contains("<main") && replayed.stdout.contains("data-change"))
    for step in steps { #expect(Self.get(server, "/screen/1/\(step.id)/en/-/-").status == 200, "\(step.id)") }
    #expect(Self.get(server, "/screen/2/status/ja/-/-").text.contains("<html lang=\"ja-US\""))
  }

  /// `serve`'s own answer for the same cart: the relay server, driven as the merchant
  /// and the customer drive it. Only the screen's version (a count of the session's
  /// changes) may differ.
  @Test func framedCartIsWhatServeSendsForIt() throws {
    let key = "preview-test-key-0123456789abcdef"
    let relay = RelayServer(options: ServerOptions(apiKey: key)) { _ in }
    func send(_ method: String, _ path: String, body: String = "") -> HTTPResponse {
      let split = path.split(separator: "?", maxSplits: 1).map(String.init)
      let query = split.count > 1 ? [(name: "routingKey", value: "k1")] : []
      let request = HTTPRequest(
        method: method, path: split[0], query: query, headers: [("Authorization", "Bearer \(key)")],
        body: Array(body.utf8))
      guard case .respond(let response) = relay.respond(to: request) else { return HTTPResponse(status: 0) }
      return response
    }
    let created = send("POST", "/v1/sessions?routingKey=k1")
    #expect(created.status == 201)
    let members = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
    let id = try #require(members?["id"] as? String)
    let customer = try #require(members?["customerURL"] as? String)
    #expect(send("GET", customer).status == 200)
    let input = try Self.input("cart-hair-spray.json")
    let call = #"{"call": "updateShoppingCart", "cart": "# + String(decoding: input.bytes, as: UTF8.self) + "}"
    #expect(send("POST", "/v1/sessions/\(id)/calls", body: call).status == 200)
    let served = send("GET", customer)
    #expect(served.status == 200)

    let file = PreviewReading.file(input, previous: nil, configuration: .default)
    let preview = Self.get(PreviewServer(files: [file], configuration: .default), "/screen/0/cart/en/-/-")
    func versionless(_ page: String) -> String {
      page.replacing(/content="\d+"/, with: "content=\"V\"").replacing(/shown=\d+/, with: "shown=V")
    }
    #expect(served.text.contains("<meta name=\"screen-version\""))
    #expect(versionless(preview.text) == versionless(served.text))
  }
}
