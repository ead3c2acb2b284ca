// Measurements the browser suite takes inside a page (injected by lab.py through WebDriver,
// so the page's Content Security Policy does not apply). Every check returns a list of
// problems, each a sentence naming the element, so Python only has to report them.
// Lengths are CSS px of the layout viewport.
window.__lab = (() => {
  const EPS = 0.5;
  const MIN_TARGET = 44;
  const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Mandaic}\p{Script=Samaritan}]/u;
  const LETTER = /\p{L}/u;
  const CONTROLS =
    'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
    '[role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], ' +
    '[role="tab"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])';

  const px = (n) => Math.round(n * 10) / 10;
  const layoutWidth = () => document.documentElement.clientWidth;
  const layoutHeight = () => document.documentElement.clientHeight;

  function snippet(text, length = 40) {
    const clean = (text || '').replace(/\s+/g, ' ').trim();
    return clean.length > length ? clean.slice(0, length - 1) + '…' : clean;
  }

  // `main.content > ul.items > li.item[data-item-id="A"] > p.price`, up to four levels.
  function describe(el) {
    if (!el || el.nodeType !== 1) return String(el);
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let part = e.localName;
      if (e.id) part += '#' + e.id;
      for (const name of e.classList) part += '.' + name;
      for (const attribute of ['name', 'type', 'data-item-id', 'role']) {
        if (e.hasAttribute(attribute)) part += `[${attribute}="${e.getAttribute(attribute)}"]`;
      }
      parts.unshift(part);
      if (e.id || e.localName === 'body') break;
    }
    return parts.join(' > ');
  }

  function named(el) {
    const text = snippet(el.innerText || el.value || el.getAttribute('aria-label') || '');
    return text ? `${describe(el)} "${text}"` : describe(el);
  }

  // Painted at all: in the layout, not hidden, not fully transparent.
  function rendered(el) {
    if (!el || el.getClientRects().length === 0) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
  }

  // The part of `rect` not clipped away by the ancestors of `owner` (inclusive when
  // `includeOwner`): overflow other than visible, `clip`, `clip-path`. Null when nothing
  // of it shows (e.g. the 1 px visually-hidden pattern). The body and root are left out:
  // their overflow is the viewport's, which is exactly what the overflow check measures.
  function visiblePart(rect, owner, includeOwner) {
    let { left, top, right, bottom } = rect;
    let node = includeOwner ? owner : owner.parentElement;
    for (; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      const clipped = style.clipPath !== 'none' || (style.clip !== 'auto' && /absolute|fixed/.test(style.position));
      if (clipped || style.overflowX !== 'visible') {
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (clipped || style.overflowY !== 'visible') {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
      if (clipped && (box.width <= 1 || box.height <= 1)) return null;
    }
    return right - left > EPS && bottom - top > EPS ? { left, top, right, bottom } : null;
  }

  function* elements() {
    for (const el of document.body.querySelectorAll('*')) {
      if (rendered(el)) yield el;
    }
  }

  // Each line box of each non-blank text node, trimmed of surrounding white space.
  function textBoxes() {
    const boxes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      const data = node.data;
      const start = data.search(/\S/);
      if (start < 0 || !owner || /^(script|style|template|noscript|title)$/.test(owner.localName)) continue;
      if (!rendered(owner)) continue;
      const end = data.length - (data.length - data.trimEnd().length);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      for (const rect of range.getClientRects()) {
        if (rect.width < EPS || rect.height < EPS) continue;
        const box = visiblePart(rect, owner, true);
        if (box) boxes.push({ node, owner, box, text: snippet(data, 30), pinned: pinnedAncestor(owner) });
      }
    }
    return boxes;
  }

  function pinnedAncestor(el) {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      if (/sticky|fixed/.test(getComputedStyle(e).position)) return e;
    }
    return null;
  }

  // --- no-horizontal-overflow -------------------------------------------------------------
  function overflow(expectedWidth) {
    const problems = [];
    const width = layoutWidth();
    if (Math.abs(width - expectedWidth) > EPS) {
      problems.push(`the layout viewport is ${width} px wide on a ${expectedWidth} px screen (viewport meta?)`);
    }
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scrollWidth > width + EPS) problems.push(`the page is ${scrollWidth} px wide in a ${width} px viewport`);
    // Positions from the initial containing block, which spans 0…width: a right-to-left
    // page that overflows scrolls its origin, and its overflow reaches left of 0.
    window.scrollTo(0, window.scrollY);
    const originX = window.scrollX;
    const offenders = new Set();
    for (const el of elements()) {
      if (el.parentElement && offenders.has(el.parentElement)) {
        offenders.add(el);
        continue;
      }
      const box = visiblePart(el.getBoundingClientRect(), el, false);
      if (!box) continue;
      const left = box.left + originX;
      const right = box.right + originX;
      if (right > width + EPS || left < -EPS) {
        offenders.add(el);
        problems.push(`${named(el)} spans x ${px(left)}…${px(right)} outside 0…${width}`);
      }
    }
    for (const { owner, box, text } of textBoxes()) {
      if (offenders.has(owner)) continue;
      const left = box.left + originX;
      const right = box.right + originX;
      if (right > width + EPS || left < -EPS) {
        problems.push(`text "${text}" in ${describe(owner)} spans x ${px(left)}…${px(right)} outside 0…${width}`);
      }
    }
    return problems;
  }

  // --- nothing-cut-off --------------------------------------------------------------------
  function cutOff() {
    const problems = [];
    for (const el of elements()) {
      if (/^(input|select|textarea|option|img|video|canvas|iframe)$/.test(el.localName)) continue;
      const style = getComputedStyle(el);
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue; // the visually-hidden pattern
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${named(el)} shows ${el.clientWidth} of ${el.scrollWidth} px of its content's width (overflow-x: ${style.overflowX})`);
      }
      if (/hidden|clip/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) {
        problems.push(`${named(el)} shows ${el.clientHeight} of ${el.scrollHeight} px of its content's height (overflow-y: ${style.overflowY})`);
      }
      if (style.webkitLineClamp && style.webkitLineClamp !== 'none') {
        problems.push(`${named(el)} clamps its text to ${style.webkitLineClamp} lines`);
      }
    }
    return problems;
  }

  // --- target-size-44 ---------------------------------------------------------------------
  // A link inside running text (an inline link with other text in the same block) is
  // exempt, as in WCAG 2.5.5; every other link and every control must be 44 × 44.
  function inRunningText(el) {
    if (getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    if (!block) return false;
    const own = el.textContent.trim();
    return block.textContent.replace(el.textContent, '').trim().length > 0 && own.length > 0;
  }

  function bigEnough(rect) {
    return rect.width >= MIN_TARGET - 0.01 && rect.height >= MIN_TARGET - 0.01;
  }

  function targets() {
    const problems = [];
    for (const el of document.body.querySelectorAll(CONTROLS)) {
      if (!rendered(el) || el.closest('[inert]')) continue;
      if (!visiblePart(el.getBoundingClientRect(), el, false)) continue;
      const isLink = el.localName === 'a' || el.localName === 'area' || el.getAttribute('role') === 'link';
      if (isLink && inRunningText(el)) continue;
      const rect = el.getBoundingClientRect();
      if (bigEnough(rect)) continue;
      // A tap on a checkbox's or radio button's label toggles it: the label is the target.
      if (el.labels && /^(checkbox|radio)$/.test(el.type) && [...el.labels].some((label) => bigEnough(label.getBoundingClientRect()))) continue;
      problems.push(`${named(el)} is ${px(rect.width)} × ${px(rect.height)} CSS px`);
    }
    return problems;
  }

  // --- no-overlapping-text ----------------------------------------------------------------
  // Text boxes of different text nodes must not overlap (a quarter of the shorter box's
  // height is allowed for fonts whose ascent and descent exceed the line height). Text in
  // a sticky or fixed element is compared only with text in the same one: a sticky total
  // covering the list as it scrolls is the design.
  function overlaps() {
    const problems = [];
    const boxes = textBoxes();
    for (let i = 0; i < boxes.length && problems.length < 10; i++) {
      for (let j = i + 1; j < boxes.length && problems.length < 10; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.node === b.node || a.pinned !== b.pinned) continue;
        const dx = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const dy = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        const shorter = Math.min(a.box.bottom - a.box.top, b.box.bottom - b.box.top);
        if (dx > 1 && dy > shorter * 0.25) {
          problems.push(`text "${a.text}" (${describe(a.owner)}) overlaps "${b.text}" (${describe(b.owner)}) by ${px(dx)} × ${px(dy)} px`);
        }
      }
    }
    return problems;
  }

  // --- mirrored-layout --------------------------------------------------------------------
  // Amount/label pairs of the cart rows; a row's amount sits at the inline end.
  const AMOUNT_ROWS = [
    ['.item-line', '.item-name', '.price'],
    ['.summary-line', 'dt', 'dd'],
    ['.total', ':scope > :first-child', '.total-amount'],
  ];

  function mirrored() {
    const problems = [];
    const dir = (document.documentElement.getAttribute('dir') || '').toLowerCase();
    if (dir !== 'ltr' && dir !== 'rtl') problems.push(`<html dir="${dir}"> is neither ltr nor rtl`);
    const rtl = dir === 'rtl';
    for (const el of [document.documentElement, document.body]) {
      const actual = getComputedStyle(el).direction;
      if (actual !== (rtl ? 'rtl' : 'ltr')) problems.push(`${describe(el)} has direction ${actual} in a dir="${dir}" page`);
    }
    const side = rtl ? 'left' : 'right';
    for (const [rowSelector, labelSelector, amountSelector] of AMOUNT_ROWS) {
      for (const row of document.querySelectorAll(rowSelector)) {
        const label = row.querySelector(labelSelector);
        const amount = row.querySelector(amountSelector);
        if (!label || !amount || label === amount || !rendered(row)) continue;
        const l = label.getBoundingClientRect();
        const a = amount.getBoundingClientRect();
        if (Math.min(a.bottom, l.bottom) - Math.max(a.top, l.top) > 0) {
          const ok = rtl ? a.right <= l.left + EPS : a.left >= l.right - EPS;
          if (!ok) problems.push(`amount ${named(amount)} is not ${side} of its label ${named(label)}`);
        } else {
          // Wrapped onto its own line (narrow screen, large text): it ends the row.
          const box = row.getBoundingClientRect();
          const style = getComputedStyle(row);
          const gap = rtl
            ? a.left - box.left - parseFloat(style.paddingLeft) - parseFloat(style.borderLeftWidth)
            : box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth) - a.right;
          if (a.top < l.top || gap > 1) problems.push(`amount ${named(amount)}, wrapped below its label, is ${px(gap)} px from the row's ${side} edge`);
        }
      }
    }
    // Every flex row lays its items out from the inline start.
    for (const el of elements()) {
      const style = getComputedStyle(el);
      if (!/flex/.test(style.display) || !/^row/.test(style.flexDirection)) continue;
      const reversed = style.flexDirection === 'row-reverse';
      const rowRtl = style.direction === 'rtl';
      const items = [...el.children].filter(
        (child) => rendered(child) && !/absolute|fixed/.test(getComputedStyle(child).position) && getComputedStyle(child).order === '0' && visiblePart(child.getBoundingClientRect(), child, false),
      );
      for (let i = 0; i + 1 < items.length; i++) {
        const a = items[i].getBoundingClientRect();
        const b = items[i + 1].getBoundingClientRect();
        if (Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 0) continue; // wrapped
        const startToEnd = (a.left + a.right) / 2 < (b.left + b.right) / 2;
        const expected = rowRtl === reversed; // ltr or a reversed rtl row: left to right
        if (startToEnd !== expected) {
          problems.push(`${named(items[i])} and ${named(items[i + 1])} in ${describe(el)} are laid out ${startToEnd ? 'left to right' : 'right to left'} in a ${style.direction} row`);
        }
      }
      if (style.direction !== (rtl ? 'rtl' : 'ltr') && !el.closest('[dir]:not(html)')) {
        problems.push(`${describe(el)} has direction ${style.direction} in a dir="${dir}" page`);
      }
    }
    // Text blocks align with the page's start (centre and a deliberate `end` aside), even
    // when their own direction differs: Latin merchant text in an Arabic page sits at the
    // right, as the native screen's natural alignment puts it. Only visible, so only
    // checked, when the text leaves room on its line.
    const pageEnd = rtl ? 'left' : 'right';
    for (const el of elements()) {
      const style = getComputedStyle(el);
      if (!/^(block|list-item|flow-root|inline-block|table-cell)$/.test(style.display)) continue;
      const hasText = [...el.childNodes].some(
        (child) => (child.nodeType === 3 && /\S/.test(child.data)) || (child.nodeType === 1 && getComputedStyle(child).display.startsWith('inline') && /\S/.test(child.textContent)),
      );
      if (!hasText || !visiblePart(el.getBoundingClientRect(), el, false)) continue;
      const align = style.textAlign;
      if (/end|center/.test(align)) continue; // deliberate
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const leftGap = text.left - box.left - parseFloat(style.paddingLeft) - parseFloat(style.borderLeftWidth);
      const rightGap = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth) - text.right;
      const [startGap, endGap] = rtl ? [rightGap, leftGap] : [leftGap, rightGap];
      if (startGap > 1 && endGap <= 1) {
        problems.push(`${named(el)} is aligned to the ${pageEnd}, the end of this ${dir} page (text-align: ${align}, direction: ${style.direction})`);
      }
    }
    // Headings start at the inline start.
    for (const heading of document.querySelectorAll('h1, h2, h3')) {
      if (!rendered(heading) || !visiblePart(heading.getBoundingClientRect(), heading, false)) continue;
      if (getComputedStyle(heading).textAlign !== 'start') continue;
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      const box = heading.getBoundingClientRect();
      const style = getComputedStyle(heading);
      const gap = rtl
        ? box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth) - text.right
        : text.left - box.left - parseFloat(style.paddingLeft) - parseFloat(style.borderLeftWidth);
      if (gap > 1) problems.push(`heading ${named(heading)} starts ${px(gap)} px from its ${rtl ? 'right' : 'left'} edge`);
    }
    return problems;
  }

  // --- merchant-text-direction ------------------------------------------------------------
  // A `dir="auto"` element, and a `<bdi>` (auto by default: the engine isolates merchant
  // text in one), takes the direction of its first strong character (HTML's rule; text
  // inside descendants with their own `dir`, and `bdi`, is skipped): Latin merchant text
  // reads left to right even in an Arabic page.
  function firstStrong(el) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
      acceptNode(node) {
        if (node.nodeType === 1) {
          if (node !== el && (node.hasAttribute('dir') || /^(bdi|script|style|textarea)$/.test(node.localName))) {
            return NodeFilter.FILTER_REJECT;
          }
          return NodeFilter.FILTER_SKIP;
        }
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const character of node.data) {
        if (character === '\u200E') return { direction: 'ltr', character };
        if (character === '\u200F' || character === '\u061C') return { direction: 'rtl', character };
        if (LETTER.test(character)) return { direction: RTL_LETTER.test(character) ? 'rtl' : 'ltr', character };
      }
    }
    return null;
  }

  function merchantDirection() {
    const problems = [];
    for (const el of document.querySelectorAll('[dir="auto" i], bdi:not([dir])')) {
      if (/^(input|textarea)$/.test(el.localName)) continue;
      const strong = firstStrong(el);
      if (!strong) continue;
      const actual = getComputedStyle(el).direction;
      if (actual !== strong.direction) {
        problems.push(`${named(el)} starts with "${strong.character}" (${strong.direction}) but reads ${actual}`);
      }
    }
    return problems;
  }

  // --- reduced-motion ---------------------------------------------------------------------
  function seconds(list) {
    return list.split(',').map((part) => parseFloat(part) || 0);
  }

  function motion() {
    const problems = [];
    for (const animation of document.getAnimations()) {
      const name = animation.animationName || animation.transitionProperty || animation.id || animation.constructor.name;
      problems.push(`${animation.constructor.name} "${name}" runs on ${describe(animation.effect && animation.effect.target)}`);
    }
    for (const el of [document.documentElement, ...document.documentElement.querySelectorAll('*')]) {
      for (const pseudo of [null, '::before', '::after', '::marker']) {
        const style = getComputedStyle(el, pseudo);
        if (style.animationName !== 'none' && seconds(style.animationDuration).some((s) => s > 0)) {
          problems.push(`${describe(el)}${pseudo || ''} has animation ${style.animationName} lasting ${style.animationDuration}`);
        }
        if (style.transitionProperty !== 'none' && seconds(style.transitionDuration).some((s) => s > 0)) {
          problems.push(`${describe(el)}${pseudo || ''} has a ${style.transitionDuration} transition of ${style.transitionProperty}`);
        }
      }
    }
    return problems;
  }

  // Brings every animation to its end state, so layout is measured as the customer sees it
  // once things settle.
  function settle() {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch (error) {
        animation.cancel(); // an infinite animation cannot finish
      }
    }
  }

  // --- total-in-view ----------------------------------------------------------------------
  // In a cart with items the total stays in view (and on top) at the top of the list, in
  // its middle and at its end, and takes at most a third of the screen.
  function totalInView() {
    const problems = [];
    const total = document.querySelector('.total');
    if (!total) return { problems: ['a cart with items has no .total element'], scrollRange: 0 };
    const scroller = document.scrollingElement;
    const height = layoutHeight();
    const range = scroller.scrollHeight - height;
    for (const [where, y] of [['at the top', 0], ['in the middle of the list', range / 2], ['at the end', range]]) {
      window.scrollTo(0, y);
      const rect = total.getBoundingClientRect();
      if (rect.top < -EPS || rect.bottom > height + EPS) {
        problems.push(`${where} (scrollY ${px(window.scrollY)}) .total spans y ${px(rect.top)}…${px(rect.bottom)} outside the ${height} px viewport`);
        continue;
      }
      const x = (Math.max(rect.left, 0) + Math.min(rect.right, layoutWidth())) / 2;
      const hit = document.elementFromPoint(x, (rect.top + rect.bottom) / 2);
      if (!hit || !total.contains(hit)) problems.push(`${where} .total is covered by ${describe(hit)}`);
      if (rect.height > height / 3) problems.push(`${where} .total is ${px(rect.height)} px tall, over a third of the ${height} px viewport`);
    }
    window.scrollTo(0, 0);
    return { problems, scrollRange: range };
  }

  // --- amounts-on-one-line ----------------------------------------------------------------
  // Every amount (an item's price, a summary line's value, the total) is one line of text,
  // all of it inside the viewport: a price broken over two lines, or cut at the screen's
  // edge, misreads.
  const AMOUNTS = '.price, .summary-line dd, .total-amount';

  function amounts() {
    const problems = [];
    const width = layoutWidth();
    for (const el of document.querySelectorAll(AMOUNTS)) {
      if (!rendered(el)) continue;
      const lines = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/\S/.test(node.data) || !rendered(node.parentElement)) continue;
        if (!visiblePart(node.parentElement.getBoundingClientRect(), node.parentElement, true)) continue; // visually hidden
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width < EPS || rect.height < EPS) continue;
          if (rect.left < -EPS || rect.right > width + EPS) {
            problems.push(`amount ${named(el)} spans x ${px(rect.left)}…${px(rect.right)} outside 0…${width}`);
          }
          const middle = (rect.top + rect.bottom) / 2;
          if (!lines.some((line) => middle > line.top && middle < line.bottom)) lines.push(rect);
        }
      }
      if (lines.length > 1) problems.push(`amount ${named(el)} is broken over ${lines.length} lines`);
    }
    return problems;
  }

  // --- lang-and-dir -----------------------------------------------------------------------
  // The root's `lang` is the page's language (its primary subtag as expected) and the
  // engine lays the page out in the direction its `dir` says, which is the language's.
  function language(expectedLanguage, expectedDir) {
    const problems = [];
    const root = document.documentElement;
    const lang = root.getAttribute('lang') || '';
    if (lang.split('-')[0].toLowerCase() !== expectedLanguage) problems.push(`<html lang="${lang}">, expected a ${expectedLanguage} tag`);
    if (!root.matches(`:lang(${expectedLanguage})`)) problems.push(`the engine does not match :lang(${expectedLanguage}) on <html lang="${lang}">`);
    const dir = root.getAttribute('dir') || '';
    if (dir !== expectedDir) problems.push(`<html dir="${dir}">, expected ${expectedDir}`);
    for (const el of [root, document.body]) {
      const actual = getComputedStyle(el).direction;
      if (actual !== expectedDir) problems.push(`${describe(el)} is laid out ${actual}, expected ${expectedDir}`);
    }
    return problems;
  }

  function setTextSize(percent) {
    document.documentElement.style.fontSize = percent ? `${percent}%` : '';
  }

  return { overflow, cutOff, targets, overlaps, mirrored, merchantDirection, motion, settle, totalInView, setTextSize, amounts, language };
})();
