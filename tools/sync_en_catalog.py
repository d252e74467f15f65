"""Make the English catalog complete: msgids are English, so each English msgstr is its msgid.

Run after ``pybabel update`` (``make messages`` does both).  Entries that are empty or
fuzzy (their msgid changed) get the msgid; the fuzzy flag and any stale
``#| msgid`` are dropped.  Other catalogs are left to their translators.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

PO = Path(__file__).resolve().parent.parent / "locale" / "en" / "LC_MESSAGES" / "messages.po"


def main(path: Path = PO) -> int:
    with path.open("rb") as fh:
        catalog = read_po(fh, locale="en")
    changed = 0
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy or not message.string or not all(message.string):
            message.string = message.id
            message.flags.discard("fuzzy")
            message.previous_id = ()
            changed += 1
    with path.open("wb") as fh:
        write_po(fh, catalog, width=0, include_previous=False)
    print(f"{path}: {changed} English entries filled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
