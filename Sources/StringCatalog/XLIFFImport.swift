import Foundation
import RenderLocalization

/// Reads an XLIFF 1.2 file a translator returns (``XLIFFExport``'s, or the same shape from
/// any XLIFF tool) and applies its targets and review states to the language's String
/// Catalog, checked as the catalogs are: every unit names a key and plural category the
/// catalog has, its source is the current English, its target keeps the English
/// placeholders, its state is known. Comments stay the English ones (a `note` is not read).
///
/// The XML is parsed by libxml2's reader (``XMLReader``), with no entity substituted and
/// nothing outside the file loaded.
public enum XLIFFImport {
  /// What is wrong, one line per problem: `ko.xliff: trans-unit "cart.title": message`.
  public struct Problems: Error, CustomStringConvertible {
    public var lines: [String]
    public var description: String { lines.joined(separator: "\n") }
  }

  /// One `<file>` of the document: the language and its units in document order.
  public struct Section: Sendable, Equatable {
    /// `target-language`, e.g. `ko`.
    public var tag: String
    public var units: [Unit]

    package init(tag: String, units: [Unit]) {
      self.tag = tag
      self.units = units
    }
  }

  public struct Unit: Sendable, Equatable {
    /// As written: `cart.title`, `cart.itemCount|==|plural.few`.
    public var id: String
    public var source: String
    public var target: String
    /// XLIFF's `state` attribute of the target, nil when absent (the catalog's is kept).
    public var state: String?

    package init(id: String, source: String, target: String, state: String?) {
      self.id = id
      self.source = source
      self.target = target
      self.state = state
    }
  }

  /// The most bytes an XLIFF file may hold: one language's export is far smaller, and
  /// libxml2's time grows faster than the size with some shapes (many attributes on one
  /// element), so a larger file is refused before it is parsed.
  public static let maximumBytes = 1 << 20

  /// The sections of an XLIFF 1.2 document. Only elements of the XLIFF 1.2 namespace are
  /// read (another namespace's `<target>` is not the target).
  /// - Parameter file: how problems name the file.
  public static func read(_ data: Data, file: String) throws(Problems) -> [Section] {
    guard data.count <= maximumBytes else {
      throw Problems(lines: [
        "\(file): \(data.count) bytes; an XLIFF file to import is at most \(maximumBytes) bytes (1 MiB)"
      ])
    }
    let root: XMLReader.Element
    do {
      root = try XMLReader.root(of: Array(data), attributes: ["version", "target-language", "id", "state"])
    } catch {
      let place = error.line > 0 ? "\(file):\(error.line)" : file
      throw Problems(lines: ["\(place): not well-formed XML: \(error.message)"])
    }
    guard root.name == "xliff", root.namespace == XLIFFExport.namespace else {
      throw Problems(lines: ["\(file): the root element is not <xliff> of \(XLIFFExport.namespace)"])
    }
    guard root.attributes["version"] == "1.2" else {
      throw Problems(lines: ["\(file): <xliff> is not version 1.2"])
    }
    var problems: [String] = []
    var sections: [Section] = []
    let files = xliffChildren(root, "file")
    if files.isEmpty { problems.append("\(file): no <file> element") }
    for (index, element) in files.enumerated() {
      let place = "\(file): <file> \(index + 1)"
      guard let tag = element.attributes["target-language"], !tag.isEmpty else {
        problems.append("\(place): no target-language")
        continue
      }
      var units: [Unit] = []
      for body in xliffChildren(element, "body") {
        for unit in transUnits(body) {
          let id = unit.attributes["id"] ?? ""
          let unitPlace = "\(file): trans-unit \"\(id)\""
          guard !id.isEmpty else {
            problems.append("\(place): a trans-unit has no id")
            continue
          }
          let sources = xliffChildren(unit, "source")
          let targets = xliffChildren(unit, "target")
          guard let source = sources.first, let target = targets.first else {
            problems.append("\(unitPlace): no <source> or no <target>")
            continue
          }
          guard sources.count == 1, targets.count == 1 else {
            problems.append("\(unitPlace): more than one <source> or <target>; give one of each")
            continue
          }
          guard source.children.isEmpty, target.children.isEmpty else {
            problems.append("\(unitPlace): inline XLIFF markup (<g>, <x/>, <ph>…) is not accepted; write plain text")
            continue
          }
          units.append(Unit(id: id, source: source.text, target: target.text, state: target.attributes["state"]))
        }
      }
      sections.append(Section(tag: tag, units: units))
    }
    guard problems.isEmpty else { throw Problems(lines: problems) }
    return sections
  }

