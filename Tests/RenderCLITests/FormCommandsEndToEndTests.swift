import Foundation
import Testing

/// `render-cli form` and `render-cli parse`, run as a server would run them: the
/// issue's "Done when" checks and the contract's exit statuses.
extension RenderCLIEndToEndTests {
  static let shipping = "examples/request-shipping-address.json"
  static let completeUS =
    "name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=Cupertino&state=CA&postalCode=95014&country=US"
    + "&emailAddress=jane%40example.com&phoneNumber=%2B1+408+555+0100&action=share"

  @Test func signupShowsBothConsentBoxesUncheckedAndTheTermsInBold() throws {
    let result = try run(["form", "examples/request-signup.json", "--locale", "en-US"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout.contains(
        "<input type=\"checkbox\" id=\"field-emailOptInSelection\" name=\"emailOptInSelection\" value=\"true\"><span>Email me news and offers</span>"
      ))
    #expect(
      result.stdout.contains(
        "<input type=\"checkbox\" id=\"field-smsOptInSelection\" name=\"smsOptInSelection\" value=\"true\"><span>Text me news and offers (SMS)</span>"
      ))
    #expect(!result.stdout.contains("checked"))
    #expect(result.stdout.contains("<strong>Terms and Conditions</strong>"))
  }

  @Test func hostileTermsGiveNoScriptAndNoJavascriptURL() throws {
    let request = try temporaryFile(
      #"{"request": "signup", "termsAndConditions": "<script>alert(1)</script>[x](javascript:alert(1))"}"#,
      name: "request.json")
    for format in ["html", "text"] {
      let result = try run(["form", request.path, "--format", format])
      #expect(result.status == 0)
      #expect(!result.stdout.lowercased().contains("<script"))
      #expect(!result.stdout.lowercased().contains("javascript:"))
      #expect(!result.stdout.contains("alert(1)"))
    }
    let link = try temporaryFile(
      #"{"request": "signup", "termsAndConditions": "[x](javascript:alert(1)) [y](JAVASCRIPT:alert(2))"}"#,
      name: "request.json")
    let page = try run(["form", link.path]).stdout
    #expect(page.contains("<p>x y</p>"))
    #expect(!page.lowercased().contains("javascript:"))
  }

