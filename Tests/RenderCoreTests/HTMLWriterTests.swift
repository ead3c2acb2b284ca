import Testing

@testable import RenderCore

@Suite struct HTMLWriterTests {
  @Test func textEscapesEveryMarkupCharacter() {
    var html = HTMLWriter()
    html.element("p", text: "<script>alert(1)</script> & &amp; \"q\" 'a'")
    #expect(html.output == "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &amp;amp; \"q\" 'a'</p>")
  }

  @Test func attributesAreQuotedAndEscaped() {
    var html = HTMLWriter()
    html.element("li", [.init("data-item-id", "\" onmouseover=\"alert(1)"), .init("title", "a&b<c>'")], text: "x")
    #expect(html.output == "<li data-item-id=\"&quot; onmouseover=&quot;alert(1)\" title=\"a&amp;b&lt;c&gt;'\">x</li>")
  }

  @Test func voidAndFlagAttributes() {
    var html = HTMLWriter()
    html.void("input", [.init("type", "checkbox"), .init(flag: "checked")])
    #expect(html.output == "<input type=\"checkbox\" checked>")
  }

  @Test func trustedHTMLIsTheOnlyRawPath() {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<hr>"))
    html.text("<hr>")
    #expect(html.output == "<hr>&lt;hr&gt;")
  }

  @Test func trustedPiecesJoinInOrder() {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "a{}") + TrustedHTML(literal: "b{}"))
    #expect(html.output == "a{}b{}")
  }

  @Test func nonASCIIPassesThroughUnchanged() {
    var html = HTMLWriter()
    html.text("Zoë 東京都 \u{200F}١٥\u{A0}US$")
    #expect(html.output == "Zoë 東京都 \u{200F}١٥\u{A0}US$")
  }
}
