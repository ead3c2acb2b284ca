import RenderCore
import Synchronization

extension AddressFormats {
  /// The data file's member names.
  private enum Key: String, JSONKey {
    case about, source, adaptations, countries, generic, regions
  }

  /// Decodes `data/address-formats.json` and checks every layout: known fields, name
  /// and street required, a label for city, state and postal code, and a postal-code
  /// pattern that compiles and matches its own example.
  ///
  /// - Parameters:
  ///   - checkPatterns: false skips compiling each postal-code pattern and matching its
  ///     example, two regular-expression compilations per region that cost most of the
  ///     load: ``bundled`` does, since its file is fixed at build time and a test loads
  ///     it with the checks.
  ///   - lazily: true leaves each region's layout to be decoded when first asked for,
  ///     unchecked (a layout that does not decode gives the generic one): for
  ///     ``bundled`` only, whose every layout a test decodes with every check.
  init(json: JSONValue, checkPatterns: Bool = true, lazily: Bool = false) throws(DataErrors) {
    var log = ProblemLog()
    guard let object = JSONObjectReader<Key>(json, at: .root, log: &log) else { throw DataErrors(log.problems) }

    var countries: [String] = []
    if let (value, path) = object.required(.countries, log: &log), let codes = value.stringArray(at: path, log: &log) {
      for (index, code) in codes.enumerated() {
        // Two ASCII capitals, read as bytes: a Character-by-Character check would run
        // grapheme breaking over every code.
        if code.utf8.count == 2, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
          countries.append(code)
        } else {
          log.add(path.appending(index: index), "\(JSONOutput.quoted(code)) is not an ISO 3166-1 alpha-2 code")
        }
      }
    }
    let generic = object.required(.generic, log: &log).flatMap {
      AddressFormat(json: $0.0, region: nil, at: $0.1, checkPatterns: checkPatterns, log: &log)
    }
    var regions: [String: AddressFormat] = [:]
    var undecoded: [String: JSONValue] = [:]
    if let (value, path) = object.required(.regions, log: &log) {
      if case .object(let members) = value {
        let listed = Set(countries)
        for member in members {
          let regionPath = path.appending(key: member.key)
          if !listed.contains(member.key) {
            log.add(regionPath, "\(member.key) is not in the countries list")
          }
          if lazily {
            undecoded[member.key] = member.value
          } else if let format = AddressFormat(
            json: member.value, region: member.key, at: regionPath, checkPatterns: checkPatterns, log: &log)
          {
            regions[member.key] = format
          }
        }
      } else {
        log.add(path, "expected an object of layouts by region, found \(value.typeName)")
      }
    }
    try log.check()
    guard let generic else { throw DataErrors(log.problems) }
    self.init(
      generic: generic, regions: lazily ? RegionLayouts(undecoded: undecoded) : RegionLayouts(regions),
      countries: countries, loadProblems: [])
  }
}

/// The layouts by region: decoded, or decoded from the data file's JSON when first
/// asked for (``AddressFormats/init(json:checkPatterns:lazily:)``).
final class RegionLayouts: Sendable {
  /// The regions with a layout, sorted.
  let codes: [String]
  private let undecoded: [String: JSONValue]
  private let decoded: Mutex<[String: AddressFormat]>

  init(_ decoded: [String: AddressFormat]) {
    codes = decoded.keys.sorted()
    undecoded = [:]
    self.decoded = Mutex(decoded)
  }

  init(undecoded: [String: JSONValue]) {
    codes = undecoded.keys.sorted()
    self.undecoded = undecoded
    decoded = Mutex([:])
  }

  /// The layout of `region`; nil when the file has none, or it does not decode.
  func layout(_ region: String) -> AddressFormat? {
    if let found = decoded.withLock({ $0[region] }) { return found }
    guard let json = undecoded[region] else { return nil }
    var log = ProblemLog()
    let path = JSONPath.root.appending(key: "regions").appending(key: region)
    guard let format = AddressFormat(json: json, region: region, at: path, checkPatterns: false, log: &log) else {
      return nil
    }
    // Bounded by the file's regions.
    decoded.withLock { $0[region] = format }
    return format
  }
}

extension AddressFormat {
  /// A layout's member names.
  private enum Key: String, JSONKey {
    case source, fields, postalCode
  }

