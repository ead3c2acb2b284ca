"""Reads `render-cli strings export`'s XLIFF files with translate-toolkit, a real XLIFF 1.2
reader, and checks each against its String Catalog (read here as plain JSON, apart from the
Swift code): the languages, one unit per string and plural category, the English source,
the target, the comment as the note, the review state. Then edits one Korean unit as a
reviewer's tool would (new text, approved) and saves the file with translate-toolkit, for
scripts/test-xliff to import.

Usage: check_export.py XLIFF_DIR LOCALES_DIR EDITED_KO_XLIFF
"""

import json
import pathlib
import sys

from translate.storage import xliff

NAMESPACE = "{urn:oasis:names:tc:xliff:document:1.2}"
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
STATES = {"translated": "translated", "needs_review": "needs-review-translation", "new": "new",
          "stale": "needs-translation"}


def expected_units(catalog, english, tag):
    """(id, source, target, note, state) for each string and plural form, in key order."""
    units = []
    for key in sorted(catalog["strings"], key=lambda k: k.encode()):
        entry = catalog["strings"][key]
        localization = entry["localizations"][tag]
        source = english["strings"][key]["localizations"]["en"]
        if "variations" in localization:
            plural = localization["variations"]["plural"]
            english_forms = source["variations"]["plural"]
            for category in CATEGORIES:
                if category in plural:
                    unit = plural[category]["stringUnit"]
                    english_form = english_forms.get(category, english_forms["other"])
                    units.append((f"{key}|==|plural.{category}", english_form["stringUnit"]["value"],
                                  unit["value"], entry["comment"], STATES[unit["state"]]))
        else:
            unit = localization["stringUnit"]
            units.append((key, source["stringUnit"]["value"], unit["value"], entry["comment"],
                          STATES[unit["state"]]))
    return units


def main():
    xliff_dir, locales_dir, edited = map(pathlib.Path, sys.argv[1:4])
    english = json.loads((locales_dir / "en.xcstrings").read_text(encoding="utf-8"))
    catalogs = sorted(locales_dir.glob("*.xcstrings"))
    failures = []
    total = 0
    for path in catalogs:
        tag = path.name[: -len(".xcstrings")]
        catalog = json.loads(path.read_text(encoding="utf-8"))
        store = xliff.xlifffile.parsefile(str(xliff_dir / f"{tag}.xliff"))
        if (store.getsourcelanguage(), store.gettargetlanguage()) != ("en", tag):
            failures.append(f"{tag}: languages {store.getsourcelanguage()} -> {store.gettargetlanguage()}")
        read = []
        for unit in store.units:
            # translate-toolkit prefixes each id with its file's `original` and U+0004.
            unit_id = unit.getid().split("\x04", 1)[-1]
            state = unit.xmlelement.find(NAMESPACE + "target").get("state")
            read.append((unit_id, unit.source, unit.target, unit.getnotes(), state))
        expected = expected_units(catalog, english, tag)
        if read != expected:
            first = next((pair for pair in zip(read, expected) if pair[0] != pair[1]), None)
            failures.append(f"{tag}: {len(read)} units read, {len(expected)} expected; first difference {first}")
        total += len(read)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)

    # A reviewer approves one string with new text, in a translate-toolkit-based tool.
    store = xliff.xlifffile.parsefile(str(xliff_dir / "ko.xliff"))
    unit = next(u for u in store.units if u.getid().endswith("\x04cart.title"))
    unit.target = "내 장바구니"
    unit.xmlelement.find(NAMESPACE + "target").set("state", "translated")
    store.savefile(str(edited))
    print(f"check_export: {len(catalogs)} XLIFF files, {total} units, read by translate-toolkit as the catalogs hold them")


if __name__ == "__main__":
    main()
