// The Node peer of render-bench: the cart page of `render-cli cart`, written as a Node
// developer would write it (Intl for numbers and plurals, the project's string catalogs,
// template strings and one escape function), from the same carts render-bench renders.
//
//   node bench/node-peer/peer.js --json              timings, one JSON object per line
//   node bench/node-peer/peer.js --write-carts DIR   the carts as JSON (cart-10.json, cart-1000.json)
//   node bench/node-peer/peer.js --render FILE [--locale TAG]   one page to standard output
//   node bench/node-peer/peer.js --serve FILE [--locale TAG]    an http server rendering
//        that cart's page for every request, as a relay keeping its sessions in memory
//        would (scripts/load-test); prints "listening on URL"
//
// Timing as render-bench's: CPU time, a warm-up, then the median of many samples, each
// sample as many renders as fill about 2 ms of CPU. Node has no clock of one thread's
// CPU time, so the process's is taken (the wall clock's median is printed beside it);
// the warm-up is longer than render-bench's (V8's optimising compiler runs in it);
// nothing is cached across renders.
"use strict";
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "../..");
const session = JSON.parse(fs.readFileSync(path.join(root, "examples/session.json"), "utf8"));
// The cart's style sheet, as the engine writes it into every cart page: read from the
// seed cart's golden page rather than copied here, so the two cannot drift apart.
const golden = fs.readFileSync(path.join(root, "snapshots/CartScreen/hair-spray.en-US.html"), "utf8");
const css = golden.slice(golden.indexOf("<style>\n") + "<style>\n".length, golden.indexOf("\n</style>"));

// A cart of `count` items with discounts on every third one (render-bench's generatedCart).
function generatedCart(count) {
  const items = [];
  for (let index = 0; index < count; index++) {
    const item = {
      id: `SKU-${index}`,
      name: `Item number ${index} with a reasonably long product name`,
      quantity: 1 + (index % 5),
      totalPrice: (1000 + index) / 100,
    };
    if (index % 3 === 0) item.totalAdjustedPrice = (900 + index) / 100;
    item.descriptions = ["Size M", "Colour: blue"];
    if (index % 7 === 0) item.details = ["This item cannot be shipped."];
    items.push(item);
  }
  return {
    items,
    summary: {
      summaryLines: [
        { label: "Subtotal", value: count * 10 },
        { label: "Tax", value: "10%" },
      ],
      footer: "Thank you for shopping with us.",
      total: count * 11,
    },
  };
}

// The UI strings of a locale from the project's catalogs (locales/*.xcstrings): the
// full tag's catalog when there is one, else the language's.
function catalog(tag) {
  const language = tag.split("-")[0];
  for (const name of [tag, language]) {
    const file = path.join(root, "locales", `${name}.xcstrings`);
    if (!fs.existsSync(file)) continue;
    const strings = JSON.parse(fs.readFileSync(file, "utf8")).strings;
    const table = {};
    for (const [key, entry] of Object.entries(strings)) {
      const localized = entry.localizations && entry.localizations[name];
      if (!localized) continue;
      if (localized.stringUnit) table[key] = localized.stringUnit.value;
      else if (localized.variations && localized.variations.plural) {
        table[key] = {};
        for (const [form, unit] of Object.entries(localized.variations.plural)) table[key][form] = unit.stringUnit.value;
      }
    }
    return table;
  }
  throw new Error(`no string catalog for ${tag}`);
}

function fill(template, ...values) {
  return template.replace(/%(?:(\d)\$)?@/g, (_, position) => values[position ? position - 1 : 0]);
}

