import RenderJSON

/// Whether text shows anything is text layout's business (display width), so the check
/// lives here, over the strict JSON layer, which knows nothing of widths.
extension JSONValue {
  /// A string with at least one visible character: not only white space, nor only
  /// zero-width characters (U+200B, U+FEFF, a lone combining mark…), which would show
  /// the customer an item with no name.
  package func nonEmptyString(at path: JSONPath, log: inout ProblemLog) -> String? {
    guard let text = string(at: path, log: &log) else { return nil }
    guard DisplayWidth.hasVisibleCharacter(text) else {
      log.add(path, "must not be empty")
      return nil
    }
    return text
  }
}
