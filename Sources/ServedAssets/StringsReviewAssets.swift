/// The review page of `render-cli strings review` (its one `<style>` element, and its
/// script served at `/review.js`), each allowed by its hash (``StringsReviewHashes``,
/// written by scripts/embed-data). The page works without the script: every string is
/// a form posted as it is, and each screen a link into the page's frame. The script
/// adds what only a script can: it outlines the chosen string on the framed screen
/// (the screens' strings carry invisible marks, ``StringMarkers``), and shows a string's
/// first screen when one of its fields gets focus. It sets no inline handler and writes
/// no markup; the outlines are placed through the CSSOM, which the framed page's policy
/// allows.
package enum StringsReviewAssets {
  /// The script's `integrity` (``StringsReviewHashes/script``).
  package static let scriptIntegrity = StringsReviewHashes.script

  package static let style: StaticString = """
    :root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.4;--muted:#555;--bad:#b3261e;--good:#1b6e2a}
    @media (prefers-color-scheme:dark){:root{--muted:#bbb;--bad:#ffb4ab;--good:#8fd19e}}
    body{margin:0;padding:12px 16px}
    h1{font-size:1.25rem;margin:0 0 8px}
    h2{font-size:1rem;margin:0}
    .note{color:var(--muted);font-size:.9rem;margin:0 0 8px}
    .bad{color:var(--bad)}
    .good{color:var(--good)}
    .problems{border:2px solid var(--bad);border-radius:8px;padding:8px 12px;margin:0 0 12px}
    .problems ul,.screens{margin:4px 0 0;padding:0;list-style:none}
    .layout{display:grid;grid-template-columns:minmax(0,1fr) 414px;gap:16px;align-items:start}
    @media (max-width:900px){.layout{grid-template-columns:minmax(0,1fr)}}
    .string{border:1px solid var(--muted);border-radius:8px;padding:8px 12px;margin:0 0 12px}
    .string:target{border-width:3px}
    .string dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:6px 0}
    .string dt{color:var(--muted)}
    .string dd{margin:0;overflow-wrap:anywhere}
    .field{display:flex;flex-direction:column;gap:2px;margin:0 0 6px}
    label{font-size:.9rem}
    input,select,button{font:inherit;padding:4px 6px;min-height:32px}
    input[type=text]{width:100%;box-sizing:border-box}
    :focus-visible{outline:3px solid #0a5fd6;outline-offset:2px}
    .screens{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:.9rem}
    .viewer{position:sticky;top:12px}
    .viewer iframe{width:412px;max-width:100%;height:calc(100vh - 64px);min-height:480px;border:1px solid var(--muted);border-radius:12px;background:Canvas}

    """

  package static let script = """
    (function () {
      "use strict";
      var frame = document.getElementById("screen");
      if (!frame) { return; }
      var OPEN = 0xE005B, CLOSE = 0xE005D, ZERO = 0xE0030;
      var chosen = Number(frame.getAttribute("data-mark"));
      function markIndex(text, at) {
        var index = 0;
        for (var digit = 0; digit < 3; digit++) {
          var value = text.codePointAt(at + 2 + digit * 2) - ZERO;
          if (!(value >= 0 && value <= 9)) { return -1; }
          index = index * 10 + value;
        }
        return index;
      }
      function ranges(doc, wanted) {
        var found = [], open = [];
        var walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
        for (var node = walker.nextNode(); node; node = walker.nextNode()) {
          var text = node.data;
          for (var i = 0; i < text.length; i++) {
            var code = text.codePointAt(i);
            if (code !== OPEN && code !== CLOSE) { continue; }
            var index = markIndex(text, i);
            if (index === wanted && code === OPEN) { open.push({ node: node, offset: i + 8 }); }
            if (index === wanted && code === CLOSE && open.length) {
              var start = open.pop(), range = doc.createRange();
              range.setStart(start.node, start.offset);
              range.setEnd(node, i);
              found.push(range);
            }
          }
        }
        return found;
      }
      function outline() {
        var doc = null;
        try { doc = frame.contentDocument; } catch (e) { return; }
        if (!doc || !doc.body) { return; }
        var old = doc.getElementById("x-review-marks");
        if (old) { old.remove(); }
        if (!(chosen >= 0)) { return; }
        var layer = doc.createElement("div");
        layer.id = "x-review-marks";
        layer.setAttribute("aria-hidden", "true");
        var first = null;
        ranges(doc, chosen).forEach(function (range) {
          Array.prototype.forEach.call(range.getClientRects(), function (rect) {
            if (rect.width < 1 || rect.height < 1) { return; }
            var box = doc.createElement("div");
            box.style.position = "absolute";
            box.style.boxSizing = "border-box";
            box.style.border = "2px solid #ff00c8";
            box.style.pointerEvents = "none";
            box.style.left = (rect.left + doc.defaultView.scrollX - 3) + "px";
            box.style.top = (rect.top + doc.defaultView.scrollY - 3) + "px";
            box.style.width = (rect.width + 6) + "px";
            box.style.height = (rect.height + 6) + "px";
            layer.appendChild(box);
            if (!first) { first = box; }
          });
        });
        doc.documentElement.appendChild(layer);
        if (first) { first.scrollIntoView({ block: "center" }); }
      }
      function show(link) {
        chosen = Number(link.getAttribute("data-mark"));
        if (frame.getAttribute("src") === link.getAttribute("href")) { outline(); return; }
        frame.setAttribute("src", link.getAttribute("href"));
      }
      document.addEventListener("click", function (event) {
        var link = event.target.closest ? event.target.closest("a[data-mark]") : null;
        if (!link) { return; }
        event.preventDefault();
        show(link);
      });
      document.addEventListener("focusin", function (event) {
        var form = event.target.closest ? event.target.closest("article.string") : null;
        var link = form ? form.querySelector("a[data-mark]") : null;
        if (link && Number(link.getAttribute("data-mark")) !== chosen) { show(link); }
      });
      frame.addEventListener("load", outline);
      outline();
    })();

    """
}