const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escape(text) {
  return String(text).replace(/[&<>"']/g, (character) => escapes[character]);
}

// Everything a locale needs, made once per locale (as a server keeps its formatters).
function renderer(tag) {
  const strings = catalog(tag);
  const money = new Intl.NumberFormat(tag, { style: "currency", currency: session.currency });
  const number = new Intl.NumberFormat(tag);
  const plural = new Intl.PluralRules(tag);
  const locale = new Intl.Locale(tag);
  const direction = (locale.textInfo || locale.getTextInfo()).direction;
  const bdi = (text) => `<bdi>${escape(text)}</bdi>`;

  return function render(cart) {
    const title = strings["cart.title"];
    let html = `<!DOCTYPE html>
<html lang="${escape(tag)}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'">
<link rel="icon" href="data:,">
<title>${escape(title)} · ${escape(session.storeName)}</title>
<style>
${css}
</style>
</head>
<body class="screen-cart">
<header class="session">
<p class="store">${bdi(session.storeName)}</p>
<p class="device">${fill(escape(strings["header.connectedTo"]), bdi(session.deviceName))}</p>
<nav class="links"><a href="${escape(session.privacyPolicyURL)}" rel="noopener noreferrer privacy-policy">${escape(strings["header.privacyPolicy"])}</a></nav>
</header>
<main class="content">
<h1>${escape(title)}</h1>
`;
    let count = 0;
    for (const item of cart.items) count += item.quantity;
    html += `<p class="item-count">${escape(fill(strings["cart.itemCount"][plural.select(count)], number.format(count)))}</p>
<h2 class="visually-hidden">${escape(strings["cart.itemsHeading"])}</h2>
<ul class="items">
`;
    for (const item of cart.items) {
      const total = money.format(item.totalPrice);
      let price;
      if (item.totalAdjustedPrice !== undefined && item.totalAdjustedPrice !== item.totalPrice) {
        const adjusted = money.format(item.totalAdjustedPrice);
        price = `<span class="visually-hidden">${escape(fill(strings["cart.priceWasNow"], total, adjusted))}</span><span aria-hidden="true"><s>${escape(total)}</s><span>${escape(adjusted)}</span></span>`;
      } else {
        price = escape(total);
      }
      html += `<li class="item" data-item-id="${escape(item.id)}">
<div class="item-line"><p class="item-name merchant">${bdi(item.name)}</p><p class="price">${price}</p></div>
<p class="quantity">${escape(fill(strings["cart.quantity"], number.format(item.quantity)))}</p>
`;
      for (const [name, lines] of [["descriptions", item.descriptions], ["details", item.details]]) {
        if (!lines || lines.length === 0) continue;
        html += `<ul class="${name}">`;
        for (const line of lines) html += `<li class="merchant">${bdi(line)}</li>`;
        html += "</ul>\n";
      }
      html += "</li>\n";
    }
    html += "</ul>\n";
    const summary = cart.summary;
    html += `<section class="summary" aria-label="${escape(strings["cart.summaryHeading"])}">
<dl class="summary-lines">
`;
    for (const line of summary.summaryLines) {
      const value =
        typeof line.value === "number" ? `<dd>${escape(money.format(line.value))}</dd>` : `<dd class="merchant">${bdi(line.value)}</dd>`;
      html += `<div class="summary-line"><dt class="merchant">${bdi(line.label)}</dt>${value}</div>\n`;
    }
    html += `</dl>
</section>
<p class="total"><span>${escape(strings["cart.total"])}</span><span class="total-amount">${escape(money.format(summary.total))}</span></p>
`;
    if (summary.footer) html += `<p class="cart-footer merchant">${bdi(summary.footer)}</p>\n`;
    html += "</main>\n</body>\n</html>\n";
    return html;
  };
}

// CPU time of the process in microseconds (user and system, every thread: V8's
// collector and compiler threads work for the renders too), and the wall clock.
function cpuMicroseconds() {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
const wallMicroseconds = () => Number(process.hrtime.bigint()) / 1000;

function measure(samples, body) {
  let sink = 0;
  const warmStart = cpuMicroseconds();
  while (cpuMicroseconds() - warmStart < 200_000) sink += body();
  const onceStart = cpuMicroseconds();
  sink += body();
  const once = Math.max(0.05, cpuMicroseconds() - onceStart);
  const repeats = Math.max(1, Math.min(10_000, Math.floor(2_000 / once)));
  const cpu = [];
  const wall = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = cpuMicroseconds();
    const wallStart = wallMicroseconds();
    for (let run = 0; run < repeats; run++) sink += body();
    wall.push((wallMicroseconds() - wallStart) / repeats);
    cpu.push((cpuMicroseconds() - start) / repeats);
  }
  if (sink === -1) console.log("");
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  return { median: median(cpu), fastest: cpu[0], wall: median(wall) };
}

const argv = process.argv.slice(2);
const option = (name) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};

if (argv.includes("--write-carts")) {
  const directory = option("--write-carts");
  fs.mkdirSync(directory, { recursive: true });
  for (const count of [10, 1000]) {
    fs.writeFileSync(path.join(directory, `cart-${count}.json`), JSON.stringify(generatedCart(count), null, 1) + "\n");
  }
} else if (argv.includes("--render")) {
  const cart = JSON.parse(fs.readFileSync(option("--render"), "utf8"));
  process.stdout.write(renderer(option("--locale") || "en-US")(cart));
} else if (argv.includes("--serve")) {
  const http = require("http");
  const cart = JSON.parse(fs.readFileSync(option("--serve"), "utf8"));
  const render = renderer(option("--locale") || "en-US");
  const server = http.createServer((request, response) => {
    const page = Buffer.from(render(cart), "utf8");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length });
    response.end(page);
  });
  server.keepAliveTimeout = 60000;
  server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
} else if (argv.includes("--json")) {
  const round = (microseconds) => Math.round(microseconds * 10) / 10;
  for (const tag of ["en-US", "ar-EG"]) {
    const render = renderer(tag);
    for (const count of [10, 1000]) {
      const cart = generatedCart(count);
      const samples = count >= 1000 ? 21 : 101;
      const line = (format, variant, timing) =>
        console.log(
          JSON.stringify({ case: "cart", items: count, locale: tag, format, ...(variant && { variant }),
            median_us: round(timing.median), fastest_us: round(timing.fastest), wall_median_us: round(timing.wall) })
        );
      // The bytes, as a server sends them (a string's length alone would leave V8's
      // concatenation unflattened).
      line("html", undefined, measure(samples, () => Buffer.from(render(cart), "utf8").length));
    }
  }
  console.log(JSON.stringify({ case: "memory", peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 102.4) / 10 }));
} else {
  console.error("usage: node peer.js --json | --write-carts DIR | --render FILE [--locale TAG] | --serve FILE [--locale TAG]");
  process.exit(64);
}