  /// `catalog` with the section's targets and states, checked against `english`.
  ///
  /// - Parameters:
  ///   - file: how problems name the XLIFF file; `catalogFile`, the catalog.
  /// - Throws: ``Problems``, every one found; nothing is applied then.
  public static func apply(
    _ section: Section, to catalog: StringCatalogFile, english: StringCatalogFile, file: String,
    catalogFile: String
  ) throws(Problems) -> StringCatalogFile {
    let tag = section.tag
    var updated = catalog
    var problems: [String] = []
    var seen: Set<String> = []
    for unit in section.units {
      let place = "\(file): trans-unit \"\(unit.id)\""
      guard seen.insert(unit.id).inserted else {
        problems.append("\(place): given more than once")
        continue
      }
      let key: String
      let category: String?
      if let range = unit.id.range(of: XLIFFExport.variationSeparator) {
        key = String(unit.id[..<range.lowerBound])
        category = String(unit.id[range.upperBound...])
      } else {
        key = unit.id
        category = nil
      }
      // From what the earlier units made: a plural's forms are units of one key.
      guard var localization = updated.strings[key]?.localizations?[tag] else {
        problems.append("\(place): \(catalogFile) has no key \"\(key)\"")
        continue
      }
      let englishLocalization = english.strings[key]?.localizations?["en"]
      var unitValue: StringCatalogFile.StringUnit
      let expectedSource: String?
      if let plural = localization.variations?.plural {
        let forms = pluralCategories.filter { plural[$0] != nil }
        guard let category else {
          problems.append(
            "\(place): \"\(key)\" is a plural; give one unit per category (\(forms.map { key + XLIFFExport.variationSeparator + $0 }.joined(separator: ", ")))"
          )
          continue
        }
        guard let variation = plural[category] else {
          problems.append(
            "\(place): \(catalogFile) has no \"\(category)\" form of \"\(key)\" (it has \(forms.joined(separator: ", ")), the categories of the language's CLDR plural rules)"
          )
          continue
        }
        unitValue = variation.stringUnit
        expectedSource = XLIFFExport.source(englishLocalization, category: category)
      } else if let unit = localization.stringUnit {
        guard category == nil else {
          problems.append("\(place): \"\(key)\" has no plural forms; its unit's id is \"\(key)\"")
          continue
        }
        unitValue = unit
        expectedSource = XLIFFExport.source(englishLocalization, category: nil)
      } else {
        problems.append("\(place): \(catalogFile) holds no value for \"\(key)\"")
        continue
      }
      if let expectedSource, unit.source != expectedSource {
        problems.append(
          "\(place): the source is not the current English (“\(expectedSource)”): the English changed since the export; export again"
        )
        continue
      }
      if let problem = placeholderProblem(unit.target, english: englishLocalization) {
        problems.append("\(place): \(problem)")
        continue
      }
      if let state = unit.state {
        guard let reviewState = reviewState(xliff: state) else {
          let known = (XLIFFExport.states.map(\.xliff) + ["final", "signed-off"]).joined(separator: ", ")
          problems.append("\(place): unknown state \"\(state)\" (\(known))")
          continue
        }
        unitValue.state = reviewState.rawValue
      }
      unitValue.value = unit.target
      if let category {
        localization.variations?.plural?[category]?.stringUnit = unitValue
      } else {
        localization.stringUnit = unitValue
      }
      updated.strings[key]?.localizations?[tag] = localization
    }
    guard problems.isEmpty else { throw Problems(lines: problems) }
    // The rules every catalog keeps (comments, states, plural categories, placeholders' syntax).
    do {
      _ = try CatalogCompiler.compile(Data(updated.xcstringsBytes()), tag: tag, file: catalogFile)
    } catch {
      throw Problems(lines: ["\(file): the catalog it would make is not valid: \(error)"])
    }
    return updated
  }

