import Foundation
import RenderCore
import Testing

@testable import FuzzHarnesses

/// The fuzz properties fail on what they exist to catch, and pass on escaped text: a
/// property that cannot fail would let a fuzz run find nothing.
@Suite struct OutputPropertiesTests {
  func htmlFailure(_ html: String) -> String? {
    do {
      try OutputProperties.checkHTML(html, "page")
      return nil
    } catch {
      return error.property
    }
  }

  @Test(arguments: [
    ("<p>a</p><script>alert(1)</script>", "html.noActiveElement"),
    ("<P>a</P><SCRIPT src=x></SCRIPT>", "html.noActiveElement"),
    ("<p>a</p><img src=x>", "html.noActiveElement"),
    (#"<p class="x" onclick="go()">a</p>"#, "html.noEventHandler"),
    (#"<p title='a' ONMOUSEOVER=go>a</p>"#, "html.noEventHandler"),
    (#"<a href="javascript:alert(1)">a</a>"#, "html.noScriptURL"),
    (#"<a href=" &#x6A;ava&#9;script:alert(1)">a</a>"#, "html.noScriptURL"),
    (#"<a href="JaVaScRiPt&colon;x">a</a>"#, "html.noScriptURL"),
    (#"<a href="https://example.com/javascript:x">a</a>"#, nil),
    (#"<form action="data:text/html,x"></form>"#, "html.noScriptURL"),
    (#"<p style="color:red">a</p>"#, "html.noStyleAttribute"),
    ("<p>a < b</p>", "html.wellFormed"),
    (#"<p title="a>b</p>"#, "html.wellFormed"),
    ("<!-- never closed <p>", "html.wellFormed"),
    // The shell's empty icon, exactly; any other link is active.
    (#"<link rel="icon" href="data:,"><p>a</p>"#, nil),
    (#"<link rel="icon" href="data:image/svg+xml,<svg/onload=x>">"#, "html.noActiveElement"),
    (#"<link rel="stylesheet" href="data:,">"#, "html.noActiveElement"),
    (#"<link rel="icon" href="data:," onload="go()">"#, "html.noActiveElement"),
  ])
  func markupThatRunsSomethingFails(_ html: String, _ property: String?) {
    #expect(htmlFailure(html) == property)
  }

  @Test func escapedMerchantTextPasses() {
    let page = """
      <!DOCTYPE html><html lang="en"><head><style>a > b { color: red }</style></head><body>
      <p title="&quot; onclick=&quot;x">&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1)</p>
      <a href="https://example.com/?a=1&amp;b=%3Cscript%3E">x</a><!-- note --></body></html>
      """
    #expect(htmlFailure(page) == nil)
  }

  @Test func textWithAControlCharacterFails() {
    #expect(throws: PropertyFailure.self) { try OutputProperties.checkText("a\tb", "text") }
    #expect(throws: PropertyFailure.self) { try OutputProperties.checkText("a\u{1B}[31m", "text") }
    #expect(throws: PropertyFailure.self) { try OutputProperties.checkText("a\r\nb", "text") }
    #expect(throws: Never.self) { try OutputProperties.checkText("a\nb\u{200F}c\u{A0}", "text") }
  }

  /// The byte scan finds every control (general category Cc) and nothing else: C0,
  /// DEL and C1 (U+0080–U+009F, two bytes in UTF-8), and not their neighbours.
  @Test func theByteScanFindsExactlyTheControls() {
    for value in UInt32(0)...0x2FF {
      guard let scalar = Unicode.Scalar(value), scalar != "\n" else { continue }
      let isControl = scalar.properties.generalCategory == .control
      let text = "ab" + String(Character(scalar)) + "c"
      do {
        try OutputProperties.checkText(text, "text")
        #expect(!isControl, "U+\(String(value, radix: 16)) passed")
      } catch {
        #expect(isControl, "U+\(String(value, radix: 16)) failed: \(error)")
        #expect(error.detail.hasSuffix("at scalar 2"), "\(error.detail)")
      }
    }
  }

  @Test func tagAndAttributeNamesAreReadInAnyCase() {
    #expect(htmlFailure(#"<IFRAME SRC="x"></IFRAME>"#) == "html.noActiveElement")
    #expect(htmlFailure(#"<p OnClick="x">a</p>"#) == "html.noEventHandler")
    #expect(htmlFailure("<STYLE>a { }</Style><p>a</p>") == nil)
    #expect(htmlFailure("<style>a { } <p>never closed") == "html.wellFormed")
    #expect(htmlFailure("<!-- a -- b --><p>a</p>") == nil)
  }

  @Test func occurrencesCountsWholeMatches() {
    #expect(OutputProperties.occurrences(of: "<s>", in: "<s>a</s> <s>b</s><s") == 2)
    #expect(OutputProperties.occurrences(of: "aa", in: "aaaa") == 2)
    #expect(OutputProperties.occurrences(of: "<s>", in: "") == 0)
  }

  @Test func answersAreCompleteByTheirLength() {
    let one = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n"
    #expect(HTTPHarness.answersComplete(Array(one.utf8)))
    #expect(HTTPHarness.answersComplete(Array((one + one).utf8)))
    #expect(!HTTPHarness.answersComplete(Array(one.dropLast().utf8)))
    #expect(!HTTPHarness.answersComplete(Array((one + "HTTP/1.1 404").utf8)))
    #expect(!HTTPHarness.answersComplete(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)))
  }

  @Test func headersEndAtTheFirstBlankLine() {
    let bytes = Array("HTTP/1.1 200 OK\r\nA: \r\r\n\r\nbody\r\n\r\n".utf8)
    #expect(HTTPAnswerBytes.headerEnd(in: bytes[...]) == 21)
    #expect(HTTPAnswerBytes.headerEnd(in: bytes[23...]) == 29)
    #expect(HTTPAnswerBytes.headerEnd(in: Array("HTTP/1.1 200 OK\r\n\r".utf8)[...]) == nil)
    #expect(HTTPAnswerBytes.headerEnd(in: [][...]) == nil)
  }

  @Test func placeholdersAreReplacedInOnePass() {
    let values = [(placeholder: Array("{id}".utf8), value: Array("{token}".utf8))]
    let replaced = HTTPAnswerBytes.substituting(values, in: Array("a{id}{i{id}\u{FF}".utf8))
    #expect(String(decoding: replaced, as: UTF8.self) == "a{token}{i{token}\u{FF}")
  }

  @Test func errorsMustNameAPathOnOneLine() {
    #expect(throws: PropertyFailure.self) { try OutputProperties.checkErrorLine("two\nlines", "error") }
    #expect(throws: PropertyFailure.self) { try OutputProperties.checkErrors(DataErrors([]), "error") }
    let good = DataErrors([DataProblem(path: .root.appending(key: "items"), message: "expected an array")])
    #expect(throws: Never.self) { try OutputProperties.checkErrors(good, "error") }
  }

  @Test func aLineWiderThanTheWidthFails() {
    #expect(throws: PropertyFailure.self) { try TextWidthCheck.check("12345\n漢字漢字", width: 6, "text") }
    #expect(throws: Never.self) { try TextWidthCheck.check("123456\n漢字漢", width: 6, "text") }
  }

  /// The one overflow TextLayout makes: an amount wider than the line, alone on it.
  @Test func onlyAnAmountAloneMayBeWiderThanTheWidth() {
    let money = MoneyFormatter.shared(currency: "KWD", locale: Locale(identifier: "en-US"))
    let amount = money.format(Decimal(string: "10000000000.84") ?? 0)
    #expect(amount == "KWD\u{A0}10,000,000,000.840")
    #expect(throws: Never.self) {
      try TextWidthCheck.check("Tax\n\(amount)", width: 20, money: money, gutter: false, "text")
    }
    #expect(throws: Never.self) { try TextWidthCheck.check("~ \(amount)", width: 20, money: money, "text") }
    #expect(throws: Never.self) {
      try TextWidthCheck.check("\u{2068}-\(amount)\u{2069}", width: 20, money: money, gutter: false, "text")
    }
    // Arabic-Indic digits, in the isolate the layout puts around right-to-left text.
    let arabic = MoneyFormatter.shared(currency: "KWD", locale: Locale(identifier: "ar-EG"))
    let arabicAmount = arabic.format(Decimal(string: "10000000000.84") ?? 0)
    #expect(throws: Never.self) {
      try TextWidthCheck.check("\u{2068}\(arabicAmount)\u{2069}", width: 20, money: arabic, gutter: false, "text")
    }
    for line in [
      "was \(amount)", "  \(amount)", "\(amount) x", "Tax \(amount)", "KWD\u{A0}1,0000,000,000.840",
      "USD\u{A0}10,000,000,000.840", "1234567890123456789012",
    ] {
      #expect(throws: PropertyFailure.self, "\(line)") {
        try TextWidthCheck.check(line, width: 20, money: money, gutter: false, "text")
      }
    }
    #expect(throws: PropertyFailure.self) {
      try TextWidthCheck.check("~ \(amount)", width: 20, money: money, gutter: false, "text")
    }
  }

  @Test func replayPathsStayInTheirFolder() {
    #expect(throws: Never.self) { try ReplayHarness.checkPath("ar-EG/003-updateShoppingCart.html") }
    for path in ["../x.html", "en-US/../../x", "en-US/a/b.txt", "/etc/passwd", "en-US/.hidden"] {
      #expect(throws: PropertyFailure.self, "\(path)") { try ReplayHarness.checkPath(path) }
    }
  }
}
