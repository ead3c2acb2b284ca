"""`render-cli preview` in Chromium, as a designer uses it.

On a copy of examples/request-signup.json: the controls page shows the form in a frame;
an edit of the file shows in the frame within a second with no reload (a mark left in the
frame's window survives); a broken edit shows its error lines, with the JSON path, on the
controls page while the frame keeps the last good form; the locale control turns the
framed page right-to-left for ar, he and ar-XB (the last typed in as a BCP 47 tag); the
dark appearance, 200 % text and a 320 px phone change the frame; a post shows what
`parse` gives; the controls page passes axe-core's WCAG rules and Chromium reports no
Content Security Policy violation. With PREVIEW_SCREENSHOT set, the README's screenshot is written there.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

REPO = Path(__file__).resolve().parents[2]

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});
"""


class Preview:
    """`render-cli preview FILE --port 0`; `url` is the address it prints."""

    def __init__(self, cli: Path, folder: Path, *files: str):
        self.process = subprocess.Popen(
            [str(cli), "preview", *files, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder,
        )
        line = self.process.stdout.readline().strip()
        if not line.startswith("listening on http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError(f"render-cli preview did not start: {line!r} {self.process.stderr.read()}")
        self.url = line.removeprefix("listening on ")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.communicate(timeout=10)
        assert self.process.returncode == 0, f"render-cli preview exited {self.process.returncode}"


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
        except Exception as error:  # a frame between two documents
            last = error
        if last and not isinstance(last, Exception):
            return last
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s (last: {last!r})")


def in_frame(driver, expression: str, index: int = 0):
    """`expression` evaluated in the document of the controls page's frame `index`."""
    return driver.execute_script(
        "var frame = document.querySelectorAll('#views iframe')[arguments[0]];"
        "var doc = frame && frame.contentDocument;"
        "if (!doc || !doc.body) return null;"
        "return (function (document, window) { return " + expression + "; })(doc, frame.contentWindow);",
        index,
    )


@pytest.fixture
def preview(cli, tmp_path, lab):
    request = tmp_path / "request-signup.json"
    shutil.copy(REPO / "examples" / "request-signup.json", request)
    running = Preview(cli, tmp_path, request.name)
    lab.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    )
    # No emulated color scheme: the frame's own (the controls' light or dark) must decide.
    lab.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": ""}]}
    )
    lab.driver.execute_cdp_cmd("Page.enable", {})
    watch = lab.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_VIOLATIONS})
    yield running, request
    lab.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})
    lab.emulate(390, "light", reduced_motion=True)  # the phone the other tests start from
    running.stop()


