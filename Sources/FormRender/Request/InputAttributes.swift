// Attribute values of form controls, as `String`-backed enums so a misspelt token is a
// compile error rather than a form the browser cannot fill in.

/// `<input type>` values the forms use (HTML Living Standard).
package enum InputType: String, Sendable {
  case text
  case email
  case tel
  case checkbox
  case hidden
}

/// `inputmode` values: which on-screen keyboard a phone shows.
package enum InputMode: String, Sendable {
  case text
  case email
  case tel
  case numeric
}

/// `autocapitalize` values.
package enum Autocapitalize: String, Sendable {
  /// Postal codes with letters (`SW1A 1AA`, `H3Z 2Y7`).
  case characters
  case words
  /// Email addresses.
  case none
}

/// WHATWG autofill field names (HTML Living Standard, "Autofill"), the tokens the
/// contract names for each response key.
package enum AutocompleteToken: String, Sendable {
  case name
  case addressLine1 = "address-line1"
  case addressLine2 = "address-line2"
  /// The city or town.
  case addressLevel2 = "address-level2"
  /// The state, province or prefecture.
  case addressLevel1 = "address-level1"
  case postalCode = "postal-code"
  case country
  case email
  case tel
}
