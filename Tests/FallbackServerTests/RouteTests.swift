import Foundation
import HTTPServer
import RenderCore
import Testing

@testable import FallbackServer

/// The routes and the session rules, through ``RelayServer/respond(to:)`` without a socket.
@Suite struct RouteTests {
  @Test(arguments: TestStore.all) func healthAnswersWithoutAKey(store: TestStore) {
    let harness = Harness(store)
    let response = harness.send("GET", "/healthz", key: nil)
    #expect(response.status == 200)
    #expect(response.text == "ok\n")
  }

  @Test(arguments: TestStore.all) func merchantAPIWantsTheKey(store: TestStore) {
    let harness = Harness(store)
    #expect(harness.send("POST", "/v1/sessions", key: nil).status == 401)
    #expect(harness.send("POST", "/v1/sessions", key: "wrong").status == 401)
    #expect(harness.send("POST", "/v1/sessions", key: Harness.key + "x").status == 401)
    let missing = harness.send("GET", "/v1/sessions/k1.abc/events", key: nil)
    #expect(missing.status == 401)
    #expect(missing.text == "{\"error\": \"unauthorized\"}\n")
    #expect(harness.send("POST", "/v1/sessions").status == 201)
  }

  @Test(arguments: TestStore.all) func theAuthorizationSchemeIsCaseInsensitive(store: TestStore) {
    let harness = Harness(store)
    for value in ["bearer \(Harness.key)", "BEARER  \(Harness.key)", "Bearer \(Harness.key)"] {
      #expect(harness.send("POST", "/v1/sessions", headers: [("Authorization", value)], key: nil).status == 201)
    }
    for value in ["Bearer", "Bearer ", "Basic \(Harness.key)", "Bearer\(Harness.key)", "Bearer \(Harness.key) x"] {
      #expect(harness.send("POST", "/v1/sessions", headers: [("Authorization", value)], key: nil).status == 401)
    }
  }

