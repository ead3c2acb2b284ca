/// How a screen is rendered: the web page the customer sees, the plain-text preview
/// used in a terminal and in snapshot files, or what a screen reader meets on the page
/// (`--format html|text|spoken`).
public enum OutputFormat: String, Sendable, CaseIterable, Equatable {
  /// A complete, self-contained HTML document (UTF-8).
  case html
  /// Lines of at most the asked width in display columns, each ending in a line feed.
  case text
  /// The page's accessibility tree in reading order, one node a line, indented by depth:
  /// `role "name"` and the states a screen reader announces (`heading level 1 "Your
  /// Cart"`, `textbox "Email" required invalid, description "…"`), each line ending in a
  /// line feed. Computed from the same screen and strings as the HTML, with no browser.
  case spoken

  /// Display columns of the text format when none is asked for (`--width`), for every
  /// screen and command.
  public static let defaultTextWidth = 40

  /// The file name extension of a rendered screen, without the dot: `html`, `txt` or
  /// `spoken.txt`.
  package var fileExtension: String {
    switch self {
    case .html: "html"
    case .text: "txt"
    case .spoken: "spoken.txt"
    }
  }
}
