import Foundation
import RenderLocalization
import Testing

@testable import StringCatalog

/// Reading String Catalogs: placeholders, and errors naming the file and JSON path.
@Suite struct CatalogCompilerTests {
  @Test func templatesSplitByOrderAndPosition() throws {
    #expect(
      try MessageTemplate.parse("%2$@ of %1$@, 100%%") == [
        .argument(2), .literal(" of "), .argument(1), .literal(", 100%"),
      ])
    #expect(throws: MessageTemplate.SyntaxError.self) { try MessageTemplate.parse("%d items") }
  }

  @Test func compilerNamesTheFileAndJSONPath() {
    func failure(_ json: String) -> String? {
      do {
        _ = try CatalogCompiler.compile(Data(json.utf8), tag: "ko", file: "ko.xcstrings")
        return nil
      } catch {
        return error.description
      }
    }
    let unit = #"{"stringUnit":{"state":"needs_review","value":"%d개"}}"#
    #expect(
      failure(
        #"{"sourceLanguage":"en","version":"1.0","strings":{"cart.title":{"comment":"c","localizations":{"ko":\#(unit)}}}}"#
      )
        == "ko.xcstrings: $.strings[\"cart.title\"].localizations[\"ko\"].stringUnit.value: unknown placeholder at “d개”: use %@ or %1$@ (%% for a percent sign)"
    )
    #expect(
      failure(#"{"sourceLanguage":"en","version":"1.0","strings":{"cart.title":{"localizations":{}}}}"#)
        == "ko.xcstrings: $.strings[\"cart.title\"]: no translator comment")
    #expect(
      failure(
        #"{"sourceLanguage":"en","version":"1.0","strings":{"a":{"comment":"c","localizations":{"ko":{"stringUnit":{"state":"done","value":"x"}}}}}}"#
      )
        == "ko.xcstrings: $.strings[\"a\"].localizations[\"ko\"].stringUnit.state: unknown review state \"done\" (translated, needs_review, new, stale)"
    )
    #expect(
      failure(
        #"{"sourceLanguage":"en","version":"1.0","strings":{"a":{"comment":"c","localizations":{"ko":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"x"}}}}}}}}}"#
      )
        == "ko.xcstrings: $.strings[\"a\"].localizations[\"ko\"].variations.plural: no \"other\" form")
    #expect(failure(#"{"sourceLanguage":"en","strings":{}}"#) == "ko.xcstrings: $: missing \"version\"")
  }
}
