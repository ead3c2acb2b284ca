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
package enum CartStyle {
  package static let css = TrustedHTML(
    literal: """
      .item-count{margin:-8px 0 12px;color:var(--muted)}
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
      .total{position:sticky;bottom:0;z-index:1;margin:0;padding:12px 16px;background:var(--card);\
      border-block-start:1px solid var(--rule);border-radius:0 0 12px 12px;font-weight:700;font-size:1.15rem}
      .total-only{border-radius:12px;margin-top:16px}
      .cart-footer{margin:16px 0 0;color:var(--muted);text-align:center}
      .placeholder{padding:32px 16px;text-align:center;background:var(--card);border-radius:12px;color:var(--muted)}

      """)

  /// Added after ``css`` on a page rendered with a previous cart (``CartUpdate``): pure
  /// CSS animations keyed on the contract's hooks. Items enter (`inserted`), leave
  /// (`removed`: shown, then collapsed; its resting state is hidden, so without
  /// animations it is simply gone), slide from where they were (`moved`, by
  /// `data-move`), and changed amounts and texts flash (`data-changed`, and the class
  /// `changed` on a summary line or the total).
  /// `prefers-reduced-motion: reduce` turns every animation off.
  package static let updates = TrustedHTML(
    literal: """
      :root{--changed:#ffe98a}
      @media (prefers-color-scheme:dark){:root{--changed:#5a4a00}}
      .items{overflow:hidden}
      @keyframes cart-enter{from{opacity:0;transform:translateY(-8px);background:var(--changed)}}
      @keyframes cart-leave{from{visibility:visible;opacity:1;max-height:16rem;padding-block:12px}}
      @keyframes cart-flash{from{background:var(--changed)}}
      @keyframes cart-from-above{from{transform:translateY(-60%);background:var(--changed)}}
      @keyframes cart-from-below{from{transform:translateY(60%);background:var(--changed)}}
      .item[data-change="inserted"]{animation:cart-enter .4s ease-out}
      .item[data-change="removed"]{visibility:hidden;opacity:0;max-height:0;overflow:hidden;padding-block:0;\
      border-block-end-width:0;animation:cart-leave .45s ease-in}
      .item[data-change="moved"]{position:relative;z-index:1;background:var(--card);animation:cart-flash .6s ease-out}
      .item[data-move="down"]{animation-name:cart-from-above}
      .item[data-move="up"]{animation-name:cart-from-below}
      .item[data-changed~="quantity"] .quantity,.item[data-changed~="totalPrice"] .price,\
      .item[data-changed~="totalAdjustedPrice"] .price,.item[data-changed~="name"] .item-name,\
      .item[data-changed~="descriptions"] .descriptions,.item[data-changed~="details"] .details,\
      .summary-line.changed dd,.total.changed .total-amount{border-radius:4px;animation:cart-flash 1.6s ease-out}
      @media (prefers-reduced-motion:reduce){.screen-cart *{animation:none!important}}

      """)
}
