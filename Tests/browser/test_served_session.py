"""A whole session served live by `render-cli serve`, with Chromium as the customer.

A script (the merchant, `served.Merchant`) drives the session through the merchant API;
Chromium shows the customer's page and must see: the welcome; the cart; the cart
changing in place, without a reload, the changed row carrying `data-change`; the address
form, typed into like a person (`Zoë`, `東京都`) and submitted; the merchant's long poll
returning exactly what was typed; the status and the closed screens. With JavaScript
turned off the cart still changes within a few seconds (the page's refresh). Every
customer answer carries the contract's four headers, and Chromium reports no Content
Security Policy violation on any page; the cart and the form, as swapped in place, pass
axe-core's WCAG rules.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from served import Merchant, Server, check_customer_headers
from test_form_roundtrip import controls, share_button, the_form, type_into

JP_SESSION = {
    "currency": "JPY",
    "region": "JP",
    "privacyPolicyURL": "https://example.com/privacy",
    "storeName": "丸の内ストア",
    "deviceName": "Emily",
}


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


# Records every CSP violation of every document the tab opens, before the page's own
# code runs (DevTools' script is not subject to the page's policy).
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});
"""


@pytest.fixture
def server(cli):
    running = Server(cli, "--refresh", "2")
    yield running
    running.stop()


@pytest.fixture
def redis_store(tmp_path):
    """A Redis of the test's own, as examples/redis.conf configures one (no persistence,
    an ACL user with a password) but on a Unix socket in `tmp_path` (no port to collide
    with); the `--store` URL, its password given as `serve` reads it
    (RENDER_STORE_PASSWORD). Stopped after the test."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("no redis-server installed: scripts/setup installs it")
    password = secrets.token_urlsafe(24)
    socket = tmp_path / "redis.sock"
    config = Path(__file__).resolve().parents[2] / "examples" / "redis.conf"
    text = config.read_text().replace("port 6379", "port 0").replace(">change-this-password", ">" + password)
    (tmp_path / "redis.conf").write_text(text + f"\nunixsocket {socket}\nunixsocketperm 700\ndir {tmp_path}\n")
    process = subprocess.Popen([server, str(tmp_path / "redis.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not socket.exists():
        assert process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
        time.sleep(0.05)
    previous = os.environ.get("RENDER_STORE_PASSWORD")
    os.environ["RENDER_STORE_PASSWORD"] = password
    yield f"unix://tts@{socket}"
    if previous is None:
        os.environ.pop("RENDER_STORE_PASSWORD", None)
    else:
        os.environ["RENDER_STORE_PASSWORD"] = previous
    process.kill()
    process.wait(timeout=10)


@pytest.fixture(params=["memory", "redis"])
def live_server(request, cli):
    """The live-update test's server: once with the memory store, once on a Redis."""
    store = request.getfixturevalue("redis_store") if request.param == "redis" else "memory"
    running = Server(cli, "--refresh", "2", "--store", store)
    yield running
    running.stop()


@pytest.fixture
def tab(driver):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    watch = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_VIOLATIONS})
    yield driver
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def violations(driver) -> list[str]:
    return driver.execute_script("return window.__violations || []")


def wait_css(driver, selector: str, seconds: float, why: str):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, selector) or False
        )[0]
    except Exception:
        pytest.fail(f"{why}: no {selector!r} within {seconds} s; the page shows {driver.title!r}", pytrace=False)


