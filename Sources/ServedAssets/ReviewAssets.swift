/// The review page's script (served at `/review.js`) and style sheet (its one `<style>`
/// element) of `render-cli snapshot --review`, each allowed by its hash
/// (``ReviewHashes``, written by scripts/embed-data). The page works without the script
/// (every decision is a form); the script only shows and drives the overlay sliders: it
/// sets no inline handler, writes no markup and changes only the clipping of the new
/// image over the golden one.
package enum ReviewAssets {
  /// The script's `integrity` (``ReviewHashes/script``).
  package static let scriptIntegrity = ReviewHashes.script

  package static let style: StaticString = """
    :root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.4;--muted:#555;--bad:#b3261e;--good:#1e6b34}
    @media (prefers-color-scheme:dark){:root{--muted:#bbb;--bad:#ffb4ab;--good:#8fd9a0}}
    body{margin:0;padding:12px 16px}
    h1{font-size:1.4rem;margin:0 0 8px}
    h2{font-size:1.15rem;margin:24px 0 8px}
    h3{font-size:1rem;margin:0 0 6px;overflow-wrap:anywhere}
    .message{font-weight:600}
    .bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0 8px}
    .bar form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
    button{font:inherit;padding:6px 12px;min-height:44px;min-width:44px;border-radius:6px;border:2px solid currentColor;background:Canvas;color:CanvasText;cursor:pointer}
    button.accept{color:var(--good)}
    button.reject{color:var(--bad)}
    :focus-visible{outline:3px solid #0a5fd6;outline-offset:2px}
    .locales{list-style:none;margin:0;padding:0}
    .item{border:2px solid var(--muted);border-radius:8px;padding:8px 12px;margin:0 0 16px}
    .item.decided{border-style:dashed}
    .item form{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0 8px}
    .verdict{margin:0 0 6px}
    .state{font-weight:700}
    .sides{display:flex;flex-wrap:wrap;gap:12px;align-items:start}
    .sides figure{margin:0}
    .sides figcaption{font-weight:600}
    img{display:block;max-width:100%;height:auto;border:1px solid var(--muted)}
    .overlay{position:relative;display:inline-block}
    .overlay .over{position:absolute;inset:0}
    .slider{display:flex;flex-direction:column;gap:4px;margin:8px 0}
    .slider input{max-width:430px;min-height:44px}
    pre{font:13px/1.35 ui-monospace,monospace;overflow-x:auto;margin:6px 0;padding:8px;border:1px solid var(--muted);white-space:pre}
    .texts{display:flex;flex-wrap:wrap;gap:12px}
    .texts figure{margin:0;flex:1 1 320px;min-width:0}

    """

  package static let script = """
    (function () {
      "use strict";
      function reveal(slider) {
        var overlay = document.getElementById(slider.getAttribute("aria-controls"));
        var over = overlay && overlay.querySelector(".over");
        if (!over) return;
        over.style.clipPath = "inset(0 " + (100 - Number(slider.value)) + "% 0 0)";
        slider.setAttribute("aria-valuetext", slider.value + " % of the new image shown over the golden one");
      }
      document.querySelectorAll("input.reveal").forEach(function (slider) {
        var group = slider.closest(".overlay-group");
        if (group) group.hidden = false;
        reveal(slider);
        slider.addEventListener("input", function () { reveal(slider); });
      });
    })();

    """
}
