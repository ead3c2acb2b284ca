"""One PNG per page at 390 CSS px (device pixel ratio 2), light and dark, written to
.build/browser/screenshots/<page path>.390.<scheme>.png so a person can look at every
screen after a change. `scripts/screenshots` runs only these; the run prints the folder."""

from __future__ import annotations

import struct

import pytest
from conftest import REPO, SCREENSHOTS, Page
from lab import DEVICE_SCALE_FACTOR
from test_pages import PAGES

WIDTH = 390


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.screenshot
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", [pytest.param(page, id=page.name) for page in PAGES])
def test_screenshot(page: Page, scheme: str, lab, request):
    if page.name.startswith("generated/"):
        request.getfixturevalue("generated")
    out = SCREENSHOTS / f"{page.name.removesuffix('.html')}.{WIDTH}.{scheme}.png"
    lab.screenshot(page.path, out, WIDTH, scheme)
    width, height = png_size(out.read_bytes())
    assert width == WIDTH * DEVICE_SCALE_FACTOR, f"{out.relative_to(REPO)} is {width} px wide"
    assert height >= 568 * DEVICE_SCALE_FACTOR, f"{out.relative_to(REPO)} is only {height} px tall"
