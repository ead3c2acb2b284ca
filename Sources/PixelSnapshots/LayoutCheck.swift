import HeadlessBrowser

/// The layout rules `snapshot --check-layout` runs in each page, at each profile, in the
/// browser pass that takes the pixels: what a customer sees broken whatever the
/// locale's text length, direction or digits.
public enum LayoutRule: String, Sendable, CaseIterable, Comparable {
  /// Nothing reaches past the layout viewport's sides.
  case horizontalOverflow = "horizontal-overflow"
  /// No box cuts off its text (`overflow` other than visible, with text larger than it).
  case clippedText = "clipped-text"
  /// Every amount (prices, summary amounts, the total) is on one line.
  case amountOneLine = "amount-one-line"
  /// Every amount lies inside the viewport's width.
  case amountInViewport = "amount-in-viewport"
  /// A cart's total is painted, inside the viewport's width and not covered.
  case totalVisible = "total-visible"
  /// Every control (links, buttons, fields) is at least 44 × 44 CSS px.
  case targetSize = "target-size"
  /// Text contrasts with its background at least as WCAG 2.2 AA asks (4.5:1, 3:1 for
  /// large text: 24 px, or 18.66 px bold).
  case contrast = "contrast"

  public static func < (lhs: LayoutRule, rhs: LayoutRule) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// One place where a page breaks a ``LayoutRule``.
public struct LayoutFinding: Sendable, Equatable, CustomStringConvertible {
  /// The screen's name (`cart-hair-spray`).
  public let subject: String
  /// The locale (`de-DE`).
  public let localeTag: String
  /// The device the page was shown on.
  public let profile: DeviceProfile
  /// The rule broken.
  public let rule: LayoutRule
  /// What is wrong, naming the element by its text: `the total '1.234,56 €' wraps onto 2 lines`.
  public let problem: String

