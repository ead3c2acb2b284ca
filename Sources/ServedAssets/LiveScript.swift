/// The one script a served page runs, at ``path``, allowed by its hash in the page's
/// policy. It holds no merchant data: it reads the screen's version from
/// `<meta name="screen-version">` and its addresses from the page's own location.
///
/// It listens to `/c/{token}/events` (Server-Sent Events); when an event names a version
/// other than the one shown, it fetches `/c/{token}?shown=VERSION` (the new screen with
/// animation hints against the one this page shows) and swaps the new body in. The
/// new page's `<style>` element replaces the old one when the kind of screen changes (an
/// element the policy allows by its hash; changing an allowed element's text is blocked).
/// The cart's live region is put in empty and filled a moment later, so a screen reader
/// hears a changed total once.
package enum LiveScript {
  package static let path = "/live.js"

  package static let source = """
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

    """
}
