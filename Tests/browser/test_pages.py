"""Every page under snapshots/ (and two generated 100-item carts) in a real browser, at
320, 360 and 390 CSS px, light and dark: one test per page, width, scheme and rule, e.g.
`test_page[snapshots/CartScreen/hair-spray.ar-EG.html-320px-dark-target-size-44]`.
The Nu HTML Checker runs once over all files: `test_valid_html[<page>]`."""

from __future__ import annotations

import pytest
from conftest import Page, generated_pages, golden_pages, vnu_problems
from lab import SCHEMES, WIDTHS, failure_message

GOLDEN = golden_pages()
PAGES = GOLDEN + generated_pages()


def cases():
    for page in PAGES:
        for width in WIDTHS:
            for scheme in SCHEMES:
                for rule in page.rules:
                    yield pytest.param(page, width, scheme, rule, id=f"{page.name}-{width}px-{scheme}-{rule}")


def test_there_are_golden_pages():
    assert any(page.name.startswith("snapshots/CartScreen/") for page in GOLDEN), "no golden cart page found under snapshots/"


@pytest.mark.parametrize("page,width,scheme,rule", list(cases()))
def test_page(page: Page, width: int, scheme: str, rule: str, measurements, request):
    if page.name.startswith("generated/"):
        request.getfixturevalue("generated")
    result = measurements.get(page, width, scheme)
    problems = list(result.problems.get(rule, []))
    if rule == "total-in-view" and result.scroll_range < page.min_scroll:
        problems.append(f"the list scrolls only {result.scroll_range:.0f} px; expected at least {page.min_scroll:.0f}")
    assert not problems, failure_message(page.name, width, scheme, rule, problems)


@pytest.mark.parametrize("page", [pytest.param(page, id=page.name) for page in PAGES])
def test_valid_html(page: Page, vnu_messages, request):
    if page.name.startswith("generated/"):
        request.getfixturevalue("generated")
    messages = vnu_messages.get(page.path.resolve())
    assert messages is not None, f"{page.name}: the Nu HTML Checker did not check it"
    problems = vnu_problems(messages)
    assert not problems, failure_message(page.name, None, None, "vnu", problems)
