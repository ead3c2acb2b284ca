import Foundation
import RenderCore

/// The cart screen as plain text, for a terminal or a snapshot file: labels on the
/// left, amounts right-aligned in the last columns, everything within the layout's width.
public enum CartText {
  /// Default width in display columns when `--width` is not given.
  public static let defaultWidth = 40

  public static func render(_ cart: ShoppingCart, context: RenderContext, width: Int = defaultWidth) -> String {
    let strings = context.strings
    let money = MoneyFormatter.shared(currency: context.configuration.currency, locale: context.locale.locale)
    let layout = TextLayout(width: width, localeTag: context.locale.formattingTag.description)
    var lines = SessionHeaderText.lines(context: context, layout: layout)
    lines.append(layout.rule("="))
    lines += layout.wrap(strings(.cartTitle))
    lines.append("")
    if cart.items.isEmpty {
      lines += layout.wrap(strings(.cartEmptyTitle))
      lines += layout.wrap(strings(.cartEmptyMessage))
    }
    for (index, item) in cart.items.enumerated() {
      if index > 0 { lines.append("") }
      lines += layout.row(item.name, money.format(item.payablePrice))
      let quantity = strings(.cartQuantity, money.format(item.quantity))
      if item.isAdjusted {
        lines += layout.row(quantity, strings(.cartPriceWas, money.format(item.totalPrice)), indent: 2)
      } else {
        lines += layout.wrap(quantity, indent: 2)
      }
      for description in item.descriptions { lines += layout.wrap(description, indent: 2) }
      for detail in item.details { lines += layout.wrap(detail, indent: 4) }
    }
    if let summary = cart.summary {
      lines.append(layout.rule("-"))
      for line in summary.summaryLines {
        switch line.value {
        case .amount(let amount): lines += layout.row(line.label, money.format(amount))
        case .text(let text): lines += layout.row(line.label, text)
        }
      }
      lines.append(layout.rule("="))
      lines += layout.row(strings(.cartTotal), money.format(summary.total))
      if let footer = summary.footer, !footer.isEmpty {
        lines.append("")
        lines += layout.wrap(footer)
      }
    }
    return lines.map { $0.trimmingTrailingWhitespace() }.joined(separator: "\n") + "\n"
  }
}
