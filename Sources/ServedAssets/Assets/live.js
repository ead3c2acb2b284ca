(function () {
  "use strict";
  var meta = document.querySelector('meta[name="screen-version"]');
  if (!meta || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var shown = meta.getAttribute("content");
  var base = location.pathname;
  var busy = false;
  var again = false;
  var stream = new EventSource(base + "/events?shown=" + encodeURIComponent(shown));
  stream.addEventListener("screen", function (event) {
    if (event.data !== shown) update();
  });
  function update() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(base + "?shown=" + encodeURIComponent(shown), { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { location.reload(); return null; }
        return response.text();
      })
      .then(function (html) { if (html !== null) swap(html); })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; update(); }
      });
  }
  function swap(html) {
    var next = new DOMParser().parseFromString(html, "text/html");
    var version = next.querySelector('meta[name="screen-version"]');
    if (!version || !next.body) return;
    shown = version.getAttribute("content");
    document.title = next.title;
    var style = document.querySelector("head style");
    var nextStyle = next.querySelector("head style");
    if (style && nextStyle && style.textContent !== nextStyle.textContent) {
      style.parentNode.replaceChild(document.adoptNode(nextStyle), style);
    }
    var live = next.body.querySelector("[aria-live]");
    var said = live ? live.textContent : "";
    if (live) live.textContent = "";
    document.documentElement.replaceChild(document.adoptNode(next.body), document.body);
    if (live && said) setTimeout(function () { live.textContent = said; }, 150);
  }
})();
