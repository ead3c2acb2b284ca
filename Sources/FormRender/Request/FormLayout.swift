import RenderCore

/// One control of a form: what it collects, how it is labelled, and the attributes a
/// phone needs to offer the right keyboard and autofill. The HTML form, the text
/// preview and `parse` all work from the same controls, so they cannot disagree.
package struct FormControl: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    case input(InputType)
    /// A `<select>` of countries and regions.
    case countryList
    case checkbox
  }

  /// The `value` of every checkbox, and the only value `parse` accepts for one.
  package static let checkboxValue = "true"

  /// The response key, and the control's `name`.
  package var field: FormField
  /// 1 for the street's second line, 0 for every other control.
  package var line: Int = 0
  package var kind: Kind
  package var label: UIStringKey
  package var required: Bool
  package var autocomplete: AutocompleteToken?
  package var inputMode: InputMode?
  package var autocapitalize: Autocapitalize?
  /// Email, phone and postal code read left to right on a right-to-left page too.
  package var isLeftToRight = false
  /// A sample value shown under the label ("For example, 95014").
  package var example: String?

  /// The element id, derived from the field name only, so ids never depend on what
  /// else is on the page: `field-street`, `field-street-2`.
  package var id: String { line == 0 ? "field-\(field.rawValue)" : "field-\(field.rawValue)-\(line + 1)" }
  /// The id of the field's error message (one per field, beside its first control).
  package var errorID: String { "error-\(field.rawValue)" }
  /// The id of the field's hint.
  package var hintID: String { "hint-\(field.rawValue)" }
}

/// The controls of one request's form, for a region's address layout.
package struct FormLayout: Sendable {
  package let request: FormRequest
  /// The address layout in use (address requests only).
  package let address: AddressFormat?
  /// The selected country (address requests only): the customer's choice, else the
  /// session's region.
  package let country: String?
  /// Every control in page order: address fields, country, contact fields, opt-ins.
  package let controls: [FormControl]

  /// - Parameters:
  ///   - region: ISO 3166-1 code whose address layout to use: the country the customer
  ///     picked, or the session's region.
  ///   - formats: the address layouts (``AddressFormats/bundled``).
  package init(request: FormRequest, region: String, formats: AddressFormats = .bundled) {
    self.request = request
    var controls: [FormControl] = []
    if request.kind == .address {
      let format = formats.format(for: region)
      address = format
      country = region
      for entry in format.fields {
        controls += Self.addressControls(entry, postalCode: format.postalCode)
      }
      controls.append(
        FormControl(
          field: .country, kind: .countryList, label: .formFieldCountry, required: true, autocomplete: .country))
    } else {
      address = nil
      country = nil
    }
    if request.kind == .signup {
      controls.append(Self.nameControl(required: false))
    }
    for field in request.fields {
      controls.append(Self.contactControl(field))
    }
    if request.kind == .signup {
      if request.emailConsent != .hidden {
        controls.append(
          FormControl(field: .emailOptInSelection, kind: .checkbox, label: .formConsentEmail, required: false))
      }
      if request.smsConsent != .hidden {
        controls.append(
          FormControl(field: .smsOptInSelection, kind: .checkbox, label: .formConsentSms, required: false))
      }
    }
    self.controls = controls
  }

  /// The region whose address layout a form uses: the country the customer picked
  /// (`picked`, the submitted `country`) when it is one of the list or the session's
  /// own, else the session's region; `isValid` is false when a pick was refused.
  package static func region(picked: String?, session: String, formats: AddressFormats = .bundled)
    -> (region: String, isValid: Bool)
  {
    guard let picked = picked?.trimmedValue(), !picked.isEmpty else { return (session, true) }
    if formats.isCountry(picked) || picked == session { return (picked, true) }
    return (session, false)
  }

  /// The fields on the form, each once, in page order.
  package var fields: [FormField] {
    var seen = Set<FormField>()
    return controls.map(\.field).filter { seen.insert($0).inserted }
  }

  /// The control that carries `field`'s label and error (the first line of the street).
  package func control(for field: FormField) -> FormControl? { controls.first { $0.field == field } }

  private static func nameControl(required: Bool) -> FormControl {
    FormControl(
      field: .name, kind: .input(.text), label: .formFieldName, required: required, autocomplete: .name,
      autocapitalize: .words)
  }

  private static func contactControl(_ field: ContactField) -> FormControl {
    switch field {
    case .emailAddress:
      FormControl(
        field: .emailAddress, kind: .input(.email), label: .formFieldEmailAddress, required: false,
        autocomplete: .email, inputMode: .email, autocapitalize: Autocapitalize.none, isLeftToRight: true)
    case .phoneNumber:
      FormControl(
        field: .phoneNumber, kind: .input(.tel), label: .formFieldPhoneNumber, required: false, autocomplete: .tel,
        inputMode: .tel, isLeftToRight: true)
    }
  }

  private static func addressControls(_ entry: AddressFormat.Field, postalCode: AddressFormat.PostalCodeRule?)
    -> [FormControl]
  {
    switch entry.field {
    case .name:
      return [nameControl(required: entry.required)]
    case .street:
      return [
        FormControl(
          field: .street, kind: .input(.text), label: .formFieldStreet, required: entry.required,
          autocomplete: .addressLine1),
        FormControl(
          field: .street, line: 1, kind: .input(.text), label: .formFieldStreet2, required: false,
          autocomplete: .addressLine2),
      ]
    case .city:
      return [
        FormControl(
          field: .city, kind: .input(.text), label: entry.label?.key ?? .formFieldCity, required: entry.required,
          autocomplete: .addressLevel2)
      ]
    case .state:
      return [
        FormControl(
          field: .state, kind: .input(.text), label: entry.label?.key ?? .formFieldRegion, required: entry.required,
          autocomplete: .addressLevel1)
      ]
    case .postalCode:
      let numeric = postalCode?.keyboard == .numeric
      return [
        FormControl(
          field: .postalCode, kind: .input(.text), label: entry.label?.key ?? .formFieldPostalCode,
          required: entry.required, autocomplete: .postalCode, inputMode: numeric ? .numeric : nil,
          autocapitalize: numeric ? nil : .characters, isLeftToRight: true, example: postalCode?.example)
      ]
    case .country, .emailAddress, .phoneNumber, .emailOptInSelection, .smsOptInSelection:
      return []
    }
  }
}
