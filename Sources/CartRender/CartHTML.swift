import Foundation
import RenderCore

/// The customer's cart screen as a self-contained mobile web page.
///
/// Items are a list, each `<li data-item-id="…">`. An adjusted price shows the original
/// struck through, and a screen reader hears "Was …, now …" instead. The total is
/// `position: sticky` at the bottom of the content, so it stays in view while the items
/// scroll. An empty cart shows the placeholder message where the items would be.
public enum CartHTML {
  public static func render(_ cart: ShoppingCart, context: RenderContext) -> String {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency, locale: context.locale.locale)
    return PageShell.page(title: strings(.cartTitle), screen: "cart", style: CartStyle.css, context: context) { html in
      html.element("h1", text: strings(.cartTitle))
      html.newline()
      if cart.items.isEmpty {
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
          for item in cart.items {
            writeItem(item, money: money, strings: strings, into: &list)
            list.newline()
          }
        }
        html.newline()
      }
      if let summary = cart.summary {
        writeSummary(summary, money: money, strings: strings, into: &html)
      }
    }
  }

  private static func writeItem(
    _ item: ShoppingCart.Item, money: MoneyFormatter, strings: StringTable, into html: inout HTMLWriter
  ) {
    html.element("li", [.init("class", "item"), .init("data-item-id", item.id)]) { li in
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
    _ summary: ShoppingCart.Summary, money: MoneyFormatter, strings: StringTable, into html: inout HTMLWriter
  ) {
    if !summary.summaryLines.isEmpty {
      html.element("section", [.init("class", "summary"), .init("aria-label", strings(.cartSummaryHeading))]) {
        section in
        section.newline()
        section.element("dl", [.init("class", "summary-lines")]) { list in
          list.newline()
          for line in summary.summaryLines {
            list.element("div", [.init("class", "summary-line")]) { row in
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
    let totalClass = summary.summaryLines.isEmpty ? "total total-only" : "total"
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
