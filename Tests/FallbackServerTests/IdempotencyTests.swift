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

  /// A create key holds the customer token, so it goes with the session: after `DELETE`
  /// the same key makes a new session, and the old customer page stays gone.
  @Test(arguments: TestStore.all) func aCreateKeyIsForgottenWithItsSession(store: TestStore) throws {
    let harness = Harness(store)
    let key = "create-\(UUID().uuidString)"
    let first = harness.send("POST", "/v1/sessions?routingKey=k1", headers: [("Idempotency-Key", key)])
    #expect(first.status == 201)
    let location = try #require(first.header("Location"))
    #expect(harness.send("DELETE", location).status == 204)
    let again = harness.send("POST", "/v1/sessions?routingKey=k1", headers: [("Idempotency-Key", key)])
    #expect(again.status == 201)
    #expect(again.header("Location") != location)
    #expect(again.text != first.text)
    #expect(harness.server.sessionCount == 1)
  }

  /// A key with a control byte in it, or given twice, is 400 (two fields could name two
  /// retries at once), and nothing is applied.
  @Test(arguments: TestStore.all) func aKeyWithAControlByteOrGivenTwiceIs400(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let signup = #"{"call": "requestSignup"}"#
    for bad in ["a\u{0}b", "a\u{1}b", "a\tb", "a\u{7F}b", "\u{1B}[0m"] {
      let answer = harness.send(
        "POST", "/v1/sessions/\(session.id)/calls", body: signup, headers: [("Idempotency-Key", bad)])
      #expect(answer.status == 400, "\(bad.debugDescription)")
      #expect(answer.text.contains("badIdempotencyKey"))
    }
    let twice = harness.send(
      "POST", "/v1/sessions/\(session.id)/calls", body: signup,
      headers: [("Idempotency-Key", "call-1"), ("idempotency-key", "call-2")])
    #expect(twice.status == 400)
    let sameTwice = harness.send(
      "POST", "/v1/sessions?routingKey=k1", headers: [("Idempotency-Key", "make-1"), ("Idempotency-Key", "make-1")])
    #expect(sameTwice.status == 400)
    #expect(harness.server.sessionCount == 1)
    // None of them applied anything: the form is not open yet.
    #expect(harness.call(session, signup).status == 200)
  }

  /// Spaces and tabs around a field's value are not part of it (RFC 9110 §5.5): a key
  /// sent with them is the same key, not a 400. Through libmicrohttpd, on a socket.
  @Test func spacesAroundAKeyAreNotPartOfIt() throws {
    let (server, port) = try HostileClientTests.running()
    defer { server.stop() }
    func create(_ field: String) throws -> String {
      let socket = try RawSocket(port: port)
      socket.send(
        "POST /v1/sessions?routingKey=k1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.key)\r\n"
          + "Content-Length: 0\r\nConnection: close\r\n" + field + "\r\n\r\n")
      return socket.receiveAll()
    }
    let spaced = try create("Idempotency-Key: \t make-2 \t ")
    #expect(spaced.hasPrefix("HTTP/1.1 201 "), "\(spaced)")
    let plain = try create("Idempotency-Key: make-2")
    #expect(plain.hasPrefix("HTTP/1.1 201 "))
    let body = { (answer: String) in answer.components(separatedBy: "\r\n\r\n").last ?? "" }
    #expect(body(plain) == body(spaced))
    #expect(body(plain).contains("\"id\": \"k1."))
    #expect(server.sessionCount == 1)
  }
}
