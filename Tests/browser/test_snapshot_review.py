"""`render-cli snapshot --review` in Chromium, as a person reviews a run.

Golden files of a copy of examples/cart-hair-spray.json are recorded in three locales,
text and PNG; then the cart changes (another name, another quantity) and one golden file
is deleted, so every file differs and one is new. The review page, served by
`snapshot --review`, must pass axe-core's WCAG rules and the Nu HTML Checker with no
Content Security Policy violation; its overlay slider must reveal the new capture over the golden one; then,
from the keyboard (focus and Enter, as a person without a mouse does): en-US's text is
accepted, fr-FR's text rejected, all of de-DE accepted, and Done pressed. On disk
afterwards: exactly the accepted golden files hold the new renderings, the rejected
ones are as they were, the new file written only if accepted, and no capture or diff
image is left beside a decided PNG. With REVIEW_SCREENSHOT set, the README's
screenshot is written there.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_preview import WATCH_VIOLATIONS, wait_for
from tooling import java, vnu_jar

REPO = Path(__file__).resolve().parents[2]
LOCALES = "en-US,fr-FR,de-DE"


def snapshot(cli: Path, folder: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(cli), "snapshot", "cart.json", "--dir", "golden", "--locales", LOCALES, "--formats", "text,png", *extra],
        cwd=folder, capture_output=True, text=True, timeout=300,
    )


class Review:
    """`render-cli snapshot … --review --port 0`; `url` is the address it prints."""

    def __init__(self, cli: Path, folder: Path):
        self.process = subprocess.Popen(
            [str(cli), "snapshot", "cart.json", "--dir", "golden", "--locales", LOCALES, "--formats", "text,png",
             "--review", "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder,
        )
        self.report = []
        for _ in range(400):
            line = self.process.stdout.readline()
            if not line:
                break
            self.report.append(line)
            if line.startswith("listening on http://127.0.0.1:"):
                self.url = line.strip().removeprefix("listening on ")
                return
        self.process.kill()
        raise RuntimeError(f"snapshot --review did not serve: {''.join(self.report)} {self.process.stderr.read()}")

    def finish(self) -> tuple[int, str]:
        out, _ = self.process.communicate(timeout=20)
        return self.process.returncode, out


@pytest.fixture
def changed_run(cli, tmp_path):
    cart = json.loads((REPO / "examples" / "cart-hair-spray.json").read_text(encoding="utf-8"))
    (tmp_path / "cart.json").write_text(json.dumps(cart), encoding="utf-8")
    recorded = snapshot(cli, tmp_path, "--record", "all")
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    golden = tmp_path / "golden" / "cart"
    before = {path.name: path.read_bytes() for path in golden.iterdir()}
    cart["items"][0]["name"] = "Hair Spray, extra hold"
    cart["items"][0]["quantity"] = 5
    (tmp_path / "cart.json").write_text(json.dumps(cart), encoding="utf-8")
    (golden / "de-DE.txt").unlink()
    # What the changed cart renders, for comparing with what accepting writes.
    expected = tmp_path / "expected"
    after = subprocess.run(
        [str(cli), "snapshot", "cart.json", "--dir", str(expected), "--locales", LOCALES, "--formats", "text",
         "--record", "all"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert after.returncode == 0, after.stderr
    return tmp_path, golden, before, expected / "cart"


def nu_errors(url: str, folder: Path) -> str:
    """The Nu HTML Checker's errors in the page as served (fetched past any proxy)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    page = folder / "review.html"
    page.write_bytes(opener.open(url, timeout=10).read())
    checked = subprocess.run(
        [str(java()), "-jar", str(vnu_jar()), "--errors-only", str(page)], capture_output=True, text=True, timeout=120
    )
    return checked.stdout + checked.stderr


def item(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'article[data-file="golden/cart/{name}"]')


def press(driver, button) -> None:
    """Focuses `button` and presses Enter, as the keyboard does; waits for the page's answer."""
    driver.execute_script("arguments[0].focus()", button)
    assert driver.switch_to.active_element == button
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", button)
    assert outline != "none", "the focused button shows no focus outline"
    button.send_keys(Keys.ENTER)
    wait_for(lambda: driver.execute_script("return document.readyState") == "complete"
             and driver.find_element(By.ID, "message").text, 5, "the page after the decision")


