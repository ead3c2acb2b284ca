import RenderCore
import Testing

@testable import FormRender

@Suite struct FormRequestDecodingTests {
  @Test func seedRequestsDecode() throws {
    #expect(
      try Fixtures.request("check-in")
        == FormRequest(kind: .customerInfo, purpose: .checkIn, fields: [.emailAddress], message: "Look up your account")
    )
    #expect(
      try Fixtures.request("shipping-address")
        == FormRequest(kind: .address, purpose: .shipping, fields: [.emailAddress, .phoneNumber]))
    #expect(
      try Fixtures.request("signup")
        == FormRequest(
          kind: .signup, purpose: .membership, fields: [.emailAddress, .phoneNumber], emailConsent: .visible,
          smsConsent: .visible, termsAndConditions: "**Terms and Conditions**\n\nYour terms, in Markdown."))
  }

  @Test func signupDefaultsToMembershipAndHiddenConsent() throws {
    let request = try Fixtures.request(text: #"{"request": "signup"}"#)
    #expect(request.purpose == .membership)
    #expect(request.emailConsent == .hidden)
    #expect(request.smsConsent == .hidden)
    #expect(try Fixtures.request(text: #"{"request": "address"}"#).purpose == nil)
  }

  @Test func fieldsTakeTheFormOrder() throws {
    let request = try Fixtures.request(text: #"{"request": "customerInfo", "fields": ["phoneNumber", "emailAddress"]}"#)
    #expect(request.fields == [.emailAddress, .phoneNumber])
  }

  @Test func everyPurposeBelongsToOneRequest() {
    #expect(RequestPurpose.purposes(of: .customerInfo) == [.checkIn, .receipt])
    #expect(RequestPurpose.purposes(of: .address) == [.shipping, .billing])
    #expect(RequestPurpose.purposes(of: .signup) == [.membership, .accountCreation, .accountUpdate])
  }

  @Test(arguments: [
    (
      #"{"request": "applePay"}"#,
      [
        "request.json: $.request: incompatibleRequest: Apple Pay needs the customer's iPhone on a direct connection (localWireless), not the web fallback"
      ]
    ),
    (
      #"{"request": "customerInfo", "fields": ["pass", "emailAddress"]}"#,
      ["request.json: $.fields[0]: incompatibleRequest: a Wallet pass cannot be shared on the web fallback"]
    ),
    (
      #"{"request": "customerInfo", "purpose": "shipping", "fields": ["emailAddress"]}"#,
      [
        "request.json: $.purpose: invalidRequest: shipping is a purpose of address requests, not customerInfo requests; use checkIn or receipt"
      ]
    ),
    (
      #"{"request": "signup", "purpose": "vip"}"#,
      [
        #"request.json: $.purpose: invalidRequest: "vip" is not a purpose; use membership, accountCreation or accountUpdate"#
      ]
    ),
    (
      #"{"request": "form"}"#,
      [#"request.json: $.request: invalidRequest: "form" is not a request; use customerInfo, address or signup"#]
    ),
    (
      #"{"request": "customerInfo"}"#,
      ["request.json: $.fields: invalidRequest: a customerInfo request asks for emailAddress, phoneNumber or both"]
    ),
    (
      #"{"request": "address", "emailConsent": "visible", "termsAndConditions": "x"}"#,
      [
        "request.json: $.emailConsent: invalidRequest: emailConsent applies to a signup request only",
        "request.json: $.termsAndConditions: invalidRequest: termsAndConditions applies to a signup request only",
      ]
    ),
    (
      #"{"request": "signup", "emailConsent": "yes", "fields": ["emailAddress", "emailAddress"], "note": 1}"#,
      [
        #"request.json: $.note: unknown key "note""#,
        "request.json: $.fields[1]: emailAddress is listed twice (first at $.fields[0])",
        #"request.json: $.emailConsent: "yes" is not a consent option; use hidden, visible or preSelected"#,
      ]
    ),
    (
      #"{"request": "signup", "fields": "emailAddress", "message": 3}"#,
      [
        "request.json: $.fields: expected an array of field names, found a string",
        "request.json: $.message: expected a string, found a number",
      ]
    ),
    (#"["signup"]"#, ["request.json: $: expected an object, found an array"]),
  ])
  func badRequestsNameEveryProblem(_ json: String, _ lines: [String]) {
    #expect(Fixtures.problems(json) == lines)
  }

  /// The kind travels with the problem: callers never match the message's text.
  @Test(arguments: [
    (#"{"request": "applePay"}"#, [DataProblem.Kind.incompatibleRequest]),
    (#"{"request": "customerInfo", "fields": ["pass", "phone"]}"#, [.incompatibleRequest, .invalidData]),
    (#"{"request": "form"}"#, [.invalidData]),
  ])
  func incompatibleRequestsAreAKindOfProblem(_ json: String, _ kinds: [DataProblem.Kind]) throws {
    let value = try JSONParser.parse(Array(json.utf8))
    do {
      _ = try FormRequest(json: value)
      Issue.record("\(json) decoded")
    } catch {
      #expect(error.problems.map(\.kind) == kinds)
      #expect(error.refusesAnIncompatibleRequest == kinds.contains(.incompatibleRequest))
    }
  }

  @Test func blankMessageAndTermsCountAsAbsent() throws {
    let request = try Fixtures.request(text: #"{"request": "signup", "message": "  ", "termsAndConditions": "\n"}"#)
    #expect(request.message == nil)
    #expect(request.termsAndConditions == nil)
  }

  @Test func responseKeysFollowTheContract() {
    #expect(FormRequest(kind: .customerInfo).responseKeys.map(\.rawValue) == ["emailAddress", "phoneNumber"])
    #expect(
      FormRequest(kind: .address).responseKeys.map(\.rawValue) == [
        "name", "street", "city", "state", "postalCode", "country", "emailAddress", "phoneNumber",
      ])
    #expect(
      FormRequest(kind: .signup).responseKeys.map(\.rawValue) == [
        "name", "emailAddress", "phoneNumber", "emailOptInSelection", "smsOptInSelection",
      ])
  }
}
