import Foundation
import RenderCore
import Testing

@testable import ServedAssets
@testable import SessionStores

/// The customer's pages: headers, hints against what the page showed, the live stream,
/// and the form round trip with its request token.
@Suite struct CustomerPageTests {
  @Test(arguments: TestStore.all) func everyCustomerAnswerCarriesTheFourHeaders(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    _ = harness.call(session, Harness.address)
    let answers = [
      harness.send("GET", session.customerURL, key: nil),
      harness.send("GET", "/c/k1.nothing", key: nil),
      harness.send("GET", "/live.js", key: nil),
      harness.send("GET", session.customerURL + "/events?shown=1", key: nil),
      harness.send(
        "POST", session.customerURL, body: "action=share",
        headers: [("Content-Type", "application/x-www-form-urlencoded")],
        key: nil),
    ]
    for answer in answers {
      let policy = try #require(answer.header("Content-Security-Policy"))
      #expect(policy.contains("default-src 'none'"))
      #expect(policy.contains("form-action 'self'"))
      #expect(policy.contains("frame-ancestors 'none'"))
      #expect(!policy.contains("unsafe-inline"))
      #expect(answer.header("Referrer-Policy") == "no-referrer")
      #expect(answer.header("X-Content-Type-Options") == "nosniff")
      #expect(answer.header("Cache-Control") == "no-store")
    }
  }

  @Test func thePolicyAllowsTheScriptAndEveryStyleByHash() throws {
    let harness = Harness()
    let session = try harness.session()
    var pages = [harness.send("GET", session.customerURL, key: nil)]
    _ = harness.call(session, Harness.cart)
    pages.append(harness.send("GET", session.customerURL, key: nil))
    _ = harness.call(session, Harness.changedCart)
    pages.append(harness.send("GET", session.customerURL + "?shown=3", key: nil))
    _ = harness.call(session, Harness.address)
    pages.append(harness.send("GET", session.customerURL, key: nil))
    let policy = try #require(pages[0].header("Content-Security-Policy"))
    #expect(policy.contains("script-src '\(ContentHashes.liveScript)'"))
    var sheetsSeen: Set<String> = []
    for page in pages {
      #expect(page.text.contains(#"integrity="\#(ContentHashes.liveScript)""#))
      let sheet = try #require(ContentHashesTests.styleElementText(of: page.text))
      let index = try #require(StyleSheets.all.firstIndex(of: sheet))
      #expect(policy.contains("'\(ContentHashes.styleSheets[index])'"))
      sheetsSeen.insert(sheet)
      #expect(!page.text.contains("http-equiv=\"Content-Security-Policy\""))
    }
    #expect(sheetsSeen.count == 4)
  }

  @Test(arguments: TestStore.all) func aCartComesWithHintsAgainstTheCartThatPageShowed(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    _ = harness.call(session, Harness.cart)
    let first = harness.send("GET", session.customerURL, key: nil).text
    #expect(first.contains(#"<meta name="screen-version" content="3">"#))
    #expect(!first.contains("data-change"))
    _ = harness.call(session, Harness.changedCart)
    let updated = harness.send("GET", session.customerURL + "?shown=3", key: nil).text
    #expect(updated.contains(#"data-item-id="A" data-change="updated" data-changed="quantity totalPrice""#))
    #expect(updated.contains(#"data-item-id="B" data-change="unchanged""#))
    #expect(updated.contains(#"aria-live="polite" aria-atomic="true">The total is now <bdi>$12.00</bdi>"#))
    // A page that showed the welcome (no cart) gets the cart without hints.
    #expect(!harness.send("GET", session.customerURL + "?shown=2", key: nil).text.contains("data-change"))
    // Without scripts, the page reloads to ?shown=ITS VERSION.
    #expect(updated.contains(#"<noscript><meta http-equiv="refresh" content="3; url=?shown=4"></noscript>"#))
  }

