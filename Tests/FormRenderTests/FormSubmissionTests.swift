import RenderCore
import Testing

@testable import FormRender

@Suite struct FormSubmissionTests {
  static let completeUS =
    "name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=Cupertino&state=CA&postalCode=95014&country=US"
    + "&emailAddress=jane%40example.com&phoneNumber=%2B1+408+555+0100&action=share"

  func shipping() throws -> FormRequest { try Fixtures.request("shipping-address") }

  func failure(_ body: String, _ request: FormRequest, token: String? = nil) -> FormSubmission.Failure? {
    do {
      _ = try Fixtures.parse(body, request, token: token)
      return nil
    } catch let error as FormSubmission.Failure {
      return error
    } catch {
      return nil
    }
  }

  @Test func aCompleteUSAddressIsShared() throws {
    let response = try Fixtures.parse(Self.completeUS, try shipping())
    #expect(
      response
        == .shared(
          CustomerResponse(
            kind: .address,
            values: [
              .name: "Jane Appleseed", .street: "1 Infinite Loop", .city: "Cupertino", .state: "CA",
              .postalCode: "95014", .country: "US", .emailAddress: "jane@example.com", .phoneNumber: "+1 408 555 0100",
            ], optIns: [:], token: nil)))
    #expect(
      response.json == """
        {
          "name": "Jane Appleseed",
          "street": "1 Infinite Loop",
          "city": "Cupertino",
          "state": "CA",
          "postalCode": "95014",
          "country": "US",
          "emailAddress": "jane@example.com",
          "phoneNumber": "+1 408 555 0100"
        }

        """)
  }

  @Test func aMissingZIPCodeIsAFieldError() throws {
    let body = Self.completeUS.replacingOccurrences(of: "postalCode=95014", with: "postalCode=+")
    let response = try Fixtures.parse(body, try shipping())
    #expect(response == .invalid([FieldError(field: .postalCode, message: "ZIP code is required.")]))
    #expect(
      response.json == """
        {
          "errors": [
            {
              "field": "postalCode",
              "message": "ZIP code is required."
            }
          ]
        }

        """)
  }

  @Test func declineSharesNothingEvenWithEmptyRequiredFields() throws {
    let response = try Fixtures.parse("name=&street=&action=decline", try shipping())
    #expect(response == .declined(token: nil))
    #expect(response.json == "{\n  \"declined\": true\n}\n")
  }

  @Test func everyProblemIsListedInPageOrder() throws {
    let body = "name=+&street=x&city=C&state=S&postalCode=9501&emailAddress=jane%40&phoneNumber=12&action=share"
    #expect(
      try Fixtures.parse(body, try shipping())
        == .invalid([
          FieldError(field: .name, message: "Full name is required."),
          FieldError(field: .postalCode, message: "ZIP code should look like 95014."),
          FieldError(field: .emailAddress, message: "Enter an email address like name@example.com."),
          FieldError(field: .phoneNumber, message: "Enter a phone number with 4 to 15 digits."),
        ]))
  }

  @Test func messagesAreInTheCustomersLanguage() throws {
    let body = "name=Jean&street=x&city=C&state=S&postalCode=&action=share"
    #expect(
      try Fixtures.parse(body, try shipping(), locale: "fr-FR")
        == .invalid([FieldError(field: .postalCode, message: "Le champ «\u{A0}Code ZIP\u{A0}» est obligatoire.")]))
    #expect(
      try Fixtures.parse("phoneNumber=1&action=share", try Fixtures.request("signup"), locale: "ar-EG")
        == .invalid([FieldError(field: .phoneNumber, message: "أدخل رقم هاتف من ٤ إلى ١٥ رقمًا.")]))
  }

  @Test func theCountryPickedDecidesTheRules() throws {
    // A store in the US, a customer shipping to Japan: Japan's prefecture and postal code.
    let japan =
      "name=Hanako&street=1-2-3&city=Setagaya-ku&state=Tokyo&postalCode=%EF%BC%91%EF%BC%95%EF%BC%94%EF%BC%8D%EF%BC%90%EF%BC%90%EF%BC%92%EF%BC%93&country=JP"
    guard case .shared(let response) = try Fixtures.parse(japan, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.postalCode] == "154-0023")
    #expect(response.values[.country] == "JP")
    let badJapan = japan.replacingOccurrences(of: "state=Tokyo&", with: "")
    #expect(
      try Fixtures.parse(badJapan, try shipping())
        == .invalid([FieldError(field: .state, message: "Prefecture is required.")]))
    // Germany has no state: one sent anyway is ignored.
    let germany = "name=Max&street=Unter+den+Linden+1&city=Berlin&state=BE&postalCode=10117&country=DE"
    guard case .shared(let german) = try Fixtures.parse(germany, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(german.values[.state] == nil)
  }

  @Test func theSessionRegionIsUsedWhenNoCountryIsSent() throws {
    let body = "name=Ann&street=10+Downing+St&city=London&postalCode=sw1a2aa"
    guard case .shared(let response) = try Fixtures.parse(body, try shipping(), region: "GB") else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.postalCode] == "SW1A2AA")
    #expect(response.values[.country] == "GB")
    #expect(
      try Fixtures.parse("name=Ann&street=x&city=London&postalCode=95014", try shipping(), region: "GB")
        == .invalid([FieldError(field: .postalCode, message: "Postcode should look like EC1Y 8SY.")]))
  }

  @Test func anUnknownCountryIsAFieldError() throws {
    let body = Self.completeUS.replacingOccurrences(of: "country=US", with: "country=XX")
    #expect(
      try Fixtures.parse(body, try shipping())
        == .invalid([FieldError(field: .country, message: "Choose a country or region from the list.")]))
  }

  @Test func keysNotAskedForAreIgnoredAndValuesTrimmed() throws {
    let request = try Fixtures.request("check-in")
    let body = "emailAddress=++jane%40example.com%E3%80%80&phoneNumber=x&phoneNumber=y&name=Z&token=t&action=share"
    #expect(
      try Fixtures.parse(body, request)
        == .shared(
          CustomerResponse(kind: .customerInfo, values: [.emailAddress: "jane@example.com"], optIns: [:], token: "t")))
  }

  @Test func emptyContactFieldsAreNotShared() throws {
    let response = try Fixtures.parse("emailAddress=&action=share", try Fixtures.request("check-in"))
    #expect(response.json == "{\n  \"emailAddress\": null,\n  \"phoneNumber\": null\n}\n")
  }

  @Test func theStreetsTwoLinesAreJoined() throws {
    let body = "name=A&street=1+Main+St&street=Apt+4&city=C&state=S&postalCode=12345"
    guard case .shared(let response) = try Fixtures.parse(body, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.street] == "1 Main St\nApt 4")
    #expect(failure(body + "&street=x", try shipping()) == .repeated(name: "street", count: 3))
  }

  @Test func signupOptInsAreTrueFalseOrNull() throws {
    let signup = try Fixtures.request("signup")
    let response = try Fixtures.parse("name=Jo&emailAddress=jo%40example.com&emailOptInSelection=true", signup)
    #expect(
      response.json == """
        {
          "name": "Jo",
          "emailAddress": "jo@example.com",
          "phoneNumber": null,
          "emailOptInSelection": true,
          "smsOptInSelection": false
        }

        """)
    let hidden = FormRequest(kind: .signup, fields: [.emailAddress], emailConsent: .hidden, smsConsent: .preSelected)
    let other = try Fixtures.parse("emailOptInSelection=true&smsOptInSelection=true", hidden)
    guard case .shared(let values) = other else {
      Issue.record("not shared")
      return
    }
    #expect(values.optIns == [.smsOptInSelection: true])
  }

  @Test func anOptInNeedsItsAddress() throws {
    let signup = try Fixtures.request("signup")
    #expect(
      try Fixtures.parse("emailOptInSelection=true&smsOptInSelection=true", signup)
        == .invalid([
          FieldError(field: .emailAddress, message: "Enter an email address to get emails, or untick the box."),
          FieldError(field: .phoneNumber, message: "Enter a phone number to get text messages, or untick the box."),
        ]))
  }

  @Test func theTokenIsEchoedAndChecked() throws {
    let request = try Fixtures.request("check-in")
    #expect(
      try Fixtures.parse("token=abc&action=decline", request, token: "abc") == .declined(token: "abc"))
    #expect(failure("action=decline", request, token: "abc") == .missingToken)
    #expect(failure("token=abd&action=share", request, token: "abc") == .tokenMismatch)
    #expect(failure("token=abc&token=abc", request, token: "abc") == .repeated(name: "token", count: 2))
  }

  @Test func bodiesThatAreNotThisFormsSubmission() throws {
    let request = try Fixtures.request("check-in")
    #expect(failure("action=maybe", request) == .unknownAction("maybe"))
    #expect(failure("emailAddress=a&emailAddress=b", request) == .repeated(name: "emailAddress", count: 2))
    #expect(
      failure("emailAddress=%E0", request)
        == .malformed(URLEncodedForm.DecodingError(byte: 14, message: "not UTF-8 once decoded")))
    let big = "emailAddress=" + String(repeating: "a", count: FormSubmission.maximumBodyBytes)
    #expect(failure(big, request) == .tooLarge(bytes: big.utf8.count))
    #expect(
      FormSubmission.Failure.tooLarge(bytes: 70_000).description
        == "the body is 70000 bytes; a form body is at most 65536 bytes")
  }

  @Test func controlCharactersAndOverlongValuesAreFieldErrors() throws {
    let signup = try Fixtures.request("signup")
    #expect(
      try Fixtures.parse("name=Jo%0Ahn", signup)
        == .invalid([FieldError(field: .name, message: "Full name contains characters that cannot be used.")]))
    let long = String(repeating: "x", count: 201)
    #expect(
      try Fixtures.parse("name=\(long)", signup)
        == .invalid([FieldError(field: .name, message: "Full name can have at most 200 characters.")]))
  }
}
