import RenderCore

/// A request form as a screen reader meets it (the `spoken` format), mirroring
/// ``FormHTML`` node for node: the error summary (an `alert` named by its heading, each
/// error a link), the heading, the purpose, the merchant's message and the choice, then
/// the form: each field's hint and error paragraphs where the page shows them, and the
/// control with its name (the label's text, which is not read again), `required`,
/// `invalid`, its value and its description (`aria-describedby`'s hint and error); the
/// consents as a group named by its legend; the terms as the region named "Terms"; the
/// two buttons.
///
/// The country list is a `combobox` whose value is the selected country; its options,
/// in a collapsed pop-up until opened, are not listed.
package enum FormSpoken {
  /// The form's tree as UTF-8 bytes.
  package static func renderUTF8(
    _ request: FormRequest, context: RenderContext, state: FormState = .fresh, formats: AddressFormats = .bundled
  ) -> [UInt8] {
    let strings = context.strings
    let shown = ShownForm(request, context: context, state: state, formats: formats)
    let layout = shown.layout
    let title = strings(request.title)
    let errors = shown.errors
    let pageTitle = errors.isEmpty ? title : strings(.formErrorsPageTitle, title)
    return SpokenPage.page(title: pageTitle, context: context) { main in
      if !errors.isEmpty {
        main.node("alert", name: strings(.formErrorsTitle)) { alert in
          alert.node(SpokenWriter.heading(2), name: strings(.formErrorsTitle))
          alert.node("list", states: [SpokenWriter.items(errors.count)]) { list in
            for error in errors {
              list.node("listitem") { $0.node("link", name: error.message) }
            }
          }
        }
      }
      main.node(SpokenWriter.heading(1), name: title)
      main.node("paragraph") { $0.text(strings(request.purposeWording)) }
      if let message = request.message {
        main.node("paragraph") { $0.text($0.isolated(message)) }
      }
      main.node("paragraph") { $0.text(strings(.formChoice)) }
      main.node("form") { form in
        for control in layout.controls where control.kind != .checkbox {
          writeField(control, shown: shown, formats: formats, context: context, into: &form)
        }
        let checks = layout.controls.filter { $0.kind == .checkbox }
        if !checks.isEmpty {
          form.node("group", name: strings(.formConsentLegend)) { group in
            for control in checks {
              writeCheckbox(control, shown: shown, strings: strings, into: &group)
            }
          }
        }
        if let terms = request.termsAndConditions, let document = CommonMarkDocument(markdown: terms) {
          form.node("region", name: strings(.formTermsLabel)) { region in
            TermsSpoken.write(document.blocks, headingOffset: 1, into: &region)
            region.node("paragraph") { $0.text(strings(.formTermsAgreement)) }
          }
        }
        form.node("button", name: strings(.formActionShare))
        form.node("button", name: strings(.formActionDecline))
      }
    }
  }

  /// The error paragraph's text as the field's description reads it: the hidden
  /// "Error:" and the messages.
  private static func errorText(_ messages: [String], strings: StringTable) -> String {
    strings(.formErrorPrefix) + " " + messages.joined(separator: " ")
  }

  /// The error paragraph in place: the visually hidden "Error:", a box of its own on
  /// the page and so a run of its own, then the messages.
  private static func writeErrorParagraph(_ messages: [String], strings: StringTable, into tree: inout SpokenWriter) {
    tree.node("paragraph") { paragraph in
      paragraph.text(strings(.formErrorPrefix))
      paragraph.text(messages.joined(separator: " "))
    }
  }

  private static func writeField(
    _ control: FormControl, shown: ShownForm, formats: AddressFormats, context: RenderContext,
    into form: inout SpokenWriter
  ) {
    let strings = context.strings
    let messages = control.line == 0 ? shown.messages(for: control.field) : []
    let label = control.required ? strings(control.label) : strings(.formFieldOptional, strings(control.label))
    var description: [String] = []
    if let example = control.example {
      let hint = strings(.formHintExample, example)
      form.node("paragraph") { $0.text(hint) }
      description.append(hint)
    }
    if !messages.isEmpty {
      writeErrorParagraph(messages, strings: strings, into: &form)
      description.append(errorText(messages, strings: strings))
    }
    var states: [String] = []
    if control.required { states.append("required") }
    if !messages.isEmpty { states.append("invalid") }
    let role: String
    if control.kind == .countryList {
      role = "combobox"
      let selected = shown.selectedCountry ?? context.configuration.region.rawValue
      let name = shown.unlistedCountry ?? CountryNames.name(selected, locale: context.locale.locale)
      states.append("value " + SpokenWriter.quoted(name))
    } else {
      role = "textbox"
      if let value = shown.value(control), !value.isEmpty { states.append("value " + SpokenWriter.quotedValue(value)) }
    }
    form.node(
      role, name: label, states: states, description: description.isEmpty ? nil : description.joined(separator: " "))
  }

  private static func writeCheckbox(
    _ control: FormControl, shown: ShownForm, strings: StringTable, into group: inout SpokenWriter
  ) {
    let messages = shown.messages(for: control.field)
    var description: String?
    if !messages.isEmpty {
      writeErrorParagraph(messages, strings: strings, into: &group)
      description = errorText(messages, strings: strings)
    }
    var states = [shown.isChecked(control) ? "checked" : "not checked"]
    if !messages.isEmpty { states.append("invalid") }
    group.node("checkbox", name: strings(control.label), states: states, description: description)
  }
}
