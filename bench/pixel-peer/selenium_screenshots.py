"""The peer of `render-cli snapshot --formats png` in scripts/bench-pixels: the same pages
captured the way a Selenium suite takes them, through chromedriver, one page at a time in
one Chromium with the same rendering flags: at 390 CSS px, light, fonts awaited, the
screen made as tall as the page, then Page.captureScreenshot.

usage: selenium_screenshots.py OUT_DIR PAGE.html...
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WIDTH, HEIGHT = 390, 844
FLAGS = [
    "--headless", "--no-sandbox", "--force-color-profile=srgb", "--font-render-hinting=none", "--disable-lcd-text",
    "--disable-gpu", "--disable-gpu-rasterization", "--disable-gpu-compositing", "--disable-skia-runtime-opts",
    "--hide-scrollbars", "--lang=en-US", "--no-first-run", "--disable-extensions",
]


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/lib/chromium/chromium"
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))
    try:
        for page in map(Path, sys.argv[2:]):
            metrics = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-color-scheme", "value": "light"},
                              {"name": "prefers-reduced-motion", "value": "reduce"}]})
            driver.get(page.resolve().as_uri())
            driver.execute_async_script("const done = arguments[0]; document.fonts.ready.then(() => done(true));")
            height = max(HEIGHT, int(driver.execute_script("return document.documentElement.scrollHeight")))
            if height > HEIGHT:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "height": height})
            png = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
            (out / (page.stem + ".png")).write_bytes(base64.b64decode(png))
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
