/// A CommonMark document as Swift values, made once by ``CommonMarkDocument`` from
/// libcmark's node tree after unsafe content is removed: no raw HTML, no images, and
/// links only to absolute `http:` and `https:` URLs with a valid host, and `mailto:` and
/// `tel:` addresses. Both renderings walk this tree: ``TermsHTML`` (through `HTMLWriter`)
/// and ``TermsText``.
package indirect enum MarkdownBlock: Sendable, Equatable {
  case paragraph([MarkdownInline])
  /// Level 1 to 6, as written.
  case heading(level: Int, [MarkdownInline])
  /// Each item is a list of blocks; `start` is the first number of an ordered list (0
  /// for a bullet list); a tight list has no blank lines between its items.
  case list(ordered: Bool, start: Int, tight: Bool, items: [[MarkdownBlock]])
  case blockQuote([MarkdownBlock])
  /// Preformatted text as cmark holds it (each line, the last one included, ends in a
  /// line feed), and the fence's info string (`swift` in "```swift"), empty when none.
  case codeBlock(String, info: String)
  case thematicBreak
}

package indirect enum MarkdownInline: Sendable, Equatable {
  case text(String)
  /// A line break in the source that is not a break on screen.
  case softBreak
  case lineBreak
  case code(String)
  case emphasis([MarkdownInline])
  case strong([MarkdownInline])
  /// A link whose address passed ``CommonMarkDocument``'s check (``RenderCore/WebURL``);
  /// `title` is empty when the link has none.
  case link(url: String, title: String, [MarkdownInline])
}
