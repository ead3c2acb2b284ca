"""Every UI language's cart, form and status page, rendered by the built render-cli into
.build/browser/generated/languages/ (not committed: 45 catalogs × 3 screens), so each
language is checked in a browser without a golden file per page.

The languages are the catalogs in locales/ and the two pseudo-locales, found anew on each
run; a language added to locales/ is tested without touching this file."""

from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
PSEUDO_LOCALES = ("en-XA", "ar-XB")

# (screen, render-cli arguments before the options): the seed cart, the sign-up form (its
# consent checkboxes and terms hold the most UI text), and the status screen with the
# longest text.
SCREENS = {
    "cart": ["cart", str(EXAMPLES / "cart-hair-spray.json")],
    "signup": ["form", str(EXAMPLES / "request-signup.json")],
    "disconnected": ["status", "disconnected"],
}


def languages() -> list[str]:
    return sorted([path.stem for path in (REPO / "locales").glob("*.xcstrings")] + list(PSEUDO_LOCALES))


def page_path(out: Path, language: str, screen: str) -> Path:
    return out / f"{screen}.{language}.html"


def render_language_pages(cli: Path, out: Path) -> dict[tuple[str, str], Path]:
    out.mkdir(parents=True, exist_ok=True)
    pages = {}
    for language in languages():
        for screen, arguments in SCREENS.items():
            command = [str(cli), *arguments, "--config", str(EXAMPLES / "session.json"), "--locale", language]
            result = subprocess.run(command, capture_output=True, text=True, timeout=60)
            if result.returncode != 0:
                raise RuntimeError(f"{' '.join(command[1:])} exited {result.returncode}: {result.stderr.strip()}")
            path = page_path(out, language, screen)
            path.write_text(result.stdout, encoding="utf-8")
            pages[(language, screen)] = path
    return pages
