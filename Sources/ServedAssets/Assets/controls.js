(function () {
  "use strict";
  function byId(id) { return document.getElementById(id); }
  var state = null;
  var views = byId("views");
  function validTag(tag) {
    try { return Intl.getCanonicalLocales(tag).length === 1; } catch (e) { return false; }
  }
  function locales() {
    var typed = byId("locale-tag").value.trim();
    var problem = byId("locale-tag-problem");
    var first = byId("locale").value;
    problem.textContent = "";
    if (typed) {
      if (validTag(typed)) first = typed; else problem.textContent = "'" + typed + "' is not a BCP 47 language tag.";
    }
    var list = [first];
    var more = byId("locales");
    var bad = [];
    more.value.split(",").forEach(function (part) {
      var tag = part.trim();
      if (!tag) return;
      if (!validTag(tag)) { bad.push(tag); return; }
      if (list.indexOf(tag) < 0) list.push(tag);
    });
    byId("locales-problem").textContent = bad.length ? "Not BCP 47 language tags: " + bad.join(", ") : "";
    return list;
  }
  function part(id) {
    var value = byId(id).value.trim();
    return value ? encodeURIComponent(value) : "-";
  }
  function address(kind, locale) {
    var screen = byId("screen").value.split(" ");
    return "/" + kind + "/" + screen[0] + "/" + encodeURIComponent(screen[1]) + "/" +
      encodeURIComponent(locale) + "/" + part("region") + "/" + part("currency");
  }
  function look(frame) {
    frame.style.width = byId("width").value + "px";
    frame.style.colorScheme = byId("dark").checked ? "dark" : "light";
    try {
      var root = frame.contentDocument && frame.contentDocument.documentElement;
      if (root) root.style.fontSize = byId("text-size").value + "%";
    } catch (e) {}
  }
  function showText(view) {
    var pre = view.querySelector("pre");
    if (!byId("show-text").checked) { pre.hidden = true; return; }
    pre.hidden = false;
    var width = byId("text-width").value;
    fetch(address("text", view.getAttribute("data-locale")) + "?width=" + encodeURIComponent(width),
      { cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (text) { pre.textContent = text; })
      .catch(function () {});
  }
  function build() {
    if (!byId("screen").value) return;
    while (views.firstChild) views.removeChild(views.firstChild);
    locales().forEach(function (locale) {
      var view = document.createElement("figure");
      view.className = "view";
      view.setAttribute("data-locale", locale);
      var caption = document.createElement("figcaption");
      caption.textContent = locale;
      var frame = document.createElement("iframe");
      frame.title = "Screen in " + locale;
      frame.addEventListener("load", function () { look(frame); });
      frame.src = address("screen", locale);
      var text = document.createElement("pre");
      text.setAttribute("aria-label", "Text rendering in " + locale);
      view.appendChild(caption);
      view.appendChild(frame);
      view.appendChild(text);
      views.appendChild(view);
      look(frame);
      showText(view);
    });
    var update = byId("screen").value.split(" ")[1] === "update";
    byId("replay").hidden = !update;
    var steps = /^step-/.test(byId("screen").value.split(" ")[1] || "");
    byId("previous-step").hidden = !steps;
    byId("next-step").hidden = !steps;
  }
  function fillScreens() {
    var select = byId("screen");
    var chosen = select.value;
    var options = [];
    state.files.forEach(function (file, index) {
      file.variants.forEach(function (variant) {
        options.push([index + " " + variant.id, file.label + ": " + variant.title]);
      });
    });
    var same = select.options.length === options.length && options.every(function (option, index) {
      return select.options[index].value === option[0] && select.options[index].text === option[1];
    });
    if (same) return false;
    while (select.firstChild) select.removeChild(select.firstChild);
    options.forEach(function (option) {
      var element = document.createElement("option");
      element.value = option[0];
      element.textContent = option[1];
      select.appendChild(element);
    });
    if (options.some(function (option) { return option[0] === chosen; })) select.value = chosen;
    return true;
  }
  function fillState() {
    var lines = state.configurationProblems.slice();
    var responses = [];
    state.files.forEach(function (file) {
      lines = lines.concat(file.problems);
      if (file.response !== null) responses.push(file.label + ":\n" + file.response);
    });
    byId("problems").hidden = lines.length === 0;
    byId("problem-lines").textContent = lines.join("\n");
    byId("response").hidden = responses.length === 0;
    byId("response-text").textContent = responses.join("\n");
    byId("region").placeholder = state.region;
    byId("currency").placeholder = state.currency;
    if (fillScreens() || !views.firstChild) build();
    else Array.prototype.forEach.call(views.children, showText);
  }
  function load() {
    fetch("/state", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (next) { state = next; fillState(); })
      .catch(function () {});
  }
  function step(by) {
    var select = byId("screen");
    var index = select.selectedIndex + by;
    if (index >= 0 && index < select.options.length) { select.selectedIndex = index; build(); }
  }
  byId("controls").addEventListener("submit", function (event) { event.preventDefault(); build(); });
  ["screen", "locale", "locale-tag", "locales", "region", "currency"].forEach(function (id) {
    byId(id).addEventListener("change", build);
  });
  ["width", "text-size", "dark", "light"].forEach(function (id) {
    byId(id).addEventListener("change", function () {
      Array.prototype.forEach.call(views.querySelectorAll("iframe"), look);
    });
  });
  ["show-text", "text-width"].forEach(function (id) {
    byId(id).addEventListener("change", function () { Array.prototype.forEach.call(views.children, showText); });
  });
  byId("replay").addEventListener("click", function () {
    Array.prototype.forEach.call(views.querySelectorAll("iframe"), function (frame) {
      frame.contentWindow.location.reload();
    });
  });
  byId("previous-step").addEventListener("click", function () { step(-1); });
  byId("next-step").addEventListener("click", function () { step(1); });
  if (window.EventSource) {
    var stream = new EventSource("/state/events?shown=0");
    stream.addEventListener("state", load);
  }
  load();
})();
