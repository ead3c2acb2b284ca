import RenderCore
import ServedAssets

/// The controls page of `render-cli preview` (`GET /`): labelled controls in a form the
/// keyboard reaches in order, the files' problems, `parse`'s last response, and one
/// framed screen per locale. Its script fills the frames (``PreviewAssets/script``).
enum PreviewControlsPage {
  /// Its policy (``SecurityHeaders/previewControls``), as written in the header.
  static var contentSecurityPolicy: String { SecurityHeaders.previewControls.contentSecurityPolicy }

  /// The phone widths offered, in CSS pixels (iPhone SE to the Pro Max sizes).
  static let widths = [320, 375, 390, 430]
  /// Text sizes offered, in percent of the default, as Dynamic Type's steps go up to 200 %.
  static let textSizes = [100, 110, 120, 135, 150, 175, 200]

  /// - Parameters:
  ///   - files: the previewed files' labels.
  ///   - languages: the engine's languages (pseudo-locales included), each offered.
  static func html(files: [String], languages: [String]) -> [UInt8] {
    var html = HTMLWriter()
    html.raw(TrustedHTML(literal: "<!DOCTYPE html>\n"))
    html.element("html", [.init("lang", "en")]) { html in
      html.toolPageHead(
        title: "Preview: " + files.joined(separator: ", "), style: PreviewAssets.style, scriptPath: "/controls.js",
        integrity: PreviewAssets.scriptIntegrity)
      html.element("body") { body in
        body.element("main") { main in
          main.element("h1", text: "Preview")
          main.element("noscript") { $0.element("p", text: "The preview's controls need JavaScript.") }
          controls(into: &main, languages: languages)
          main.element("section", [.init("id", "problems"), .init("class", "problems"), .init(flag: "hidden")]) {
            $0.element("h2", [.init("class", "bad")], text: "Problems (the last good rendering is shown)")
            $0.element("pre", [.init("id", "problem-lines"), .init("role", "status")])
          }
          main.element("section", [.init("id", "response"), .init("class", "response"), .init(flag: "hidden")]) {
            $0.element("h2", text: "What parse gives for the last post")
            $0.element("pre", [.init("id", "response-text")])
          }
          main.element("section", [.init("id", "views"), .init("class", "views"), .init("aria-label", "Screens")])
        }
      }
    }
    html.newline()
    return html.bytes
  }

  private static func controls(into html: inout HTMLWriter, languages: [String]) {
    html.element("form", [.init("id", "controls"), .init("class", "controls"), .init("aria-label", "Controls")]) {
      form in
      field(into: &form, "screen", label: "Screen") { $0.element("select", [.init("id", "screen")]) }
      field(into: &form, "locale", label: "Locale") { html in
        html.element("select", [.init("id", "locale")]) { select in
          for language in languages {
            var attributes: [HTMLWriter.Attribute] = [.init("value", language)]
            if language == "en" { attributes.append(.init(flag: "selected")) }
            select.element("option", attributes, text: language)
          }
        }
      }
      field(into: &form, "locale-tag", label: "Or any BCP 47 tag") { html in
        html.void(
          "input",
          [
            .init("id", "locale-tag"), .init("type", "text"), .init("autocomplete", "off"),
            .init("spellcheck", "false"), .init("aria-describedby", "locale-tag-problem"),
          ])
        html.element("p", [.init("id", "locale-tag-problem"), .init("class", "note bad"), .init("role", "status")])
      }
      field(into: &form, "locales", label: "Side by side (tags, comma-separated)") { html in
        html.void(
          "input",
          [
            .init("id", "locales"), .init("type", "text"), .init("autocomplete", "off"), .init("spellcheck", "false"),
            .init("aria-describedby", "locales-problem"),
          ])
        html.element("p", [.init("id", "locales-problem"), .init("class", "note bad"), .init("role", "status")])
      }
      field(into: &form, "region", label: "Session region") { html in
        html.void(
          "input",
          [.init("id", "region"), .init("type", "text"), .init("size", "4"), .init("autocomplete", "off")])
      }
      field(into: &form, "currency", label: "Session currency") { html in
        html.void(
          "input",
          [.init("id", "currency"), .init("type", "text"), .init("size", "4"), .init("autocomplete", "off")])
      }
      form.element("fieldset") { set in
        set.element("legend", text: "Appearance")
        for (id, text) in [("light", "Light"), ("dark", "Dark")] {
          var attributes: [HTMLWriter.Attribute] = [
            .init("id", id), .init("type", "radio"), .init("name", "appearance"), .init("value", id),
          ]
          if id == "light" { attributes.append(.init(flag: "checked")) }
          set.void("input", attributes)
          set.element("label", [.init("for", id)], text: text)
        }
      }
      field(into: &form, "text-size", label: "Text size") { html in
        html.element("select", [.init("id", "text-size")]) { select in
          for size in textSizes {
            select.element("option", [.init("value", String(size))], text: "\(size) %")
          }
        }
      }
      field(into: &form, "width", label: "Phone width") { html in
        html.element("select", [.init("id", "width")]) { select in
          for width in widths {
            var attributes: [HTMLWriter.Attribute] = [.init("value", String(width))]
            if width == 390 { attributes.append(.init(flag: "selected")) }
            select.element("option", attributes, text: "\(width) px")
          }
        }
      }
      form.element("fieldset") { set in
        set.element("legend", text: "Text snapshot")
        set.void("input", [.init("id", "show-text"), .init("type", "checkbox")])
        set.element("label", [.init("for", "show-text")], text: "Show")
        set.element("label", [.init("for", "text-width")], text: "Columns")
        set.void(
          "input",
          [
            .init("id", "text-width"), .init("type", "number"), .init("min", "20"), .init("max", "200"),
            .init("value", String(OutputFormat.defaultTextWidth)),
          ])
      }
      form.element("button", [.init("type", "submit")], text: "Show")
      form.element(
        "button", [.init("type", "button"), .init("id", "replay"), .init(flag: "hidden")], text: "Play the update again"
      )
      form.element(
        "button", [.init("type", "button"), .init("id", "previous-step"), .init(flag: "hidden")], text: "Previous step")
      form.element(
        "button", [.init("type", "button"), .init("id", "next-step"), .init(flag: "hidden")], text: "Next step")
    }
  }

  /// A control and its label, stacked.
  private static func field(
    into html: inout HTMLWriter, _ id: String, label: String, _ control: (inout HTMLWriter) -> Void
  ) {
    html.element("div") { div in
      div.element("label", [.init("for", id)], text: label)
      control(&div)
    }
  }
}
