"""The pages, the live updates and the forms in WebKit and in Firefox (engines.py), one
engine per run: `BROWSER_ENGINE=webkit xvfb-run -a pytest test_engines.py` (scripts/test-browser
runs both beside the Chromium suite).

Golden pages (a sample, `sampled_pages`): at 320 and 390 CSS px (a phone frame of that
size), light and dark, each must show no horizontal overflow, nothing cut off, every
amount on one line inside the viewport, `lang` and `dir` as the markup says, and no
error in the engine's console (Firefox: every page load; WebKit: one page per screen,
through MiniBrowser's own console). One test per page, width and scheme, e.g.
`test_golden_page[snapshots/CartScreen/hair-spray.ar-EG.html-320px-dark]`.

Served pages (`render-cli serve`): a live session (welcome, the cart shown and changed in
place without a reload within 2 s, a sign-up form typed into, its error shown beside its
field, a consent ticked and the share button pressed, the merchant receiving exactly what
was typed, a status arriving live), the no-script refresh, and no console error on the
served cart, form and status pages.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from conftest import OUT, Page, golden_pages
from engines import ENGINES, Firefox, PhoneFrame, WebKit, WebKitConsole, webkit_console_errors
from lab import MEASURE_JS, SCHEMES, WIDTHS
from served import Merchant, request

ENGINE = os.environ.get("BROWSER_ENGINE", "")
# ENGINE_PAGES=DIR checks the *.html under DIR instead of the golden sample.
if ENGINE not in ENGINES:
    pytest.skip(f"BROWSER_ENGINE is {ENGINE!r}, not one of {ENGINES}", allow_module_level=True)

ENGINE_WIDTHS = (320, 390)
# Every screen in a left-to-right, two right-to-left and a CJK locale; a screen with a
# golden page in none of them is checked in its first locale (by file name).
SAMPLED_LOCALES = ("en-US", "ar-EG", "he-IL", "ja-JP")
RTL_LANGUAGES = {"ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"}
LOCALE_OF = re.compile(r"\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\.html$")


def locale_of(name: str) -> str:
    match = LOCALE_OF.search(name)
    return match.group(1) if match else "en-US"


def screen_of(name: str) -> str:
    return re.sub(r"\.[^/]*$", "", name)


def sampled_pages():
    if os.environ.get("ENGINE_PAGES"):
        # Pages of a directory of one's own instead (e.g. a broken copy, to see a check fail).
        directory = Path(os.environ["ENGINE_PAGES"]).resolve()
        return [Page(str(path), path, ()) for path in sorted(directory.rglob("*.html"))]
    pages = golden_pages()
    chosen = [page for page in pages if locale_of(page.name) in SAMPLED_LOCALES]
    covered = {screen_of(page.name) for page in chosen}
    for page in pages:
        if screen_of(page.name) not in covered:
            chosen.append(page)
            covered.add(screen_of(page.name))
    return chosen


def console_sample(pages):
    """One page per screen, for WebKit's console (a MiniBrowser launch per page): its
    right-to-left page where it has one, else the first."""
    by_screen: dict[str, object] = {}
    for page in pages:
        screen = screen_of(page.name)
        language = locale_of(page.name).split("-")[0]
        if screen not in by_screen or (language in RTL_LANGUAGES and locale_of(by_screen[screen].name).split("-")[0] not in RTL_LANGUAGES):
            by_screen[screen] = page
    return list(by_screen.values())


PAGES = sampled_pages()


def where(engine, page: str, width: int | None = None, scheme: str | None = None) -> str:
    at = f" at {width} CSS px, {scheme} scheme" if width else ""
    return f"{engine.version}: {page}{at}"


def report(engine, page, width, scheme, problems: dict[str, list[str]]) -> str:
    lines = []
    for rule, found in problems.items():
        if found:
            lines.append(f"{where(engine, page, width, scheme)}: rule {rule}: {len(found)} problem(s)")
            lines += [f"  - {problem}" for problem in found[:20]]
    return "\n".join(lines)


# --- the engine -------------------------------------------------------------------------------
class Engines:
    """The engine session of this run. WebKit's colour scheme is fixed at launch, so a
    scheme change starts a new WebKit session (the tests run scheme by scheme)."""

    def __init__(self):
        self.current = None
        self.scheme = None

    def get(self, scheme: str = "light"):
        if ENGINE == "webkit":
            if self.current is None or self.scheme != scheme:
                self.close()
                self.current = WebKit(scheme)
        else:
            if self.current is None:
                self.current = Firefox()
            if self.scheme != scheme:
                self.current.set_scheme(scheme)
        self.scheme = scheme
        return self.current

    def close(self):
        if self.current is not None:
            self.current.quit()
            self.current = None


@pytest.fixture(scope="session")
def engines():
    running = Engines()
    yield running
    running.close()


@pytest.fixture(scope="session")
def frame() -> PhoneFrame:
    return PhoneFrame(OUT / "engines" / ENGINE)


def test_engine_starts_and_says_its_version(engines):
    engine = engines.get()
    assert re.search(r"\d+\.\d+", engine.version), f"{ENGINE}: no version in {engine.version!r}"
    print(engine.version)


# --- golden pages -----------------------------------------------------------------------------
def golden_cases():
    for scheme in SCHEMES:
        for page in PAGES:
            for width in ENGINE_WIDTHS:
                yield pytest.param(page, width, scheme, id=f"{page.name}-{width}px-{scheme}")


@pytest.mark.parametrize("page,width,scheme", list(golden_cases()))
def test_golden_page(page, width: int, scheme: str, engines, frame):
    engine = engines.get(scheme)
    engine.clear_errors()
    frame.open(engine, page.path.resolve().as_uri(), width, WIDTHS[width])
    engine.js(MEASURE_JS)
    dark = engine.js("return matchMedia('(prefers-color-scheme: dark)').matches")
    language = locale_of(page.name).split("-")[0].lower()
    expected_dir = "rtl" if language in RTL_LANGUAGES else "ltr"
    problems = {
        "colour-scheme": [] if dark == (scheme == "dark") else [f"prefers-color-scheme: dark is {dark} in the {scheme} run"],
        "no-horizontal-overflow": engine.js("return window.__lab.overflow(arguments[0])", width),
        "nothing-cut-off": engine.js("return window.__lab.cutOff()"),
        "amounts-on-one-line": engine.js("return window.__lab.amounts()"),
        "lang-and-dir": engine.js("return window.__lab.language(arguments[0], arguments[1])", language, expected_dir),
    }
    engine.leave_frame()
    problems["no-console-error"] = engine.errors()
    assert not any(problems.values()), report(engine, page.name, width, scheme, problems)


@pytest.mark.skipif(ENGINE != "webkit", reason="Firefox's console is read on every golden page load")
@pytest.mark.parametrize("page", [pytest.param(page, id=page.name) for page in console_sample(PAGES)])
def test_golden_page_webkit_console(page, engines):
    engines.get()  # the X display and the engine are there
    found = webkit_console_errors(page.path.resolve().as_uri(), seconds=1.5)
    assert not found, report(engines.current, page.name, None, None, {"no-console-error": found})


# --- served pages -----------------------------------------------------------------------------
JP_SESSION = {
    "currency": "JPY",
    "region": "JP",
    "privacyPolicyURL": "https://example.com/privacy",
    "storeName": "丸の内ストア",
    "deviceName": "Emily",
}
SIGNUP = {
    "call": "requestSignup",
    "purpose": "membership",
    "fields": ["emailAddress", "phoneNumber"],
    "emailConsent": "visible",
}
LIVE_SECONDS = 2.0


def cart(quantity: int) -> dict:
    return {
        "call": "updateShoppingCart",
        "cart": {
            "items": [
                {"id": "HRSP-M-UN-11-001", "name": "Hair Spray", "quantity": quantity, "totalPrice": 500 * quantity},
                {"id": "COMB-01", "name": "Comb", "quantity": 1, "totalPrice": 300},
            ],
            "summary": {"summaryLines": [{"label": "Shipping", "value": "Free"}], "total": 500 * quantity + 300},
        },
    }


class LoggedServer:
    """`render-cli serve --port 0` whose request log (standard error) is read as it comes,
    each line with the time it arrived."""

    def __init__(self, cli: Path, *extra: str):
        import secrets

        self.key = secrets.token_urlsafe(32)
        self.process = subprocess.Popen(
            [str(cli), "serve", "--host", "127.0.0.1", "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, RENDER_API_KEY=self.key), text=True,
        )
        line = self.process.stdout.readline().strip()
        if not line.startswith("listening on http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError(f"render-cli serve did not start: {line!r}")
        self.base = line.removeprefix("listening on ")
        self.log: list[tuple[float, str]] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stderr:
            self.log.append((time.monotonic(), line.rstrip("\n")))

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=15)
        self.reader.join(timeout=5)
        assert self.process.returncode == 0, f"render-cli serve exited {self.process.returncode}"


@pytest.fixture
def server(cli):
    running = LoggedServer(cli, "--refresh", "2")
    yield running
    running.stop()


def wait_for(engine, css: str, seconds: float, why: str):
    deadline = time.monotonic() + seconds
    while True:
        try:
            found = engine.find(css)
        except Exception:  # the document is being replaced
            found = []
        if found:
            return found[0]
        if time.monotonic() > deadline:
            title = ""
            try:
                title = engine.js("return document.title")
            except Exception:
                pass
            pytest.fail(f"{engine.version}: {why}: no {css!r} within {seconds} s; the page shows {title!r}", pytrace=False)
        time.sleep(0.05)


def type_into(engine, element, text: str) -> None:
    element.click()
    element.clear()
    element.send_keys(text)
    value = element.get_property("value")
    assert value == text, f"{engine.version}: typed {text!r} into {element.get_attribute('name')!r}, the field holds {value!r}"


def control(engine, name: str):
    found = [e for e in engine.find(f"form [name='{name}']") if (e.get_attribute("type") or "") not in ("hidden", "submit")]
    assert found, f"{engine.version}: the form has no control named {name!r}"
    return found[0]


def share_button(engine):
    buttons = [b for b in engine.find("form button[type='submit'], form button:not([type])") if b.get_attribute("formnovalidate") is None]
    assert len(buttons) == 1, f"{engine.version}: expected one share button, found {[b.text for b in buttons]}"
    return buttons[0]


ERROR_BESIDE_FIELD = """
const input = document.querySelector(`form [name="${arguments[0]}"]`);
if (!input) return {problems: ['no control named ' + arguments[0]], message: ''};
const problems = [];
if (input.getAttribute('aria-invalid') !== 'true') problems.push('the field is not aria-invalid');
const field = input.closest('.field');
const ids = (input.getAttribute('aria-describedby') || '').split(/\\s+/);
const message = [...(field ? field.querySelectorAll('.error-message') : [])].find((m) => ids.includes(m.id));
if (!message) return {problems: problems.concat(['no .error-message in the field named by aria-describedby']), message: ''};
const m = message.getBoundingClientRect();
const i = input.getBoundingClientRect();
if (m.width < 1 || m.height < 1) problems.push('the message is not shown');
if (Math.min(m.right, i.right) - Math.max(m.left, i.left) <= 0) problems.push('the message is not above or below the field');
const gap = Math.max(i.top - m.bottom, m.top - i.bottom);
if (gap > 48) problems.push(`the message is ${Math.round(gap)} px from the field`);
return {problems, message: message.textContent.trim()};
"""


def test_live_session(server, engines):
    engine = engines.get()
    engine.clear_errors()
    merchant = Merchant(server.base, server.key, JP_SESSION)
    engine.get(server.base + merchant.customer_url)
    wait_for(engine, "body.screen-status", 5, "the welcome screen")
    engine.js("window.__sameDocument = 'yes'")

    merchant.call(cart(1))
    started = time.monotonic()
    wait_for(engine, "body.screen-cart li[data-item-id='COMB-01']", LIVE_SECONDS, "the cart, live")
    cart_latency = time.monotonic() - started

    merchant.call(cart(3))
    started = time.monotonic()
    changed = wait_for(engine, "li[data-item-id='HRSP-M-UN-11-001'][data-change='updated']", LIVE_SECONDS, "the changed row, live")
    change_latency = time.monotonic() - started
    assert "quantity" in (changed.get_attribute("data-changed") or ""), f"{engine.version}: the changed row says {changed.get_attribute('data-changed')!r}"
    assert engine.js("return window.__sameDocument") == "yes", f"{engine.version}: the page reloaded instead of changing in place"
    live, deadline = "", time.monotonic() + LIVE_SECONDS
    while "1,800" not in live and time.monotonic() < deadline:
        live = engine.js("return (document.querySelector('[aria-live]') || {}).textContent || ''")
        time.sleep(0.05)
    assert "1,800" in live, f"{engine.version}: the live region says {live!r}, not the new total ¥1,800"

    merchant.call(SIGNUP)
    wait_for(engine, "body.screen-form form", LIVE_SECONDS, "the sign-up form, live")
    typed = {"name": "Zoë Martin", "emailAddress": "zoe@example.com", "phoneNumber": "12"}
    for name, text in typed.items():
        type_into(engine, control(engine, name), text)
    share_button(engine).click()
    wait_for(engine, ".field-error [name='phoneNumber']", 5, "the phone number's error")
    beside = engine.js(ERROR_BESIDE_FIELD, "phoneNumber")
    assert not beside["problems"] and beside["message"], (
        f"{engine.version}: served sign-up form: the phone number's error is not beside its field: {beside}"
    )
    assert control(engine, "name").get_property("value") == typed["name"], f"{engine.version}: the form lost the typed name"
    typed["phoneNumber"] = "+81 3 1234 5678"
    type_into(engine, control(engine, "phoneNumber"), typed["phoneNumber"])
    consent = control(engine, "emailOptInSelection")
    if not consent.is_selected():
        consent.click()
    assert consent.is_selected(), f"{engine.version}: the email consent did not tick"
    share_button(engine).click()

    answer = merchant.wait_for(lambda e: "response" in e or "declined" in e)
    assert "response" in answer, f"{engine.version}: the merchant got {answer}"
    shared = {key: value for key, value in answer["response"].items() if value is not None}
    expected = dict(typed, emailOptInSelection=True)
    shared.pop("smsOptInSelection", None)
    assert shared == expected, f"{engine.version}: the merchant got {answer['response']}, typed {expected}"

    merchant.call({"call": "updateStatus", "status": "paymentCompleted"})
    started = time.monotonic()
    wait_for(engine, "body.screen-status .status-success", LIVE_SECONDS, "the payment-completed status, live")
    status_latency = time.monotonic() - started
    errors = engine.errors()
    merchant.delete()
    assert not errors, f"{engine.version}: served session: rule no-console-error: {errors}"
    print(f"{engine.version}: cart {cart_latency * 1000:.0f} ms, change {change_latency * 1000:.0f} ms, "
          f"status {status_latency * 1000:.0f} ms after the call")


def page_requests(server: LoggedServer, after: float) -> list[str]:
    return [line for at, line in server.log if at >= after and re.match(r"GET /c/[^/ ]* 200", line)]


def test_without_script_the_cart_still_changes(server, engines):
    engine = engines.get()
    merchant = Merchant(server.base, server.key, JP_SESSION)
    url = server.base + merchant.customer_url
    if ENGINE == "firefox":
        engine.set_script_enabled(False)
        try:
            engine.get(url)
            merchant.wait_for(lambda e: e.get("event") == "ready")
            merchant.call(cart(1))
            wait_for(engine, "li[data-item-id='COMB-01']", 8, "without script, the cart")
            merchant.call(cart(2))
            wait_for(engine, "li[data-item-id='HRSP-M-UN-11-001'][data-change='updated']", 8, "without script, the changed row")
            assert "?shown=" in engine.url, f"{engine.version}: without script the page changed without its refresh ({engine.url})"
        finally:
            engine.set_script_enabled(True)
    else:
        # WebKitWebDriver cannot turn script off: MiniBrowser runs on its own with
        # JavaScript off, and the server's request log shows the page fetching itself again
        # (the <noscript> refresh) after the cart changed, and never the live stream.
        browser = WebKitConsole(url, script=False)
        try:
            merchant.wait_for(lambda e: e.get("event") == "ready")
            merchant.call(cart(1))
            changed_at = time.monotonic()
            deadline = changed_at + 8
            while len(page_requests(server, changed_at)) < 2 and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            console = browser.stop()
        refreshed = page_requests(server, changed_at)
        streams = [line for _, line in server.log if re.match(r"GET /c/[^ ]*/events", line)]
        assert len(refreshed) >= 2, f"{engine.version}: without script the page fetched itself {len(refreshed)} time(s) in 8 s after the cart changed: {server.log}"
        assert not streams, f"{engine.version}: with script off the page still opened the live stream: {streams}"
        assert not console, f"{engine.version}: without script: rule no-console-error: {console}"
        status, _, body = request(server.base, "GET", merchant.customer_url)
        assert status == 200 and b'data-item-id="COMB-01"' in body, "the page the refresh fetches does not show the cart"
    merchant.delete()


@pytest.mark.skipif(ENGINE != "webkit", reason="Firefox's console is read throughout test_live_session")
def test_served_pages_webkit_console(server, engines):
    """The cart, the sign-up form and a status page, each opened at the top level (where
    WebKit asks for a favicon by itself): no error in WebKit's console."""
    engine = engines.get()
    merchant = Merchant(server.base, server.key, JP_SESSION)
    url = server.base + merchant.customer_url
    engine.get(url)  # the customer arrives: the session is ready for the merchant's calls
    merchant.wait_for(lambda e: e.get("event") == "ready")
    found = {}
    for screen, call in (("cart", cart(1)), ("status", {"call": "updateStatus", "status": "paymentCompleted"}), ("sign-up form", SIGNUP)):
        merchant.call(call)
        since = time.monotonic()
        found[f"served {screen} page"] = webkit_console_errors(url, 2.5, lambda: page_requests(server, since))
    merchant.delete()
    assert not any(found.values()), "\n".join(
        f"{engines.current.version}: {screen}: rule no-console-error: {errors}" for screen, errors in found.items() if errors
    )
