import Foundation
import RenderCore

extension ShoppingCart {
  /// The contract's member names for a cart (diff errors name `$.items` too).
  enum Key: String, JSONKey {
    case items, summary
  }

  /// Decodes and validates the contract's cart JSON.
  ///
  /// - Parameters:
  ///   - json: the parsed document.
  ///   - currency: the session's ISO 4217 code; an amount with more decimal places than
  ///     it has minor units is rounded as the currency format rounds it (half to even),
  ///     with a warning. Nil keeps every place (`diff` compares carts without a session).
  ///   - root: where the cart stands in its document (`$.cart` in a session transcript),
  ///     so every path and message names the right place.
  ///   - warnings: receives one warning per rounded amount, with its path:
  ///     `$.items[1].totalPrice: warning: 3 decimal places, USD has 2; shown rounded`.
  /// - Throws: ``DataErrors`` with every problem and its JSON path, e.g.
  ///   `$.items[1].id: duplicate item id "A" (first at $.items[0])`.
  package init(
    json: JSONValue, currency: String?, at root: JSONPath = .root, warnings: inout [DataProblem]
  ) throws(DataErrors) {
    var log = ProblemLog()
    defer { warnings += log.warnings }
    let minorUnits = currency.map(CurrencyMinorUnits.init)
    guard let object = JSONObjectReader<Key>(json, at: root, log: &log) else { throw DataErrors(log.problems) }

    var items: [Item] = []
    if let (value, path) = object.required(.items, log: &log) {
      if case .array(let elements) = value, elements.count > InputLimits.items {
        log.add(
          path,
          "\(InputLimits.grouped(elements.count)) items; a cart holds at most \(InputLimits.grouped(InputLimits.items))"
        )
      } else if case .array(let elements) = value {
        // Positions are the elements' indexes, as the messages name them.
        var ids = ItemIDIndex(capacity: elements.count)
        for (index, element) in elements.enumerated() {
          let itemPath = path.appending(index: index)
          guard let item = Item(json: element, at: itemPath, currency: minorUnits, log: &log) else { continue }
          if let first = ids.insert(item.id, position: index) {
            ItemIDIndex.logDuplicate(item.id, at: index, first: first, itemsPath: path, log: &log)
          }
          items.append(item)
        }
      } else {
        log.add(path, "expected an array of items, found \(value.typeName)")
      }
    }
    var summary: Summary?
    if let (value, path) = object.optional(.summary) {
      summary = Summary(json: value, at: path, currency: minorUnits, log: &log)
    }
    try log.check()
    self.init(items: items, summary: summary)
  }

  /// A cart from its values, checked by the same rules as the contract's JSON: ids
  /// present and unique, names and labels present, quantities from 1 to 1,000,000,000,
  /// finite amounts, at most ``InputLimits/items`` items. An amount with more decimal
  /// places than `currency` has minor units is rounded (half to even), as in JSON.
  /// - Parameters:
  ///   - items: in display order; empty makes the placeholder cart.
  ///   - summary: subtotals, adjustments and the total; nil on a placeholder cart.
  ///   - currency: the session's ISO 4217 code.
  /// - Throws: ``DataErrors`` naming each broken rule by its place in the contract's
  ///   JSON (`$.items[1].id: duplicate item id "A" (first at $.items[0])`).
  public init(items: [Item], summary: Summary? = nil, currency: String) throws(DataErrors) {
    var members: [(key: String, value: JSONValue)] = [(Key.items.rawValue, .array(items.map(\.json)))]
    if let summary { members.append((Key.summary.rawValue, summary.json)) }
    try self.init(json: .object(members), currency: currency)
  }

  /// Parses, decodes and validates the contract's cart JSON (a cart file's bytes), by
  /// the rules of ``init(items:summary:currency:)``, every problem collected.
  /// - Parameters:
  ///   - jsonUTF8: the document.
  ///   - currency: the session's ISO 4217 code, which rounds amounts to its minor units.
  ///   - warnings: receives one warning per rounded amount, with its path.
  /// - Throws: ``DataErrors`` with every problem and its JSON path.
  public init(jsonUTF8: [UInt8], currency: String, warnings: inout [DataProblem]) throws(DataErrors) {
    try self.init(json: try JSONParser.parse(jsonUTF8), currency: currency, warnings: &warnings)
  }

  /// ``init(jsonUTF8:currency:warnings:)`` for a caller that shows no warnings.
  public init(jsonUTF8: [UInt8], currency: String) throws(DataErrors) {
    var ignored: [DataProblem] = []
    try self.init(jsonUTF8: jsonUTF8, currency: currency, warnings: &ignored)
  }

  /// ``init(json:currency:at:warnings:)`` for a caller that shows no warnings.
  package init(json: JSONValue, currency: String?, at root: JSONPath = .root) throws(DataErrors) {
    var ignored: [DataProblem] = []
    try self.init(json: json, currency: currency, at: root, warnings: &ignored)
  }
}

