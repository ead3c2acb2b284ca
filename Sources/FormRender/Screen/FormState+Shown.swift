import RenderCore

/// What a form shows of a ``FormState``, worked out once so the page and the text
/// agree: the layout for the country picked, the values as typed, and the errors.
///
/// Nothing the customer typed is lost or silently replaced: a value keeps every
/// character, control characters shown as visible symbols (`withVisibleControls()`);
/// a country the list does not offer (`XX`, `jp`) stays selected as its own option, with
/// the country error beside it, so the next submission cannot quietly send the
/// session's region instead.
struct ShownForm {
  let layout: FormLayout
  /// The country the customer sent when the list does not offer it, controls visible.
  let unlistedCountry: String?
  /// The state's errors in page order (a file's order kept within one field), and the
  /// country error for an unlisted country when the state has none for it.
  let errors: [FieldError]
  private let request: FormRequest
  private let state: FormState

  init(_ request: FormRequest, context: RenderContext, state: FormState, formats: AddressFormats) {
    self.request = request
    self.state = state
    let picked = state.values?.values(FormField.country.rawValue).first
    let (region, isListed) = FormLayout.region(
      picked: picked, session: context.configuration.region.rawValue, formats: formats)
    layout = FormLayout(request: request, region: region, formats: formats)
    var errors = state.errors
    if request.kind == .address, !isListed, let picked {
      unlistedCountry = picked.withVisibleControls()
      if !errors.contains(where: { $0.field == .country }) {
        errors.append(FieldError(field: .country, message: context.strings(.formErrorCountry)))
      }
    } else {
      unlistedCountry = nil
    }
    let order = layout.fields
    self.errors = errors.enumerated().sorted { lhs, rhs in
      let left = order.firstIndex(of: lhs.element.field) ?? order.count
      let right = order.firstIndex(of: rhs.element.field) ?? order.count
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// The messages about `field`, in order.
  func messages(for field: FormField) -> [String] { errors.filter { $0.field == field }.map(\.message) }

  /// What the customer typed into a text control, as typed, control characters made
  /// visible; nil on a fresh form or when the body has no such line.
  func value(_ control: FormControl) -> String? {
    guard let submitted = state.values?.values(control.field.rawValue), control.line < submitted.count else {
      return nil
    }
    return submitted[control.line].withVisibleControls()
  }

  /// The country the list shows as selected: the customer's unlisted one, else the
  /// layout's (the customer's pick or the session's region).
  var selectedCountry: String? { unlistedCountry ?? layout.country }

  /// Whether a checkbox is ticked: as the customer left it on a re-rendered form, the
  /// merchant's choice (`preSelected`) on a fresh one.
  func isChecked(_ control: FormControl) -> Bool {
    let option = control.field == .emailOptInSelection ? request.emailConsent : request.smsConsent
    // Only the value a checkbox sends ticks it (`parse` refuses any other).
    return state.values.map { $0.values(control.field.rawValue).contains(FormControl.checkboxValue) }
      ?? (option == .preSelected)
  }
}
