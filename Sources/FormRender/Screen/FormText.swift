import RenderCore

/// A request form as plain text, for a terminal or a snapshot file, within the
/// layout's width: the heading, why the customer is asked, the merchant's message,
/// each field with its label and whether it is required (`[ … ]` for an input, `[x]`
/// or `[ ]` for an opt-in), the terms, and the two actions. With a ``FormState`` it
/// shows the values typed and the errors, as the page would.
package enum FormText {
  package static func render(
    _ request: FormRequest, context: RenderContext, width: Int = OutputFormat.defaultTextWidth,
    state: FormState = .fresh, formats: AddressFormats = .bundled
  ) -> String {
    let strings = context.strings
    let layout = TextLayout(width: width, localeTag: context.locale.formattingTag.description)
    let shown = ShownForm(request, context: context, state: state, formats: formats)
    let form = shown.layout

    var lines = SessionHeaderText.lines(context: context, layout: layout)
    lines.append(layout.rule("="))
    lines += layout.wrap(strings(request.title))
    let errors = shown.errors
    if !errors.isEmpty {
      lines.append("")
      lines += marked("!", strings(.formErrorsTitle), layout: layout)
      for error in errors { lines += marked("  -", error.message, layout: layout) }
    }
    lines.append("")
    lines += layout.wrap(strings(request.purposeWording))
    // The merchant's own words stand apart from the engine's.
    if let message = request.message { lines += [""] + layout.wrap(message) + [""] }
    lines += layout.wrap(strings(.formChoice))

    let fields = form.controls.filter { $0.kind != .checkbox }
    for control in fields {
      lines.append("")
      let label = strings(control.label)
      lines += layout.wrap(strings(control.required ? .formFieldRequired : .formFieldOptional, label))
      if let example = control.example { lines += layout.wrap(strings(.formHintExample, example)) }
      var value = shown.value(control) ?? ""
      if control.kind == .countryList {
        // An unlisted country shows as the customer sent it, not as a name.
        value =
          shown.unlistedCountry
          ?? CountryNames.name(form.country ?? context.configuration.region.rawValue, locale: context.locale.locale)
      }
      lines += box(value, marker: control.kind == .countryList ? "▾" : "", layout: layout)
      if control.line == 0 {
        for message in shown.messages(for: control.field) { lines += marked("!", message, layout: layout) }
      }
    }

    let checks = form.controls.filter { $0.kind == .checkbox }
    if !checks.isEmpty {
      lines.append("")
      lines += layout.wrap(strings(.formConsentLegend))
      for control in checks {
        lines += marked(shown.isChecked(control) ? "[x]" : "[ ]", strings(control.label), layout: layout)
        for message in shown.messages(for: control.field) { lines += marked("!", message, layout: layout) }
      }
    }

    if let terms = request.termsAndConditions, let document = CommonMarkDocument(markdown: terms) {
      lines.append(layout.rule("-"))
      lines += TermsText.lines(document.blocks, width: width, localeTag: layout.localeTag)
      lines.append(layout.rule("-"))
      lines += layout.wrap(strings(.formTermsAgreement))
    }

    lines.append(layout.rule("="))
    let share = "[ \(strings(.formActionShare)) ]"
    let decline = "[ \(strings(.formActionDecline)) ]"
    if DisplayWidth.of(share) + 2 + DisplayWidth.of(decline) <= width {
      lines.append(share + "  " + decline)
    } else {
      lines += layout.wrap(share) + layout.wrap(decline)
    }
    return lines.map { $0.trimmingTrailingWhitespace() }.joined(separator: "\n") + "\n"
  }

  /// `text` after `mark` and a space, wrapped with a hanging indent under the text.
  private static func marked(_ mark: String, _ text: String, layout: TextLayout) -> [String] {
    let indent = DisplayWidth.of(mark) + 1
    let wrapped = layout.wrap(text, indent: indent)
    guard let first = wrapped.first else { return [mark] }
    return [mark + " " + first.dropFirst(indent)] + wrapped.dropFirst()
  }

  /// An input drawn as `[ value      ]` across the whole width; a value too wide for
  /// one box wraps into several, so nothing typed is cut off.
  private static func box(_ value: String, marker: String, layout: TextLayout) -> [String] {
    let inner = layout.width - 4 - (marker.isEmpty ? 0 : DisplayWidth.of(marker) + 1)
    let pieces = value.isEmpty ? [""] : TextLayout(width: max(1, inner), localeTag: layout.localeTag).wrap(value)
    return pieces.map { piece in
      let padding = String(repeating: " ", count: max(0, inner - DisplayWidth.of(piece)))
      return "[ " + piece + padding + (marker.isEmpty ? "" : " " + marker) + " ]"
    }
  }
}
