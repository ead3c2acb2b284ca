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

  package init(tag: String, pluralRulesTag: String, messages: [String: LocalizedMessage]) {
    self.tag = tag
    self.pluralRulesTag = pluralRulesTag
    self.messages = messages
  }
}

/// A compiled message: one template, or one per CLDR plural category.
package enum LocalizedMessage: Sendable, Equatable {
  case text(MessageTemplate)
  case plural(PluralForms)

  /// The template for a number in `category`; a plain text ignores the category.
  package func template(_ category: PluralCategory) -> MessageTemplate {
    switch self {
    case .text(let template): template
    case .plural(let forms): forms[category]
    }
  }

  /// Every form: the one template of a text, a plural's in CLDR's order.
  package var forms: [MessageTemplate] {
    switch self {
    case .text(let template): [template]
    case .plural(let forms): forms.categories.map { forms[$0] }
    }
  }

  /// The same message with every form changed by `transform`.
  package func map(_ transform: (MessageTemplate) -> MessageTemplate) -> LocalizedMessage {
    switch self {
    case .text(let template): .text(transform(template))
    case .plural(let forms):
      .plural(
        PluralForms(
          zero: forms.zero.map(transform), one: forms.one.map(transform), two: forms.two.map(transform),
          few: forms.few.map(transform), many: forms.many.map(transform), other: transform(forms.other)))
    }
  }
}

/// A message's forms by CLDR plural category; `other` is always there.
package struct PluralForms: Sendable, Equatable {
  package let zero: MessageTemplate?
  package let one: MessageTemplate?
  package let two: MessageTemplate?
  package let few: MessageTemplate?
  package let many: MessageTemplate?
  package let other: MessageTemplate

  package init(
    zero: MessageTemplate? = nil, one: MessageTemplate? = nil, two: MessageTemplate? = nil,
    few: MessageTemplate? = nil, many: MessageTemplate? = nil, other: MessageTemplate
  ) {
    self.zero = zero
    self.one = one
    self.two = two
    self.few = few
    self.many = many
    self.other = other
  }

  /// The form of `category`, or `other` when the catalog has none for it.
  package subscript(category: PluralCategory) -> MessageTemplate {
    let form: MessageTemplate? =
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
