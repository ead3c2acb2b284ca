import RenderCore

/// A request form as a self-contained mobile web page, in the same shell as the cart.
///
/// The form posts (`method="post"`, no script) one control per field, named after the
/// response key and carrying its WHATWG autofill token, `type` and `inputmode`. "Share"
/// submits `action=share`; "Don't share" submits `action=decline` and skips the
/// browser's checks (`formnovalidate`), so declining is never blocked by an empty
/// required field. Given a submission and its errors (``FormState``), the page keeps
/// every value as typed, lists the errors at the top (each linking to its field), and
/// puts each message beside its field (`aria-invalid`, `aria-describedby`).
package enum FormHTML {
  /// ``renderUTF8(_:context:state:formats:)`` as a `String`.
  package static func render(
    _ request: FormRequest, context: RenderContext, state: FormState = .fresh, formats: AddressFormats = .bundled
  ) -> String {
    String(decoding: renderUTF8(request, context: context, state: state, formats: formats), as: UTF8.self)
  }

  /// The page's UTF-8 bytes (valid UTF-8, see ``Screen/htmlUTF8(context:)``).
  package static func renderUTF8(
    _ request: FormRequest, context: RenderContext, state: FormState = .fresh, formats: AddressFormats = .bundled
  ) -> [UInt8] {
    let strings = context.strings
    let shown = ShownForm(request, context: context, state: state, formats: formats)
    let layout = shown.layout
    let title = strings(request.title)
    let errors = shown.errors
    let pageTitle = errors.isEmpty ? title : strings(.formErrorsPageTitle, title)
    return PageShell.page(title: pageTitle, screen: "form", style: FormStyle.css, context: context) { html in
      if !errors.isEmpty {
        writeErrorSummary(errors, layout: layout, strings: strings, into: &html)
      }
      html.element("h1", text: title)
      html.newline()
      html.element("p", class: "purpose", text: strings(request.purposeWording))
      html.newline()
      if let message = request.message {
        html.element("p", class: "message merchant") { $0.isolated(message) }
        html.newline()
      }
      html.element("p", class: "choice", text: strings(.formChoice))
      html.newline()
      html.element(
        "form", [.init("class", "request-form"), .init("method", "post"), .init("accept-charset", "utf-8")]
      ) { form in
        form.newline()
        if let token = state.token {
          form.void(
            "input",
            [.init("type", InputType.hidden.rawValue), .init("name", RequestToken.fieldName), .init("value", token)])
          form.newline()
        }
        let fields = layout.controls.filter { $0.kind != .checkbox }
        if !fields.isEmpty {
          form.element("div", class: "fields") { box in
            box.newline()
            for control in fields {
              writeField(control, shown: shown, formats: formats, context: context, into: &box)
            }
          }
          form.newline()
        }
        let checks = layout.controls.filter { $0.kind == .checkbox }
        if !checks.isEmpty {
          form.element("fieldset", class: "consents") { set in
            set.element("legend", text: strings(.formConsentLegend))
            set.newline()
            for control in checks {
              writeCheckbox(control, shown: shown, strings: strings, into: &set)
            }
          }
          form.newline()
        }
        if let terms = request.termsAndConditions, let document = CommonMarkDocument(markdown: terms) {
          form.element("section", [.init("class", "terms"), .init("aria-label", strings(.formTermsLabel))]) { section in
            section.newline()
            // The merchant's terms read in their own direction; headings nest under the page's h1.
            section.element("div", [.init("class", "terms-text"), .init("dir", "auto")]) { text in
              text.newline()
              TermsHTML.write(document.blocks, headingOffset: 1, into: &text)
            }
            section.newline()
            section.element("p", class: "agreement", text: strings(.formTermsAgreement))
            section.newline()
          }
          form.newline()
        }
        form.element("div", class: "actions") { actions in
          // Share comes first: pressing Enter in a field submits with the first button.
          actions.element(
            "button",
            [
              .init("type", "submit"), .init("name", FormAction.fieldName), .init("value", FormAction.share.rawValue),
              .init("class", "share"),
            ],
            text: strings(.formActionShare))
          actions.element(
            "button",
            [
              .init("type", "submit"), .init("name", FormAction.fieldName), .init("value", FormAction.decline.rawValue),
              .init("class", "decline"), .init(flag: "formnovalidate"),
            ],
            text: strings(.formActionDecline))
        }
        form.newline()
      }
      html.newline()
    }
  }

  private static func writeErrorSummary(
    _ errors: [FieldError], layout: FormLayout, strings: StringTable, into html: inout HTMLWriter
  ) {
    html.element(
      "div", [.init("class", "error-summary"), .init("role", "alert"), .init("aria-labelledby", "error-summary-title")]
    ) { box in
      box.newline()
      box.element("h2", [.init("id", "error-summary-title")], text: strings(.formErrorsTitle))
      box.newline()
      box.element("ul") { list in
        list.newline()
        for error in errors {
          let target = layout.control(for: error.field)?.id ?? "field-\(error.field.rawValue)"
          list.element("li") { item in
            item.element("a", [.init("href", "#" + target)], text: error.message)
          }
          list.newline()
        }
      }
      box.newline()
    }
    html.newline()
  }

  private static func writeField(
    _ control: FormControl, shown: ShownForm, formats: AddressFormats, context: RenderContext,
    into html: inout HTMLWriter
  ) {
    let strings = context.strings
    let messages = control.line == 0 ? shown.messages(for: control.field) : []
    let label = control.required ? strings(control.label) : strings(.formFieldOptional, strings(control.label))
    html.element("div", [.init("class", messages.isEmpty ? "field" : "field field-error")]) { field in
      field.newline()
      field.element("label", [.init("for", control.id)], text: label)
      field.newline()
      var describedBy: [String] = []
      if let example = control.example {
        field.element(
          "p", [.init("class", "hint"), .init("id", control.hintID)], text: strings(.formHintExample, example))
        field.newline()
        describedBy.append(control.hintID)
      }
      if !messages.isEmpty {
        writeErrorMessage(messages, id: control.errorID, strings: strings, into: &field)
        describedBy.append(control.errorID)
      }
      field.start(control.kind == .countryList ? "select" : "input")
      field.attribute("id", control.id)
      field.attribute("name", control.field.rawValue)
      if case .input(let type) = control.kind { field.attribute("type", type.rawValue) }
      if let mode = control.inputMode { field.attribute("inputmode", mode.rawValue) }
      if let token = control.autocomplete { field.attribute("autocomplete", token.rawValue) }
      if let capitalize = control.autocapitalize { field.attribute("autocapitalize", capitalize.rawValue) }
      if control.field == .emailAddress || control.field == .postalCode {
        field.attribute("spellcheck", "false")
      }
      if control.kind != .countryList { field.attribute("dir", control.isLeftToRight ? "ltr" : "auto") }
      if let maximum = control.field.maximumLength { field.attribute("maxlength", String(maximum)) }
      if control.required {
        // A country list always has a country selected, and HTML asks a `required`
        // select to start with an empty placeholder; screen readers still hear it.
        if control.kind == .countryList {
          field.attribute("aria-required", "true")
        } else {
          field.attribute(flag: "required")
        }
      }
      if !describedBy.isEmpty { field.attribute("aria-describedby", describedBy.joined(separator: " ")) }
      if !messages.isEmpty { field.attribute("aria-invalid", "true") }
      if control.kind == .countryList {
        field.endStartTag()
        field.newline()
        writeCountries(
          selected: shown.selectedCountry ?? context.configuration.region.rawValue, unlisted: shown.unlistedCountry,
          formats: formats, context: context, into: &field)
        field.end("select")
      } else {
        if let value = shown.value(control) { field.attribute("value", value) }
        field.endStartTag()
      }
      field.newline()
    }
    html.newline()
  }

  private static func writeCheckbox(
    _ control: FormControl, shown: ShownForm, strings: StringTable, into html: inout HTMLWriter
  ) {
    let messages = shown.messages(for: control.field)
    if !messages.isEmpty {
      writeErrorMessage(messages, id: control.errorID, strings: strings, into: &html)
    }
    // A re-rendered form shows what the customer left; a fresh one the merchant's choice.
    let checked = shown.isChecked(control)
    html.element("label", [.init("class", "check"), .init("for", control.id)]) { label in
      label.start("input")
      label.attribute("type", InputType.checkbox.rawValue)
      label.attribute("id", control.id)
      label.attribute("name", control.field.rawValue)
      label.attribute("value", FormControl.checkboxValue)
      if checked { label.attribute(flag: "checked") }
      if !messages.isEmpty {
        label.attribute("aria-describedby", control.errorID)
        label.attribute("aria-invalid", "true")
      }
      label.endStartTag()
      label.element("span", text: strings(control.label))
    }
    html.newline()
  }

  private static func writeErrorMessage(
    _ messages: [String], id: String, strings: StringTable, into html: inout HTMLWriter
  ) {
    html.element("p", [.init("class", "error-message"), .init("id", id)]) { paragraph in
      paragraph.element("span", [.init("class", "visually-hidden")], text: strings(.formErrorPrefix) + " ")
      paragraph.text(messages.joined(separator: " "))
    }
    html.newline()
  }

  private static func writeCountries(
    selected: String, unlisted: String?, formats: AddressFormats, context: RenderContext,
    into html: inout HTMLWriter
  ) {
    // The customer's unlisted country comes first, as typed: theirs until they pick another.
    if let unlisted {
      html.element("option", [.init("value", unlisted), .init(flag: "selected")], text: unlisted)
      html.newline()
    }
    var codes = formats.countries
    if unlisted == nil, !codes.contains(selected) { codes.append(selected) }
    for country in CountryNames.sorted(codes, locale: context.locale.locale) {
      html.start("option")
      html.attribute("value", country.code)
      if country.code == selected { html.attribute(flag: "selected") }
      html.endStartTag()
      html.text(country.name)
      html.end("option")
      html.newline()
    }
  }
}
