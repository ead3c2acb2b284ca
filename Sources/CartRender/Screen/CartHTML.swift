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
public enum CartHTML {
  public static func render(_ cart: ShoppingCart, context: RenderContext) -> String {
    page(cart, update: nil, context: context)
  }

  /// The updated cart with animation hints against ``CartUpdate/previous``.
  public static func render(_ update: CartUpdate, context: RenderContext) -> String {
    page(update.cart, update: update, context: context)
  }

  private static func page(_ cart: ShoppingCart, update: CartUpdate?, context: RenderContext) -> String {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency, locale: context.locale.locale)
    let style = update == nil ? CartStyle.css : CartStyle.css + CartStyle.updates
    return PageShell.page(title: strings(.cartTitle), screen: "cart", style: style, context: context) { html in
      html.element("h1", text: strings(.cartTitle))
      html.newline()
      if !cart.items.isEmpty {
        let count = cart.itemCount
        html.element(
          "p", [.init("class", "item-count")], text: strings(.cartItemCount, count: count, money.format(count)))
        html.newline()
      }
      if cart.items.isEmpty {
        // Items that just left still play their exit, above the placeholder.
        if let rows = update?.rows, !rows.isEmpty {
          html.element("ul", [.init("class", "items"), .init("aria-hidden", "true")]) { list in
            list.newline()
            for row in rows {
              writeItem(row.item, row: row, money: money, strings: strings, into: &list)
              list.newline()
            }
          }
          html.newline()
        }
        html.element("div", [.init("class", "placeholder")]) { box in
          box.element("p", text: strings(.cartEmptyTitle))
          box.element("p", text: strings(.cartEmptyMessage))
        }
        html.newline()
      } else {
        html.element("h2", [.init("class", "visually-hidden")], text: strings(.cartItemsHeading))
        html.newline()
        html.element("ul", [.init("class", "items")]) { list in
          list.newline()
          if let rows = update?.rows {
            for row in rows {
              writeItem(row.item, row: row, money: money, strings: strings, into: &list)
              list.newline()
            }
          } else {
            for item in cart.items {
              writeItem(item, row: nil, money: money, strings: strings, into: &list)
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

  /// A polite live region, present on every updated page (so a host that patches the
  /// page in place keeps it) and filled only when the total changed.
  private static func writeTotalAnnouncement(
    _ update: CartUpdate, money: MoneyFormatter, strings: StringTable, into html: inout HTMLWriter
  ) {
    let attributes: [HTMLWriter.Attribute] = [
      .init("class", "visually-hidden"), .init("role", "status"), .init("aria-live", "polite"),
      .init("aria-atomic", "true"),
    ]
    html.element("p", attributes) { region in
      if update.diff.totalChanged, let total = update.cart.summary?.total {
        PageShell.translated(strings.parts(.cartTotalChanged, money.format(total)), into: &region)
      }
    }
    html.newline()
  }

  /// The contract's hooks for one row of an updated cart.
  private static func hints(_ row: CartUpdate.Row) -> [HTMLWriter.Attribute] {
    var attributes: [HTMLWriter.Attribute] = [.init("data-change", row.change.rawValue)]
    if !row.changedFields.isEmpty {
      attributes.append(.init("data-changed", row.changedFields.map(\.rawValue).joined(separator: " ")))
    }
    if let direction = row.direction { attributes.append(.init("data-move", direction.rawValue)) }
    if row.change == .removed { attributes.append(.init("aria-hidden", "true")) }
    return attributes
  }

  private static func writeItem(
    _ item: ShoppingCart.Item, row: CartUpdate.Row?, money: MoneyFormatter, strings: StringTable,
    into html: inout HTMLWriter
  ) {
    let attributes: [HTMLWriter.Attribute] =
      [.init("class", "item"), .init("data-item-id", item.id)] + (row.map(hints) ?? [])
    html.element("li", attributes) { li in
      li.newline()
      li.element("div", [.init("class", "item-line")]) { line in
        line.element("p", [.init("class", "item-name merchant")]) { $0.isolated(item.name) }
        line.element("p", [.init("class", "price")]) { price in
          let now = money.format(item.payablePrice)
          if item.isAdjusted {
            let was = money.format(item.totalPrice)
            price.element("span", [.init("class", "visually-hidden")], text: strings(.cartPriceWasNow, was, now))
            price.element("span", [.init("aria-hidden", "true")]) { shown in
              shown.element("s", text: was)
              shown.element("span", text: now)
            }
          } else {
            price.text(now)
          }
        }
      }
      li.newline()
      li.element("p", [.init("class", "quantity")], text: strings(.cartQuantity, money.format(item.quantity)))
      li.newline()
      writeList(item.descriptions, class: "descriptions", into: &li)
      writeList(item.details, class: "details", into: &li)
    }
  }

  private static func writeList(_ lines: [String], class name: String, into html: inout HTMLWriter) {
    guard !lines.isEmpty else { return }
    html.element("ul", [.init("class", name)]) { list in
      for line in lines {
        list.element("li", [.init("class", "merchant")]) { $0.isolated(line) }
      }
    }
    html.newline()
  }

  private static func writeSummary(
    _ summary: ShoppingCart.Summary, update: CartUpdate?, money: MoneyFormatter, strings: StringTable,
    into html: inout HTMLWriter
  ) {
    let diff = update?.diff
    if !summary.summaryLines.isEmpty {
      let sectionClass = diff?.summaryChanged == true ? "summary changed" : "summary"
      html.element("section", [.init("class", sectionClass), .init("aria-label", strings(.cartSummaryHeading))]) {
        section in
        section.newline()
        section.element("dl", [.init("class", "summary-lines")]) { list in
          list.newline()
          for line in summary.summaryLines {
            let lineClass = update?.change(of: line) == nil ? "summary-line" : "summary-line changed"
            list.element("div", [.init("class", lineClass)]) { row in
              row.element("dt", [.init("class", "merchant")]) { $0.isolated(line.label) }
              switch line.value {
              case .amount(let amount): row.element("dd", text: money.format(amount))
              case .text(let text): row.element("dd", [.init("class", "merchant")]) { $0.isolated(text) }
              }
            }
            list.newline()
          }
        }
        section.newline()
      }
      html.newline()
    }
    var totalClass = summary.summaryLines.isEmpty ? "total total-only" : "total"
    if diff?.totalChanged == true { totalClass += " changed" }
    html.element("p", [.init("class", totalClass)]) { total in
      total.element("span", text: strings(.cartTotal))
      total.element("span", [.init("class", "total-amount")], text: money.format(summary.total))
    }
    html.newline()
    if let footer = summary.footer, !footer.isEmpty {
      html.element("p", [.init("class", "cart-footer merchant")]) { $0.isolated(footer) }
      html.newline()
    }
  }
}
