import Foundation
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
    // Folded only to be matched: the code comes back as the customer typed it.
    #expect(response.values[.postalCode] == "１５４－００２３")
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
    // GB's rules checked the code, but the customer shared no country: none is reported.
    #expect(response.values[.postalCode] == "sw1a2aa")
    #expect(response.values[.country] == nil)
    #expect(FormResponse.shared(response).json.contains("\n  \"country\": null,\n"))
    guard case .shared(let empty) = try Fixtures.parse(body + "&country=", try shipping(), region: "GB") else {
      Issue.record("not shared")
      return
    }
    #expect(empty.values[.country] == nil)
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
          FieldError(field: .emailAddress, message: "Enter an email address to get emails, or uncheck the box."),
          FieldError(field: .phoneNumber, message: "Enter a phone number to get text messages, or uncheck the box."),
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

  /// The limit picks the message's CLDR plural form: 200 is `other` in Arabic (a singular
  /// noun after hundreds), 15 digits `many` in Arabic and Russian.
  @Test func limitsInThePluralFormOfTheirNumber() throws {
    let signup = try Fixtures.request("signup")
    let long = String(repeating: "x", count: 201)
    #expect(
      try Fixtures.parse("name=\(long)", signup, locale: "ar-EG")
        == .invalid([FieldError(field: .name, message: "يمكن أن يحتوي حقل «الاسم الكامل» على ٢٠٠ حرف كحد أقصى.")]))
    #expect(
      try Fixtures.parse("phoneNumber=12", signup, locale: "ar-EG")
        == .invalid([FieldError(field: .phoneNumber, message: "أدخل رقم هاتف من ٤ إلى ١٥ رقمًا.")]))
    #expect(
      try Fixtures.parse("name=\(long)", signup, locale: "ru-RU")
        == .invalid([FieldError(field: .name, message: "Поле «Имя и фамилия» может содержать не более 200 символов.")]))
  }

  // MARK: Hardening: what the customer shares is what they typed, and nothing else.

  @Test func anOptInIsOnlyTheValueItsCheckboxSends() throws {
    let signup = try Fixtures.request("signup")
    for value in ["false", "", "TRUE", "1", "on", "true%20"] {
      #expect(
        failure("emailAddress=a%40b.co&emailOptInSelection=\(value)", signup)
          == .unknownOptIn(name: "emailOptInSelection", value: value.replacingOccurrences(of: "%20", with: " ")),
        "\(value)")
      // Refused whatever the action: the form never sends it.
      #expect(failure("smsOptInSelection=\(value)&action=decline", signup) != nil, "\(value)")
    }
    #expect(
      FormSubmission.Failure.unknownOptIn(name: "emailOptInSelection", value: "false").description
        == #"emailOptInSelection "false" is not what its checkbox sends (true, or nothing when unticked)"#)
    guard case .shared(let absent) = try Fixtures.parse("emailAddress=a%40b.co", signup) else {
      Issue.record("not shared")
      return
    }
    #expect(absent.optIns == [.emailOptInSelection: false, .smsOptInSelection: false])
  }

  @Test func theFirstStreetLineIsTheStreet() throws {
    let body = "street=&name=Ann&city=T&state=CA&postalCode=95014&street=Apt%204"
    #expect(
      try Fixtures.parse(body, try shipping())
        == .invalid([FieldError(field: .street, message: "Street address is required.")]))
    // An empty second line is no problem, and a second line after the first is kept.
    let both = "name=Ann&street=1+Main+St&street=+&city=T&state=CA&postalCode=95014"
    guard case .shared(let response) = try Fixtures.parse(both, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.street] == "1 Main St")
  }

  @Test func aDeclineIsStillCheckedForRepeatedKeys() throws {
    let signup = try Fixtures.request("signup")
    #expect(failure("name=a&name=b&action=decline", signup) == .repeated(name: "name", count: 2))
    #expect(
      failure("street=a&street=b&street=c&action=decline", try shipping()) == .repeated(name: "street", count: 3))
    #expect(
      failure("country=US&country=JP&action=decline", try shipping()) == .repeated(name: "country", count: 2))
    #expect(try Fixtures.parse("name=a&action=decline", signup) == .declined(token: nil))
  }

  @Test(arguments: [
    ("name", "%E2%80%8B", "Full name is required."),  // U+200B zero-width space
    ("street", "%EF%BB%BF", "Street address is required."),  // U+FEFF
    ("city", "%E2%80%8E", "City is required."),  // U+200E left-to-right mark
    ("state", "%C2%AD", "State is required."),  // U+00AD soft hyphen
    ("postalCode", "%CC%81", "ZIP code is required."),  // a lone combining acute accent
  ])
  func aRequiredFieldNeedsAVisibleCharacter(_ field: String, _ invisible: String, _ message: String) throws {
    let filled = ["name": "Ann", "street": "1+Main+St", "city": "Cupertino", "state": "CA", "postalCode": "95014"]
    let body = filled.keys.sorted().map { "\($0)=\($0 == field ? invisible : filled[$0] ?? "")" }.joined(separator: "&")
    let expected = try #require(FormField(rawValue: field))
    #expect(try Fixtures.parse(body, try shipping()) == .invalid([FieldError(field: expected, message: message)]))
  }

  @Test func anOptionalFieldOfOnlyInvisibleCharactersIsNotShared() throws {
    let signup = try Fixtures.request("signup")
    guard case .shared(let response) = try Fixtures.parse("name=%E2%80%8B%E2%80%8E&emailAddress=a%40b.co", signup)
    else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.name] == nil)
    // A street's second line of only invisible characters is dropped too.
    let body = "name=Ann&street=1+Main+St&street=%E2%80%8B&city=T&state=CA&postalCode=95014"
    guard case .shared(let address) = try Fixtures.parse(body, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(address.values[.street] == "1 Main St")
  }

  @Test func aPhoneNumberComesBackAsTypedAndOnlyRealDigitsCount() throws {
    let request = FormRequest(kind: .customerInfo, fields: [.phoneNumber])
    let spaced = "+1\u{A0}408\u{2003}555\u{3000}0100"
    let encoded = try #require(spaced.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    guard case .shared(let response) = try Fixtures.parse("phoneNumber=\(encoded)", request) else {
      Issue.record("not shared")
      return
    }
    #expect(response.values[.phoneNumber] == spaced)
    guard
      case .shared(let fullWidth) = try Fixtures.parse("phoneNumber=+%EF%BC%90%EF%BC%99%EF%BC%90-1234-5678+", request)
    else {
      Issue.record("not shared")
      return
    }
    #expect(fullWidth.values[.phoneNumber] == "０９０-1234-5678")
    let characters = FieldError(
      field: .phoneNumber, message: "A phone number can have only digits, spaces and + ( ) - .")
    // ①②③④ and ²³⁴⁵: NFKC would make them 1234 and 2345.
    for typed in ["%E2%91%A0%E2%91%A1%E2%91%A2%E2%91%A3", "%C2%B2%C2%B3%E2%81%B4%E2%81%B5"] {
      #expect(try Fixtures.parse("phoneNumber=\(typed)", request) == .invalid([characters]))
    }
  }

  @Test func aPostalCodeComesBackAsTypedAndIsFoldedOnlyToBeMatched() throws {
    let gb = "name=Ann&street=10+Downing+St&city=London&country=GB&postalCode="
    guard case .shared(let british) = try Fixtures.parse(gb + "sw1a+1aa", try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(british.values[.postalCode] == "sw1a 1aa")
    let us = "name=Ann&street=1+Main+St&city=T&state=CA&postalCode="
    guard
      case .shared(let fullWidth) = try Fixtures.parse(
        us + "%EF%BC%99%EF%BC%95%EF%BC%90%EF%BC%91%EF%BC%94", try shipping())
    else {
      Issue.record("not shared")
      return
    }
    #expect(fullWidth.values[.postalCode] == "９５０１４")
    // ①②③④⑤ is no ZIP code, though NFKC would fold it into 12345.
    #expect(
      try Fixtures.parse(us + "%E2%91%A0%E2%91%A1%E2%91%A2%E2%91%A3%E2%91%A4", try shipping())
        == .invalid([FieldError(field: .postalCode, message: "ZIP code should look like 95014.")]))
    // Singapore has no pattern: whatever was typed comes back unchanged.
    let singapore = "name=Ann&street=1+Raffles+Pl&country=SG&postalCode=anything!!"
    guard case .shared(let free) = try Fixtures.parse(singapore, try shipping()) else {
      Issue.record("not shared")
      return
    }
    #expect(free.values[.postalCode] == "anything!!")
  }

  @Test func aTokenMustKeepTheTokenRulesEvenWithoutExpectingOne() throws {
    let request = try Fixtures.request("check-in")
    #expect(failure("token=%3Cscript%3E%22%0A", request) == .invalidToken("a token is printable ASCII without spaces"))
    #expect(failure("token=", request) == .invalidToken("a token cannot be empty"))
    let long = String(repeating: "a", count: 60_000)
    #expect(failure("token=\(long)&action=decline", request) == .invalidToken("a token is at most 1024 characters"))
    #expect(
      FormSubmission.Failure.invalidToken("a token cannot be empty").description
        == "the request token is refused: a token cannot be empty")
    #expect(try Fixtures.parse("token=req-42&action=decline", request) == .declined(token: "req-42"))
  }

  @Test func formValuesAreReadWithTheSameChecksAsParse() throws {
    let signup = try Fixtures.request("signup")
    func read(_ body: String, _ request: FormRequest) -> FormSubmission.Failure? {
      do {
        _ = try FormSubmission.read(Array(body.utf8), request: request, region: "US")
        return nil
      } catch {
        return error
      }
    }
    #expect(read("name=a&name=b", signup) == .repeated(name: "name", count: 2))
    #expect(read("street=a&street=b&street=c", try shipping()) == .repeated(name: "street", count: 3))
    #expect(read("emailOptInSelection=false", signup) == .unknownOptIn(name: "emailOptInSelection", value: "false"))
    #expect(read("action=later", signup) == .unknownAction("later"))
    #expect(read("token=a+b", signup) == .invalidToken("a token is printable ASCII without spaces"))
    // Field problems are the customer's to correct: the body is read, to be shown again.
    let submission = try FormSubmission.read(Array("name=Jo%07&country=XX".utf8), request: try shipping(), region: "US")
    #expect(submission.form.values("name") == ["Jo\u{7}"])
    #expect(submission.action == .share)
  }
}