def test_preview_live_errors_rtl_and_axe(preview, lab):
    running, request = preview
    driver = lab.driver
    driver.get(running.url)
    wait_for(lambda: in_frame(driver, "document.querySelector('form.request-form') !== null"), 5, "the framed form")
    assert in_frame(driver, "document.querySelector('input[name=phoneNumber]') !== null"), "a phone field before"
    in_frame(driver, "(window.__mark = 'not reloaded')")

    # An edit shows without a reload.
    data = json.loads(request.read_text())
    data["fields"] = ["emailAddress"]
    saved = time.monotonic()
    request.write_text(json.dumps(data, indent=2))
    wait_for(lambda: in_frame(driver, "document.querySelector('input[name=phoneNumber]') === null"), 3, "the edit in the frame")
    latency = time.monotonic() - saved
    assert in_frame(driver, "window.__mark") == "not reloaded", "the frame was reloaded"
    assert latency < 1.5, f"the edit showed after {latency:.2f} s"

    # A broken edit: its lines on the controls page, the last good form kept.
    data["fields"] = ["emailAddress", "favouriteColour"]
    request.write_text(json.dumps(data, indent=2))
    lines = wait_for(
        lambda: driver.find_element(By.ID, "problem-lines").text or None, 3, "the error lines on the controls page"
    )
    assert "request-signup.json: $.fields[1]: " in lines, lines
    assert driver.find_element(By.ID, "problems").is_displayed()
    assert in_frame(driver, "document.querySelector('input[name=emailAddress]') !== null"), "the last good form is gone"

    # Fixed again: the problems go away.
    data["fields"] = ["emailAddress", "phoneNumber"]
    request.write_text(json.dumps(data, indent=2))
    wait_for(lambda: not driver.find_element(By.ID, "problems").is_displayed(), 3, "the problems cleared")

    # Right-to-left locales, chosen and typed.
    assert in_frame(driver, "document.documentElement.dir") in ("", "ltr")
    for tag in ["ar", "he"]:
        Select(driver.find_element(By.ID, "locale")).select_by_value(tag)
        wait_for(
            lambda: in_frame(driver, "document.documentElement.lang.startsWith('%s') && document.documentElement.dir" % tag)
            == "rtl",
            3, f"dir=rtl for {tag}",
        )
    typed = driver.find_element(By.ID, "locale-tag")
    typed.send_keys("ar-XB")
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", typed)
    wait_for(
        lambda: in_frame(driver, "document.documentElement.lang.startsWith('ar-XB') && document.documentElement.dir")
        == "rtl",
        3, "dir=rtl for ar-XB",
    )

    # Appearance, text size and width change the frame, not the page's bytes.
    driver.find_element(By.CSS_SELECTOR, "label[for=dark]").click()
    Select(driver.find_element(By.ID, "text-size")).select_by_value("200")
    Select(driver.find_element(By.ID, "width")).select_by_value("320")
    wait_for(lambda: in_frame(driver, "window.matchMedia('(prefers-color-scheme: dark)').matches"), 2, "dark")
    assert in_frame(driver, "getComputedStyle(document.documentElement).fontSize") == "32px"
    assert in_frame(driver, "window.innerWidth") == 320, "the page's viewport is the phone's width"

    # A post is answered as parse answers it, beside the form with its error.
    driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "#views iframe"))
    driver.find_element(By.NAME, "phoneNumber").send_keys("call me")
    driver.find_element(By.CSS_SELECTOR, "button[value=share]").click()
    driver.switch_to.default_content()
    answer = wait_for(lambda: driver.find_element(By.ID, "response-text").text or None, 3, "parse's answer")
    assert '"field": "phoneNumber"' in answer, answer
    wait_for(lambda: in_frame(driver, "document.querySelector('.error-summary') !== null"), 3, "the form's errors")

    problems = lab.run_axe_light_and_dark()
    assert not problems, "\n".join(problems)
    violations = driver.execute_script("return window.__violations") + (in_frame(driver, "window.__violations") or [])
    assert not violations, f"Chromium reported CSP violations: {violations}"

    if os.environ.get("PREVIEW_SCREENSHOT"):
        screenshot(driver, Path(os.environ["PREVIEW_SCREENSHOT"]))


def screenshot(driver, out: Path) -> None:
    """The README's picture: the form in English and Arabic side by side, each with its
    text rendering, light, 375 px."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1440, "height": 1000, "deviceScaleFactor": 1, "mobile": False}
    )
    driver.find_element(By.CSS_SELECTOR, "label[for=light]").click()
    Select(driver.find_element(By.ID, "text-size")).select_by_value("100")
    Select(driver.find_element(By.ID, "width")).select_by_value("375")
    typed = driver.find_element(By.ID, "locale-tag")
    typed.clear()
    Select(driver.find_element(By.ID, "locale")).select_by_value("en")
    side = driver.find_element(By.ID, "locales")
    side.send_keys("ar")
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", side)
    Select(driver.find_element(By.ID, "screen")).select_by_index(0)
    driver.find_element(By.ID, "text-width").clear()
    driver.find_element(By.ID, "text-width").send_keys("34")
    driver.find_element(By.CSS_SELECTOR, "label[for=show-text]").click()
    driver.execute_script("document.getElementById('response').hidden = true;")
    wait_for(lambda: in_frame(driver, "document.documentElement.dir", 1) == "rtl", 3, "the second locale")
    wait_for(lambda: driver.execute_script("return document.querySelectorAll('#views pre')[1].textContent"), 3, "text")
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
    time.sleep(0.3)
    driver.save_screenshot(str(out))
