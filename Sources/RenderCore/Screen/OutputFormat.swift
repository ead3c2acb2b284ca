/// How a screen is rendered: the web page the customer sees, or the plain-text preview
/// used in a terminal and in snapshot files (`--format html|text`).
public enum OutputFormat: String, Sendable, CaseIterable, Equatable {
  /// A complete, self-contained HTML document (UTF-8).
  case html
  /// Lines of at most the asked width in display columns, each ending in a line feed.
  case text

  /// Display columns of the text format when none is asked for (`--width`), for every
  /// screen and command.
  public static let defaultTextWidth = 40

  /// The file name extension of a rendered screen, without the dot: `html` or `txt`.
  package var fileExtension: String {
    switch self {
    case .html: "html"
    case .text: "txt"
    }
  }
}
