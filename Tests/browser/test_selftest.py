"""The suite can fail: each page in Tests/browser/fixtures/ (outside snapshots/, so never
mistaken for a golden page) carries one fault, named in its `expect:` comment, and must
fail exactly those rules, with a message that names the page, the width, the scheme and
the rule. `clean.html` is the control: it passes every rule."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES, REPO, Page, vnu_problems
from lab import failure_message, rules_for

FIXTURE_PAGES = sorted(FIXTURES.glob("*.html"))
CONFIGS = [(320, "light"), (390, "dark")]


def expected_failures(html: str) -> set[str]:
    match = re.search(r"expect:\s*([^\n]*?)\s*-->", html)
    assert match, "fixture without an `expect:` comment"
    names = set(match.group(1).split())
    return set() if names == {"nothing"} else names


def test_fixtures_exist():
    names = {path.name for path in FIXTURE_PAGES}
    assert {"clean.html", "wide-element.html", "unlabeled-input.html", "small-button.html"} <= names


@pytest.mark.parametrize("width,scheme", CONFIGS, ids=[f"{w}px-{s}" for w, s in CONFIGS])
@pytest.mark.parametrize("path", FIXTURE_PAGES, ids=[path.name for path in FIXTURE_PAGES])
def test_fixture_fails_exactly_its_rules(path, width: int, scheme: str, lab, vnu_messages):
    html = path.read_text(encoding="utf-8")
    page = Page(str(path.relative_to(REPO)), path, rules_for(html))
    expected = expected_failures(html)

    result = lab.check(page.path, width, scheme, page.rules)
    found = {rule: problems for rule, problems in result.problems.items() if rule in page.rules and problems}
    vnu = vnu_problems(vnu_messages.get(path.resolve(), []))
    if vnu:
        found["vnu"] = vnu

    assert set(found) == expected, (
        f"{page.name} at {width} px, {scheme}: expected failures {sorted(expected) or 'none'}, got "
        + ("; ".join(failure_message(page.name, width, scheme, rule, problems) for rule, problems in found.items()) or "none")
    )
    for rule, problems in found.items():
        message = failure_message(page.name, None if rule == "vnu" else width, scheme, rule, problems)
        assert page.name in message and f"rule {rule}:" in message
        if rule != "vnu":
            assert f"at {width} CSS px, {scheme} scheme" in message
        print(message)
