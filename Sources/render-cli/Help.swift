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
    var text = wrapped("OVERVIEW: " + page.overview, indent: "") + "\n"
    text += wrapped("USAGE: " + page.usage, indent: "  ") + "\n"
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

      \(ExitCode.helpSection([.success, .usage], meanings: [:]))\
        Each subcommand's help lists every status it can exit with.

      """
  }

  /// `  --label   first line` and the rest of the help under it, filled to ``width``; a
  /// label too long for its columns stands on a line of its own, the help under it.
  private static func entry(_ entry: HelpPage.Entry) -> String {
    let indent = String(repeating: " ", count: 2 + labelColumns)
    let help = wrapped(entry.help, indent: indent, firstIndent: indent)
    guard entry.label.count < labelColumns else { return "  \(entry.label)\n" + help }
    return "  \(entry.label)" + String(repeating: " ", count: labelColumns - entry.label.count)
      + help.dropFirst(indent.count)
  }

  /// Help is laid out for a terminal this many columns wide.
  static let width = 80

  /// `text` filled to ``width``: its line breaks are spaces (the declarations break
  /// their strings where the source is wide, not where help is), words are never split,
  /// and every line but the first starts with `indent`. Ends with a line feed.
  static func wrapped(_ text: String, indent: String, firstIndent: String = "") -> String {
    var lines: [String] = []
    var line = firstIndent
    var lineHasWord = false
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }
}
