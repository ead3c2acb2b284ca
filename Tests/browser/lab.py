"""Drives Debian's Chromium through chromedriver and measures a page as a phone shows it.

`Lab.check(page, width, scheme)` loads a page at one phone width and colour scheme and
returns, for every rule, the list of problems found (empty when the rule holds). The
rules, in the order they are reported:

- `reduced-motion`: loaded with `prefers-reduced-motion: reduce`, no animation or
  transition runs (`document.getAnimations()` is empty, every computed duration is 0);
- then, with motion allowed and every animation finished:
- `axe-wcag`: axe-core finds no violation of the WCAG 2.0/2.1/2.2 A and AA rules;
- `no-horizontal-overflow`: nothing reaches past the layout viewport's edges;
- `nothing-cut-off`: no box clips its content (`overflow: hidden`, line clamps);
- `target-size-44`: every control, and every link outside running text, is ≥ 44 × 44;
- `no-overlapping-text`: no two text boxes overlap;
- `mirrored-layout`: rows follow the page's direction (amounts left of labels in
  right-to-left pages), no physical `text-align`;
- `merchant-text-direction`: each `dir="auto"` element and `<bdi>` reads in its text's direction;
- `total-in-view` (carts with items): the total stays in view while the list scrolls;
- `text-200-overflow`, `text-200-cut-off`, `text-200-overlap`, `text-200-mirrored-layout`,
  `text-200-total-in-view`: the same with the root font size at 200 % (rows wrap then).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from tooling import CHROMEDRIVER, CHROMIUM, axe_source

# Phone screens: CSS px width and height (iPhone SE 1st gen., a common Android, iPhone 14).
WIDTHS = {320: 568, 360: 740, 390: 844}
SCHEMES = ("light", "dark")
DEVICE_SCALE_FACTOR = 2
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

LAYOUT_RULES = (
    "axe-wcag",
    "no-horizontal-overflow",
    "nothing-cut-off",
    "target-size-44",
    "no-overlapping-text",
    "mirrored-layout",
    "merchant-text-direction",
)
TEXT_200_RULES = ("text-200-overflow", "text-200-cut-off", "text-200-overlap", "text-200-mirrored-layout")
CART_RULES = ("total-in-view", "text-200-total-in-view")
RULES = ("reduced-motion",) + LAYOUT_RULES + ("total-in-view",) + TEXT_200_RULES + ("text-200-total-in-view",)

MEASURE_JS = (Path(__file__).parent / "measure.js").read_text(encoding="utf-8")


def failure_message(page: str, width: int | None, scheme: str | None, rule: str, problems: list[str]) -> str:
    """How every failure reads: the page, the width, the scheme, the rule, then each problem."""
    where = f"at {width} CSS px, {scheme} scheme" if width else "(any width, any scheme)"
    lines = [f"{page} {where}: rule {rule}: {len(problems)} problem(s)"]
    lines += [f"  - {problem}" for problem in problems[:20]]
    if len(problems) > 20:
        lines.append(f"  - … and {len(problems) - 20} more")
    return "\n".join(lines)


def rules_for(html: str) -> tuple[str, ...]:
    """The rules that apply to a page: the cart rules only where items are listed."""
    is_cart_with_items = "data-item-id=" in html
    return tuple(rule for rule in RULES if is_cart_with_items or rule not in CART_RULES)


def start_driver():
    """A headless Chromium session (as root: no sandbox). Nothing is downloaded: the
    driver and browser are Debian's, and Selenium Manager is switched off."""
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
        "--disable-extensions",
        "--no-first-run",
        "--lang=en-US",
    ):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))


@dataclass
class Result:
    problems: dict[str, list[str]] = field(default_factory=dict)
    scroll_range: float = 0.0


