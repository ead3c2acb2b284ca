import FormRender
import RenderCore

/// The checks options share, each throwing the message a user sees.
enum OptionValues {
  static func languageTag(_ value: String) throws(UsageError) -> LanguageTag {
    guard let parsed = LanguageTag(value) else {
      throw UsageError("'\(value)' is not a BCP 47 language tag (e.g. fr-CA).")
    }
    return parsed
  }

  /// A `--width`, within ``CommandLineSyntax/widthRange``.
  static func width(_ value: String) throws(UsageError) -> Int {
    let range = CommandLineSyntax.widthRange
    guard let parsed = Int(value), range.contains(parsed) else {
      throw UsageError("'\(value)' is not a width; use a whole number from \(range.lowerBound) to \(range.upperBound).")
    }
    return parsed
  }

  /// A `--token`: the engine carries a token, it never makes one up.
  static func token(_ value: String) throws(UsageError) -> String {
    if let problem = RequestToken.problem(value) {
      throw UsageError("Invalid '--token': \(problem).")
    }
    return value
  }
}
