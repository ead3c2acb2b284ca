"""The engine's `spoken` rendering against Chromium's own accessibility tree.

For every golden page under snapshots/ with a `*.spoken.txt` beside it (every screen,
every locale, right-to-left ones included), Chromium loads the page from its file and
computes its accessibility tree (the DevTools protocol's `Accessibility.getFullAXTree`);
`reduce` writes that tree in the spoken format, normalised as docs/SPOKEN.md lists
(section "Proven against Chromium"), and the test compares it line for line with the
engine's golden spoken file. Any difference fails with both trees side by side, e.g.
`test_spoken_tree[snapshots/CartScreen/hair-spray.ar-EG.html]`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import REPO, SNAPSHOTS


def spoken_pages() -> list[Path]:
    """Every golden page that has a spoken rendering beside it."""
    return [path for path in sorted(SNAPSHOTS.rglob("*.html")) if spoken_file(path).is_file()]


def spoken_file(page: Path) -> Path:
    return page.with_name(page.name.removesuffix(".html") + ".spoken.txt")


PAGES = spoken_pages()

# What the format calls Chromium's roles (its internal names where ARIA has none).
ROLE_NAMES = {"RootWebArea": "document", "StaticText": "text", "DescriptionList": "description list"}
# Nodes left out with everything under them: a `<legend>`'s text, which is its group's
# name, and a `<select>`'s collapsed pop-up of options. A `<label>`'s text (LabelText) is
# its control's name and left out too, but a control inside the label stays.
DROPPED_SUBTREES = {"Legend", "MenuListPopup", "InlineTextBox"}
# Inline elements whose text a screen reader reads in place, as part of the run around
# them, without announcing them (`<strong>`, `<em>`).
INLINE = {"strong", "emphasis"}
# Nodes that stand for their children: boxes with no meaning of their own.
TRANSPARENT = {"none", "generic", "presentation"}
# Controls whose contents (the typed text inside a text field) are their value.
VALUED = {"textbox", "searchbox", "combobox"}
# White space the format collapses (SpokenWriter.breaksOrSpaces).
SPACES = set(" \t\n\r\x0b\x0c\x85\u2028\u2029")
# Bidi isolates the engine writes around merchant text where the page has `<bdi>`.
ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


@dataclass
class Node:
    role: str
    name: str = ""
    states: list[str] = field(default_factory=list)
    description: str = ""
    children: list[Node] = field(default_factory=list)
    # A text node that may join the text node before it (Chromium splits a run of text
    # at each inline element, `<bdi>` among them).
    joins: bool = False

    def lines(self, depth: int = 0) -> list[str]:
        line = "  " * depth + self.role
        if self.name:
            line += " " + quoted(self.name)
        for state in self.states:
            line += " " + state
        if collapsed(self.description):
            line += ", description " + quoted(self.description)
        return [line] + [line for child in self.children for line in child.lines(depth + 1)]


def collapsed(text: str) -> str:
    words, word = [], ""
    for character in text:
        if character in SPACES:
            if word:
                words.append(word)
            word = ""
        else:
            word += character
    if word:
        words.append(word)
    return " ".join(words)


def quoted(text: str) -> str:
    return '"' + collapsed(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def quoted_value(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def named_from_contents(node: dict) -> bool:
    """Whether the name Chromium computed comes from the node's own text."""
    for source in node.get("name", {}).get("sources", []):
        if source.get("superseded") or "value" not in source:
            continue
        return source.get("type") == "contents"
    return False