  /// `de-DE 320 px light: the total '1.234,56 €' wraps onto 2 lines [amount-one-line]`.
  public var description: String { "\(localeTag) \(profile.caption): \(problem) [\(rule.rawValue)]" }
}

/// The script of ``LayoutRule``s, and the reading of what it returns.
package enum LayoutCheck {
  /// Reads the script's result (an array of `{rule, problem}`); a result of another
  /// shape is one finding that says so, never silence.
  package static func findings(
    _ value: DevToolsValue?, subject: String, localeTag: String, profile: DeviceProfile
  ) -> [LayoutFinding] {
    guard let items = value?.array else {
      return [
        LayoutFinding(
          subject: subject, localeTag: localeTag, profile: profile, rule: .horizontalOverflow,
          problem: "the layout check returned nothing")
      ]
    }
    return items.compactMap { item in
      guard let name = item["rule"]?.string, let rule = LayoutRule(rawValue: name),
        let problem = item["problem"]?.string
      else { return nil }
      return LayoutFinding(subject: subject, localeTag: localeTag, profile: profile, rule: rule, problem: problem)
    }
  }

  /// An expression returning every finding of every rule in the loaded page as
  /// `[{rule, problem}]`. Lengths are CSS px of the layout viewport; an element is named
  /// by its text, cut to 40 characters. Visually hidden text (the `visually-hidden`
  /// pattern, `hidden`) is skipped: no one sees it.
  package static let script = """
    (() => {
      const out = [];
      const EPS = 0.5;
      const vw = document.documentElement.clientWidth;
      const say = (rule, problem) => out.push({ rule, problem });
      const snippet = (el) => {
        const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.textContent || '')
          .replace(/\\s+/g, ' ').trim();
        return text.length > 40 ? text.slice(0, 39) + '…' : text;
      };
      const hiddenFromSight = (el) => !!el.closest('.visually-hidden, [hidden]');
      const shown = (el) => el.getClientRects().length > 0 && !hiddenFromSight(el) &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const all = [...document.body.querySelectorAll('*')].filter(shown);

      // horizontal-overflow: the document wider than the viewport, named by the element
      // reaching furthest past either side.
      const pageWidth = document.documentElement.scrollWidth;
      if (pageWidth > vw + EPS) {
        let worst = null, reach = 0;
        for (const el of all) {
          const r = el.getBoundingClientRect();
          const past = Math.max(r.right - vw, -r.left);
          if (past > reach + EPS || (worst && past > reach - EPS && worst.contains(el))) { worst = el; reach = past; }
        }
        say('horizontal-overflow', `the page is ${pageWidth} px wide in a ${vw} px viewport` +
          (worst ? `: '${snippet(worst)}' reaches ${Math.round(reach)} px past the edge` : ''));
      }

      // clipped-text: a box that clips (overflow other than visible, or an ellipsis) and
      // whose text is larger than it.
      for (const el of all) {
        const style = getComputedStyle(el);
        const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
        if (!clips || !el.innerText || !el.innerText.trim()) continue;
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
          say('clipped-text', `the text '${snippet(el)}' is cut off by its box ` +
            `(${el.scrollWidth}×${el.scrollHeight} px of text in ${el.clientWidth}×${el.clientHeight} px)`);
        }
      }

      // Lines an element's text takes: its text's line boxes, told apart by their tops.
      const lineCount = (el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [];
        for (const r of range.getClientRects()) {
          if (r.width < EPS || r.height < EPS) continue;
          if (!lines.some((top) => Math.abs(top - r.top) < r.height / 2)) lines.push(r.top);
        }
        return lines.length;
      };
      const amounts = [...document.querySelectorAll(
        '.total-amount, .price s, .price [aria-hidden] > span, .summary-line dd:not(.merchant), .amount')].filter(shown);
      for (const el of amounts) {
        const what = el.classList.contains('total-amount') ? 'the total' : 'the amount';
        const lines = lineCount(el);
        if (lines > 1) say('amount-one-line', `${what} '${snippet(el)}' wraps onto ${lines} lines`);
        const r = el.getBoundingClientRect();
        if (r.left < -EPS || r.right > vw + EPS) {
          say('amount-in-viewport', `${what} '${snippet(el)}' lies at ${Math.round(r.left)} to ` +
            `${Math.round(r.right)} px, outside the ${vw} px viewport`);
        }
      }

      // total-visible: a cart with items shows its total, inside the viewport's width,
      // not hidden under anything.
      if (document.querySelector('.items')) {
        const total = document.querySelector('.total-amount');
        if (!total || !shown(total)) {
          say('total-visible', 'the cart shows no total');
        } else {
          const r = total.getBoundingClientRect();
          if (r.width < 1 || r.height < 1 || r.left < -EPS || r.right > vw + EPS) {
            say('total-visible', `the total '${snippet(total)}' is not inside the viewport`);
          } else {
            total.scrollIntoView({ block: 'center', inline: 'nearest' });
            const c = total.getBoundingClientRect();
            const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
            if (!hit || !(total === hit || total.contains(hit) || hit.contains(total))) {
              say('total-visible', `the total '${snippet(total)}' is covered by '${hit ? snippet(hit) : 'nothing'}'`);
            }
            window.scrollTo(0, 0);
          }
        }
      }

      // target-size: controls of at least 44 × 44 CSS px; a check box or radio button
      // counts with the label around it, which takes the same taps.
      const controls = document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], ' +
        '[tabindex]:not([tabindex="-1"])');
      for (const control of controls) {
        if (!shown(control)) continue;
        const label = /^(checkbox|radio)$/.test(control.type || '') ? control.closest('label') : null;
        const r = (label || control).getBoundingClientRect();
        if (r.width < 44 - EPS || r.height < 44 - EPS) {
          say('target-size', `the control '${snippet(label || control)}' is ${Math.round(r.width)}×${Math.round(r.height)} px, ` +
            'less than 44×44');
        }
      }

      // contrast: each element's own text against the colour behind it.
      const parse = (text) => {
        const m = /^rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:[,/] ?([\\d.]+))?\\)$/.exec(text);
        return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
      };
      const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
      const background = (el) => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
          const c = parse(getComputedStyle(e).backgroundColor);
          if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        let color = matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
        for (const layer of layers.reverse()) color = over(layer, color);
        return color;
      };
      const luminance = (c) => {
        const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      for (const el of all) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const style = getComputedStyle(el);
        const fg = parse(style.color);
        if (!fg) continue;
        const bg = background(el);
        const text = over(fg, bg);
        const [hi, lo] = [luminance(text), luminance(bg)].sort((a, b) => b - a);
        const ratio = (hi + 0.05) / (lo + 0.05);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
        const needed = large ? 3 : 4.5;
        if (ratio < needed - 0.005) {
          say('contrast', `the text '${snippet(el)}' contrasts ${ratio.toFixed(2)}:1 with its background, ` +
            `less than ${needed}:1`);
        }
      }
      return out;
    })()
    """
}