  @Test func parseReturnsTheAddressOfACompleteUSSubmission() throws {
    let body = try temporaryFile(Self.completeUS, name: "body.txt")
    let result = try run(["parse", Self.shipping, body.path, "--config", "examples/session.json"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
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

  @Test func parseListsAMissingZIPCodeWithExit65() throws {
    let body = try temporaryFile(
      Self.completeUS.replacingOccurrences(of: "postalCode=95014", with: "postalCode="), name: "body.txt")
    let result = try run(["parse", Self.shipping, body.path])
    #expect(result.status == 65)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
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

  @Test func parseDeclinesForDontShare() throws {
    let result = try run(["parse", Self.shipping, "-"], stdin: "name=&street=&postalCode=&action=decline")
    #expect(result.status == 0)
    #expect(result.stdout == "{\n  \"declined\": true\n}\n")
  }

  @Test func theRequestTokenGoesRoundAndAMismatchIsRefused() throws {
    let form = try run(["form", "examples/request-check-in.json", "--token", "req-42"])
    #expect(form.stdout.contains("<input type=\"hidden\" name=\"token\" value=\"req-42\">"))
    let body = try temporaryFile("token=req-42&emailAddress=a%40b.co&action=share", name: "body.txt")
    let ok = try run(["parse", "examples/request-check-in.json", body.path, "--token", "req-42"])
    #expect(ok.status == 0)
    #expect(ok.stdout.contains("\"token\": \"req-42\""))
    let replay = try run(["parse", "examples/request-check-in.json", body.path, "--token", "req-43"])
    #expect(replay.status == 65)
    #expect(replay.stdout.isEmpty)
    #expect(replay.stderr == "\(body.path): the request token does not match\n")
    let missing = try run(
      ["parse", "examples/request-check-in.json", "-", "--token", "req-42"], stdin: "action=decline")
    #expect(missing.status == 65)
    #expect(missing.stderr == "<stdin>: the request token is missing\n")
  }

  @Test func aFormSentBackKeepsTheValuesAndShowsTheErrors() throws {
    let submitted = Self.completeUS.replacingOccurrences(of: "postalCode=95014", with: "postalCode=9501")
    let body = try temporaryFile(submitted, name: "body.txt")
    let parsed = try run(["parse", Self.shipping, body.path])
    #expect(parsed.status == 65)
    let errors = try temporaryFile(parsed.stdout, name: "errors.json")
    let page = try run(["form", Self.shipping, "--values", body.path, "--errors", errors.path])
    #expect(page.status == 0)
    #expect(page.stdout.contains("<li><a href=\"#field-postalCode\">ZIP code should look like 95014.</a></li>"))
    #expect(page.stdout.contains("aria-invalid=\"true\" value=\"9501\">"))
    #expect(page.stdout.contains("value=\"Jane Appleseed\""))
    #expect(page.stdout.contains("value=\"+1 408 555 0100\""))
  }

  @Test func requestsTheWebCannotServeExit65() throws {
    let applePay = try temporaryFile(#"{"request": "applePay"}"#, name: "request.json")
    let result = try run(["form", applePay.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "\(applePay.path): $.request: incompatibleRequest: Apple Pay needs the customer's iPhone on a direct connection (localWireless), not the web fallback\n"
    )
    let pass = try temporaryFile(
      #"{"request": "customerInfo", "purpose": "billing", "fields": ["pass"]}"#, name: "request.json")
    let refused = try run(["parse", pass.path, "-"], stdin: "action=share")
    #expect(refused.status == 65)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr == """
        \(pass.path): $.purpose: invalidRequest: billing is a purpose of address requests, not customerInfo requests; use checkIn or receipt
        \(pass.path): $.fields[0]: incompatibleRequest: a Wallet pass cannot be shared on the web fallback

        """)
  }

  @Test func aMalformedBodyIsADataErrorNotACrash() throws {
    let body = try temporaryFile("name=%zz&action=share", name: "body.txt")
    let result = try run(["parse", Self.shipping, body.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "\(body.path): byte 6: \"%zz\" is not a percent escape (% and two hexadecimal digits)\n")
  }

  @Test func everySeedRequestRendersInEveryLocale() throws {
    for name in ["check-in", "shipping-address", "signup"] {
      for locale in ["en-US", "es-MX", "fr-FR", "de-DE", "ja-JP", "ar-EG", "hi-IN"] {
        for format in ["html", "text"] {
          let result = try run([
            "form", "examples/request-\(name).json", "--config", "examples/session.json", "--locale", locale,
            "--format", format,
          ])
          #expect(result.status == 0, "\(name) \(locale) \(format)")
          #expect(!result.stdout.contains("form."), "\(name) \(locale) \(format): an untranslated key")
        }
      }
    }
  }

  @Test func formAndParseHelp() throws {
    #expect(try run(["form", "--help"]).stdout.hasPrefix("OVERVIEW: Render a request form"))
    #expect(try run(["parse", "--help"]).stdout.hasPrefix("OVERVIEW: Read what a customer submitted"))
    let missing = try run(["parse", Self.shipping])
    #expect(missing.status == 64)
    #expect(
      missing.stderr
        == "Error: Missing BODY.\nUSAGE: render-cli parse REQUEST BODY [options]\n  See 'render-cli parse --help' for more information.\n"
    )
  }

  // MARK: The hostile tester's findings, as a server would meet them.

  static let signup = "examples/request-signup.json"

  /// Standard output and error are empty or hold no control character but the line feed.
  func noControlCharacters(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
  }

  @Test func anOptInOtherThanTrueIsRefusedNotRecordedAsConsent() throws {
    for value in ["false", ""] {
      let result = try run(["parse", Self.signup, "-"], stdin: "emailAddress=a%40b.co&emailOptInSelection=\(value)")
      #expect(result.status == 65, "\(value)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "<stdin>: emailOptInSelection \"\(value)\" is not what its checkbox sends (true, or nothing when unticked)\n"
      )
    }
    let unticked = try run(["parse", Self.signup, "-"], stdin: "emailAddress=a%40b.co")
    #expect(unticked.status == 0)
    #expect(unticked.stdout.contains("\"emailOptInSelection\": false,\n"))
    let ticked = try run(["parse", Self.signup, "-"], stdin: "emailAddress=a%40b.co&emailOptInSelection=true")
    #expect(ticked.stdout.contains("\"emailOptInSelection\": true,\n"))
  }

  @Test func controlCharactersInFormValuesNeverReachTheOutput() throws {
    let body = try temporaryFile("name=Jo%1B%5B31m%07%0D%0A%00hn&emailAddress=a%40b.co", name: "body.txt")
    let parsed = try run(["parse", Self.signup, body.path])
    #expect(parsed.status == 65)
    #expect(parsed.stdout.contains("Full name contains characters that cannot be used."))
    let errors = try temporaryFile(parsed.stdout, name: "errors.json")
    for format in ["text", "html"] {
      let result = try run(["form", Self.signup, "--values", body.path, "--errors", errors.path, "--format", format])
      #expect(result.status == 0, "\(format)")
      #expect(noControlCharacters(result.stdout), "\(format)")
      // Shown, not dropped: the customer sees what to correct.
      #expect(result.stdout.contains("Jo␛[31m␇␍␊␀hn"), "\(format)")
    }
  }

  @Test func theFirstStreetLineCannotBeEmptyWhenTheSecondIsFilled() throws {
    let result = try run(
      ["parse", Self.shipping, "-"], stdin: "street=&name=Ann&city=T&state=CA&postalCode=95014&street=Apt%204")
    #expect(result.status == 65)
    #expect(
      result.stdout == """
        {
          "errors": [
            {
              "field": "street",
              "message": "Street address is required."
            }
          ]
        }

        """)
  }

  @Test func aDeclineWithARepeatedKeyIsRefused() throws {
    let result = try run(["parse", Self.signup, "-"], stdin: "name=a&name=b&action=decline")
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "<stdin>: \"name\" is given 2 times; the form sends it once\n")
  }

  @Test func formValuesRefusesWhatParseRefusesAndKeepsAnUnlistedCountry() throws {
    for (request, submitted, message) in [
      (Self.signup, "name=a&name=b", "\"name\" is given 2 times; the form sends it once"),
      (Self.shipping, "street=a&street=b&street=c", "\"street\" is given 3 times; the form sends it at most twice"),
      (
        Self.signup, "emailOptInSelection=false",
        "emailOptInSelection \"false\" is not what its checkbox sends (true, or nothing when unticked)"
      ),
      (Self.signup, "token=a+b%0A", "the request token is refused: a token is printable ASCII without spaces"),
    ] {
      let body = try temporaryFile(submitted, name: "body.txt")
      let result = try run(["form", request, "--values", body.path])
      #expect(result.status == 65, "\(submitted)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "\(body.path): \(message)\n")
    }
    for country in ["XX", "jp"] {
      let body = try temporaryFile("name=Ann&country=\(country)", name: "body.txt")
      let page = try run(["form", Self.shipping, "--values", body.path])
      #expect(page.status == 0)
      #expect(page.stdout.contains("<option value=\"\(country)\" selected>\(country)</option>"))
      #expect(!page.stdout.contains("<option value=\"US\" selected>"))
      #expect(page.stdout.contains("Choose a country or region from the list."))
      let text = try run(["form", Self.shipping, "--values", body.path, "--format", "text"])
      #expect(text.stdout.contains("[ \(country) "))
    }
    let help = try run(["form", "--help"]).stdout
    #expect(help.contains("  --values FILE "))
    #expect(!help.contains("--values BODY"))
  }

  @Test func invisibleCharactersAloneDoNotFillARequiredField() throws {
    // U+200B, U+FEFF, U+200E and U+00AD: nothing the customer could see.
    let body = "name=%E2%80%8B&street=%EF%BB%BF&city=%E2%80%8E&state=%C2%AD&postalCode=95014"
    let result = try run(["parse", Self.shipping, "-"], stdin: body)
    #expect(result.status == 65)
    for (field, label) in [("name", "Full name"), ("street", "Street address"), ("city", "City"), ("state", "State")] {
      #expect(
        result.stdout.contains("\"field\": \"\(field)\",\n      \"message\": \"\(label) is required.\""), "\(field)")
    }
    let optional = try run(["parse", Self.signup, "-"], stdin: "name=%E2%80%8B&emailAddress=a%40b.co")
    #expect(optional.status == 0)
    #expect(optional.stdout.contains("\"name\": null,"))
  }

  @Test func aPhoneNumberIsCheckedForRealDigitsAndReturnedAsTyped() throws {
    for typed in ["%E2%91%A0%E2%91%A1%E2%91%A2%E2%91%A3", "%C2%B2%C2%B3%E2%81%B4%E2%81%B5"] {
      let result = try run(["parse", Self.signup, "-"], stdin: "phoneNumber=\(typed)")
      #expect(result.status == 65)
      #expect(result.stdout.contains("A phone number can have only digits, spaces and + ( ) - ."))
    }
    let spaced = try run(["parse", Self.signup, "-"], stdin: "phoneNumber=%2B1%C2%A0408%E2%80%83555%E3%80%800100")
    #expect(spaced.status == 0)
    #expect(spaced.stdout.contains("\"phoneNumber\": \"+1\u{A0}408\u{2003}555\u{3000}0100\","))
  }

  @Test func thePostalCodeAndCountryAreWhatTheCustomerShared() throws {
    let session = try temporaryFile(
      #"{"currency": "GBP", "region": "GB", "privacyPolicyURL": "https://example.com/privacy"}"#, name: "session.json")
    let british = try run(
      ["parse", Self.shipping, "-", "--config", session.path],
      stdin: "name=Ann&street=10+Downing+St&city=London&postalCode=sw1a1aa")
    #expect(british.status == 0)
    #expect(british.stdout.contains("\"postalCode\": \"sw1a1aa\",\n  \"country\": null,\n"))
    let fullWidth = try run(
      ["parse", Self.shipping, "-"],
      stdin:
        "name=Ann&street=1+Main+St&city=T&state=CA&postalCode=%EF%BC%99%EF%BC%95%EF%BC%90%EF%BC%91%EF%BC%94&country=")
    #expect(fullWidth.status == 0)
    #expect(fullWidth.stdout.contains("\"postalCode\": \"９５０１４\",\n  \"country\": null,\n"))
    let free = try run(
      ["parse", Self.shipping, "-"], stdin: "name=Ann&street=1+Raffles+Pl&postalCode=anything!!&country=SG")
    #expect(free.status == 0)
    #expect(free.stdout.contains("\"postalCode\": \"anything!!\",\n  \"country\": \"SG\",\n"))
  }

  @Test func termsLinksNeedAnAbsoluteWebAddressWithAHost() throws {
    let terms =
      "[a](https:evil.example) <http:relative> [b](https:/evil.example) [c](https:///evil.example) [d](https://) [ok](https://example.com/terms)"
    let request = try temporaryFile(
      #"{"request": "signup", "termsAndConditions": "\#(terms)"}"#, name: "request.json")
    let page = try run(["form", request.path])
    #expect(page.status == 0)
    #expect(page.stdout.contains("<p>a  b c d <a href=\"https://example.com/terms\">ok</a></p>"))
    #expect(!page.stdout.contains("evil.example"))
    #expect(!page.stdout.contains("relative"))
  }

  @Test func aBodysTokenMustKeepTheTokenRules() throws {
    let hostile = try run(["parse", "examples/request-check-in.json", "-"], stdin: "token=%3Cscript%3E%22%0A")
    #expect(hostile.status == 65)
    #expect(hostile.stdout.isEmpty)
    #expect(hostile.stderr == "<stdin>: the request token is refused: a token is printable ASCII without spaces\n")
    let long = try run(
      ["parse", "examples/request-check-in.json", "-"], stdin: "token=" + String(repeating: "t", count: 60_000))
    #expect(long.status == 65)
    #expect(long.stderr == "<stdin>: the request token is refused: a token is at most 1024 characters\n")
  }
}