  @Test(arguments: TestStore.all) func theStreamAnnouncesANewerScreenAndParksOtherwise(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let newer = harness.send("GET", session.customerURL + "/events?shown=1", key: nil)
    #expect(newer.status == 200)
    #expect(newer.header("Content-Type") == "text/event-stream; charset=utf-8")
    #expect(newer.text == "retry: 300\nid: 2\nevent: screen\ndata: 2\n\n")
    guard case .wait = harness.result("GET", session.customerURL + "/events", headers: [("Last-Event-ID", "2")]) else {
      Issue.record("not parked")
      return
    }
    _ = harness.call(session, #"{"call": "close"}"#)
    #expect(harness.send("GET", session.customerURL + "/events?shown=3", key: nil).status == 204)
    #expect(harness.send("GET", "/c/k1.nothing/events", key: nil).status == 204)
  }

  @Test(arguments: TestStore.all) func aFormWithoutPageRefreshAndWithTheServersToken(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    _ = harness.call(session, Harness.address)
    let page = harness.send("GET", session.customerURL, key: nil).text
    #expect(!page.contains("http-equiv=\"refresh\""))
    let token = try #require(Harness.formToken(page))
    #expect(token.count == 22)
  }

  static let form = [("Content-Type", "application/x-www-form-urlencoded")]

  @Test(arguments: TestStore.all) func theFormRoundTripGivesTheMerchantExactlyWhatWasTyped(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session(
      configuration: #"{"currency": "JPY", "region": "JP", "privacyPolicyURL": "https://example.com/privacy"}"#)
    _ = harness.call(session, Harness.address)
    let token = try #require(Harness.formToken(harness.send("GET", session.customerURL, key: nil).text))
    let typed =
      "token=\(token)&name=Zo%C3%AB+Martin&postalCode=100-0001&state=%E6%9D%B1%E4%BA%AC%E9%83%BD"
      + "&city=%E5%8D%83%E4%BB%A3%E7%94%B0%E5%8C%BA&street=%E5%8D%83%E4%BB%A3%E7%94%B01-1&emailAddress=zoe%40example.com&action=share"

    // Errors first: a bad postal code comes back with every value kept.
    let wrong = harness.send(
      "POST", session.customerURL, body: typed.replacingOccurrences(of: "100-0001", with: "12"), headers: Self.form,
      key: nil)
    #expect(wrong.status == 422)
    #expect(wrong.text.contains(#"value="Zoë Martin""#))
    #expect(wrong.text.contains(#"value="東京都""#))
    #expect(wrong.text.contains("aria-invalid=\"true\""))
    #expect(try harness.events(session, after: 2).isEmpty)

    let sent = harness.send("POST", session.customerURL, body: typed, headers: Self.form, key: nil)
    #expect(sent.status == 303)
    #expect(sent.header("Location") == session.customerURL)
    #expect(
      try harness.events(session, after: 2) == [
        #"{"seq":3,"response":{"name":"Zoë Martin","street":"千代田1-1","city":"千代田区","state":"東京都","postalCode":"100-0001","country":null,"emailAddress":"zoe@example.com","phoneNumber":null}}"#
      ])

    // Nothing typed reaches the log: one short line per request, paths cut.
    for line in harness.log.lines.withLock({ $0 }) {
      #expect(!line.contains("Zo") && !line.contains("100-0001") && !line.contains("東京") && !line.contains(token))
    }

    // The same post again is refused and changes nothing.
    let replayed = harness.send("POST", session.customerURL, body: typed, headers: Self.form, key: nil)
    #expect(replayed.status == 403)
    #expect(try harness.events(session, after: 3).isEmpty)
  }

  @Test(arguments: TestStore.all) func aPostWithoutTheRightTokenIsRefused(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    _ = harness.call(session, Harness.address)
    for body in ["action=decline", "token=forged&action=decline", "token=\(SecureToken.make())&action=decline"] {
      let refused = harness.send("POST", session.customerURL, body: body, headers: Self.form, key: nil)
      #expect(refused.status == 403)
      #expect(refused.text.contains("class=\"request-form\""))
    }
    #expect(try harness.events(session, after: 2).isEmpty)
    let token = try #require(Harness.formToken(harness.send("GET", session.customerURL, key: nil).text))
    let declined = harness.send(
      "POST", session.customerURL, body: "token=\(token)&action=decline", headers: Self.form, key: nil)
    #expect(declined.status == 303)
    #expect(try harness.events(session, after: 2) == [#"{"seq":3,"declined":true}"#])
    #expect(harness.send("POST", session.customerURL, body: "token=\(token)", headers: [], key: nil).status == 415)
  }
}
