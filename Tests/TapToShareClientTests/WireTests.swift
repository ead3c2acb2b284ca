import Foundation
import Synchronization
import Testing

@testable import TapToShareClient

/// What the client writes (amounts with their exact digits, strings escaped) and how it
/// matches the relay's answer events to its requests.
@Suite struct WireTests {
  @Test func theSeedCartIsTheContractsJSONWithExactAmounts() throws {
    let text = try CheckoutTests.seedCart.json().text
    #expect(
      text
        == #"{"items": [{"id": "HRSP-M-UN-11-001", "name": "Hair Spray", "quantity": 4, "totalPrice": 20, "#
        + #""totalAdjustedPrice": 15, "descriptions": ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"], "#
        + #""details": ["This item cannot be shipped."]}], "summary": {"summaryLines": [{"label": "Subtotal", "#
        + #""value": 15}, {"label": "Coupon Code: NY2OFF", "value": -2}, {"label": "Shipping", "value": "Free"}, "#
        + #"{"label": "Tax", "value": "10%"}], "footer": "Thank you for shopping with us.", "total": 14.3}}"#)
  }

  @Test func amountsKeepEveryDigit() throws {
    for digits in [
      "12345678901234567890.123456789012345678", "-0.000001", "0.1", "0.3", "100000000000000000000", "2.675", "0",
      "-99999999999999999999.99",
    ] {
      let amount = try #require(Decimal(string: digits))
      let expected = digits == "0.3" ? "0.3" : digits
      #expect(JSONText.number(amount) == .numberText(expected), "\(digits)")
    }
    #expect(JSONText.number(.nan) == nil)
    for text in ["1", "-1", "0.5", "10.25"] { #expect(JSONText.isJSONNumber(text)) }
    for text in ["", "-", "01", "1.", ".5", "1e5", "NaN", "1,5", "+1"] {
      #expect(!JSONText.isJSONNumber(text), "\(text)")
    }
  }

  @Test func stringsAreEscapedForJSON() {
    #expect(JSONText.string("a\"b\\c\nd\te\u{1}f\u{7F}ë😀").text == #""a\"b\\c\nd\te\u0001f"# + "\u{7F}ë😀\"")
  }

  @Test func theConfigurationLeavesOutWhatIsAbsent() {
    let configuration = CustomerSession.Configuration(
      currency: Locale.Currency("JPY"), region: Locale.Region("JP"),
      privacyPolicyURL: URL(string: "https://example.jp/privacy") ?? URL(filePath: "/"))
    #expect(
      configuration.json.text
        == #"{"currency": "JPY", "region": "JP", "privacyPolicyURL": "https://example.jp/privacy"}"#)
  }

  @Test func answersAreTakenOnlyForTheirKindOfRequest() {
    let info = AnswerValues(["emailAddress": .text("zoe@example.com"), "phoneNumber": .none])
    #expect(info.answer(.customerInfo))
    #expect(!info.answer(.signup))
    #expect(!info.answer(.address))
    let signup = AnswerValues([
      "name": .text("Zoë"), "emailAddress": .none, "phoneNumber": .none, "emailOptInSelection": .flag(false),
      "smsOptInSelection": .none,
    ])
    #expect(signup.answer(.signup))
    #expect(!signup.answer(.customerInfo))
    #expect(!signup.answer(.address))
    let newer = AnswerValues(["emailAddress": .none, "phoneNumber": .none, "pronouns": .text("she")])
    #expect(newer.answer(.customerInfo))
  }

  /// Events from a script, as the relay's long poll gives them (those after `after`).
  final class ScriptedEvents: Sendable {
    let log: Mutex<[WireEvent]>
    init(_ events: [WireEvent] = []) { log = Mutex(events) }
    func add(_ event: WireEvent) { log.withLock { $0.append(event) } }
    var poll: AnswerLedger.Poll { { after, _ in self.log.withLock { $0.filter { $0.seq > after } } } }
  }

  static func answered(_ seq: Int, _ email: String) -> WireEvent {
    WireEvent(
      seq: seq, event: nil, response: AnswerValues(["emailAddress": .text(email), "phoneNumber": .none]),
      declined: nil)
  }

  @Test func theNthAnswerIsTheNthAcceptedRequests() async throws {
    let ledger = AnswerLedger()
    let events = ScriptedEvents([WireEvent(seq: 1, event: "connected", response: nil, declined: nil)])
    let first = await ledger.accepted()
    events.add(Self.answered(2, "first@example.com"))
    let second = await ledger.accepted()
    events.add(WireEvent(seq: 3, event: nil, response: nil, declined: true))
    guard case .declined = try await ledger.answer(second, events.poll) else {
      Issue.record("the second request's answer is the second answer")
      return
    }
    guard case .answered(let values) = try await ledger.answer(first, events.poll) else {
      Issue.record("the first request's answer is the first answer")
      return
    }
    #expect(values.text("emailAddress") == "first@example.com")
  }

  @Test func aRequestWhoseAcceptanceIsUnknownIsSettledByTheEvents() async throws {
    // Accepted and answered before the next request: its answer is not the next one's.
    let ledger = AnswerLedger()
    let events = ScriptedEvents([Self.answered(3, "lost@example.com")])
    await ledger.acceptanceUnknown()
    try await ledger.settle(events.poll)
    let next = await ledger.accepted()
    events.add(Self.answered(4, "next@example.com"))
    guard case .answered(let values) = try await ledger.answer(next, events.poll) else {
      Issue.record("an answer")
      return
    }
    #expect(values.text("emailAddress") == "next@example.com")

    // Accepted and still open: the next request is sessionBusy, and the open form's answer
    // is not the request after that.
    let busy = AnswerLedger()
    let open = ScriptedEvents()
    await busy.acceptanceUnknown()
    try await busy.settle(open.poll)
    await busy.busy()
    open.add(Self.answered(5, "open@example.com"))
    let after = await busy.accepted()
    open.add(Self.answered(6, "after@example.com"))
    guard case .answered(let later) = try await busy.answer(after, open.poll) else {
      Issue.record("an answer")
      return
    }
    #expect(later.text("emailAddress") == "after@example.com")
  }

  @Test func aSessionThatEndsBeforeTheAnswerIsNotReady() async throws {
    let ledger = AnswerLedger()
    let ticket = await ledger.accepted()
    let events = ScriptedEvents([WireEvent(seq: 7, event: "disconnected", response: nil, declined: nil)])
    await #expect(throws: CustomerSessionError.notReady) { try await ledger.answer(ticket, events.poll) }
  }
}
