import RenderCore
import Testing

@testable import FormRender

@Suite struct FormLayoutTests {
  func controls(_ request: FormRequest, region: String = "US") -> [String] {
    FormLayout(request: request, region: region).controls.map { control in
      [
        control.id, control.field.rawValue, control.autocomplete?.rawValue ?? "-", control.required ? "required" : "-",
      ].joined(separator: " ")
    }
  }

  @Test func addressControlsAreNamedAfterTheResponseKeysWithAutofillTokens() throws {
    #expect(
      controls(try Fixtures.request("shipping-address")) == [
        "field-name name name required",
        "field-street street address-line1 required",
        "field-street-2 street address-line2 -",
        "field-city city address-level2 required",
        "field-state state address-level1 required",
        "field-postalCode postalCode postal-code required",
        "field-country country country required",
        "field-emailAddress emailAddress email -",
        "field-phoneNumber phoneNumber tel -",
      ])
  }

  @Test func contactFieldsAreOptionalAndTyped() throws {
    let layout = FormLayout(request: try Fixtures.request("signup"), region: "US")
    let email = try #require(layout.control(for: .emailAddress))
    #expect(email.kind == .input(.email))
    #expect(email.inputMode == .email)
    #expect(!email.required)
    let phone = try #require(layout.control(for: .phoneNumber))
    #expect(phone.kind == .input(.tel))
    #expect(phone.inputMode == .tel)
    #expect(try #require(layout.control(for: .name)).required == false)
  }

  @Test func postalCodeKeyboardFollowsTheRegion() throws {
    let request = FormRequest(kind: .address)
    let us = try #require(FormLayout(request: request, region: "US").control(for: .postalCode))
    #expect(us.inputMode == .numeric)
    #expect(us.autocapitalize == nil)
    #expect(us.example == "95014")
    let gb = try #require(FormLayout(request: request, region: "GB").control(for: .postalCode))
    #expect(gb.inputMode == nil)
    #expect(gb.autocapitalize == .characters)
    #expect(gb.label == .formFieldPostcode)
  }

  @Test(arguments: [
    (ConsentOption.hidden, ConsentOption.hidden, [String]()),
    (.visible, .hidden, ["emailOptInSelection"]),
    (.hidden, .preSelected, ["smsOptInSelection"]),
    (.visible, .preSelected, ["emailOptInSelection", "smsOptInSelection"]),
  ])
  func consentCheckboxesFollowTheOptions(_ email: ConsentOption, _ sms: ConsentOption, _ fields: [String]) {
    let request = FormRequest(kind: .signup, fields: [.emailAddress], emailConsent: email, smsConsent: sms)
    let checks = FormLayout(request: request, region: "US").controls.filter { $0.kind == .checkbox }
    #expect(checks.map(\.field.rawValue) == fields)
  }

  @Test func customerInfoAsksOnlyForTheFieldsRequested() throws {
    #expect(controls(try Fixtures.request("check-in")) == ["field-emailAddress emailAddress email -"])
  }

  @Test func theRegionIsTheCountryPickedOrTheSessions() {
    #expect(FormLayout.region(picked: nil, session: "US") == ("US", true))
    #expect(FormLayout.region(picked: " JP ", session: "US") == ("JP", true))
    #expect(FormLayout.region(picked: "", session: "GB") == ("GB", true))
    #expect(FormLayout.region(picked: "ZZ", session: "US") == ("US", false))
    #expect(FormLayout.region(picked: "jp", session: "US") == ("US", false))
  }
}