  /// The catalog's review state for an XLIFF state: the four ``XLIFFExport/states`` give
  /// theirs back; `final` and `signed-off`, a reviewer tool's approval, are `translated`.
  static func reviewState(xliff state: String) -> ReviewState? {
    if let known = XLIFFExport.states.first(where: { $0.xliff == state }) { return known.catalog }
    return ["final", "signed-off"].contains(state) ? .translated : nil
  }

  /// Why `target` cannot stand for the English: empty, a placeholder that is not `%@` or
  /// `%n$@`, or other placeholders than the English has; nil when it can.
  private static func placeholderProblem(_ target: String, english: StringCatalogFile.Localization?) -> String? {
    guard !target.isEmpty else { return "the target is empty" }
    if let bad = target.unicodeScalars.first(where: isRefusedControl) {
      let code = String(bad.value, radix: 16, uppercase: true)
      return "the target holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), a control character"
        + " (C0/C1 controls, line feeds included, and bidi embeddings, overrides and isolates are not accepted)"
    }
    if let bad = strayTagCharacter(in: target) {
      return "the target holds U+\(String(bad.value, radix: 16, uppercase: true)), a tag character (invisible: it"
        + " could hide text or fake the marks the tools put around strings; only an emoji flag's tag sequence is"
        + " accepted)"
    }
    let template: MessageTemplate
    do { template = try MessageTemplate.parse(target) } catch { return "the target's \(error.message)" }
    let englishValue = english?.stringUnit?.value ?? english?.variations?.plural?["other"]?.stringUnit.value
    guard let englishValue, let english = try? MessageTemplate.parse(englishValue) else { return nil }
    let expected = english.argumentPositions
    guard template.argumentPositions == expected else {
      let list = expected.isEmpty ? "none" : expected.map { "%\($0)$@" }.joined(separator: ", ")
      return "the target's placeholders are not the English ones (\(list), each once; %@ counts in order)"
    }
    return nil
  }

  /// The children of `element` named `name` in the XLIFF 1.2 namespace.
  private static func xliffChildren(_ element: XMLReader.Element, _ name: String) -> [XMLReader.Element] {
    element.children.filter { $0.name == name && $0.namespace == XLIFFExport.namespace }
  }

  /// A C0 or C1 control (a line feed and a tab too: a UI string is one line) or a bidi
  /// embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which could reorder
  /// the text around the string.
  static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }

  /// The first tag character (U+E0000–U+E007F) of `text` outside an emoji flag's tag
  /// sequence, nil when there is none. Tag characters draw nothing; the only text that
  /// uses them is a subdivision flag (UTS #51): U+1F3F4, tag letters or digits, U+E007F.
  static func strayTagCharacter(in text: String) -> Unicode.Scalar? {
    let scalars = Array(text.unicodeScalars)
    let isTagLetterOrDigit = { (scalar: Unicode.Scalar) in
      (0xE0030...0xE0039).contains(scalar.value) || (0xE0061...0xE007A).contains(scalar.value)
    }
    var index = 0
    while index < scalars.count {
      if scalars[index].value == 0x1F3F4 {
        var end = index + 1
        while end < scalars.count, isTagLetterOrDigit(scalars[end]) { end += 1 }
        if end > index + 1, end < scalars.count, scalars[end].value == 0xE007F {
          index = end + 1
          continue
        }
      } else if (0xE0000...0xE007F).contains(scalars[index].value) {
        return scalars[index]
      }
      index += 1
    }
    return nil
  }

  /// The trans-units under a body, in order, through any `<group>` (XLIFF 1.2's own).
  private static func transUnits(_ element: XMLReader.Element) -> [XMLReader.Element] {
    element.children.flatMap { child -> [XMLReader.Element] in
      switch (child.namespace, child.name) {
      case (XLIFFExport.namespace, "trans-unit"): [child]
      case (XLIFFExport.namespace, "group"): transUnits(child)
      default: []
      }
    }
  }
}
