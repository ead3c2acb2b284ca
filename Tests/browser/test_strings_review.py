"""`render-cli strings review de` in Chromium, as a native reviewer uses it.

On a copy of locales/ in a temporary folder (the repository's catalogs are never
touched): the page lists each German string beside its English and comment, a string's
screen shows in the frame with the string outlined; a string typed into its field and
saved from the keyboard is written to de.xcstrings (in Xcode's layout, the other bytes as
they were) and the framed screen shows the new wording; a lost placeholder is refused
with `strings import`'s message beside the field and the file's bytes stay as they were.
The page passes axe-core's WCAG rules and Chromium reports no Content Security Policy
violation.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_preview import WATCH_VIOLATIONS, wait_for

REPO = Path(__file__).resolve().parents[2]
TAG_CHARACTERS = "[\\u{E0000}-\\u{E007F}]"


class Review:
    """`render-cli strings review de --port 0` on `locales`; `url` is the address it prints."""

    def __init__(self, cli: Path, locales: Path):
        self.process = subprocess.Popen(
            [str(cli), "strings", "review", "de", "--port", "0", "--locales", str(locales),
             "--examples", str(REPO / "examples")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        line = self.process.stdout.readline().strip()
        if not line.startswith("listening on http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError(f"render-cli strings review did not start: {line!r} {self.process.stderr.read()}")
        self.url = line.removeprefix("listening on ")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.communicate(timeout=10)
        assert self.process.returncode == 0, f"render-cli strings review exited {self.process.returncode}"


def frame_text(driver) -> str | None:
    """The framed screen's visible text, the strings' invisible marks left out."""
    return driver.execute_script(
        "var doc = document.getElementById('screen').contentDocument;"
        "return doc && doc.body ? doc.body.innerText.replace(new RegExp(arguments[0], 'gu'), '') : null;",
        TAG_CHARACTERS,
    )


def outlines(driver) -> int:
    return driver.execute_script(
        "var doc = document.getElementById('screen').contentDocument;"
        "var layer = doc && doc.getElementById('x-review-marks');"
        "return layer ? layer.children.length : 0;"
    )


@pytest.fixture
def review(cli, tmp_path, lab):
    locales = tmp_path / "locales"
    shutil.copytree(REPO / "locales", locales)
    running = Review(cli, locales)
    # Light, whatever a test before this one left (one that fails midway does not restore it).
    lab.media("light", reduced_motion=True)
    lab.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    )
    lab.driver.execute_cdp_cmd("Page.enable", {})
    watch = lab.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_VIOLATIONS})
    yield running, locales / "de.xcstrings"
    lab.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})
    lab.emulate(390, "light", reduced_motion=True)  # the phone the other tests start from
    running.stop()


def test_strings_review_edits_the_catalog_and_refuses_a_lost_placeholder(review, lab):
    running, catalog = review
    driver = lab.driver
    original = catalog.read_bytes()
    driver.get(running.url)

    # A string beside its English and comment, its screen framed with the string outlined.
    article = driver.find_element(By.ID, "s-status.disconnected.title")
    assert "Disconnected" in article.find_element(By.CSS_SELECTOR, "dd[lang=en]").text
    article.find_element(By.LINK_TEXT, "status-disconnected").click()
    wait_for(lambda: "Verbindung getrennt" in (frame_text(driver) or ""), 5, "the German screen in the frame")
    wait_for(lambda: outlines(driver) > 0, 3, "the string outlined on its screen")

    # Typed and saved from the keyboard: the file changes, the screen shows the new wording.
    field = driver.find_element(By.ID, "s-status.disconnected.title-value")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Nicht mehr verbunden", Keys.ENTER)
    wait_for(lambda: "Saved" in driver.find_element(By.CSS_SELECTOR, "[role=status]").text, 5, "the saved notice")
    written = catalog.read_text(encoding="utf-8")
    assert '"value" : "Nicht mehr verbunden"' in written
    assert '"value" : "Verbindung getrennt"' not in written
    assert written.replace("Nicht mehr verbunden", "Verbindung getrennt").encode() == original, \
        "only the edited value changed, in Xcode's layout"
    assert "scripts/embed-data" in driver.find_element(By.CSS_SELECTOR, "[role=status]").text
    wait_for(lambda: "Nicht mehr verbunden" in (frame_text(driver) or ""), 5, "the new wording on the framed screen")
    assert "Verbindung getrennt" not in frame_text(driver)

    # A lost placeholder: refused with import's message, the file's bytes unchanged.
    saved = catalog.read_bytes()
    field = driver.find_element(By.ID, "s-header.connectedTo-value")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Verbunden mit dem Personal", Keys.ENTER)
    problems = wait_for(
        lambda: driver.find_element(By.CSS_SELECTOR, ".problems[role=alert]").text or None, 5, "the refusal"
    )
    assert "Not saved: nothing was written" in problems
    assert 'trans-unit "header.connectedTo": the target\'s placeholders are not the English ones (%1$@' in problems
    assert catalog.read_bytes() == saved, "a refused edit changed the file"
    field = driver.find_element(By.ID, "s-header.connectedTo-value")
    assert field.get_attribute("value") == "Verbunden mit dem Personal", "the typed text is kept"
    assert field.get_attribute("aria-invalid") == "true"

    problems = lab.run_axe_light_and_dark()
    assert not problems, "\n".join(problems)
    violations = driver.execute_script("return window.__violations") or []
    violations += driver.execute_script(
        "var w = document.getElementById('screen').contentWindow; return (w && w.__violations) || [];"
    )
    assert not violations, f"Chromium reported CSP violations: {violations}"
