/// Help and usage text, laid out like swift-argument-parser's and written from the
/// declarations in ``CommandLineSyntax``: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then the
/// subcommand's own sections.
enum Help {
  static let version = "render-cli 0.1.0"

  /// Labels take this many columns (after two spaces); help text starts after them.
  static let labelColumns = 24

  static func text(for subcommand: Subcommand?, in syntax: CommandLineSyntax = .standard) -> String {
    guard let subcommand else { return overview(syntax) }
    guard let page = syntax.syntax(for: subcommand)?.helpPage else { return overview(syntax) }
    return text(page)
  }

  /// The usage line shown under a usage error.
  static func usage(for subcommand: Subcommand?, in syntax: CommandLineSyntax = .standard) -> String {
    guard let subcommand, let page = syntax.syntax(for: subcommand)?.helpPage else {
      return "USAGE: render-cli <subcommand> [options]"
    }
    return "USAGE: \(page.usage)"
  }

  static func text(_ page: HelpPage) -> String {
    var text = "OVERVIEW: \(page.overview)\n\nUSAGE: \(page.usage)\n\n"
    if !page.arguments.isEmpty {
      text += "ARGUMENTS:\n" + page.arguments.map(entry).joined() + "\n"
    }
    let helpFlag = HelpPage.Entry(label: "-h, --help", help: "Show help information.")
    text += "OPTIONS:\n" + (page.options + [helpFlag]).map(entry).joined() + "\n"
    return text + page.sections
  }

  private static func overview(_ syntax: CommandLineSyntax) -> String {
    let options = [
      HelpPage.Entry(label: "--version", help: "Show the version."),
      HelpPage.Entry(label: "-h, --help", help: "Show help information."),
    ]
    let subcommands = syntax.subcommands.map { HelpPage.Entry(label: $0.subcommand.rawValue, help: $0.abstract) }
    return """
      OVERVIEW: Render Tap to Share customer screens as web pages or plain text.

      USAGE: render-cli <subcommand> [options]

      OPTIONS:
      \(options.map(entry).joined())
      SUBCOMMANDS:
      \(subcommands.map(entry).joined())
        See 'render-cli help <subcommand>' for detailed help.

      """
  }

  /// `  --label   first line` and the other lines of help under the first.
  private static func entry(_ entry: HelpPage.Entry) -> String {
    let padding = String(repeating: " ", count: max(1, labelColumns - entry.label.count))
    let indent = String(repeating: " ", count: 2 + labelColumns)
    let lines = entry.help.split(separator: "\n", omittingEmptySubsequences: false)
    return "  \(entry.label)\(padding)" + lines.map { $0 + "\n" }.joined(separator: indent)
  }
}
