import Foundation
import RenderLocalization

/// Reads a `locales/<tag>.xcstrings` file into a `LocaleCatalog` (the one catalog model),
/// checking what the engine relies on: the file's own language under every key, a
/// translator comment, a known review state, known plural categories with `other`, and
/// valid placeholders.
public enum CatalogCompiler {
  public struct Failure: Error, CustomStringConvertible {
    /// The file as named on the command line.
    public var file: String
    /// JSON path of the problem, e.g. `$.strings["cart.title"].localizations.ko`.
    public var path: String
    public var message: String
    public var description: String { "\(file): \(path): \(message)" }
  }

  /// - Parameters:
  ///   - data: the file's bytes (UTF-8 JSON).
  ///   - tag: the file's language, its name without `.xcstrings`.
  ///   - file: how errors name the file.
  /// - Throws: ``Failure`` naming the file and JSON path of the first problem.
  package static func compile(_ data: Data, tag: String, file: String) throws(Failure) -> LocaleCatalog {
    let catalog: StringCatalogFile
    do {
      catalog = try JSONDecoder().decode(StringCatalogFile.self, from: data)
    } catch let error as DecodingError {
      throw describe(error, file: file)
    } catch {
      throw Failure(file: file, path: "$", message: "not JSON: \(error)")
    }
    guard catalog.sourceLanguage == "en" else {
      throw Failure(
        file: file, path: "$.sourceLanguage", message: "expected \"en\", found \"\(catalog.sourceLanguage)\"")
    }
    var messages: [String: LocalizedMessage] = [:]
    for (key, entry) in catalog.strings {
      let entryPath = "$.strings[\"\(key)\"]"
      guard let comment = entry.comment, !comment.isEmpty else {
        throw Failure(file: file, path: entryPath, message: "no translator comment")
      }
      guard let localization = entry.localizations?[tag] else {
        throw Failure(file: file, path: entryPath + ".localizations", message: "no \"\(tag)\" localization")
      }
      let path = entryPath + ".localizations[\"\(tag)\"]"
      if let plural = localization.variations?.plural {
        var forms: [PluralCategory: MessageTemplate] = [:]
        for (name, variation) in plural {
          let formPath = path + ".variations.plural.\(name)"
          guard let category = PluralCategory(rawValue: name) else {
            throw Failure(
              file: file, path: formPath,
              message: "not a CLDR plural category (\(pluralCategories.joined(separator: ", ")))")
          }
          forms[category] = try template(variation.stringUnit, file: file, path: formPath + ".stringUnit")
        }
        guard let other = forms[.other] else {
          throw Failure(file: file, path: path + ".variations.plural", message: "no \"other\" form")
        }
        messages[key] = .plural(
          PluralForms(
            zero: forms[.zero], one: forms[.one], two: forms[.two], few: forms[.few], many: forms[.many], other: other))
      } else if let unit = localization.stringUnit {
        messages[key] = .text(try template(unit, file: file, path: path + ".stringUnit"))
      } else {
        throw Failure(file: file, path: path, message: "neither a stringUnit nor plural variations")
      }
    }
    return LocaleCatalog(tag: tag, pluralRulesTag: tag, messages: messages)
  }

  private static func template(
    _ unit: StringCatalogFile.StringUnit, file: String, path: String
  ) throws(Failure) -> MessageTemplate {
    guard ReviewState(rawValue: unit.state) != nil else {
      throw Failure(
        file: file, path: path + ".state",
        message:
          "unknown review state \"\(unit.state)\" (\(ReviewState.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    guard !unit.value.isEmpty else { throw Failure(file: file, path: path + ".value", message: "empty") }
    do {
      return try MessageTemplate.parse(unit.value)
    } catch {
      throw Failure(file: file, path: path + ".value", message: error.message)
    }
  }

  private static func describe(_ error: DecodingError, file: String) -> Failure {
    func path(_ codingPath: [any CodingKey]) -> String {
      "$"
        + codingPath.map { key in
          if let index = key.intValue { return "[\(index)]" }
          let name = key.stringValue
          return name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? ".\(name)" : "[\"\(name)\"]"
        }.joined()
    }
    switch error {
    case .keyNotFound(let key, let context):
      return Failure(file: file, path: path(context.codingPath), message: "missing \"\(key.stringValue)\"")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return Failure(file: file, path: path(context.codingPath), message: context.debugDescription)
    case .dataCorrupted(let context):
      return Failure(file: file, path: path(context.codingPath), message: "not valid JSON: \(context.debugDescription)")
    @unknown default:
      return Failure(file: file, path: "$", message: "\(error)")
    }
  }
}