class Lab:
    def __init__(self, driver):
        self.driver = driver
        self.axe, self.axe_version = axe_source()
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    # --- emulation -------------------------------------------------------------------------
    def emulate(self, width: int, scheme: str, reduced_motion: bool, height: int | None = None) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height or WIDTHS[width],
                "deviceScaleFactor": DEVICE_SCALE_FACTOR,
                "mobile": True,
            },
        )
        self.media(scheme, reduced_motion)

    def media(self, scheme: str, reduced_motion: bool) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {
                "media": "screen",
                "features": [
                    {"name": "prefers-color-scheme", "value": scheme},
                    {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
                ],
            },
        )

    def open(self, path: Path) -> None:
        self.driver.get(path.resolve().as_uri())
        self.driver.execute_script(MEASURE_JS)

    def js(self, expression: str, *args):
        return self.driver.execute_script(f"return window.__lab.{expression};", *args)

    # --- axe ---------------------------------------------------------------------------------
    def run_axe_light_and_dark(self) -> list[str]:
        """axe-core in the light scheme, then the dark one (a tool page's own colours follow
        it), each dark problem marked so; light again after."""
        problems = self.run_axe()
        self.media("dark", reduced_motion=True)
        try:
            problems += [f"dark: {problem}" for problem in self.run_axe()]
        finally:
            self.media("light", reduced_motion=True)
        return problems

    def run_axe(self) -> list[str]:
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(self.axe)
        raw = self.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
              .then((result) => done(JSON.stringify(result.violations)))
              .catch((error) => done(JSON.stringify({error: String(error)})));
            """,
            AXE_TAGS,
        )
        violations = json.loads(raw)
        if isinstance(violations, dict):
            return [f"axe-core failed to run: {violations['error']}"]
        problems = []
        for violation in violations:
            nodes = violation["nodes"]
            where = "; ".join(
                " ".join(node["target"]) + (f" ({node['failureSummary'].splitlines()[-1].strip()})" if node.get("failureSummary") else "")
                for node in nodes[:3]
            )
            more = f" and {len(nodes) - 3} more" if len(nodes) > 3 else ""
            problems.append(f"{violation['id']} ({violation['impact']}): {violation['help']}: {where}{more}")
        return problems

    # --- the whole check -----------------------------------------------------------------
    def check(self, path: Path, width: int, scheme: str, rules: tuple[str, ...]) -> Result:
        result = Result()
        found = result.problems

        self.emulate(width, scheme, reduced_motion=True)
        self.open(path)
        found["reduced-motion"] = self.js("motion()")

        self.media(scheme, reduced_motion=False)
        self.js("settle()")
        found["axe-wcag"] = self.run_axe()
        self.js("settle()")
        found["no-horizontal-overflow"] = self.js("overflow(arguments[0])", width)
        found["nothing-cut-off"] = self.js("cutOff()")
        found["target-size-44"] = self.js("targets()")
        found["no-overlapping-text"] = self.js("overlaps()")
        found["mirrored-layout"] = self.js("mirrored()")
        found["merchant-text-direction"] = self.js("merchantDirection()")
        if "total-in-view" in rules:
            in_view = self.js("totalInView()")
            found["total-in-view"] = in_view["problems"]
            result.scroll_range = in_view["scrollRange"]

        self.js("setTextSize(200)")
        found["text-200-overflow"] = self.js("overflow(arguments[0])", width)
        found["text-200-cut-off"] = self.js("cutOff()")
        found["text-200-overlap"] = self.js("overlaps()")
        found["text-200-mirrored-layout"] = self.js("mirrored()")
        if "text-200-total-in-view" in rules:
            found["text-200-total-in-view"] = self.js("totalInView()")["problems"]
        self.js("setTextSize(0)")
        return result

    # --- screenshots -----------------------------------------------------------------------
    def screenshot(self, path: Path, out: Path, width: int, scheme: str) -> Path:
        """A PNG of the whole page at `width` (device pixel ratio 2). The screen is made as
        tall as the page, so the sticky total rests at the end of the content as it does
        once the list is scrolled to its end, instead of floating over the items."""
        import base64

        self.emulate(width, scheme, reduced_motion=True)
        self.open(path)
        height = max(WIDTHS[width], int(self.driver.execute_script("return document.documentElement.scrollHeight")))
        self.emulate(width, scheme, reduced_motion=True, height=height)
        png = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(base64.b64decode(png))
        return out
