import RenderCore

/// A status screen as plain text: the session header, then the title and the subtitle.
package enum StatusText {
  package static func render(
    _ screen: StatusScreen, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> String {
    let layout = TextLayout(width: width, localeTag: context.locale.formattingTag.description)
    var lines = SessionHeaderText.lines(context: context, layout: layout)
    lines.append(layout.rule("="))
    lines += layout.wrap(screen.title(context).text)
    lines.append("")
    lines += layout.wrap(screen.subtitle(context))
    return lines.map { $0.trimmingTrailingWhitespace() }.joined(separator: "\n") + "\n"
  }
}
