"""The gallery of `render-cli snapshot --gallery`: one self-contained page framing every
rendered locale. Made with the built render-cli (two screens in three locales, one golden
file changed), it must pass the Nu HTML Checker, and in Chromium every frame must show its
page at phone width, with the changed locale's panel, and only that one, marked."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import OUT, REPO, vnu_problems
from tooling import java, vnu_jar

LOCALES = ("en-US", "ar-EG", "ja-JP")
FRAME_WIDTH = 360


@pytest.fixture(scope="module")
def gallery(cli: Path) -> Path:
    folder = OUT / "gallery"
    golden = folder / "golden"
    page = folder / "gallery.html"
    subprocess.run(["rm", "-rf", str(folder)], check=True)
    common = ["snapshot", "examples/cart-hair-spray.json", "--status", "paymentFailed", "--dir", str(golden),
              "--locales", ",".join(LOCALES), "--config", "examples/session.json"]
    recorded = subprocess.run([str(cli), *common, "--record", "all"], cwd=REPO, capture_output=True, text=True)
    assert recorded.returncode == 0, recorded.stderr
    changed = golden / "cart-hair-spray" / "ja-JP.html"
    changed.write_text(changed.read_text(encoding="utf-8").replace("Hair Spray", "Hairspray"), encoding="utf-8")
    checked = subprocess.run([str(cli), *common, "--record", "never", "--gallery", str(page)], cwd=REPO,
                             capture_output=True, text=True)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert checked.stdout.endswith("1 of 12 snapshots differs\n"), checked.stdout
    return page


def test_gallery_passes_the_nu_checker(gallery: Path):
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--format", "json", "--stdout", "--exit-zero-always", str(gallery)],
        capture_output=True, text=True, timeout=300)
    messages = json.loads(result.stdout).get("messages", [])
    problems = vnu_problems(messages)
    assert not problems, f"{gallery.relative_to(REPO)}: rule vnu: {len(problems)} problem(s)\n" + "\n".join(problems)


def test_gallery_frames_every_locale_and_marks_the_mismatch(gallery: Path, driver):
    from selenium.webdriver.common.by import By

    driver.set_window_size(1280, 900)
    driver.get(gallery.as_uri())
    panels = driver.find_elements(By.CSS_SELECTOR, "li.panel")
    assert [panel.find_element(By.TAG_NAME, "h3").text.split()[0] for panel in panels] == list(LOCALES) * 2
    marked = [panel.find_element(By.TAG_NAME, "h3").text.split()[0] for panel in panels
              if "differs" in panel.get_attribute("class").split()]
    assert marked == ["ja-JP"], marked
    frames = driver.find_elements(By.TAG_NAME, "iframe")
    assert len(frames) == 6
    for frame in frames:
        title = frame.get_attribute("title")
        assert frame.size["width"] == FRAME_WIDTH, f"{title}: {frame.size['width']} px wide"
        driver.switch_to.frame(frame)
        try:
            width = driver.execute_script("return document.documentElement.clientWidth")
            text = driver.execute_script("return document.body ? document.body.innerText : ''")
            language = driver.execute_script("return document.documentElement.lang")
        finally:
            driver.switch_to.default_content()
        assert width <= FRAME_WIDTH, f"{title}: layout {width} px"
        assert text.strip(), f"{title}: the framed page shows nothing"
        assert title.endswith(language), f"{title}: the page's lang is {language}"
