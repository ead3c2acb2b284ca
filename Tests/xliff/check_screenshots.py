"""Reads `render-cli strings export --screenshots`'s XLIFF files with translate-toolkit: every
unit names, in its <context-group name="screenshots">, at least one screenshot, and each is a
file beside the XLIFF file. Then edits one Japanese unit as a reviewer's tool would and saves
the file with translate-toolkit, which must keep every unit's screenshots, for
scripts/test-xliff to import.

Usage: check_screenshots.py XLIFF_DIR EDITED_JA_XLIFF TAG...
"""

import pathlib
import sys

from translate.storage import xliff

NAMESPACE = "{urn:oasis:names:tc:xliff:document:1.2}"


def screenshots(unit):
    """The paths a unit's screenshots context group names, as translate-toolkit reads them."""
    groups = unit.getcontextgroups("screenshots")
    return [text for group in groups for kind, text in group if kind == "x-screenshot"]


def main():
    folder, edited, tags = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
    failures = []
    total = 0
    for tag in tags:
        store = xliff.xlifffile.parsefile(str(folder / f"{tag}.xliff"))
        for unit in store.units:
            paths = screenshots(unit)
            total += 1
            if not paths:
                failures.append(f"{tag}: {unit.getid()} names no screenshot")
            failures += [f"{tag}: {unit.getid()}: no file {path}" for path in paths if not (folder / path).is_file()]
    store = xliff.xlifffile.parsefile(str(folder / "ja.xliff"))
    before = {unit.getid(): screenshots(unit) for unit in store.units}
    unit = next(u for u in store.units if u.getid().endswith("\x04cart.title"))
    unit.target = "お客様のカート"
    unit.xmlelement.find(NAMESPACE + "target").set("state", "translated")
    store.savefile(str(edited))
    after = {unit.getid(): screenshots(unit) for unit in xliff.xlifffile.parsefile(str(edited)).units}
    if after != before:
        failures.append("ja: saving with translate-toolkit changed the units' screenshots")
    if failures:
        print("\n".join(failures[:20]), file=sys.stderr)
        sys.exit(1)
    print(f"check_screenshots: {len(tags)} XLIFF files, {total} units, each naming its screenshots, kept on save")


if __name__ == "__main__":
    main()
