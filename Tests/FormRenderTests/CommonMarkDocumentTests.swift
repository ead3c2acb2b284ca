import FormRender
import Testing

@Suite struct CommonMarkDocumentTests {
  func html(_ markdown: String) throws -> String {
    let document = try #require(CommonMarkDocument(markdown: markdown))
    var writer = RenderCoreHTML()
    return writer.render(document.safeHTML())
  }

  @Test func boldTermsHeading() throws {
    #expect(
      try html("**Terms and Conditions**\n\nYour terms, in Markdown.")
        == "<p><strong>Terms and Conditions</strong></p>\n<p>Your terms, in Markdown.</p>\n")
  }

  @Test func rawHTMLAndScriptLinksAreDropped() throws {
    let output = try html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
    #expect(!output.contains("<script"))
    #expect(!output.contains("javascript:"))
    #expect(!output.contains("<img"))
  }
}
