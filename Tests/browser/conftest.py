"""Shared fixtures of the browser suite: the pages under test, the browser, the built
render-cli, and one Nu HTML Checker run over every file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from lab import CART_RULES, RULES, Lab, rules_for, start_driver  # noqa: E402
from tooling import java, vnu_jar  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SNAPSHOTS = REPO / "snapshots"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
OUT = REPO / ".build" / "browser"
SCREENSHOTS = OUT / "screenshots"
GENERATED = OUT / "generated"


@dataclass(frozen=True)
class Page:
    """A page under test. `name` is how failures name it (its path from the repository)."""

    name: str
    path: Path
    rules: tuple[str, ...]
    # A generated long cart must really scroll, or the total-in-view check proves nothing.
    min_scroll: float = 0.0

    def __str__(self) -> str:
        return self.name


def golden_pages() -> list[Page]:
    """Every `*.html` under snapshots/, found anew on each run (carts, forms, statuses...)."""
    pages = []
    for path in sorted(SNAPSHOTS.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        pages.append(Page(str(path.relative_to(REPO)), path, rules_for(html)))
    return pages


# Long carts rendered by the built render-cli from generated JSON (see long_cart.py).
GENERATED_LOCALES = ("en-US", "ar-EG", "he-IL")
LANGUAGES_OUT = GENERATED / "languages"


def generated_pages() -> list[Page]:
    return [
        Page(f"generated/cart-100-items.{locale}.html", GENERATED / f"cart-100-items.{locale}.html", RULES, min_scroll=2000)
        for locale in GENERATED_LOCALES
    ]


def language_pages() -> list[Page]:
    """Each UI language's cart, sign-up form and status page (see languages.py)."""
    from languages import SCREENS, languages, page_path

    cart_rules = RULES
    other_rules = tuple(rule for rule in RULES if rule not in CART_RULES)
    return [
        Page(
            f"generated/languages/{screen}.{language}.html",
            page_path(LANGUAGES_OUT, language, screen),
            cart_rules if screen == "cart" else other_rules,
        )
        for language in languages()
        for screen in SCREENS
    ]


def render_cli() -> Path:
    """The render-cli binary: $RENDER_CLI (scripts/test passes the one it built), else the
    debug build."""
    path = Path(os.environ.get("RENDER_CLI") or REPO / ".build" / "debug" / "render-cli")
    if not path.is_file():
        pytest.fail(f"render-cli not found at {path}; build it (swift build) or set RENDER_CLI", pytrace=False)
    return path


@pytest.fixture(scope="session")
def cli() -> Path:
    return render_cli()


@pytest.fixture(scope="session")
def driver():
    session = start_driver()
    yield session
    session.quit()


@pytest.fixture(scope="session")
def lab(driver) -> Lab:
    return Lab(driver)


@pytest.fixture(scope="session")
def generated() -> dict[str, Path]:
    """Renders the generated long carts once; a render-cli failure fails their tests."""
    from long_cart import render_long_carts

    return render_long_carts(render_cli(), GENERATED, GENERATED_LOCALES)


@pytest.fixture(scope="session")
def language_pages_rendered() -> dict[tuple[str, str], Path]:
    """Renders every language's pages once; a render-cli failure fails their tests."""
    from languages import render_language_pages

    return render_language_pages(render_cli(), LANGUAGES_OUT)


@pytest.fixture(scope="session")
def vnu_messages(request) -> dict[Path, list[dict]]:
    """One Nu HTML Checker run over every page (golden, generated, self-test fixtures):
    its error messages by file."""
    files = [page.path for page in golden_pages()] + sorted(FIXTURES.glob("*.html"))
    try:
        request.getfixturevalue("generated")
        files += [page.path for page in generated_pages()]
    except (Exception, pytest.fail.Exception):  # their own tests report why they are missing
        pass
    try:
        request.getfixturevalue("language_pages_rendered")
        files += [page.path for page in language_pages()]
    except (Exception, pytest.fail.Exception):
        pass
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--format", "json", "--stdout", "--exit-zero-always", "--errors-only"]
        + [str(path) for path in files],
        capture_output=True,
        text=True,
        timeout=600,
    )
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"the Nu HTML Checker printed no JSON report: {result.stderr.strip()[:2000]}", pytrace=False)
    messages: dict[Path, list[dict]] = {path.resolve(): [] for path in files}
    for message in report.get("messages", []):
        url = message.get("url", "")
        path = Path(unquote(urlparse(url).path)).resolve() if url else None
        messages.setdefault(path, []).append(message)
    return messages


def vnu_problems(messages: list[dict]) -> list[str]:
    problems = []
    for message in messages:
        if message.get("type") in ("error", "non-document-error") or message.get("subType") == "fatal":
            line = message.get("lastLine", "?")
            column = message.get("firstColumn", message.get("lastColumn", "?"))
            extract = (message.get("extract") or "").replace("\n", "⏎")
            problems.append(f"line {line}:{column}: {message.get('message')}" + (f" [{extract}]" if extract else ""))
    return problems


class Measurements:
    """Each (page, width, scheme) is measured once; the per-rule tests read the result."""

    def __init__(self, lab: Lab):
        self.lab = lab
        self.cache: dict[tuple[str, int, str], object] = {}

    def get(self, page: Page, width: int, scheme: str):
        key = (page.name, width, scheme)
        if key not in self.cache:
            self.cache.clear()  # tests run config by config: keep memory flat
            try:
                self.cache[key] = self.lab.check(page.path, width, scheme, page.rules)
            except Exception as error:  # reported by each rule of this configuration
                self.cache[key] = error
        value = self.cache[key]
        if isinstance(value, Exception):
            raise value
        return value


@pytest.fixture(scope="session")
def measurements(lab) -> Measurements:
    return Measurements(lab)


_started = [0.0]


def pytest_sessionstart(session):
    import time

    _started[0] = time.time()


def pytest_terminal_summary(terminalreporter):
    shots = sorted(SCREENSHOTS.rglob("*.png")) if SCREENSHOTS.is_dir() else []
    made = [shot for shot in shots if shot.stat().st_mtime >= _started[0] - 1]
    if made:
        terminalreporter.write_sep("-", "screenshots")
        terminalreporter.write_line(f"{len(made)} screenshots (390 CSS px wide, light and dark) in {SCREENSHOTS}")


# WebKit and Firefox run in runs of their own (BROWSER_ENGINE=webkit|firefox, see
# scripts/test-browser); the Chromium run leaves their module out.
collect_ignore = [] if os.environ.get("BROWSER_ENGINE") else ["test_engines.py"]
