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
  ///   - currency: the session's ISO 4217 code; amounts with more decimal places than
  ///     it has minor units are refused. Nil skips that check (`diff` compares carts
  ///     without a session).
  ///   - root: where the cart stands in its document (`$.cart` in a session transcript),
  ///     so every path and message names the right place.
  /// - Throws: ``DataErrors`` with every problem and its JSON path, e.g.
  ///   `$.items[1].id: duplicate item id "A" (first at $.items[0])`.
  public init(json: JSONValue, currency: String?, at root: JSONPath = .root) throws(DataErrors) {
    var log = ProblemLog()
    let digits = currency.map(CurrencyCode.fractionDigits)
    guard let object = JSONObjectReader<Key>(json, at: root, log: &log) else { throw DataErrors(log.problems) }

    var items: [Item] = []
    if let (value, path) = object.required(.items, log: &log) {
      if case .array(let elements) = value {
        // Positions are the elements' indexes, as the messages name them.
        var ids = ItemIDIndex(capacity: elements.count)
        for (index, element) in elements.enumerated() {
          let itemPath = path.appending(index: index)
          guard let item = Item(json: element, at: itemPath, fractionDigits: digits, log: &log) else { continue }
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
      summary = Summary(json: value, at: path, fractionDigits: digits, log: &log)
    }
    try log.check()
    self.init(items: items, summary: summary)
  }
}

extension ShoppingCart.Item {
  /// The contract's member names for an item (duplicate-id errors name `.id` too).
  enum Key: String, JSONKey {
    case id, name, quantity, totalPrice, totalAdjustedPrice, descriptions, details
  }

  init?(json: JSONValue, at path: JSONPath, fractionDigits: Int?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    let id = object.required(.id, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let name = object.required(.name, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    let quantity = object.required(.quantity, log: &log).flatMap {
      $0.0.integer(at: $0.1, in: 1...1_000_000_000, log: &log)
    }
    let totalPrice = object.required(.totalPrice, log: &log).flatMap {
      $0.0.amount(at: $0.1, fractionDigits: fractionDigits, log: &log)
    }
    var adjustedOK = true
    var adjusted: Decimal?
    if let (value, valuePath) = object.optional(.totalAdjustedPrice) {
      adjusted = value.amount(at: valuePath, fractionDigits: fractionDigits, log: &log)
      adjustedOK = adjusted != nil
    }
    var listsOK = true
    func strings(_ key: Key) -> [String] {
      guard let (value, listPath) = object.optional(key) else { return [] }
      guard let list = value.stringArray(at: listPath, log: &log) else {
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

  init?(json: JSONValue, at path: JSONPath, fractionDigits: Int?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    var lines: [LineItem] = []
    var linesOK = true
    if let (value, linesPath) = object.optional(.summaryLines) {
      if case .array(let elements) = value {
        for (index, element) in elements.enumerated() {
          if let line = LineItem(
            json: element, at: linesPath.appending(index: index), fractionDigits: fractionDigits, log: &log)
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
      $0.0.amount(at: $0.1, fractionDigits: fractionDigits, log: &log)
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

  init?(json: JSONValue, at path: JSONPath, fractionDigits: Int?, log: inout ProblemLog) {
    guard let object = JSONObjectReader<Key>(json, at: path, log: &log) else { return nil }
    let label = object.required(.label, log: &log).flatMap { $0.0.nonEmptyString(at: $0.1, log: &log) }
    var value: Value?
    if let (json, valuePath) = object.required(.value, log: &log) {
      switch json {
      case .number:
        value = json.amount(at: valuePath, fractionDigits: fractionDigits, log: &log).map(Value.amount)
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
