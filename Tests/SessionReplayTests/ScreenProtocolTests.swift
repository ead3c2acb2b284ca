import CartRender
import FormRender
import Foundation
import GoldenFiles
import RenderCore
import StatusRender
import Testing

@testable import SessionReplay

/// Every screen type rendered through the one ``Screen`` protocol, in HTML and in text,
/// as `render-cli`, `replay` and a server render it; and the protocol's bytes are the
/// golden files' bytes.
@Suite struct ScreenProtocolTests {
  static let examples = GoldenFile.packageRoot().appending(path: "examples")

  /// The status screens' golden files were made at a store with a website.
  static let statusSession =
    SessionConfiguration(
      currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy",
      websiteURL: "https://example.com", storeName: "Oakbrook Mall", deviceName: "Emily") ?? .default

  static func json(_ name: String) throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: examples.appending(path: name))))
  }

  static func cart(_ name: String) throws -> ShoppingCart { try ShoppingCart(json: try json(name), currency: "USD") }

  static func update() throws -> CartUpdate {
    try CartUpdate(try cart("cart-update-after.json"), previous: try cart("cart-update-before.json"))
  }

  static func request(_ name: String) throws -> FormRequest { try FormRequest(json: try json("request-\(name).json")) }

  static func context(_ locale: String, configuration: SessionConfiguration? = nil) throws -> RenderContext {
    RenderContext(
      configuration: try configuration ?? SessionConfiguration(json: try json("session.json")), localeTag: locale)
  }

  /// Both renderings of `screen` through the protocol, and each checked against the
  /// protocol's own two requirements, so neither format can take another path. The
  /// bytes (what a server and `render-cli` write) are valid UTF-8, as the protocol
  /// promises, and are the String's bytes exactly.
  static func both(
    _ screen: any Screen, context: RenderContext, width: Int = OutputFormat.defaultTextWidth,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (html: String, text: String) {
    let html = screen.render(.html, context: context, width: width)
    let text = screen.render(.text, context: context, width: width)
    #expect(html == screen.html(context: context), sourceLocation: sourceLocation)
    #expect(text == screen.text(context: context, width: width), sourceLocation: sourceLocation)
    let bytes = screen.htmlUTF8(context: context)
    #expect(String(validating: bytes, as: UTF8.self) == html, sourceLocation: sourceLocation)
    #expect(screen.renderUTF8(.html, context: context, width: width) == bytes, sourceLocation: sourceLocation)
    #expect(
      screen.renderUTF8(.text, context: context, width: width) == Array(text.utf8), sourceLocation: sourceLocation)
    return (html, text)
  }

  /// The golden file `snapshots/suite/file`, never recorded: a missing file fails.
  static func expectGolden(
    _ actual: String, _ suite: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let failure = GoldenFile.compare(actual, suite: suite, file: file, mode: .never, root: GoldenFile.packageRoot())
    #expect(failure == nil, Comment(rawValue: failure ?? ""), sourceLocation: sourceLocation)
  }

  /// Every line of `text` within `width` display columns, and the text ends in a line feed.
  static func expectFits(_ text: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(text.hasSuffix("\n"), sourceLocation: sourceLocation)
    for line in text.split(separator: "\n") {
      #expect(DisplayWidth.of(line) <= width, "\(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func cart() throws {
    let context = try Self.context("en-US")
    let (html, text) = Self.both(try Self.cart("cart-hair-spray.json"), context: context)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains(#"<li class="item" data-item-id="HRSP-M-UN-11-001">"#))
    #expect(html.contains("<bdi>Hair Spray</bdi>"))
    #expect(html.contains(#"<span class="total-amount">$14.30</span>"#))
    #expect(!html.contains("data-change"))
    #expect(text.contains("Hair Spray                        $15.00\n"))
    #expect(text.contains("Total                             $14.30\n"))
    Self.expectFits(text, width: 40)
    Self.expectGolden(html, "CartScreen", "hair-spray.en-US.html")
    Self.expectGolden(text, "CartScreen", "hair-spray.en-US.txt")
  }

  @Test func cartTextKeepsTheAskedWidth() throws {
    let cart = try Self.cart("cart-hair-spray.json")
    let context = try Self.context("fr-FR")
    let text = cart.render(.text, context: context, width: 32)
    Self.expectFits(text, width: 32)
    Self.expectGolden(text, "CartScreen", "hair-spray.fr-FR.width32.txt")
    // HTML has no width: the page is the same at any.
    #expect(cart.render(.html, context: context, width: 32) == cart.render(.html, context: context))
  }

  @Test func emptyCart() throws {
    let (html, text) = Self.both(try Self.cart("cart-empty.json"), context: try Self.context("ja-JP"))
    #expect(html.contains(#"<div class="placeholder">"#))
    #expect(!html.contains("data-item-id"))
    Self.expectGolden(html, "CartScreen", "empty.ja-JP.html")
    Self.expectGolden(text, "CartScreen", "empty.ja-JP.txt")
  }

  @Test func cartUpdate() throws {
    let update = try Self.update()
    #expect(update.previous.items.contains { $0.name == "Wide-Tooth Comb" })
    let (html, text) = Self.both(update, context: try Self.context("en-US"))
    #expect(html.contains(#"<li class="item" data-item-id="CLP-SET-6" data-change="inserted">"#))
    #expect(html.contains(#"<li class="item" data-item-id="CMB-WD-01" data-change="removed" aria-hidden="true">"#))
    #expect(html.contains(#"aria-live="polite""#))
    #expect(text.contains("+ Claw Clips, set of 6             $7.50\n"))
    #expect(text.contains("- Wide-Tooth Comb                  $6.50\n"))
    #expect(text.contains("~ Total                           $64.35\n"))
    Self.expectFits(text, width: 40)
    Self.expectGolden(html, "CartUpdate", "hair-spray-update.en-US.html")
    Self.expectGolden(text, "CartUpdate", "hair-spray-update.en-US.txt")
    let arabic = Self.both(update, context: try Self.context("ar-EG"))
    Self.expectGolden(arabic.html, "CartUpdate", "hair-spray-update.ar-EG.html")
    Self.expectGolden(arabic.text, "CartUpdate", "hair-spray-update.ar-EG.txt")
  }

  @Test func form() throws {
    let context = try Self.context("en-US")
    let (html, text) = Self.both(FormScreen(try Self.request("signup")), context: context)
    #expect(html.contains(#"<form class="request-form" method="post" accept-charset="utf-8">"#))
    #expect(html.contains("<h1>Sign up</h1>"))
    #expect(!html.contains(#"name="token""#))
    #expect(text.contains("Sign up\n"))
    #expect(text.contains("[ ] Email me news and offers\n"))
    Self.expectFits(text, width: 40)
    Self.expectGolden(html, "FormScreen", "signup.en-US.html")
    Self.expectGolden(text, "FormScreen", "signup.en-US.txt")
    let japanese = Self.both(FormScreen(try Self.request("signup")), context: try Self.context("ja-JP"))
    #expect(japanese.html.contains("<h1>会員登録</h1>"))
    Self.expectGolden(japanese.html, "FormScreen", "signup.ja-JP.html")
    Self.expectGolden(japanese.text, "FormScreen", "signup.ja-JP.txt")
  }

  /// The form's state (values, errors, token) is the screen's own: it reaches both formats.
  @Test func formWithItsState() throws {
    let request = try Self.request("shipping-address")
    let context = try Self.context("en-US")
    let body =
      "name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=+&state=CA&postalCode=9501&country=US"
      + "&emailAddress=jane%40&phoneNumber=&action=share"
    let response = try FormSubmission.parse(Array(body.utf8), request: request, context: context, expectedToken: nil)
    guard case .invalid(let errors) = response else {
      Issue.record("expected errors, got \(response)")
      return
    }
    let state = FormState(values: try URLEncodedForm(decoding: Array(body.utf8)), errors: errors, token: "req-7f3a")
    let screen = FormScreen(request, state: state)
    #expect(screen.state == state)
    let (html, text) = Self.both(screen, context: context)
    #expect(html.contains(#"<input type="hidden" name="token" value="req-7f3a">"#))
    #expect(html.contains(#"value="Jane Appleseed""#))
    #expect(html.contains(#"aria-invalid="true""#))
    #expect(text.contains("Jane Appleseed"))
    #expect(text.contains("! "))
    Self.expectGolden(html, "FormScreen", "shipping-address-errors.en-US.html")
    Self.expectGolden(text, "FormScreen", "shipping-address-errors.en-US.txt")
  }

  /// Statuses, the welcome (`connected`) and the end-of-session screens, in every
  /// language of the golden files.
  @Test(arguments: StatusScreen.allCases, ["en-US", "de-DE", "ja-JP", "ar-EG"])
  func status(_ screen: StatusScreen, _ locale: String) throws {
    let context = try Self.context(locale, configuration: Self.statusSession)
    let (html, text) = Self.both(screen, context: context)
    let title = screen.title(context).text
    #expect(!title.isEmpty)
    #expect(html.contains(#"<section class="status status-\#(screen.tone.rawValue)" role="status">"#))
    #expect(html.contains("<p class=\"status-subtitle\">"))
    #expect(text.contains("========================================\n"))
    Self.expectFits(text, width: 40)
    Self.expectGolden(html, "StatusScreen", "\(screen.rawValue).\(locale).html")
    Self.expectGolden(text, "StatusScreen", "\(screen.rawValue).\(locale).txt")
  }

  @Test func welcomeDisconnectedAndClosedInEnglish() throws {
    let context = try Self.context("en-US", configuration: Self.statusSession)
    let welcome = Self.both(StatusScreen.connected, context: context)
    #expect(welcome.html.contains("<h1>Welcome to <bdi>Oakbrook Mall</bdi></h1>"))
    #expect(welcome.text.contains("Welcome to Oakbrook Mall\n"))
    let disconnected = Self.both(StatusScreen.disconnected, context: context)
    #expect(disconnected.html.contains("<h1>"))
    #expect(disconnected.text != welcome.text)
    let closed = Self.both(StatusScreen.closed, context: context)
    #expect(closed.html.contains("<h1>The store ended the connection</h1>"))
    #expect(closed.text.contains("You can close this page.\n"))
  }

  /// What a session shows becomes the same screens: `replay` and a server need no
  /// `switch` of their own.
  @Test func sessionStagesRenderThroughTheProtocol() throws {
    let context = try Self.context("en-US")
    #expect(CustomerSession.Stage.none.screen(hintsAgainst: nil) == nil)

    let welcome = try #require(CustomerSession.Stage.welcome.screen(hintsAgainst: nil))
    #expect(welcome.render(.html, context: context) == StatusScreen.connected.html(context: context))
    #expect(welcome.render(.text, context: context) == StatusScreen.connected.text(context: context, width: 40))

    let closed = try #require(CustomerSession.Stage.status(.closed).screen(hintsAgainst: nil))
    #expect(closed.render(.text, context: context).contains("You can close this page."))

    let request = try Self.request("signup")
    let form = try #require(
      CustomerSession.Stage.form(SessionRequest(call: "requestSignup", form: request)).screen(hintsAgainst: nil))
    #expect(form.render(.html, context: context) == FormHTML.render(request, context: context))
    #expect(form.render(.html, context: context).contains("<form "))

    let before = try Self.cart("cart-update-before.json")
    let after = try Self.cart("cart-update-after.json")
    let stage = CustomerSession.Stage.cart(after, previous: before)
    #expect(stage.previousCart == before)
    let plain = try #require(stage.screen(hintsAgainst: nil))
    #expect(!plain.render(.html, context: context).contains("data-change"))
    let updated = try #require(stage.screen(hintsAgainst: stage.previousCart))
    Self.expectGolden(updated.render(.html, context: context), "CartUpdate", "hair-spray-update.en-US.html")
    Self.expectGolden(updated.render(.text, context: context), "CartUpdate", "hair-spray-update.en-US.txt")

    // A cart with an id twice (never decoded from JSON) is shown without hints.
    let twice = ShoppingCart(items: [
      .init(id: "A", name: "A", quantity: 1, totalPrice: 1), .init(id: "A", name: "B", quantity: 1, totalPrice: 1),
    ])
    let unhinted = try #require(CustomerSession.Stage.cart(twice, previous: before).screen(hintsAgainst: before))
    #expect(unhinted.render(.html, context: context) == twice.render(.html, context: context))
  }

  @Test func outputFormat() {
    #expect(OutputFormat(rawValue: "html") == .html)
    #expect(OutputFormat(rawValue: "text") == .text)
    #expect(OutputFormat(rawValue: "txt") == nil)
    #expect(OutputFormat(rawValue: "spoken") == .spoken)
    #expect(OutputFormat.allCases.map(\.fileExtension) == ["html", "txt", "spoken.txt"])
    #expect(OutputFormat.defaultTextWidth == 40)
    #expect(Replay.Options().width == OutputFormat.defaultTextWidth)
  }
}
