import Foundation
import RenderCore

/// The cart screen as a screen reader meets it (the `spoken` format, see
/// ``RenderSpoken/SpokenWriter``), mirroring ``CartHTML`` node for node: the heading, the
/// item count, the hidden "Items" heading and the list; an adjusted price is its hidden
/// "Was …, now …" sentence, the struck-through pair being `aria-hidden`; the summary is
/// the region named "Summary" holding a `description list` (what Chromium makes of a
/// `<dl>`: not a `list`) of terms named by their label, each followed by its
/// definition; then the total and the footer.
///
/// Rendered from a ``CartUpdate``, items that left are `aria-hidden` on the page and so
/// absent here (an empty updated cart's list of leaving items with them), and the polite
/// live region ends the page, with "The total is now …" when the total changed.
///
/// Merchant text (names, descriptions, details, summary labels and texts, the footer) and
/// the amount in "The total is now …" are isolated as the page isolates them
/// (``RenderCore/SpokenWriter/isolated(_:)``).
package enum CartSpoken {
  /// The cart's tree as UTF-8 bytes.
  package static func renderUTF8(_ cart: ShoppingCart, context: RenderContext) -> [UInt8] {
    page(cart, update: nil, context: context)
  }

  /// The updated cart's tree as UTF-8 bytes, with the live region.
  package static func renderUTF8(_ update: CartUpdate, context: RenderContext) -> [UInt8] {
    page(update.cart, update: update, context: context)
  }

  private static func page(_ cart: ShoppingCart, update: CartUpdate?, context: RenderContext) -> [UInt8] {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency.rawValue, locale: context.locale.locale)
    return SpokenPage.page(title: strings(.cartTitle), context: context) { main in
      main.node(SpokenWriter.heading(1), name: strings(.cartTitle))
      if cart.items.isEmpty {
        // The leaving items' list is aria-hidden: only the placeholder is read.
        main.node("paragraph") { $0.text(strings(.cartEmptyTitle)) }
        main.node("paragraph") { $0.text(strings(.cartEmptyMessage)) }
      } else {
        let count = cart.itemCount
        main.node("paragraph") { $0.text(strings(.cartItemCount, count: count, money.format(count))) }
        main.node(SpokenWriter.heading(2), name: strings(.cartItemsHeading))
        let items = update.map { $0.rows.filter { $0.change != .removed }.map(\.item) } ?? cart.items
        main.node("list", states: [SpokenWriter.items(items.count)]) { list in
          for item in items {
            writeItem(item, money: money, strings: strings, into: &list)
          }
        }
      }
      if let summary = cart.summary {
        writeSummary(summary, money: money, strings: strings, into: &main)
      }
      if let update {
        main.node("status", states: ["live polite", "atomic"]) { region in
          if update.diff.totalChanged, let total = update.cart.summary?.total {
            region.text(region.translated(strings.filled(.cartTotalChanged, money.format(total))))
          }
        }
      }
    }
  }

  private static func writeItem(
    _ item: ShoppingCart.Item, money: MoneyFormatter, strings: StringTable, into list: inout SpokenWriter
  ) {
    list.node("listitem") { entry in
      entry.node("paragraph") { $0.text($0.isolated(item.name)) }
      entry.node("paragraph") { price in
        if item.isAdjusted {
          price.text(strings(.cartPriceWasNow, money.format(item.totalPrice), money.format(item.payablePrice)))
        } else {
          price.text(money.format(item.payablePrice))
        }
      }
      entry.node("paragraph") { $0.text(strings(.cartQuantity, money.format(item.quantity))) }
      writeList(item.descriptions, into: &entry)
      writeList(item.details, into: &entry)
    }
  }

  private static func writeList(_ lines: [String], into entry: inout SpokenWriter) {
    guard !lines.isEmpty else { return }
    entry.node("list", states: [SpokenWriter.items(lines.count)]) { list in
      for line in lines {
        list.node("listitem") { $0.text($0.isolated(line)) }
      }
    }
  }

  private static func writeSummary(
    _ summary: ShoppingCart.Summary, money: MoneyFormatter, strings: StringTable, into main: inout SpokenWriter
  ) {
    if !summary.summaryLines.isEmpty {
      main.node("region", name: strings(.cartSummaryHeading)) { region in
        region.node("description list") { list in
          for line in summary.summaryLines {
            // A term is named by its text, as a heading is, and not read again inside.
            list.node("term", name: list.isolated(line.label))
            list.node("definition") { definition in
              switch line.value {
              case .amount(let amount): definition.text(money.format(amount))
              case .text(let text): definition.text(definition.isolated(text))
              }
            }
          }
        }
      }
    }
    main.node("paragraph") { total in
      total.text(strings(.cartTotal))
      total.text(money.format(summary.total))
    }
    if let footer = summary.footer, !footer.isEmpty {
      main.node("paragraph") { $0.text($0.isolated(footer)) }
    }
  }
}
