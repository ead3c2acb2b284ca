import RenderCore

/// The cart screen's style, after ``PageStyle/base``. The total is `position: sticky`
/// at the bottom of the content, so it stays in view while the items scroll.
///
/// A row (name and price, summary label and amount, total) keeps its amount at the row's
/// inline end. When the label would get narrower than 8em (the total's short label: than
/// itself), as on a narrow screen or with large text, the amount wraps onto its own line
/// instead of squeezing the label, and a struck-through price may wrap above the new one.
/// The row places the amount (`justify-content: flex-end`), not the amount's own margin:
/// an amount that is merchant text has its own direction (`dir="auto"`), so its logical
/// margins would point the wrong way in a right-to-left page.
enum CartStyle {
  static let css = TrustedHTML(
    literal: """
      .items{list-style:none;margin:0;padding:0;background:var(--card);border-radius:12px}
      .item{padding:12px 16px;border-block-end:1px solid var(--rule)}
      .item:last-child{border-block-end:0}
      .item-line,.summary-line,.total{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:baseline;\
      gap:4px 12px}
      .item-name{margin:0;font-weight:600;flex:1 1 8em;min-width:0}
      .price,.summary-line dd,.total-amount{margin:0;white-space:nowrap;text-align:end;font-variant-numeric:tabular-nums}
      .price>[aria-hidden]{white-space:normal}
      .price>[aria-hidden]>*{display:inline-block;white-space:nowrap}
      .price s{color:var(--muted);margin-inline-end:6px}
      .quantity,.descriptions,.details{margin:4px 0 0;padding:0;list-style:none;color:var(--muted)}
      .details{font-size:.85rem}
      .summary{margin:16px 0 0;padding:12px 16px 0;background:var(--card);border-radius:12px 12px 0 0}
      .summary-lines{margin:0}
      .summary-line{padding:4px 0}
      .summary-line dt{flex:1 1 8em;min-width:0}
      .total>:first-child{flex:1 1 auto;min-width:0}
      .total{position:sticky;bottom:0;margin:0;padding:12px 16px;background:var(--card);\
      border-block-start:1px solid var(--rule);border-radius:0 0 12px 12px;font-weight:700;font-size:1.15rem}
      .total-only{border-radius:12px;margin-top:16px}
      .cart-footer{margin:16px 0 0;color:var(--muted);text-align:center}
      .placeholder{padding:32px 16px;text-align:center;background:var(--card);border-radius:12px;color:var(--muted)}

      """)
}