def test_review_accepts_rejects_and_accepts_a_locale(cli, lab, changed_run):
    folder, golden, before, expected = changed_run
    review = Review(cli, folder)
    driver = lab.driver
    try:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
        )
        driver.execute_cdp_cmd("Page.enable", {})
        watch = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_VIOLATIONS})
        driver.get(review.url)
        # Six files differ (three texts, three PNGs); de-DE's text is new.
        articles = driver.find_elements(By.CSS_SELECTOR, "article.item")
        assert len(articles) == 6, [a.get_attribute("data-file") for a in articles]
        assert "new: there is no golden file yet" in item(driver, "de-DE.txt").text
        assert "Hair Spray, extra hold" in item(driver, "en-US.txt").find_element(By.TAG_NAME, "pre").text

        # The overlay: shown by the script, the new image clipped to the slider's share.
        slider = item(driver, "en-US.390-light.png").find_element(By.CSS_SELECTOR, "input.reveal")
        assert slider.is_displayed()
        clip = "return document.querySelector('#' + arguments[0].getAttribute('aria-controls') + ' .over').style.clipPath"
        assert driver.execute_script(clip, slider) == "inset(0px 50% 0px 0px)"
        driver.execute_script("arguments[0].focus()", slider)
        slider.send_keys(Keys.END)
        assert driver.execute_script(clip, slider) == "inset(0px 0% 0px 0px)"
        for image in driver.find_elements(By.CSS_SELECTOR, "article img"):
            assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), \
                image.get_attribute("src")

        problems = lab.run_axe_light_and_dark()
        assert not problems, "\n".join(problems)
        errors = nu_errors(review.url, folder)
        assert not errors, f"the Nu HTML Checker on the review page: {errors}"

        press(driver, item(driver, "en-US.txt").find_element(By.CSS_SELECTOR, "button.accept"))
        assert driver.find_element(By.ID, "message").text == "Accepted 1 file: golden file written."
        press(driver, item(driver, "fr-FR.txt").find_element(By.CSS_SELECTOR, "button.reject"))
        assert driver.find_element(By.ID, "message").text == "Rejected 1 file: golden file kept."
        locale = driver.find_element(By.XPATH, "//button[normalize-space()='Accept all in de-DE']")
        press(driver, locale)
        assert driver.find_element(By.ID, "message").text == "Accepted 2 files: golden files written."
        assert "Accepted, golden file written" in item(driver, "en-US.txt").text
        assert not item(driver, "en-US.txt").find_elements(By.CSS_SELECTOR, "button")

        problems = lab.run_axe()
        assert not problems, "after deciding:\n" + "\n".join(problems)
        violations = driver.execute_script("return window.__violations")
        assert not violations, f"Chromium reported CSP violations: {violations}"
        if os.environ.get("REVIEW_SCREENSHOT"):
            screenshot(driver, Path(os.environ["REVIEW_SCREENSHOT"]))
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})

        press_done = driver.find_element(By.ID, "done")
        driver.execute_script("arguments[0].focus()", press_done)
        press_done.send_keys(Keys.ENTER)
        wait_for(lambda: "The review is over" in driver.find_element(By.TAG_NAME, "h1").text, 5, "the end page")
    finally:
        if review.process.poll() is None and driver.find_elements(By.ID, "done"):
            # The test failed before Done: end the review as Ctrl-C would.
            review.process.send_signal(signal.SIGINT)
    status, out = review.finish()
    lab.emulate(390, "light", reduced_motion=True)  # the phone the other tests start from
    # Two PNGs and fr-FR's text still differ.
    assert status == 1, out
    assert out == "review: 3 accepted, 1 rejected, 2 not decided\n"

    now = {path.name: path.read_bytes() for path in golden.iterdir()}
    assert now["en-US.txt"] == (expected / "en-US.txt").read_bytes() != before["en-US.txt"]
    assert now["fr-FR.txt"] == before["fr-FR.txt"] != (expected / "fr-FR.txt").read_bytes()
    assert now["de-DE.txt"] == (expected / "de-DE.txt").read_bytes()
    assert now["de-DE.390-light.png"] != before["de-DE.390-light.png"]
    assert now["en-US.390-light.png"] == before["en-US.390-light.png"]
    # A decided PNG leaves nothing beside it; an undecided one keeps the run's capture and diff.
    assert "de-DE.390-light.actual.png" not in now and "de-DE.390-light.diff.png" not in now
    assert "en-US.390-light.actual.png" in now and "en-US.390-light.diff.png" in now
    assert not [name for name in now if name.endswith(".tmp")]

    # Run again: the accepted files match, the rest still differ.
    again = snapshot(cli, folder, "--record", "never")
    assert "3 of 6 snapshots differ" in again.stdout, again.stdout


def screenshot(driver, out: Path) -> None:
    """The README's picture: the en-US capture's golden, new and diff images side by side
    with its buttons, on a 1320 px wide page, cut below the carts' totals."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1320, "height": 1000, "deviceScaleFactor": 1, "mobile": False}
    )
    target = item(driver, "en-US.390-light.png")
    box = driver.execute_script(
        "var r = arguments[0].getBoundingClientRect();"
        "return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width};", target)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16, "height": 700, "scale": 1},
    })
    out.write_bytes(base64.b64decode(shot["data"]))
