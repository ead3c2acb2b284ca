"""Every UI language (the catalogs in locales/ and the pseudo-locales en-XA and ar-XB):
its cart, sign-up form and status page, rendered by the built render-cli, pass every rule
at 320 CSS px in the light scheme, the 200 % text rules included, and the Nu HTML
Checker: `test_language_page[generated/languages/cart.ko.html-text-200-overflow]`.
One width and one scheme keep the whole suite within its time; the golden pages cover
the other widths and the dark scheme for the languages they hold."""

from __future__ import annotations

import pytest
from conftest import Page, language_pages, vnu_problems
from lab import failure_message
from languages import PSEUDO_LOCALES, SCREENS, languages

WIDTH = 320
SCHEME = "light"
PAGES = language_pages()


def test_every_language_and_both_pseudo_locales_are_checked():
    tags = languages()
    assert len(tags) >= 44, f"only {len(tags)} languages in locales/ and the pseudo-locales"
    assert set(PSEUDO_LOCALES) <= set(tags)
    assert len(PAGES) == len(tags) * len(SCREENS)


@pytest.mark.parametrize(
    "page,rule", [pytest.param(page, rule, id=f"{page.name}-{rule}") for page in PAGES for rule in page.rules]
)
def test_language_page(page: Page, rule: str, measurements, language_pages_rendered):
    result = measurements.get(page, WIDTH, SCHEME)
    problems = result.problems.get(rule, [])
    assert not problems, failure_message(page.name, WIDTH, SCHEME, rule, problems)


@pytest.mark.parametrize("page", [pytest.param(page, id=page.name) for page in PAGES])
def test_language_page_is_valid_html(page: Page, language_pages_rendered, vnu_messages):
    messages = vnu_messages.get(page.path.resolve())
    assert messages is not None, f"{page.name}: the Nu HTML Checker did not check it"
    problems = vnu_problems(messages)
    assert not problems, failure_message(page.name, None, None, "vnu", problems)
