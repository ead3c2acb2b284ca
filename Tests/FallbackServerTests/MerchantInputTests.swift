import Foundation
import RenderCore
import Testing

@testable import FallbackServer

/// What the merchant API answers to input a careful merchant could send by mistake or at
/// the edge of the contract: `null` for an optional member, a current or a withdrawn
/// currency, event arguments beyond any `Int`.
@Suite struct MerchantInputTests {
  @Test(arguments: TestStore.all) func nullIsRefusedWithItsPathNotTakenAsLeftOut(store: TestStore) throws {
    let harness = Harness(store)
    let configuration = harness.send(
      "POST", "/v1/sessions",
      body: #"{"currency": "USD", "region": "US", "privacyPolicyURL": "https://example.com/p", "storeName": null}"#)
    #expect(configuration.status == 422)
    #expect(configuration.text == "{\n  \"errors\": [\n    \"$.storeName: expected a string, found null\"\n  ]\n}\n")
    let session = try harness.session()
    let cart = harness.call(
      session,
      #"{"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": 5, "totalAdjustedPrice": null}], "summary": null}}"#
    )
    #expect(cart.status == 422)
    #expect(
      cart.text.contains(#""$.cart.items[0].totalAdjustedPrice: expected an amount (a JSON number), found null""#))
    #expect(cart.text.contains(#""$.cart.summary: expected an object, found null""#))
    let form = harness.call(session, #"{"call": "requestSignup", "message": null, "emailConsent": null}"#)
    #expect(form.status == 422)
    #expect(form.text.contains(#""$.message: expected a string, found null""#))
    #expect(form.text.contains(#""$.emailConsent: expected a string, found null""#))
  }

  @Test(arguments: TestStore.all) func currentCurrenciesAreTakenAndWithdrawnOnesRefused(store: TestStore) {
    let harness = Harness(store)
    for code in ["ZWG", "XCG"] {
      #expect(
        harness.send(
          "POST", "/v1/sessions",
          body: #"{"currency": "\#(code)", "region": "ZW", "privacyPolicyURL": "https://example.com/p"}"#
        )
        .status == 201)
    }
    for code in ["HRK", "SLL", "CUC", "ANG"] {
      let refused = harness.send("POST", "/v1/sessions", body: #"{"currency": "\#(code)"}"#)
      #expect(refused.status == 422)
      #expect(refused.text.contains("$.currency"))
    }
  }

  @Test(arguments: TestStore.all) func eventArgumentsBeyondAnyIntAreWholeNumbers(store: TestStore) throws {
    let harness = Harness(store)
    let session = try harness.session()
    let huge = "9223372036854775808"
    let huger = "99999999999999999999999999999"
    // A wait of any length is taken as 30 s; events after 2^63 are none yet, so it waits.
    for query in ["after=\(huge)&wait=\(huge)", "after=\(huger)&wait=\(huger)", "after=2&wait=\(huge)"] {
      guard case .wait(_, _, let deadline) = harness.result("GET", "/v1/sessions/\(session.id)/events?\(query)") else {
        Issue.record("\(query): not parked")
        continue
      }
      #expect(deadline > .now + .seconds(29))
      #expect(deadline <= .now + .seconds(30))
    }
    let noWait = harness.send("GET", "/v1/sessions/\(session.id)/events?after=\(huge)&wait=0")
    #expect(noWait.status == 200)
    #expect(noWait.text.filter { !$0.isWhitespace } == #"{"events":[]}"#)
    let all = harness.send("GET", "/v1/sessions/\(session.id)/events?after=0&wait=\(huge)")
    #expect(all.status == 200)
    #expect(all.text.contains("\"ready\""))
    for bad in ["-1", "1.5", "1e3", "+1", "", " 1", "0x10", "١"] {
      let encoded = bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bad
      #expect(harness.send("GET", "/v1/sessions/\(session.id)/events?after=\(encoded)").status == 400, "after=\(bad)")
      #expect(harness.send("GET", "/v1/sessions/\(session.id)/events?wait=\(encoded)").status == 400, "wait=\(bad)")
    }
  }
}
