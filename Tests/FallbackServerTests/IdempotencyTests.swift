import Foundation
import RenderCore
import Testing

@testable import FallbackServer

/// `Idempotency-Key` on `POST /v1/sessions` and `POST /v1/sessions/{id}/calls`: a retry
/// gets the first answer and applies nothing again; the key with another request is 422.
@Suite struct IdempotencyTests {
  @Test(arguments: TestStore.all) func aRetriedCallIsAnsweredAgainAndAppliedOnce(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let key = [("Idempotency-Key", "call-1")]
    let signup = #"{"call": "requestSignup"}"#
    let first = harness.send("POST", "/v1/sessions/\(session.id)/calls", body: signup, headers: key)
    #expect(first.status == 200)
    #expect(first.text == "{\"ok\": true}\n")
    // Without the key the same call is refused: the form is open.
    #expect(harness.call(session, signup).status == 409)
    let again = harness.send("POST", "/v1/sessions/\(session.id)/calls", body: signup, headers: key)
    #expect(again.status == 200)
    #expect(again.text == first.text)
    let other = harness.send("POST", "/v1/sessions/\(session.id)/calls", body: Harness.cart, headers: key)
    #expect(other.status == 422)
    #expect(other.text.contains("\"error\": \"idempotencyKeyReused\""))
    // One form is open, at screen version 3 (welcome 2, the form 3): the page's stream
    // showing 3 waits.
    #expect(try harness.events(session, after: 2).isEmpty)
    #expect(harness.send("GET", session.customerURL + "/events?shown=3", key: nil).status == -1)
    let bad = harness.send(
      "POST", "/v1/sessions/\(session.id)/calls", body: signup, headers: [("Idempotency-Key", "with space")])
    #expect(bad.status == 400)
  }

  @Test(arguments: TestStore.all) func aRetriedCreateGivesTheSameSession(store: TestStore) throws {
    let harness = Harness(store)
    let key = "create-\(UUID().uuidString)"
    let first = harness.send("POST", "/v1/sessions?routingKey=k1", headers: [("Idempotency-Key", key)])
    #expect(first.status == 201)
    let again = harness.send("POST", "/v1/sessions?routingKey=k1", headers: [("Idempotency-Key", key)])
    #expect(again.status == 201)
    #expect(again.text == first.text)
    #expect(again.header("Location") == first.header("Location"))
    #expect(harness.server.sessionCount == 1)
    let other = harness.send("POST", "/v1/sessions?routingKey=k2", headers: [("Idempotency-Key", key)])
    #expect(other.status == 422)
    #expect(other.text.contains("idempotencyKeyReused"))
    #expect(harness.send("POST", "/v1/sessions?routingKey=k1").text != first.text)
  }
}
