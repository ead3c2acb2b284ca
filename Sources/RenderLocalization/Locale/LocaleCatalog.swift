/// One language's UI strings as compiled at embed time from `locales/<tag>.xcstrings`
/// (`EmbeddedLocales.swift`, written by `scripts/embed-data`): every message already
/// split into literal text and placeholders, so nothing is parsed at run time.
package struct LocaleCatalog: Sendable {
  /// The catalog's BCP 47 tag, its file name: `ko`, `en-GB`, `zh-Hant`, `en-XA`.
  package let tag: String
  /// Whose CLDR plural rules pick among the plural forms: the tag, or `en` for the
  /// pseudo-locales, which carry English's forms.
  package let pluralRulesTag: String
  /// By ``UIStringKey`` raw value. A regional variant (`en-GB`) holds only what differs
  /// from its CLDR parent.
  package let messages: [String: LocalizedMessage]

  init(tag: String, pluralRulesTag: String, messages: [String: LocalizedMessage]) {
    self.tag = tag
    self.pluralRulesTag = pluralRulesTag
    self.messages = messages
  }
}

/// A piece of a compiled message: the translation's own text, or an argument by its
/// 1-based position (`%@` in order, `%2$@` the second).
package enum MessageSegment: Sendable, Equatable {
  case literal(String)
  case argument(Int)
}

/// A compiled message: one template, or one per CLDR plural category.
package enum LocalizedMessage: Sendable, Equatable {
  case text([MessageSegment])
  case plural(PluralForms)

  /// The template for a number in `category`; a plain text ignores the category.
  package func segments(_ category: PluralCategory) -> [MessageSegment] {
    switch self {
    case .text(let segments): segments
    case .plural(let forms): forms[category]
    }
  }
}

/// A message's forms by CLDR plural category; `other` is always there.
package struct PluralForms: Sendable, Equatable {
  package let zero: [MessageSegment]?
  package let one: [MessageSegment]?
  package let two: [MessageSegment]?
  package let few: [MessageSegment]?
  package let many: [MessageSegment]?
  package let other: [MessageSegment]

  init(
    zero: [MessageSegment]? = nil, one: [MessageSegment]? = nil, two: [MessageSegment]? = nil,
    few: [MessageSegment]? = nil, many: [MessageSegment]? = nil, other: [MessageSegment]
  ) {
    self.zero = zero
    self.one = one
    self.two = two
    self.few = few
    self.many = many
    self.other = other
  }

  /// The form of `category`, or `other` when the catalog has none for it.
  package subscript(category: PluralCategory) -> [MessageSegment] {
    let form: [MessageSegment]? =
      switch category {
      case .zero: zero
      case .one: one
      case .two: two
      case .few: few
      case .many: many
      case .other: other
      }
    return form ?? other
  }

  /// The categories this message has a form for, in CLDR's order.
  package var categories: [PluralCategory] {
    PluralCategory.allCases.filter { category in
      switch category {
      case .zero: zero != nil
      case .one: one != nil
      case .two: two != nil
      case .few: few != nil
      case .many: many != nil
      case .other: true
      }
    }
  }
}
