import RenderCore
import Testing

@testable import FormRender

@Suite struct FormHTMLTests {
  func page(_ request: FormRequest, locale: String = "en-US", state: FormState = .fresh) throws -> String {
    FormHTML.render(request, context: try Fixtures.context(locale), state: state)
  }

  /// The `<input …>` tag whose id is `id`.
  func input(_ id: String, in html: String) -> String? {
    html.components(separatedBy: "<input ").first { $0.hasPrefix("id=\"\(id)\"") || $0.contains(" id=\"\(id)\"") }
      .map { "<input " + ($0.components(separatedBy: ">").first ?? "") + ">" }
  }

  @Test func signupShowsBothConsentBoxesUncheckedAndBoldTerms() throws {
    let html = try page(try Fixtures.request("signup"))
    #expect(
      input("field-emailOptInSelection", in: html)
        == "<input type=\"checkbox\" id=\"field-emailOptInSelection\" name=\"emailOptInSelection\" value=\"true\">")
    #expect(
      input("field-smsOptInSelection", in: html)
        == "<input type=\"checkbox\" id=\"field-smsOptInSelection\" name=\"smsOptInSelection\" value=\"true\">")
    #expect(html.contains("<span>Email me news and offers</span>"))
    #expect(html.contains("<span>Text me news and offers (SMS)</span>"))
    #expect(
      html.contains(
        "<div class=\"terms-text\" dir=\"auto\">\n<p><strong>Terms and Conditions</strong></p>\n<p>Your terms, in Markdown.</p>\n</div>"
      ))
  }

  @Test(arguments: [
    (ConsentOption.hidden, nil as String?),
    (
      .visible, "<input type=\"checkbox\" id=\"field-emailOptInSelection\" name=\"emailOptInSelection\" value=\"true\">"
    ),
    (
      .preSelected,
      "<input type=\"checkbox\" id=\"field-emailOptInSelection\" name=\"emailOptInSelection\" value=\"true\" checked>"
    ),
  ])
  func consentOptions(_ option: ConsentOption, _ expected: String?) throws {
    let html = try page(FormRequest(kind: .signup, fields: [.emailAddress], emailConsent: option))
    #expect(input("field-emailOptInSelection", in: html) == expected)
    #expect(!html.contains("smsOptInSelection"))
    #expect(html.contains("<fieldset") == (option != .hidden))
  }

  @Test func hostileTermsLeaveNoScriptAndNoJavascriptURL() throws {
    let request = FormRequest(
      kind: .signup, termsAndConditions: "<script>alert(1)</script>[x](javascript:alert(1))\n\n[y](javascript:alert(2))"
    )
    let html = try page(request)
    #expect(!html.lowercased().contains("<script"))
    #expect(!html.lowercased().contains("javascript:"))
    #expect(html.contains("<p>y</p>"))
  }

  @Test func theFormPostsAndOffersShareAndDecline() throws {
    let html = try page(try Fixtures.request("check-in"))
    #expect(html.contains("<form class=\"request-form\" method=\"post\" accept-charset=\"utf-8\">"))
    #expect(
      html.contains(
        "<button type=\"submit\" name=\"action\" value=\"share\" class=\"share\">Share</button><button type=\"submit\" name=\"action\" value=\"decline\" class=\"decline\" formnovalidate>Don't share</button>"
      ))
    #expect(html.contains("<p class=\"message merchant\"><bdi>Look up your account</bdi></p>"))
    #expect(
      html.contains("<p class=\"purpose\">The store is asking for these details to look up your account.</p>"))
    #expect(html.contains("<label for=\"field-emailAddress\">Email address (optional)</label>"))
    #expect(
      input("field-emailAddress", in: html)
        == "<input id=\"field-emailAddress\" name=\"emailAddress\" type=\"email\" inputmode=\"email\" autocomplete=\"email\" autocapitalize=\"none\" spellcheck=\"false\" dir=\"ltr\" maxlength=\"254\">"
    )
    #expect(!html.contains("name=\"token\""))
  }

  @Test func everyControlHasALabel() throws {
    for name in Fixtures.seedRequests {
      let html = try page(try Fixtures.request(name))
      let layout = FormLayout(request: try Fixtures.request(name), region: "US")
      for control in layout.controls {
        #expect(html.contains("for=\"\(control.id)\""), "\(name): \(control.id) has no label")
        #expect(html.contains("id=\"\(control.id)\""))
      }
    }
  }

  @Test func theCountryListSelectsTheSessionRegion() throws {
    let html = try page(try Fixtures.request("shipping-address"))
    #expect(html.contains("<option value=\"US\" selected>United States</option>"))
    #expect(html.contains("<option value=\"JP\">Japan</option>"))
    #expect(html.components(separatedBy: "<option").count - 1 == AddressFormats.bundled.countries.count)
    #expect(html.components(separatedBy: " selected>").count == 2)
  }

  @Test func theTokenTravelsInAHiddenField() throws {
    let html = try page(try Fixtures.request("check-in"), state: FormState(token: "r-42\"<x>"))
    #expect(html.contains("<input type=\"hidden\" name=\"token\" value=\"r-42&quot;&lt;x&gt;\">"))
  }

  @Test func aReRenderedFormKeepsEveryValueAndShowsEachError() throws {
    let values = try URLEncodedForm(
      decoding: Array(
        "name=%3Cb%3EJane&street=1+Loop&street=Suite+5&city=Cupertino&state=CA&postalCode=9501&country=US&emailAddress=jane%40&phoneNumber=%2B1+408"
          .utf8))
    let errors = [
      FieldError(field: .postalCode, message: "ZIP code should look like 95014."),
      FieldError(field: .emailAddress, message: "Enter an email address like name@example.com."),
    ]
    let html = try page(try Fixtures.request("shipping-address"), state: FormState(values: values, errors: errors))
    #expect(html.contains("<title>Error: Shipping address · Oakbrook Mall</title>"))
    #expect(
      html.contains(
        """
        <div class="error-summary" role="alert" aria-labelledby="error-summary-title">
        <h2 id="error-summary-title">Check what you entered</h2>
        <ul>
        <li><a href="#field-postalCode">ZIP code should look like 95014.</a></li>
        <li><a href="#field-emailAddress">Enter an email address like name@example.com.</a></li>
        </ul>
        </div>
        <h1>Shipping address</h1>
        """))
    #expect(input("field-name", in: html)?.hasSuffix(" value=\"&lt;b&gt;Jane\">") == true)
    #expect(input("field-street", in: html)?.hasSuffix(" value=\"1 Loop\">") == true)
    #expect(input("field-street-2", in: html)?.hasSuffix(" value=\"Suite 5\">") == true)
    #expect(input("field-phoneNumber", in: html)?.hasSuffix(" value=\"+1 408\">") == true)
    #expect(
      input("field-postalCode", in: html)
        == "<input id=\"field-postalCode\" name=\"postalCode\" type=\"text\" inputmode=\"numeric\" autocomplete=\"postal-code\" spellcheck=\"false\" dir=\"ltr\" maxlength=\"20\" required aria-describedby=\"hint-postalCode error-postalCode\" aria-invalid=\"true\" value=\"9501\">"
    )
    #expect(
      html.contains(
        "<div class=\"field field-error\">\n<label for=\"field-postalCode\">ZIP code</label>\n<p class=\"hint\" id=\"hint-postalCode\">For example, 95014</p>\n<p class=\"error-message\" id=\"error-postalCode\"><span class=\"visually-hidden\">Error: </span>ZIP code should look like 95014.</p>"
      ))
    #expect(input("field-city", in: html)?.contains("aria-invalid") == false)
  }

  @Test func aReRenderedSignupKeepsTheBoxesAsTheCustomerLeftThem() throws {
    let request = FormRequest(
      kind: .signup, fields: [.emailAddress], emailConsent: .preSelected, smsConsent: .visible)
    let values = try URLEncodedForm(decoding: Array("emailAddress=&smsOptInSelection=true".utf8))
    let html = try page(request, state: FormState(values: values))
    #expect(input("field-emailOptInSelection", in: html)?.contains("checked") == false)
    #expect(input("field-smsOptInSelection", in: html)?.contains("checked") == true)
  }

  @Test func aPickedCountryLaysOutTheReRenderedForm() throws {
    let values = try URLEncodedForm(decoding: Array("country=JP&state=Tokyo".utf8))
    let html = try page(try Fixtures.request("shipping-address"), state: FormState(values: values))
    #expect(html.contains("<label for=\"field-state\">Prefecture</label>"))
    #expect(html.contains("<option value=\"JP\" selected>Japan</option>"))
    #expect(input("field-state", in: html)?.hasSuffix(" value=\"Tokyo\">") == true)
  }

  @Test func rightToLeftPagesKeepContactFieldsLeftToRight() throws {
    let html = try page(try Fixtures.request("signup"), locale: "ar-EG")
    #expect(html.contains("<html lang=\"ar-EG\" dir=\"rtl\">"))
    #expect(input("field-emailAddress", in: html)?.contains("dir=\"ltr\"") == true)
    #expect(input("field-name", in: html)?.contains("dir=\"auto\"") == true)
  }

  @Test func theSamePageEveryTime() throws {
    let request = try Fixtures.request("shipping-address")
    #expect(try page(request, locale: "ja-JP") == page(request, locale: "ja-JP"))
  }

  @Test func controlCharactersInValuesAreShownAsSymbolsNeverWritten() throws {
    // ESC [31m, BEL, CR, LF, NUL, DEL and a C1 control (U+0085), as a hostile body sends them.
    let values = try URLEncodedForm(decoding: Array("name=Jo%1B%5B31m%07%0D%0A%00%7F%C2%85hn&street=1%0D%0A2".utf8))
    let html = try page(try Fixtures.request("shipping-address"), state: FormState(values: values))
    #expect(input("field-name", in: html)?.hasSuffix(" value=\"Jo␛[31m␇␍␊␀␡\u{FFFD}hn\">") == true)
    #expect(input("field-street", in: html)?.hasSuffix(" value=\"1␍␊2\">") == true)
    #expect(!html.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
  }

  @Test func anUnlistedCountryStaysSelectedAndIsFlagged() throws {
    for country in ["XX", "jp"] {
      let values = try URLEncodedForm(decoding: Array("country=\(country)&state=Tokyo".utf8))
      let html = try page(try Fixtures.request("shipping-address"), state: FormState(values: values))
      // Kept as sent, so the next submission sends it again (and is told again), never
      // the session's US in its place.
      #expect(html.contains("<select id=\"field-country\""))
      #expect(html.contains("<option value=\"\(country)\" selected>\(country)</option>\n"))
      #expect(html.components(separatedBy: " selected>").count == 2)
      #expect(html.contains("<option value=\"US\">United States</option>"))
      #expect(html.contains("<title>Error: Shipping address · Oakbrook Mall</title>"))
      #expect(html.contains("<li><a href=\"#field-country\">Choose a country or region from the list.</a></li>"))
      #expect(
        html.contains(
          "<p class=\"error-message\" id=\"error-country\"><span class=\"visually-hidden\">Error: </span>Choose a country or region from the list.</p>"
        ))
      #expect(input("field-state", in: html)?.hasSuffix(" value=\"Tokyo\">") == true)
    }
    // The same error from `parse` is shown once.
    let values = try URLEncodedForm(decoding: Array("country=XX".utf8))
    let errors = [FieldError(field: .country, message: "Choose a country or region from the list.")]
    let html = try page(try Fixtures.request("shipping-address"), state: FormState(values: values, errors: errors))
    #expect(html.components(separatedBy: "Choose a country or region from the list.").count == 3)
  }

  @Test func onlyTheValueACheckboxSendsTicksIt() throws {
    let request = FormRequest(kind: .signup, fields: [.emailAddress], emailConsent: .preSelected, smsConsent: .visible)
    let values = try URLEncodedForm(decoding: Array("emailOptInSelection=false&smsOptInSelection=true".utf8))
    let html = try page(request, state: FormState(values: values))
    #expect(input("field-emailOptInSelection", in: html)?.contains("checked") == false)
    #expect(input("field-smsOptInSelection", in: html)?.contains("checked") == true)
  }
}
