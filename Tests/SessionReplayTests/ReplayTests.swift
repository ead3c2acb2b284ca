import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import SessionReplay

/// Whole transcripts replayed through the library, as `render-cli replay` does.
@Suite struct ReplayTests {
  static let checkout = GoldenFile.packageRoot().appending(path: "examples/checkout.jsonl")

  func replay(
    _ transcript: String, locales: [String] = ["en-US"], formats: [OutputFormat] = [.html]
  ) -> (files: [Replay.File], failure: [String]?) {
    var files: [Replay.File] = []
    do {
      guard let options = Replay.Options(localeTags: locales, formats: formats) else { return ([], ["bad tag"]) }
      try Replay.run(Array(transcript.utf8), configuration: .default, options: options) { files.append($0) }
      return (files, nil)
    } catch let failure as Replay.Failure {
      return (files, failure.lines(file: "session.jsonl"))
    } catch {
      return (files, ["\(error)"])
    }
  }

  static let readyLines = #"{"event":"connected"}"# + "\n" + #"{"event":"ready"}"# + "\n"

  @Test func localeTagsNameTheFoldersAndABadTagIsRefused() {
    let (files, failure) = replay(Self.readyLines, locales: ["fr", "ja-JP"])
    #expect(failure == nil)
    #expect(
      files.map(\.path) == [
        "fr-US/001-connected.html", "ja-JP/001-connected.html", "fr-US/002-ready.html", "ja-JP/002-ready.html",
      ])
    #expect(Replay.Options(localeTags: ["en-US", "not a tag"]) == nil)
    #expect(
      replay(Self.readyLines, locales: []).files.map(\.path) == ["en-US/001-connected.html", "en-US/002-ready.html"])
  }

  @Test func checkoutGoldenFilesInFourLocales() throws {
    let transcript = try String(contentsOf: Self.checkout, encoding: .utf8)
    let (files, failure) = replay(transcript, locales: ["en-US", "de-DE", "ja-JP", "ar-EG"], formats: [.html, .text])
    #expect(failure == nil)
    #expect(files.count == 13 * 4 * 2)
    for file in files {
      // `en-US/003-updateShoppingCart.html` is golden `003-updateShoppingCart.en-US.html`.
      let parts = file.path.split(separator: "/")
      guard parts.count == 2, let dot = parts[1].lastIndex(of: ".") else {
        Issue.record("unexpected path \(file.path)")
        continue
      }
      GoldenFile.assertMatches(
        file.contents, suite: "Checkout", file: "\(parts[1][..<dot]).\(parts[0])\(parts[1][dot...])")
    }
  }

  /// What a screen reader meets at each step of the checkout, in the same four locales.
  @Test func checkoutSpokenGoldenFilesInFourLocales() throws {
    let transcript = try String(contentsOf: Self.checkout, encoding: .utf8)
    let (files, failure) = replay(transcript, locales: ["en-US", "de-DE", "ja-JP", "ar-EG"], formats: [.spoken])
    #expect(failure == nil)
    #expect(files.count == 13 * 4)
    for file in files {
      // `en-US/003-updateShoppingCart.spoken.txt` is golden `003-updateShoppingCart.en-US.spoken.txt`.
      let parts = file.path.split(separator: "/")
      guard parts.count == 2, let dot = parts[1].firstIndex(of: ".") else {
        Issue.record("unexpected path \(file.path)")
        continue
      }
      GoldenFile.assertMatches(
        file.contents, suite: "Checkout", file: "\(parts[1][..<dot]).\(parts[0])\(parts[1][dot...])")
    }
  }

  @Test func filesAreNumberedAndNamedAfterTheCall() throws {
    let transcript = try String(contentsOf: Self.checkout, encoding: .utf8)
    let (files, _) = replay(transcript)
    #expect(
      files.map(\.path) == [
        "en-US/001-connected.html", "en-US/002-ready.html", "en-US/003-updateShoppingCart.html",
        "en-US/004-updateShoppingCart.html", "en-US/005-updateShoppingCart.html", "en-US/006-requestSignup.html",
        "en-US/007-response.html", "en-US/008-updateShoppingCart.html", "en-US/009-requestAddress.html",
        "en-US/010-response.html", "en-US/011-updateStatus.html", "en-US/012-updateCustomerStatus.html",
        "en-US/013-closeCustomerSession.html",
      ])
    #expect(files[4].contents.contains(#"data-item-id="HRSP-M-UN-11-001" data-change="updated""#))
    #expect(files[5].contents.contains("<h1>Sign up</h1>"))
    #expect(files[12].contents.contains("You can close this page."))
  }

  @Test func requestBeforeReadyIsNotReadyAndEarlierStepsAreWritten() {
    let (files, failure) = replay(
      #"{"event":"connected"}"# + "\n"
        + #"{"call":"requestCustomerInfo","purpose":"checkIn","fields":["emailAddress"]}"#)
    #expect(
      failure == [
        "session.jsonl:2: notReady: the session is not ready (wait for the ready event; nothing is accepted after it ends)"
      ])
    #expect(files.map(\.path) == ["en-US/001-connected.html"])
  }

  @Test func twoOpenFormsAreSessionBusy() {
    let request = #"{"call":"requestSignup","fields":["emailAddress"]}"#
    let (files, failure) = replay(Self.readyLines + request + "\n" + request + "\n")
    #expect(failure == ["session.jsonl:4: sessionBusy: a form is already open"])
    #expect(files.count == 3)
  }

  @Test func applePayIsIncompatible() {
    let (_, failure) = replay(Self.readyLines + #"{"call":"requestApplePayPayment"}"#)
    #expect(failure == ["session.jsonl:3: incompatibleRequest: Apple Pay cannot be served on the web"])
  }

  @Test func walletPassIsIncompatible() {
    let (_, failure) = replay(Self.readyLines + #"{"call":"requestCustomerInfo","fields":["pass","emailAddress"]}"#)
    #expect(
      failure == [
        "session.jsonl:3: $.fields[0]: incompatibleRequest: a Wallet pass cannot be shared on the web fallback"
      ])
  }

  @Test func statusWhileAFormIsOpenIsSessionBusy() {
    let (_, failure) = replay(
      Self.readyLines + #"{"call":"requestSignup"}"# + "\n" + #"{"call":"updateStatus","status":"paymentCompleted"}"#)
    #expect(failure == ["session.jsonl:4: sessionBusy: a form is already open"])
  }

  @Test func responsesMustFitTheOpenForm() {
    let (_, failure) = replay(
      Self.readyLines + #"{"call":"requestCustomerInfo","fields":["emailAddress"]}"# + "\n"
        + #"{"response":{"creditCard":"4111"}}"#)
    #expect(
      failure == [
        #"session.jsonl:4: invalidResponse: "creditCard" is not a field of the open form; use emailAddress"#
      ])
  }

  @Test func brokenLinesNameTheirLineAndPath() {
    let (_, failure) = replay(
      Self.readyLines + "\n"
        + #"{"call":"updateShoppingCart","cart":{"items":[{"id":"A","name":"x","quantity":0,"totalPrice":1}]}}"#)
    #expect(failure == ["session.jsonl:4: $.cart.items[0].quantity: must be between 1 and 1000000000, found 0"])
    let (_, invalid) = replay("{\"event\": ")
    #expect(invalid == ["session.jsonl:1: $.event: invalid JSON at column 11: unexpected end of input"])
  }

  @Test func cartProblemsNameTheirPlaceInTheLine() {
    let cart =
      #"{"call":"updateShoppingCart","cart":{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1},"#
      + #"{"id":"A","name":"y","quantity":1,"totalPrice":1}]}}"#
    let (_, failure) = replay(Self.readyLines + cart)
    #expect(failure == [#"session.jsonl:3: $.cart.items[1].id: duplicate item id "A" (first at $.cart.items[0])"#])
  }

  @Test func configurationMustBeTheFirstLineAndAlone() {
    let config = #"{"configuration":{"currency":"EUR","region":"DE","privacyPolicyURL":"https://a.example/p"}}"#
    #expect(
      replay(Self.readyLines + config).failure == [
        "session.jsonl:3: $.configuration: a configuration must be the first line"
      ])
    let extra = #"{"configuration":{"currency":"EUR","region":"DE","privacyPolicyURL":"https://a.example/p"},"x":1}"#
    #expect(replay(extra).failure == [#"session.jsonl:1: $.x: unknown key "x" beside configuration"#])
  }

  @Test func aSessionThatEndedCannotStartAgain() {
    let (files, failure) = replay(Self.readyLines + #"{"call":"close"}"# + "\n" + #"{"event":"connected"}"#)
    #expect(failure?.first?.hasPrefix("session.jsonl:4: notReady:") == true)
    #expect(files.count == 3)
  }

  @Test func closingBeforeConnectingWritesNoFile() {
    let (files, failure) = replay(#"{"call":"close"}"#)
    #expect(failure == nil)
    #expect(files.isEmpty)
  }

  @Test func stepNumbersWidenTogetherPastNineHundredNinetyNine() {
    let closes = String(repeating: #"{"call":"close"}"# + "\n", count: 998)
    let (files, failure) = replay(Self.readyLines + closes)
    #expect(failure == nil)
    #expect(files.first?.path == "en-US/0001-connected.html")
    #expect(files.last?.path == "en-US/1000-close.html")
    #expect(files.map(\.path) == files.map(\.path).sorted())
  }

  @Test func configurationLineSetsTheSession() {
    let config = #"{"configuration":{"currency":"JPY","region":"JP","privacyPolicyURL":"https://a.example/p"}}"#
    let cart = #"{"call":"updateShoppingCart","cart":{"items":[{"id":"A","name":"x","quantity":1,"totalPrice":1500}]}}"#
    let (files, failure) = replay(config + "\n" + Self.readyLines + cart, locales: ["ja"], formats: [.text])
    #expect(failure == nil)
    #expect(
      files.map(\.path) == ["ja-JP/001-connected.txt", "ja-JP/002-ready.txt", "ja-JP/003-updateShoppingCart.txt"])
    #expect(files.last?.contents.contains("¥1,500") == true)
  }
}