def test_whole_session_live(live_server, tab, lab):
    server = live_server
    driver = tab
    merchant = Merchant(server.base, server.key, JP_SESSION)
    page = server.base + merchant.customer_url
    seen_violations: list[str] = []
    header_problems: list[str] = []

    driver.get(page)
    wait_css(driver, "body.screen-status", 5, "the welcome screen")
    assert "丸の内ストア" in driver.find_element(By.CSS_SELECTOR, "h1").text
    assert [e.get("event") for e in merchant.events()] == ["connected", "ready"]
    header_problems += check_customer_headers(server.base, merchant.customer_url)
    # Set once; a reload would lose it.
    driver.execute_script("window.__sameDocument = 'yes'")

    merchant.call(cart(1))
    started = time.monotonic()
    wait_css(driver, "body.screen-cart li[data-item-id='COMB-01']", 3, "the cart, live")
    cart_latency = time.monotonic() - started
    header_problems += check_customer_headers(server.base, merchant.customer_url)

    merchant.call(cart(3))
    started = time.monotonic()
    changed = wait_css(
        driver, "li[data-item-id='HRSP-M-UN-11-001'][data-change='updated']", 3, "the changed cart row, live"
    )
    change_latency = time.monotonic() - started
    assert "quantity" in changed.get_attribute("data-changed")
    assert driver.find_element(By.CSS_SELECTOR, "li[data-item-id='COMB-01']").get_attribute("data-change") == "unchanged"
    assert driver.execute_script("return window.__sameDocument") == "yes", "the page reloaded instead of changing in place"
    WebDriverWait(driver, 2).until(
        lambda d: "1,800" in d.execute_script("return (document.querySelector('[aria-live]') || {}).textContent || ''")
    )
    seen_violations += violations(driver)
    # The page as swapped in place, not only as first served, meets WCAG (axe-core).
    axe_problems = [f"changed cart: {problem}" for problem in lab.run_axe()]

    merchant.call({"call": "requestAddress", "purpose": "shipping", "fields": ["emailAddress"]})
    wait_css(driver, "body.screen-form form", 3, "the address form, live")
    header_problems += check_customer_headers(server.base, merchant.customer_url)
    axe_problems += [f"address form: {problem}" for problem in lab.run_axe()]
    form = the_form(driver)
    typed = {
        "name": "Zoë Martin",
        "postalCode": "100-0001",
        "state": "東京都",
        "city": "千代田区",
        "street": "千代田1-1",
        "emailAddress": "zoe@example.com",
    }
    for name, text in typed.items():
        type_into(driver, controls(form, name)[0], text)
    seen_violations += violations(driver)
    share_button(form).click()
    wait_css(driver, "body.screen-cart", 5, "the cart again after sharing")

    answer = merchant.wait_for(lambda e: "response" in e or "declined" in e)
    assert "response" in answer, f"the merchant got {answer}"
    shared = {key: value for key, value in answer["response"].items() if value is not None}
    assert shared == dict(typed, country="JP") or shared == typed, f"the merchant got {answer['response']}"

    merchant.call({"call": "updateStatus", "status": "paymentCompleted"})
    wait_css(driver, "body.screen-status .status-success", 3, "the payment-completed status, live")
    seen_violations += violations(driver)
    merchant.call({"call": "close"})
    wait_css(driver, "body.screen-status .status-neutral", 3, "the closed screen, live")
    header_problems += check_customer_headers(server.base, merchant.customer_url)
    seen_violations += violations(driver)
    merchant.delete()
    header_problems += check_customer_headers(server.base, merchant.customer_url)

    assert not header_problems, "\n".join(header_problems)
    assert not axe_problems, "\n".join(axe_problems)
    assert not seen_violations, f"Chromium reported CSP violations: {seen_violations}"
    print(f"cart shown {cart_latency * 1000:.0f} ms, change shown {change_latency * 1000:.0f} ms after the call")


def dom_html(driver) -> str:
    """The page's markup through DevTools (no page script needed, none runs); empty while
    the page is being replaced by its refresh."""
    from selenium.common.exceptions import WebDriverException

    try:
        root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        return driver.execute_cdp_cmd("DOM.getOuterHTML", {"nodeId": root})["outerHTML"]
    except WebDriverException:
        return ""


def test_without_javascript_the_cart_still_changes(server, tab):
    driver = tab
    merchant = Merchant(server.base, server.key, JP_SESSION)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.base + merchant.customer_url)
    merchant.wait_for(lambda e: e.get("event") == "ready")
    merchant.call(cart(1))
    deadline = time.monotonic() + 8
    while "data-item-id=\"COMB-01\"" not in dom_html(driver):
        assert time.monotonic() < deadline, "without JavaScript the cart did not appear within 8 s"
        time.sleep(0.2)
    merchant.call(cart(2))
    deadline = time.monotonic() + 8
    while "data-change=\"updated\"" not in dom_html(driver):
        assert time.monotonic() < deadline, "without JavaScript the changed cart did not appear within 8 s"
        time.sleep(0.2)
    assert "?shown=" in driver.current_url, "the page changed without its refresh"
    merchant.delete()
