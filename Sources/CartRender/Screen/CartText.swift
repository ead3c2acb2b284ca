import Foundation
import RenderCore

/// The cart screen as plain text, for a terminal or a snapshot file: labels on the
/// left, amounts right-aligned in the last columns, everything within the layout's width.
///
/// Rendered from a ``CartUpdate`` (`--previous`), every line starts with a two-column
/// gutter whose first column marks what changed, so a diff of two snapshots reads at a
/// glance: `+` an inserted item (or a new summary line), `-` an item that left (shown
/// once, at its old place), `~` a line showing a changed value, `↕` the other lines of
/// a moved item. Summary lines are marked `+` (new label) or `~` (new value), the total
/// and the footer `~` when they changed. The rest of the line is laid out in the width left, so it still fits.
package enum CartText {
  /// Gutter marks, as documented on the type.
  enum Mark: Character {
    case inserted = "+"
    case removed = "-"
    case changed = "~"
    case moved = "↕"
  }

  package static func render(
    _ cart: ShoppingCart, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> String {
    render(cart, update: nil, context: context, width: width)
  }

  /// The updated cart with a change gutter against ``CartUpdate/previous``; every line
  /// still fits `width` columns.
  package static func render(
    _ update: CartUpdate, context: RenderContext, width: Int = OutputFormat.defaultTextWidth
  ) -> String {
    render(update.cart, update: update, context: context, width: width)
  }

  /// The page's lines in one buffer, with an optional change gutter.
  private struct Output {
    let gutter: Bool
    var lines: TextLines
    /// The quantity line of each small quantity, made once per page.
    private var quantityLines: [String?] = []

    init(gutter: Bool, items: Int) {
      self.gutter = gutter
      // About six lines of 40 to 80 bytes an item.
      lines = TextLines(reservingCapacity: 1_024 + 320 * items)
    }

    /// Marks the lines written next (a no-op without a gutter).
    mutating func mark(_ mark: Mark?) {
      guard gutter else { return }
      lines.linePrefix = String(mark?.rawValue ?? " ") + " "
    }

    mutating func add(_ new: [String], _ mark: Mark? = nil) {
      self.mark(mark)
      lines.append(lines: new)
    }

    mutating func add(_ line: String, _ mark: Mark? = nil) {
      self.mark(mark)
      lines.append(line: line)
    }

    /// `Qty 4` in the page's language and digits; the same text for the same count.
    mutating func quantityLine(_ quantity: Int, strings: StringTable, money: MoneyFormatter) -> String {
      guard quantity >= 0, quantity < 64 else { return strings(.cartQuantity, money.format(quantity)) }
      if quantity < quantityLines.count, let made = quantityLines[quantity] { return made }
      let made = strings(.cartQuantity, money.format(quantity))
      if quantityLines.count <= quantity {
        quantityLines += repeatElement(nil, count: quantity + 1 - quantityLines.count)
      }
      quantityLines[quantity] = made
      return made
    }
  }

  /// The page; `generalPathOnly` lays it out without the layout's fast paths (tests).
  static func render(
    _ cart: ShoppingCart, update: CartUpdate?, context: RenderContext, width: Int, generalPathOnly: Bool = false
  ) -> String {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency.rawValue, locale: context.locale.locale)
    var out = Output(gutter: update != nil, items: update?.rows.count ?? cart.items.count)
    let layout = TextLayout(
      width: update == nil ? width : max(1, width - 2), localeTag: context.locale.formattingTag.description,
      generalPathOnly: generalPathOnly)
    let wasTemplate = strings.template(.cartPriceWas)
    out.add(SessionHeaderText.lines(context: context, layout: layout))
    out.mark(nil)
    layout.rule("=", into: &out.lines)
    layout.wrap(strings(.cartTitle), into: &out.lines)
    if !cart.items.isEmpty {
      let count = cart.itemCount
      layout.wrap(strings(.cartItemCount, count: count, money.format(count)), into: &out.lines)
    }
    out.add("")
    // An update's rows, each with its marks; a cart's items as they are (no row made for each).
    let rowCount = update?.rows.count ?? cart.items.count
    for index in 0..<rowCount {
      if index > 0 { out.add("") }
      if let update {
        writeItem(
          update.rows[index].item, marks: Marks(update.rows[index]), layout: layout, money: money, strings: strings,
          wasTemplate: wasTemplate, into: &out)
      } else {
        writeItem(
          cart.items[index], marks: Marks(), layout: layout, money: money, strings: strings, wasTemplate: wasTemplate,
          into: &out)
      }
    }
    if cart.items.isEmpty {
      if rowCount > 0 { out.add("") }
      out.mark(nil)
      layout.wrap(strings(.cartEmptyTitle), into: &out.lines)
      layout.wrap(strings(.cartEmptyMessage), into: &out.lines)
    }
    if let summary = cart.summary {
      out.mark(nil)
      layout.rule("-", into: &out.lines)
      for line in summary.summaryLines {
        let mark: Mark? =
          switch update?.change(of: line) {
          case .inserted: .inserted
          case nil: nil
          default: .changed
          }
        out.mark(mark)
        switch line.value {
        case .amount(let amount): layout.row(line.label, money.format(amount), into: &out.lines)
        case .text(let text): layout.row(line.label, text, valueBreaks: true, into: &out.lines)
        }
      }
      out.mark(nil)
      layout.rule("=", into: &out.lines)
      out.mark(update?.diff.totalChanged == true ? .changed : nil)
      layout.row(strings(.cartTotal), money.format(summary.total), into: &out.lines)
      if let footer = summary.footer, !footer.isEmpty {
        out.add("")
        let changed = update.map { $0.previous.summary?.footer != footer } ?? false
        out.mark(changed ? .changed : nil)
        layout.wrap(footer, into: &out.lines)
      }
    }
    return out.lines.text
  }

  /// An item's lines. Amounts are made as `String`s: `MoneyFormatter.withUTF8`, generic
  /// and not inlinable, looks up its result type's metadata at run time, which costs
  /// more than the `String`.
  private static func writeItem(
    _ item: borrowing ShoppingCart.Item, marks: Marks, layout: TextLayout, money: MoneyFormatter,
    strings: StringTable, wasTemplate: MessageTemplate, into out: inout Output
  ) {
    out.mark(marks.price)
    layout.row(item.name, money.format(item.payablePrice), into: &out.lines)
    let quantity = out.quantityLine(item.quantity, strings: strings, money: money)
    out.mark(marks.quantity)
    if item.isAdjusted {
      var was = money.format(item.totalPrice)
      was.withUTF8 { layout.row(quantity, template: wasTemplate, argument: $0, indent: 2, into: &out.lines) }
    } else {
      layout.wrap(quantity, indent: 2, into: &out.lines)
    }
    out.mark(marks.descriptions)
    for description in item.descriptions { layout.wrap(description, indent: 2, into: &out.lines) }
    out.mark(marks.details)
    for detail in item.details { layout.wrap(detail, indent: 4, into: &out.lines) }
  }

  /// The mark of each part of an item's lines.
  private struct Marks {
    /// Name and price.
    var price: Mark?
    /// Quantity, and the original price of a discounted line.
    var quantity: Mark?
    var descriptions: Mark?
    var details: Mark?

    init() {}

    init(_ row: CartUpdate.Row) {
      switch row.change {
      case .unchanged: self.init()
      case .inserted: self.init(all: .inserted)
      case .removed: self.init(all: .removed)
      case .updated, .moved:
        let rest: Mark? = row.change == .moved ? .moved : nil
        self.init(all: rest)
        let fields = Set(row.changedFields)
        let priceChanged = !fields.isDisjoint(with: [.totalPrice, .totalAdjustedPrice])
        let wasShown = row.item.isAdjusted || row.previousItem?.isAdjusted == true
        if priceChanged || fields.contains(.name) { price = .changed }
        if fields.contains(.quantity) || (priceChanged && wasShown) { quantity = .changed }
        if fields.contains(.descriptions), !row.item.descriptions.isEmpty { descriptions = .changed }
        if fields.contains(.details), !row.item.details.isEmpty { details = .changed }
        // A change no line shows (a list emptied) still marks the item.
        if !fields.isEmpty, price != .changed, quantity != .changed, descriptions != .changed, details != .changed {
          price = .changed
        }
      }
    }

    private init(all mark: Mark?) {
      price = mark
      quantity = mark
      descriptions = mark
      details = mark
    }
  }
}