class Reducer:
    """Chromium's tree (`Accessibility.getFullAXTree`'s nodes) in the spoken format."""

    def __init__(self, nodes: list[dict], driver):
        self.nodes = {node["nodeId"]: node for node in nodes}
        self.root = nodes[0]
        self.driver = driver

    def tree(self) -> Node:
        return self.node(self.root)

    def children(self, node: dict) -> list[Node]:
        reduced: list[Node] = []
        self.gather(node, reduced, in_label=False)
        if reduced and reduced[-1].role == "text":
            reduced[-1].joins = False
        return reduced

    def gather(self, node: dict, reduced: list[Node], in_label: bool) -> None:
        """Appends `node`'s children, reduced, to `reduced`."""
        for child_id in node.get("childIds", []):
            child = self.nodes.get(child_id)
            if child is None:
                continue
            role = child.get("role", {}).get("value", "")
            if role in DROPPED_SUBTREES:
                continue
            if role == "LabelText":
                # The label's text is its control's name; a control inside it stays.
                self.gather(child, reduced, in_label=True)
                continue
            if role in INLINE and not child.get("ignored"):
                # Read in place: its text joins the run around it.
                self.gather(child, reduced, in_label)
                continue
            if child.get("ignored") or role in TRANSPARENT:
                # Its children stand in its place, as a run of their own.
                if reduced and reduced[-1].role == "text":
                    reduced[-1].joins = False
                self.gather(child, reduced, in_label)
                if reduced and reduced[-1].role == "text":
                    reduced[-1].joins = False
                continue
            made = self.node(child)
            if made.role == "text":
                if in_label or not collapsed(made.name):
                    continue
                if reduced and reduced[-1].role == "text" and reduced[-1].joins:
                    reduced[-1].name += made.name
                    continue
                made.joins = True
            reduced.append(made)

    def node(self, ax: dict) -> Node:
        role = ax.get("role", {}).get("value", "")
        properties = {p["name"]: p.get("value", {}).get("value") for p in ax.get("properties", [])}
        name = ax.get("name", {}).get("value", "") or ""
        made = Node(ROLE_NAMES.get(role, role), name=name)
        made.description = ax.get("description", {}).get("value", "") or ""
        if role == "StaticText":
            return made
        children = [] if role in VALUED else self.children(ax)
        if named_from_contents(ax) and all(child.role == "text" for child in children):
            children = []  # the text is the name
        made.children = children
        if role == "heading":
            made.role = f"heading level {properties.get('level')}"
        elif role == "list":
            count = sum(1 for child in children if child.role == "listitem")
            made.states.append("1 item" if count == 1 else f"{count} items")
        states = made.states
        if role in ("checkbox", "switch"):
            states.append("checked" if properties.get("checked") == "true" else "not checked")
        required = properties.get("required")
        if role == "combobox" and required is None:
            required = self.dom_required(ax)
        if required:
            states.append("required")
        if properties.get("invalid") not in (None, "false"):
            states.append("invalid")
        value = ax.get("value", {}).get("value")
        if role in VALUED and value:
            states.append("value " + quoted_value(str(value)))
        live = properties.get("live")
        if live and live != "off" and role not in ("alert",):
            states.append(f"live {live}")
            if properties.get("atomic"):
                states.append("atomic")
        return made

    def dom_required(self, ax: dict) -> bool:
        """A `<select>`'s required state, which the protocol's node does not carry for
        Chromium's select role: read from the element (`required` or `aria-required`)."""
        backend = ax.get("backendDOMNodeId")
        if backend is None:
            return False
        described = self.driver.execute_cdp_cmd("DOM.describeNode", {"backendNodeId": backend})
        attributes = described.get("node", {}).get("attributes", [])
        pairs = dict(zip(attributes[0::2], attributes[1::2]))
        return "required" in pairs or pairs.get("aria-required") == "true"


def engine_lines(path: Path) -> list[str]:
    """The golden spoken file's lines, without the isolates the engine writes around
    merchant text (Chromium's tree has the `<bdi>` element, not the characters)."""
    text = path.read_text(encoding="utf-8").translate(ISOLATES)
    return text.rstrip("\n").split("\n")


def visible(line: str) -> str:
    """A line with its invisible characters named, for the failure message."""
    out = ""
    for character in line:
        if unicodedata.category(character) in ("Cf", "Zs") and character != " ":
            out += f"<U+{ord(character):04X}>"
        else:
            out += character
    return out


def side_by_side(engine: list[str], browser: list[str]) -> str:
    width = max(len(visible(line)) for line in engine + browser[:1]) + 2
    rows = [f"{'engine (.spoken.txt)':<{width}} | Chromium (reduced)"]
    for index in range(max(len(engine), len(browser))):
        left = visible(engine[index]) if index < len(engine) else ""
        right = visible(browser[index]) if index < len(browser) else ""
        mark = "  " if left == right else "!="
        rows.append(f"{left:<{width}} {mark} {right}")
    return "\n".join(rows)


def test_there_are_spoken_pages():
    assert len(PAGES) >= 100, f"only {len(PAGES)} golden pages with a spoken rendering under snapshots/"


@pytest.fixture(scope="module")
def accessibility(driver):
    driver.execute_cdp_cmd("Accessibility.enable", {})
    yield driver
    driver.execute_cdp_cmd("Accessibility.disable", {})


@pytest.mark.parametrize("page", [pytest.param(page, id=str(page.relative_to(REPO))) for page in PAGES])
def test_spoken_tree(page: Path, accessibility):
    driver = accessibility
    driver.get(page.as_uri())
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    browser = Reducer(nodes, driver).tree().lines()
    engine = engine_lines(spoken_file(page))
    assert engine == browser, f"{page.relative_to(REPO)}: the spoken rendering differs from Chromium's tree\n" + side_by_side(
        engine, browser
    )