extension ShoppingCart.Item {
  /// The contract's member names for an item (duplicate-id errors name `.id` too).
  enum Key: String, JSONKey {
    case id, name, quantity, totalPrice, totalAdjustedPrice, descriptions, details
  }

  /// The item as the contract's JSON, so a cart made of values is checked as JSON is.
  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      (Key.id.rawValue, .string(id)), (Key.name.rawValue, .string(name)),
      (Key.quantity.rawValue, .number(String(quantity))), (Key.totalPrice.rawValue, .number("\(totalPrice)")),
    ]
    if let totalAdjustedPrice { members.append((Key.totalAdjustedPrice.rawValue, .number("\(totalAdjustedPrice)"))) }
    if !descriptions.isEmpty { members.append((Key.descriptions.rawValue, .array(descriptions.map(JSONValue.string)))) }
    if !details.isEmpty { members.append((Key.details.rawValue, .array(details.map(JSONValue.string)))) }
    return .object(members)
  }

  init?(json: JSONValue, at path: JSONPath, currency: CurrencyMinorUnits?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    let id = object.required(.id, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let name = object.required(.name, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let quantity = object.required(.quantity, log: &log).flatMap {
      $0.0.integer(at: $0.1, in: 1...1_000_000_000, log: &log)
    }
    let totalPrice = object.required(.totalPrice, log: &log).flatMap {
      $0.0.amount(at: $0.1, currency: currency, log: &log)
    }
    var adjustedOK = true
    var adjusted: Decimal?
    if let (value, valuePath) = object.optional(.totalAdjustedPrice) {
      adjusted = value.amount(at: valuePath, currency: currency, log: &log)
      adjustedOK = adjusted != nil
    }
    var listsOK = true
    func strings(_ key: Key) -> [String] {
      guard let (value, listPath) = object.optional(key) else { return [] }
      guard let list = value.stringArray(at: listPath, limit: InputLimits.descriptions, log: &log) else {
        listsOK = false
        return []
      }
      return list
    }
    let descriptions = strings(.descriptions)
    let details = strings(.details)
    guard let id, let name, let quantity, let totalPrice, adjustedOK, listsOK else { return nil }
    self.init(
      id: id, name: name, quantity: quantity, totalPrice: totalPrice, totalAdjustedPrice: adjusted,
      descriptions: descriptions, details: details)
  }
}

extension ShoppingCart.Summary {
  /// The contract's member names for a summary.
  private enum Key: String, JSONKey {
    case summaryLines, footer, total
  }

  /// The summary as the contract's JSON.
  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      (Key.summaryLines.rawValue, .array(summaryLines.map(\.json)))
    ]
    if let footer { members.append((Key.footer.rawValue, .string(footer))) }
    members.append((Key.total.rawValue, .number("\(total)")))
    return .object(members)
  }

  init?(json: JSONValue, at path: JSONPath, currency: CurrencyMinorUnits?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    var lines: [LineItem] = []
    var linesOK = true
    if let (value, linesPath) = object.optional(.summaryLines) {
      if case .array(let elements) = value {
        for (index, element) in elements.enumerated() {
          if let line = LineItem(
            json: element, at: linesPath.appending(index: index), currency: currency, log: &log)
          {
            lines.append(line)
          } else {
            linesOK = false
          }
        }
      } else {
        log.add(linesPath, "expected an array of summary lines, found \(value.typeName)")
        linesOK = false
      }
    }
    var footerOK = true
    var footer: String?
    if let (value, footerPath) = object.optional(.footer) {
      footer = value.string(at: footerPath, log: &log)
      footerOK = footer != nil
    }
    let total = object.required(.total, log: &log).flatMap {
      $0.0.amount(at: $0.1, currency: currency, log: &log)
    }
    guard let total, linesOK, footerOK else { return nil }
    self.init(summaryLines: lines, footer: footer, total: total)
  }
}

extension ShoppingCart.Summary.LineItem {
  /// The contract's member names for a summary line.
  private enum Key: String, JSONKey {
    case label, value
  }

  /// The line as the contract's JSON.
  var json: JSONValue {
    let value: JSONValue =
      switch self.value {
      case .amount(let amount): .number("\(amount)")
      case .text(let text): .string(text)
      }
    return .object([(Key.label.rawValue, .string(label)), (Key.value.rawValue, value)])
  }

  init?(json: JSONValue, at path: JSONPath, currency: CurrencyMinorUnits?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    let label = object.required(.label, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    var value: Value?
    if let (json, valuePath) = object.required(.value, log: &log) {
      switch json {
      case .number:
        value = json.amount(at: valuePath, currency: currency, log: &log).map(Value.amount)
      case .string:
        // Verbatim text ("Free", "10%") is the one place a string stands for a value.
        value = json.string(at: valuePath, log: &log).map(Value.text)
      default:
        log.add(valuePath, "expected an amount (a JSON number) or text (a string), found \(json.typeName)")
      }
    }
    guard let label, let value else { return nil }
    self.init(label: label, value: value)
  }
}
