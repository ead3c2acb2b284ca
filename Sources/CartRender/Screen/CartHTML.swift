import Foundation
import RenderCore

/// The customer's cart screen as a self-contained mobile web page.
///
/// Under the heading, a cart with items says how many it holds (`<p class="item-count">`,
/// "4 items", in the CLDR plural form of the count).
/// Items are a list, each `<li data-item-id="…">`. An adjusted price shows the original
/// struck through, and a screen reader hears "Was …, now …" instead. The total is
/// `position: sticky` at the bottom of the content, so it stays in view while the items
/// scroll. An empty cart shows the placeholder message where the items would be.
///
/// Rendered from a ``CartUpdate`` (`--previous`), each item also carries the contract's
/// `data-change` (`inserted`, `moved`, `updated`, `unchanged`), `data-changed` naming
/// its changed fields (`"quantity totalAdjustedPrice"`), and `data-move` (`up`, `down`)
/// on a moved one; items that left are rendered once at their old place with
/// `data-change="removed"` and `aria-hidden="true"`. The summary, a summary line and the
/// total get the class `changed` when they changed. The sheet adds
/// ``CartStyle/updates`` (pure CSS animations, off under reduced motion), and a polite
/// live region announces a changed total.
///
/// Written without a `String` per amount or UI string: amounts go straight from their
/// digits into the page (``HTMLWriter/text(_:in:)-(Decimal,_)``), templates with their
/// arguments through ``HTMLWriter/text(_:isolated:argument:)``.
package enum CartHTML {
  /// The page's UTF-8 bytes (valid UTF-8, see ``Screen/htmlUTF8(context:)``).
  package static func renderUTF8(_ cart: ShoppingCart, context: RenderContext) -> [UInt8] {
    page(cart, update: nil, context: context)
  }

  /// The updated cart with animation hints against ``CartUpdate/previous``, as UTF-8 bytes.
  package static func renderUTF8(_ update: CartUpdate, context: RenderContext) -> [UInt8] {
    page(update.cart, update: update, context: context)
  }

  /// ``renderUTF8(_:context:)-(ShoppingCart,_)`` as a `String`.
  package static func render(_ cart: ShoppingCart, context: RenderContext) -> String {
    String(decoding: renderUTF8(cart, context: context), as: UTF8.self)
  }

  /// ``renderUTF8(_:context:)-(CartUpdate,_)`` as a `String`.
  package static func render(_ update: CartUpdate, context: RenderContext) -> String {
    String(decoding: renderUTF8(update, context: context), as: UTF8.self)
  }

  /// The UI strings every item uses, looked up once per page rather than per item.
  private struct ItemTemplates {
    let quantity: MessageTemplate
    let priceWasNow: MessageTemplate

    init(_ strings: StringTable) {
      quantity = strings.template(.cartQuantity)
      priceWasNow = strings.template(.cartPriceWasNow)
    }
  }

  /// The sheet of an updated cart, joined once (the page frame's cache compares it).
  private static let cssWithUpdates = CartStyle.css + CartStyle.updates

  /// Bytes reserved per item: a plain item takes about 400.
  private static let bytesPerItem = 512

  private static func page(_ cart: ShoppingCart, update: CartUpdate?, context: RenderContext) -> [UInt8] {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency.rawValue, locale: context.locale.locale)
    let style = update == nil ? CartStyle.css : cssWithUpdates
    let rows = update?.rows.count ?? cart.items.count
    let templates = ItemTemplates(strings)
    return PageShell.page(
      title: strings(.cartTitle), screen: "cart", style: style, context: context,
      capacity: 8 * 1024 + rows * bytesPerItem
    ) { html in
      html.element("h1") { $0.text(strings.template(.cartTitle)) }
      html.newline()
      if !cart.items.isEmpty {
        let count = cart.itemCount
        html.element("p", class: "item-count") {
          $0.text(strings.template(.cartItemCount, count: count)) { position, html in
            if position == 1 { html.text(count: count, in: money) }
          }
        }
        html.newline()
      }
      if cart.items.isEmpty {
        // Items that just left still play their exit, above the placeholder.
        if let rows = update?.rows, !rows.isEmpty {
          html.start("ul")
          html.attribute("class", "items")
          html.attribute("aria-hidden", "true")
          html.endStartTag()
          html.newline()
          writeRows(rows, money: money, templates: templates, into: &html)
          html.end("ul")
          html.newline()
        }
        html.element("div", class: "placeholder") { box in
          box.element("p") { $0.text(strings.template(.cartEmptyTitle)) }
          box.element("p") { $0.text(strings.template(.cartEmptyMessage)) }
        }
        html.newline()
      } else {
        html.element("h2", class: "visually-hidden") { $0.text(strings.template(.cartItemsHeading)) }
        html.newline()
        html.element("ul", class: "items") { list in
          list.newline()
          if let rows = update?.rows {
            writeRows(rows, money: money, templates: templates, into: &list)
          } else {
            // Read in place: a `for item in` loop, or an item passed as a value even to
            // a `borrowing` parameter, copies each item out of the array (its five
            // reference-counted fields retained, then released); the span's elements
            // are read where they lie, with bounds checks.
            let items = cart.items.span
            for index in items.indices {
              writeItem(items, at: index, money: money, templates: templates, into: &list) { _ in }
              list.newline()
            }
          }
        }
        html.newline()
      }
      if let summary = cart.summary {
        writeSummary(summary, update: update, money: money, strings: strings, into: &html)
      }
      if let update {
        writeTotalAnnouncement(update, money: money, strings: strings, into: &html)
      }
    }
  }

  /// An updated cart's rows, each followed by a line feed.
  private static func writeRows(
    _ rows: [CartUpdate.Row], money: MoneyFormatter, templates: ItemTemplates, into html: inout HTMLWriter
  ) {
    for row in rows {
      // A row's item as a span of one (a copy, as the row is): one way of writing items.
      let item: InlineArray<1, ShoppingCart.Item> = [row.item]
      writeItem(item.span, at: 0, money: money, templates: templates, into: &html) { writeHints(row, into: &$0) }
      html.newline()
    }
  }

  /// A polite live region, present on every updated page (so a host that patches the
  /// page in place keeps it) and filled only when the total changed.
  private static func writeTotalAnnouncement(
    _ update: CartUpdate, money: MoneyFormatter, strings: StringTable, into html: inout HTMLWriter
  ) {
    html.start("p")
    html.attribute("class", "visually-hidden")
    html.attribute("role", "status")
    html.attribute("aria-live", "polite")
    html.attribute("aria-atomic", "true")
    html.endStartTag()
    if update.diff.totalChanged, let total = update.cart.summary?.total {
      html.text(strings.template(.cartTotalChanged), isolated: true) { position, html in
        if position == 1 { html.text(total, in: money) }
      }
    }
    html.end("p")
    html.newline()
  }

  /// The contract's hooks for one row of an updated cart, in the open start tag.
  private static func writeHints(_ row: CartUpdate.Row, into html: inout HTMLWriter) {
    html.attribute("data-change", row.change.rawValue)
    if !row.changedFields.isEmpty {
      html.attribute("data-changed") { value in
        for (index, field) in row.changedFields.enumerated() {
          if index > 0 { value.text(" ") }
          value.text(field.rawValue)
        }
      }
    }
    if let direction = row.direction { html.attribute("data-move", direction.rawValue) }
    if row.change == .removed { html.attribute("aria-hidden", "true") }
  }

  /// One item, `items[index]`, written as a flat run of tags (``HTMLWriter/open(_:class:)``
  /// … ``HTMLWriter/end(_:)``) rather than a closure per element: this runs for every
  /// item of every page. The item is read in the span, field by field, never copied
  /// whole. `hints` writes an updated cart's attributes into the start tag (nothing for a
  /// plain cart): a closure, not an optional row, which was copied whole (over 200
  /// bytes) to be tested for nil on every item.
  private static func writeItem(
    _ items: Span<ShoppingCart.Item>, at index: Int, money: MoneyFormatter, templates: ItemTemplates,
    into html: inout HTMLWriter, hints: (inout HTMLWriter) -> Void
  ) {
    html.start("li")
    html.attribute("class", "item")
    html.attribute("data-item-id", items[index].id)
    hints(&html)
    html.endStartTag()
    html.newline()
    html.open("div", class: "item-line")
    html.open("p", class: "item-name merchant")
    html.isolated(items[index].name)
    html.end("p")
    html.open("p", class: "price")
    if items[index].isAdjusted {
      html.open("span", class: "visually-hidden")
      html.text(templates.priceWasNow) { position, html in
        switch position {
        case 1: html.text(items[index].totalPrice, in: money)
        case 2: html.text(items[index].payablePrice, in: money)
        default: break
        }
      }
      html.end("span")
      html.start("span")
      html.attribute("aria-hidden", "true")
      html.endStartTag()
      html.open("s")
      html.text(items[index].totalPrice, in: money)
      html.end("s")
      html.open("span")
      html.text(items[index].payablePrice, in: money)
      html.end("span")
      html.end("span")
    } else {
      html.text(items[index].payablePrice, in: money)
    }
    html.end("p")
    html.end("div")
    html.newline()
    html.open("p", class: "quantity")
    html.text(templates.quantity) { position, html in
      if position == 1 { html.text(count: items[index].quantity, in: money) }
    }
    html.end("p")
    html.newline()
    writeList(items[index].descriptions, class: "descriptions", into: &html)
    writeList(items[index].details, class: "details", into: &html)
    html.end("li")
  }

  private static func writeList(_ lines: [String], class name: StaticString, into html: inout HTMLWriter) {
    guard !lines.isEmpty else { return }
    html.open("ul", class: name)
    for line in lines {
      html.open("li", class: "merchant")
      html.isolated(line)
      html.end("li")
    }
    html.end("ul")
    html.newline()
  }

  private static func writeSummary(
    _ summary: ShoppingCart.Summary, update: CartUpdate?, money: MoneyFormatter, strings: StringTable,
    into html: inout HTMLWriter
  ) {
    let diff = update?.diff
    if !summary.summaryLines.isEmpty {
      html.start("section")
      html.attribute("class", diff?.summaryChanged == true ? "summary changed" : "summary")
      html.attribute("aria-label") { $0.text(strings.template(.cartSummaryHeading)) }
      html.endStartTag()
      html.newline()
      html.open("dl", class: "summary-lines")
      html.newline()
      for line in summary.summaryLines {
        let changed = update?.change(of: line) != nil
        html.open("div", class: changed ? "summary-line changed" : "summary-line")
        html.open("dt", class: "merchant")
        html.isolated(line.label)
        html.end("dt")
        switch line.value {
        case .amount(let amount):
          html.open("dd")
          html.text(amount, in: money)
        case .text(let text):
          html.open("dd", class: "merchant")
          html.isolated(text)
        }
        html.end("dd")
        html.end("div")
        html.newline()
      }
      html.end("dl")
      html.newline()
      html.end("section")
      html.newline()
    }
    html.start("p")
    html.attribute("class") { value in
      value.text(summary.summaryLines.isEmpty ? "total total-only" : "total")
      if diff?.totalChanged == true { value.text(" changed") }
    }
    html.endStartTag()
    html.open("span")
    html.text(strings.template(.cartTotal))
    html.end("span")
    html.open("span", class: "total-amount")
    html.text(summary.total, in: money)
    html.end("span")
    html.end("p")
    html.newline()
    if let footer = summary.footer, !footer.isEmpty {
      html.element("p", class: "cart-footer merchant") { $0.isolated(footer) }
      html.newline()
    }
  }
}
