/// A catalog file compiled for embedding: per key, the template split into segments, or
/// one template per CLDR plural category.
public struct CompiledCatalog: Sendable, Equatable {
  /// The file's BCP 47 tag: `ko`, `en-GB`, `zh-Hant`.
  public var tag: String
  /// The locale whose CLDR plural rules pick among the forms: the tag itself, English for
  /// the pseudo-locales (they carry English's forms).
  public var pluralRulesTag: String
  public var messages: [String: CompiledMessage]

  public init(tag: String, pluralRulesTag: String, messages: [String: CompiledMessage]) {
    self.tag = tag
    self.pluralRulesTag = pluralRulesTag
    self.messages = messages
  }
}

public enum CompiledMessage: Sendable, Equatable {
  case text([TemplateSegment])
  /// By CLDR plural category; `other` is always there.
  case plural([String: [TemplateSegment]])

  /// Every form: one for text, one per category for a plural.
  public var forms: [[TemplateSegment]] {
    switch self {
    case .text(let segments): [segments]
    case .plural(let forms): pluralCategories.compactMap { forms[$0] }
    }
  }
}
