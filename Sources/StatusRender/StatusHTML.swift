import RenderCore

/// A status screen as a self-contained page: the session header, a symbol, the title
/// and the subtitle, announced politely to screen readers (`role="status"`).
package enum StatusHTML {
  /// ``renderUTF8(_:context:)`` as a `String`.
  package static func render(_ screen: StatusScreen, context: RenderContext) -> String {
    String(decoding: renderUTF8(screen, context: context), as: UTF8.self)
  }

  /// The page's UTF-8 bytes (valid UTF-8, see ``Screen/htmlUTF8(context:)``).
  package static func renderUTF8(_ screen: StatusScreen, context: RenderContext) -> [UInt8] {
    let title = screen.title(context)
    return PageShell.page(
      title: title.text, titleNamesStore: screen.titleNamesStore, screen: "status", style: StatusStyle.css,
      context: context
    ) { html in
      html.start("section")
      html.attribute("class") { value in
        value.text("status status-")
        value.text(screen.tone.rawValue)
      }
      html.attribute("role", "status")
      html.endStartTag()
      html.newline()
      html.start("p")
      html.attribute("class", "status-symbol")
      html.attribute("aria-hidden", "true")
      html.endStartTag()
      html.text(symbol(screen.tone))
      html.end("p")
      html.newline()
      html.element("h1") { $0.text(title) }
      html.newline()
      html.element("p", class: "status-subtitle", text: screen.subtitle(context))
      html.newline()
      html.end("section")
      html.newline()
    }
  }

  private static func symbol(_ tone: StatusScreen.Tone) -> String {
    switch tone {
    case .success: "✓"
    case .failure: "!"
    case .neutral: "•"
    }
  }
}
