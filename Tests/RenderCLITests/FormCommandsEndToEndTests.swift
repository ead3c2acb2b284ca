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
}
