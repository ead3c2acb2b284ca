/// A String Catalog as the XLIFF 1.2 file Xcode's String Catalog export gives a translator
/// (`.xcloc`'s `Localized Contents/<tag>.xliff`): one `trans-unit` per key, the English
/// `source`, the catalog's `target` with its review state, the translator comment as a
/// `note`, and one unit per plural category (`cart.itemCount|==|plural.few`).
///
///     <trans-unit id="cart.title" xml:space="preserve">
///       <source>Your Cart</source>
///       <target state="needs-review-translation">장바구니</target>
///       <note>Heading of the cart screen, and the page title.</note>
///     </trans-unit>
///
/// ``XLIFFImport`` reads it back; a file exported and imported unchanged gives the catalog's
/// bytes back.
public enum XLIFFExport {
  /// The namespace of XLIFF 1.2 documents.
  public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

  /// Between a key and its plural category in a unit's id, as Xcode writes it.
  public static let variationSeparator = "|==|plural."

  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// The XLIFF document of `catalog`, the catalog of `tag` read from `original`.
  ///
  /// - Parameter english: the source catalog (`en`), for each unit's `source`; a plural
  ///   category English lacks (`few`) takes English's `other`.
  /// - Throws: ``Failure`` for a character XML 1.0 cannot carry (a control character
  ///   other than tab, line feed and carriage return).
  public static func document(
    _ catalog: StringCatalogFile, tag: String, original: String, english: StringCatalogFile
  ) throws(Failure) -> String {
    try document(catalog, tag: tag, original: original, english: english, screenshots: [:])
  }

  /// ``document(_:tag:original:english:)`` with, in each unit, the screenshots that show
  /// its string: `screenshots` by key, each a path relative to the XLIFF file
  /// (`de/cart-hair-spray.png`), as XLIFF 1.2's location context, which translation
  /// tools keep and show beside the unit (``XLIFFImport`` does not read it):
  ///
  ///     <context-group name="screenshots" purpose="location">
  ///       <context context-type="x-screenshot">de/cart-hair-spray.png</context>
  ///     </context-group>
  package static func document(
    _ catalog: StringCatalogFile, tag: String, original: String, english: StringCatalogFile,
    screenshots: [String: [String]]
  ) throws(Failure) -> String {
    let originalAttribute = try escaped(original, attribute: true)
    let tagAttribute = try escaped(tag, attribute: true)
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="\(namespace)" version="1.2">
        <file original="\(originalAttribute)" source-language="en" \
      target-language="\(tagAttribute)" datatype="plaintext">
          <header>
            <tool tool-id="render-cli" tool-name="render-cli"/>
          </header>
          <body>

      """
    for key in catalog.strings.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
      guard let entry = catalog.strings[key], let localization = entry.localizations?[tag] else { continue }
      let source = english.strings[key]?.localizations?["en"]
      if let plural = localization.variations?.plural {
        for category in pluralCategories {
          guard let unit = plural[category]?.stringUnit else { continue }
          xml += try transUnit(
            id: key + variationSeparator + category, source: Self.source(source, category: category) ?? "",
            unit: unit, note: entry.comment, screenshots: screenshots[key] ?? [])
        }
      } else if let unit = localization.stringUnit {
        xml += try transUnit(
          id: key, source: Self.source(source, category: nil) ?? "", unit: unit, note: entry.comment,
          screenshots: screenshots[key] ?? [])
      }
    }
    xml += """
          </body>
        </file>
      </xliff>

      """
    return xml
  }

  /// XLIFF 1.2's `state` for a String Catalog review state, and back (``XLIFFImport``).
  /// The English a unit translates: `english`'s value, or for plural form `category` the
  /// English form of that category, else English's `other` (English has no `few`).
  package static func source(_ english: StringCatalogFile.Localization?, category: String?) -> String? {
    guard let category else { return english?.stringUnit?.value }
    let forms = english?.variations?.plural
    return forms?[category]?.stringUnit.value ?? forms?["other"]?.stringUnit.value
  }

  public static let states: [(catalog: ReviewState, xliff: String)] = [
    (.translated, "translated"),
    (.needsReview, "needs-review-translation"),
    (.new, "new"),
    (.stale, "needs-translation"),
  ]

  private static func transUnit(
    id: String, source: String, unit: StringCatalogFile.StringUnit, note: String?, screenshots: [String]
  ) throws(Failure) -> String {
    let state = states.first { $0.catalog.rawValue == unit.state }?.xliff ?? unit.state
    let idAttribute = try escaped(id, attribute: true)
    let sourceText = try escaped(source)
    let stateAttribute = try escaped(state, attribute: true)
    let targetText = try escaped(unit.value)
    var lines = [
      "      <trans-unit id=\"\(idAttribute)\" xml:space=\"preserve\">",
      "        <source>\(sourceText)</source>",
      "        <target state=\"\(stateAttribute)\">\(targetText)</target>",
    ]
    if let note {
      let noteText = try escaped(note)
      lines.append("        <note>\(noteText)</note>")
    }
    if !screenshots.isEmpty {
      lines.append("        <context-group name=\"screenshots\" purpose=\"location\">")
      for path in screenshots {
        lines.append("          <context context-type=\"x-screenshot\">\(try escaped(path))</context>")
      }
      lines.append("        </context-group>")
    }
    lines.append("      </trans-unit>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as XML character data or a double-quoted attribute value.
  private static func escaped(_ text: String, attribute: Bool = false) throws(Failure) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      // A parser would turn these into spaces (attributes) or line feeds: kept as references.
      case "\r": result += "&#13;"
      case "\n" where attribute: result += "&#10;"
      case "\t" where attribute: result += "&#9;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
        throw Failure(
          message: "U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be written in XML 1.0")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
