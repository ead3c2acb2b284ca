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
