/// A CommonMark document as Swift values, made by ``CommonMarkDocument`` from
/// libcmark's node tree after unsafe content is removed: no raw HTML, no images, and
/// links only to absolute `http:` and `https:` URLs with a valid host, and `mailto:` and
/// `tel:` addresses.
public indirect enum MarkdownBlock: Sendable, Equatable {
  case paragraph([MarkdownInline])
  /// Level 1 to 6, as written.
  case heading(level: Int, [MarkdownInline])
  /// Each item is a list of blocks; `start` is the first number of an ordered list; a
  /// tight list has no blank lines between its items.
  case list(ordered: Bool, start: Int, tight: Bool, items: [[MarkdownBlock]])
  case blockQuote([MarkdownBlock])
  /// Preformatted text, its last line feed removed.
  case codeBlock(String)
  case thematicBreak
}

public indirect enum MarkdownInline: Sendable, Equatable {
  case text(String)
  /// A line break in the source that is not a break on screen.
  case softBreak
  case lineBreak
  case code(String)
  case emphasis([MarkdownInline])
  case strong([MarkdownInline])
  /// A link whose address passed ``CommonMarkDocument``'s check (``RenderCore/WebURL``).
  case link(url: String, [MarkdownInline])
}