  fileprivate init?(
    json: JSONValue, region: String?, at path: JSONPath, checkPatterns: Bool, log: inout ProblemLog
  ) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    if let (value, sourcePath) = object.required(.source, log: &log) {
      _ = value.nonEmptyString(at: sourcePath, log: &log)
    }
    let before = log.problems.count

    var fields: [Field] = []
    if let (value, fieldsPath) = object.required(.fields, log: &log) {
      if case .array(let elements) = value {
        for (index, element) in elements.enumerated() {
          if let field = Field(json: element, at: fieldsPath.appending(index: index), log: &log) {
            if fields.contains(where: { $0.field == field.field }) {
              log.add(fieldsPath.appending(index: index), "\(field.field.rawValue) is listed twice")
            }
            fields.append(field)
          }
        }
        for required in [FormField.name, .street] where !fields.contains(where: { $0.field == required && $0.required })
        {
          log.add(fieldsPath, "\(required.rawValue) must be listed, and required")
        }
      } else {
        log.add(fieldsPath, "expected an array of fields, found \(value.typeName)")
      }
    }

    var rule: PostalCodeRule?
    if let (value, rulePath) = object.optional(.postalCode) {
      rule = PostalCodeRule(json: value, at: rulePath, checkPattern: checkPatterns, log: &log)
      if !fields.contains(where: { $0.field == .postalCode }) {
        log.add(rulePath, "a postal-code rule needs a postalCode field")
      }
    }
    guard log.problems.count == before else { return nil }
    self.init(region: region, fields: fields, postalCode: rule)
  }
}

extension AddressFormat.Field {
  /// A layout field's member names.
  private enum Key: String, JSONKey {
    case field, label, required
  }

  fileprivate init?(json: JSONValue, at path: JSONPath, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    var field: FormField?
    if let (value, fieldPath) = object.required(.field, log: &log), let name = value.string(at: fieldPath, log: &log) {
      field = FormField(rawValue: name).flatMap {
        [.name, .street, .city, .state, .postalCode].contains($0) ? $0 : nil
      }
      if field == nil {
        log.add(
          fieldPath, "\(JSONOutput.quoted(name)) is not an address field; use name, street, city, state or postalCode")
      }
    }
    var label: AddressFormat.Label?
    if let (value, labelPath) = object.optional(.label), let name = value.string(at: labelPath, log: &log) {
      label = AddressFormat.Label(rawValue: name)
      if label == nil {
        let names = AddressFormat.Label.allCases.map(\.rawValue).joined(separator: ", ")
        log.add(labelPath, "\(JSONOutput.quoted(name)) is not a label; use one of \(names)")
      }
    }
    var required: Bool?
    if let (value, requiredPath) = object.required(.required, log: &log) {
      if case .bool(let flag) = value {
        required = flag
      } else {
        log.add(requiredPath, "expected true or false, found \(value.typeName)")
      }
    }
    guard let field, let required else { return nil }
    let needsLabel = field == .city || field == .state || field == .postalCode
    if needsLabel != (label != nil) {
      log.add(path, needsLabel ? "\(field.rawValue) needs a label" : "\(field.rawValue) takes no label")
      return nil
    }
    self.init(field: field, label: label, required: required)
  }
}

extension AddressFormat.PostalCodeRule {
  /// A postal-code rule's member names.
  private enum Key: String, JSONKey {
    case pattern, example, keyboard
  }

  fileprivate init?(json: JSONValue, at path: JSONPath, checkPattern: Bool, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    let pattern = object.required(.pattern, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let example = object.required(.example, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    var keyboard: Keyboard?
    if let (value, keyboardPath) = object.required(.keyboard, log: &log),
      let name = value.string(at: keyboardPath, log: &log)
    {
      keyboard = Keyboard(rawValue: name)
      if keyboard == nil { log.add(keyboardPath, "\(JSONOutput.quoted(name)) is not a keyboard; use numeric or text") }
    }
    guard let pattern, let example, let keyboard else { return nil }
    guard checkPattern else {
      self.init(pattern: pattern, example: example, keyboard: keyboard)
      return
    }
    guard (try? Regex(pattern)) != nil else {
      log.add(object.path(of: .pattern), "does not compile as a regular expression")
      return nil
    }
    self.init(pattern: pattern, example: example, keyboard: keyboard)
    guard matches(Self.normalize(example)) else {
      log.add(object.path(of: .example), "\(JSONOutput.quoted(example)) does not match the pattern")
      return nil
    }
  }
}