  @Test(arguments: TestStore.all) func sessionIdsAndCustomerTokensCarryTheRoutingKeyAnd128RandomBits(store: TestStore)
    throws
  {
    let harness = Harness(store)
    let one = try harness.session(open: false)
    let two = try harness.session(open: false)
    for text in [one.id, String(one.customerURL.dropFirst(3))] {
      let parts = text.split(separator: ".")
      #expect(parts.count == 2)
      #expect(parts[0] == "k1")
      // 22 base64url characters: 132 bits written, 128 of them random.
      #expect(parts[1].count == 22)
      #expect(parts[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
    #expect(one.id != two.id)
    #expect(one.customerURL != two.customerURL)
    #expect(!one.customerURL.contains(one.id.dropFirst(3)))
    #expect(harness.send("POST", "/v1/sessions?routingKey=a/b").status == 400)
    #expect(harness.send("POST", "/v1/sessions?routingKey=" + String(repeating: "k", count: 33)).status == 400)
  }

  @Test(arguments: TestStore.all) func badConfigurationIs422WithPathsAndBadJSONIs400(store: TestStore) {
    let harness = Harness(store)
    let bad = harness.send("POST", "/v1/sessions", body: #"{"currency": "EURO", "region": "FR"}"#)
    #expect(bad.status == 422)
    #expect(bad.text.contains("$.currency"))
    #expect(bad.text.contains("$.privacyPolicyURL"))
    #expect(harness.send("POST", "/v1/sessions", body: "{").status == 400)
  }

  @Test(arguments: TestStore.all) func theFirstVisitMakesConnectedThenReadyAndCallsBeforeAreNotReady(store: TestStore)
    throws
  {
    let harness = Harness(store)
    let session = try harness.session(open: false)
    let early = harness.call(session, Harness.cart)
    #expect(early.status == 409)
    #expect(early.text.contains("\"error\": \"notReady\""))
    #expect(try harness.events(session).isEmpty)
    let page = harness.send("GET", session.customerURL, key: nil)
    #expect(page.status == 200)
    #expect(page.text.contains("class=\"screen-status\""))
    #expect(try harness.events(session) == [#"{"seq":1,"event":"connected"}"#, #"{"seq":2,"event":"ready"}"#])
    _ = harness.send("GET", session.customerURL, key: nil)
    #expect(try harness.events(session, after: 2).isEmpty)
    #expect(harness.call(session, Harness.cart).text == "{\"ok\": true}\n")
  }

  @Test(arguments: TestStore.all) func theSeedsRulesAnswerWithTheirNames(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    #expect(harness.call(session, Harness.address).status == 200)
    let second = harness.call(session, #"{"call": "requestCustomerInfo", "fields": ["emailAddress"]}"#)
    #expect(second.status == 409)
    #expect(second.text.contains("\"error\": \"sessionBusy\""))
    let status = harness.call(session, #"{"call": "updateStatus", "status": "paymentCompleted"}"#)
    #expect(status.text.contains("\"error\": \"sessionBusy\""))
    let other = try harness.session()
    let pay = harness.call(other, #"{"call": "requestApplePayPayment"}"#)
    #expect(pay.status == 409)
    #expect(pay.text.contains("\"error\": \"incompatibleRequest\""))
    let pass = harness.call(other, #"{"call": "requestCustomerInfo", "fields": ["pass"]}"#)
    #expect(pass.status == 409)
    #expect(pass.text.contains("\"error\": \"incompatibleRequest\""))
  }

  @Test(arguments: TestStore.all) func badCallsAre422WithEveryProblemAndItsPath(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let response = harness.call(
      session,
      #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "x", "quantity": 1, "totalPrice": "1.00"}, {"id": "B", "quantity": 1, "totalPrice": 1}]}}"#
    )
    #expect(response.status == 422)
    #expect(response.text.contains("$.cart.items[0].totalPrice"))
    #expect(response.text.contains("$.cart.items[1]"))
    // More decimal places than the currency has are rounded, as the native screen does.
    let rounded = harness.call(
      session,
      #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "x", "quantity": 1, "totalPrice": 1.001}]}}"#
    )
    #expect(rounded.status == 200)
    let event = harness.call(session, #"{"event": "connected"}"#)
    #expect(event.status == 422)
    #expect(harness.call(session, #"{"response": {}}"#).status == 422)
    #expect(harness.call(session, "not json").status == 400)
  }

  @Test(arguments: TestStore.all) func aBodyOverOneMebibyteIs413(store: TestStore) {
    let harness = Harness(store)
    let request = HTTPRequest(
      method: "POST", path: "/v1/sessions", headers: [("Authorization", "Bearer \(Harness.key)")])
    // The transport refuses the body and asks the relay for the answer.
    let response = harness.server.errorResponse(.bodyTooLarge, request)
    #expect(response.status == 413)
  }

  @Test(arguments: TestStore.all) func closeShowsTheClosedScreenAndLaterCallsAre409(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    #expect(harness.call(session, #"{"call": "closeCustomerSession"}"#).status == 200)
    #expect(harness.send("GET", session.customerURL, key: nil).text.contains("class=\"status status-neutral\""))
    #expect(harness.call(session, Harness.cart).status == 409)
    #expect(harness.call(session, #"{"call": "close"}"#).status == 409)
    #expect(try harness.events(session).last == #"{"seq":3,"event":"closed"}"#)
  }

  @Test(arguments: TestStore.all) func deleteForgetsTheSessionAndItsPage(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    #expect(harness.send("DELETE", "/v1/sessions/\(session.id)").status == 204)
    #expect(harness.send("DELETE", "/v1/sessions/\(session.id)").status == 404)
    #expect(harness.call(session, Harness.cart).status == 404)
    #expect(harness.send("GET", "/v1/sessions/\(session.id)/events").status == 404)
    let page = harness.send("GET", session.customerURL, key: nil)
    #expect(page.status == 404)
    #expect(harness.server.sessionCount == 0)
  }

  @Test(arguments: TestStore.all) func unknownTokensAndOtherSessionsIdsAre404SayingNothing(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let madeUp = harness.send("GET", "/c/k1.AAAAAAAAAAAAAAAAAAAAAA", key: nil)
    #expect(madeUp.status == 404)
    #expect(madeUp.text == "This page is not available.\n")
    // The merchant's id is not a way in for the customer, nor the token for the merchant.
    #expect(harness.send("GET", "/c/" + session.id, key: nil).status == 404)
    #expect(harness.send("GET", "/v1/sessions/\(session.customerURL.dropFirst(3))/events").status == 404)
    #expect(harness.send("POST", "/c/k1.AAAAAAAAAAAAAAAAAAAAAA", key: nil).status == 404)
    #expect(harness.send("GET", "/nothing", key: nil).status == 404)
    #expect(harness.send("PUT", "/healthz", key: nil).status == 405)
  }

  @Test func headAnswersEveryGetRouteWithoutSideEffects() throws {
    let harness = Harness()
    let session = try harness.session(open: false)
    // The customer page's HEAD: the page's headers, and the customer has not arrived.
    let page = harness.send("HEAD", session.customerURL, key: nil)
    #expect(page.status == 200)
    #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    #expect(try harness.events(session) == [])
    // The live stream and the long poll answer at once instead of waiting.
    let stream = harness.result("HEAD", session.customerURL + "/events?shown=0")
    guard case .respond(let streamed) = stream else {
      Issue.record("a HEAD of the live stream waited")
      return
    }
    #expect(streamed.status == 200)
    #expect(streamed.header("Content-Type") == "text/event-stream; charset=utf-8")
    let poll = harness.send("HEAD", "/v1/sessions/\(session.id)/events?wait=30")
    #expect(poll.status == 200)
    #expect(harness.send("HEAD", "/healthz", key: nil).status == 200)
    #expect(harness.send("HEAD", "/live.js", key: nil).status == 200)
    #expect(harness.send("HEAD", "/v1/sessions/\(session.id)/events", key: nil).status == 401)
    // A GET arrives as ever; the methods a path allows name HEAD beside GET.
    #expect(harness.send("GET", session.customerURL, key: nil).status == 200)
    #expect(try harness.events(session) == [#"{"seq":1,"event":"connected"}"#, #"{"seq":2,"event":"ready"}"#])
    let refused = harness.send("PUT", session.customerURL, key: nil)
    #expect(refused.status == 405)
    #expect(refused.header("Allow") == "GET, HEAD, POST")
    #expect(harness.send("HEAD", "/v1/sessions", key: nil).status == 405)
  }

  /// The memory store's sweep; Redis forgets by the keys' TTL (``RedisStoreTests``).
  @Test func idleSessionsAreForgotten() throws {
    let harness = Harness()
    let session = try harness.session()
    harness.server.forgetIdleSessions(before: .now - .seconds(60))
    #expect(harness.server.sessionCount == 1)
    harness.server.forgetIdleSessions(before: .now + .seconds(1))
    #expect(harness.server.sessionCount == 0)
    #expect(harness.send("GET", session.customerURL, key: nil).status == 404)
  }

  @Test(arguments: TestStore.all) func limitsAnswerClearly(store: TestStore) throws {
    let few = Harness(store) { $0.maximumSessions = 1 }
    #expect(few.send("POST", "/v1/sessions").status == 201)
    let full = few.send("POST", "/v1/sessions")
    #expect(full.status == 503)
    #expect(full.text.contains("tooManySessions"))

    let short = Harness(store) { $0.eventsKept = 2 }
    let session = try short.session()
    #expect(short.call(session, #"{"call": "close"}"#).status == 200)
    #expect(try short.events(session) == [#"{"seq":2,"event":"ready"}"#, #"{"seq":3,"event":"closed"}"#])
  }

  @Test(arguments: TestStore.all) func aLongPollWithNothingNewParksAndOneWithEventsAnswers(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    guard
      case .wait(let key, _, let deadline) = harness.result("GET", "/v1/sessions/\(session.id)/events?after=2&wait=5")
    else {
      Issue.record("not parked")
      return
    }
    #expect(key == session.id)
    #expect(deadline > .now + .seconds(4))
    guard case .respond(let response) = harness.result("GET", "/v1/sessions/\(session.id)/events?after=1&wait=5")
    else {
      Issue.record("parked")
      return
    }
    #expect(response.text.contains("\"ready\""))
    #expect(!response.text.contains("\"connected\""))
    #expect(harness.send("GET", "/v1/sessions/\(session.id)/events?after=x").status == 400)
  }

  @Test(arguments: TestStore.all) func everyLogLineIsShortAndHidesTokens(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    _ = harness.call(session, Harness.address)
    let lines = harness.log.lines.withLock { $0 }
    #expect(lines.contains("POST /v1/sessions 201 1µs"))
    #expect(lines.contains("GET /c/k1.… 200 1µs"))
    for line in lines {
      // Not one character of the random parts.
      #expect(!line.contains(session.id.prefix(4)))
      #expect(!line.contains(session.customerURL.prefix(7)))
    }
  }
}
