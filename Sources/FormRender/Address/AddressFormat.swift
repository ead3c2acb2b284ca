import Foundation
import RenderCore

/// How one region's postal address is asked for: which fields, in which order, under
/// which label, which are required, and what a postal code looks like.
///
/// The layouts live in `data/address-formats.json` (from Google's libaddressinput
/// address metadata, cited there), compiled in by `scripts/embed-data`
/// (`EmbeddedAddressFormats.swift`); ``AddressFormats/bundled`` reads them. Regions without a layout get the generic one.
package struct AddressFormat: Sendable, Equatable {
  /// What a field is called in a region: the kinds libaddressinput names
  /// (`zip_name_type`, `state_name_type`, `locality_name_type`), each a UI string.
  package enum Label: String, Sendable, CaseIterable {
    case city, postTown, suburb
    case state, province, prefecture, region
    case postalCode, zipCode, postcode, pinCode

    var key: UIStringKey {
      switch self {
      case .city: .formFieldCity
      case .postTown: .formFieldPostTown
      case .suburb: .formFieldSuburb
      case .state: .formFieldState
      case .province: .formFieldProvince
      case .prefecture: .formFieldPrefecture
      case .region: .formFieldRegion
      case .postalCode: .formFieldPostalCode
      case .zipCode: .formFieldZipCode
      case .postcode: .formFieldPostcode
      case .pinCode: .formFieldPinCode
      }
    }
  }

  /// One field of the layout. `name` and `street` carry no label kind (their labels do
  /// not vary by region); `street` being required means its first line is.
  package struct Field: Sendable, Equatable {
    package var field: FormField
    package var label: Label?
    package var required: Bool
  }

  /// What a region's postal codes look like.
  package struct PostalCodeRule: Sendable, Equatable {
    /// Which keyboard suits the codes: digits only, or letters too.
    package enum Keyboard: String, Sendable {
      case numeric
      case text
    }

    /// A regular expression (libaddressinput's `zip`) the whole normalised code must match.
    package var pattern: String
    /// A real code, shown as a hint and in the error message (libaddressinput's `zipex`).
    package var example: String
    package var keyboard: Keyboard

    /// Whether `code`, already passed through ``normalize(_:)``, has the region's form.
    package func matches(_ code: String) -> Bool {
      guard let regex = try? Regex(pattern).asciiOnlyDigits().asciiOnlyWordCharacters() else { return false }
      return (try? regex.wholeMatch(in: code)) != nil
    }

    /// A typed code in the form patterns expect, for matching only (the customer's code
    /// is returned as typed): each character through ``MatchingFold`` (full-width
    /// `１５４－００２３` becomes `154-0023`, an Arabic keyboard's `٩٥٠١٤` becomes `95014`,
    /// `①` stays and matches no digit), letters upper-cased, runs of spaces made one.
    package static func normalize(_ code: String) -> String {
      var out = ""
      var pendingSpace = false
      for scalar in code.unicodeScalars {
        if scalar.properties.isWhitespace {
          pendingSpace = !out.isEmpty
          continue
        }
        if pendingSpace {
          out.append(" ")
          pendingSpace = false
        }
        out += MatchingFold.folded(scalar).uppercased()
      }
      return out
    }
  }

  /// ISO 3166-1 code of the region the layout is for; nil for the generic layout.
  package var region: String?
  /// The fields in the order the form shows them; the country always follows them.
  package var fields: [Field]
  /// Nil when the region's postal codes are not checked (the generic layout).
  package var postalCode: PostalCodeRule?

  /// The layout's entry for `field`, nil when the region does not ask for it.
  package func field(_ field: FormField) -> Field? { fields.first { $0.field == field } }
}

/// Decimal digits of any script (Numeric_Type=Decimal), as ASCII: customers type on the
/// keyboard of their own language, and postal codes and phone numbers are checked in ASCII.
enum ASCIIDigits {
  /// The ASCII digit of a decimal digit; nil for anything else (`①`, `²` included).
  static func ascii(digit scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
      let digit = Unicode.Scalar(UInt32(48 + Int(value)))
    else { return nil }
    return digit
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ascii(digit: scalar) != nil }
}

/// Every layout in `data/address-formats.json`, and the regions a customer may choose.
package struct AddressFormats: Sendable {
  /// The file compiled into this build. When it cannot be read (a broken edit), a
  /// minimal generic layout stands in and ``loadProblems`` says why; a test fails on it.
  /// Its postal-code patterns are not compiled at load (see ``init(json:checkPatterns:lazily:)``),
  /// and each region's layout is decoded when first asked for (a form shows one, and
  /// decoding all of them cost more than the rest of a form's process): a test loads the
  /// same file with every check and compares every layout.
  package static let bundled: AddressFormats = {
    let name = "data/address-formats.json"
    guard let file = EmbeddedAddressFormats.files.first else {
      return AddressFormats(generic: fallback, regions: [:], countries: [], loadProblems: ["\(name): not embedded"])
    }
    do throws(DataErrors) {
      return try AddressFormats(json: try JSONParser.parse(Array(file.text.utf8)), checkPatterns: false, lazily: true)
    } catch {
      return AddressFormats(generic: fallback, regions: [:], countries: [], loadProblems: error.lines(file: name))
    }
  }()

  /// Used only when the data file is broken: asks for everything, requires name and street.
  private static let fallback = AddressFormat(
    region: nil,
    fields: [
      .init(field: .name, label: nil, required: true), .init(field: .street, label: nil, required: true),
      .init(field: .city, label: .city, required: false), .init(field: .state, label: .region, required: false),
      .init(field: .postalCode, label: .postalCode, required: false),
    ],
    postalCode: nil)

  /// The layout for regions the file does not list.
  package let generic: AddressFormat
  private let regions: RegionLayouts
  /// ISO 3166-1 codes a customer may pick as their country, in the file's order.
  package let countries: [String]
  /// Why the file could not be read, as `data/address-formats.json: $.path: message`.
  package let loadProblems: [String]

  /// Regions with a layout of their own, sorted.
  package var regionsWithLayouts: [String] { regions.codes }

  /// The layout of `region` (ISO 3166-1 alpha-2), or the generic one.
  package func format(for region: String) -> AddressFormat { regions.layout(region) ?? generic }

  /// Whether `code` is a region a customer may pick.
  package func isCountry(_ code: String) -> Bool { countries.contains(code) }

  init(generic: AddressFormat, regions: [String: AddressFormat], countries: [String], loadProblems: [String]) {
    self.init(generic: generic, regions: RegionLayouts(regions), countries: countries, loadProblems: loadProblems)
  }

  init(generic: AddressFormat, regions: RegionLayouts, countries: [String], loadProblems: [String]) {
    self.generic = generic
    self.regions = regions
    self.countries = countries
    self.loadProblems = loadProblems
  }
}
