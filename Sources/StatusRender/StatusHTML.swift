import RenderCore

/// A status screen as a self-contained page: the session header, a symbol, the title
/// and the subtitle, announced politely to screen readers (`role="status"`).
public enum StatusHTML {
  public static func render(_ screen: StatusScreen, context: RenderContext) -> String {
    let title = screen.title(context)
    return PageShell.page(
      title: title.map(\.text).joined(), screen: "status", style: StatusStyle.css, context: context
    ) { html in
      html.element("section", [.init("class", "status status-\(screen.tone.rawValue)"), .init("role", "status")]) {
        section in
        section.newline()
        section.element(
          "p", [.init("class", "status-symbol"), .init("aria-hidden", "true")], text: symbol(screen.tone))
        section.newline()
        section.element("h1") { PageShell.translated(title, into: &$0) }
        section.newline()
        section.element("p", [.init("class", "status-subtitle")], text: screen.subtitle(context))
        section.newline()
      }
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
