"""A git merge driver for gettext catalogs: the union of both sides' entries.

Two branches that each add strings touch the same ``messages.po``/``messages.pot`` and
conflict line by line although their entries never meet.  This driver merges by entry
(msgid and context): an entry changed on one side only takes that side; changed on
both, the translated, non-fuzzy one wins (ours on a tie).  Entries that no source uses
any more are dropped by the next ``make messages``.

Enable it once per clone (``.gitattributes`` names it)::

    git config merge.catalog.driver ".venv/bin/python tools/merge_catalogs.py %O %A %B"

Git calls it with the ancestor, ours (written in place) and theirs.
"""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po


def _read(path: str) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh)


def _key(message: Message) -> tuple[object, str | None]:
    return message.id, message.context


def _same(a: Message | None, b: Message | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.string == b.string and a.fuzzy == b.fuzzy


def _better(ours: Message, theirs: Message) -> Message:
    def done(m: Message) -> bool:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        return not m.fuzzy and all(strings)

    return theirs if done(theirs) and not done(ours) else ours


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> Catalog:
    """Entry-wise three-way merge; the header is ours."""
    old = {_key(m): m for m in base if m.id}
    mine = {_key(m): m for m in ours if m.id}
    other = {_key(m): m for m in theirs if m.id}
    for key, message in other.items():
        if key not in mine:
            if key in old and _same(old[key], message):
                continue  # we deleted it and they did not change it
            ours[message.id] = message
            continue
        current = mine[key]
        if _same(current, message):
            continue
        if key in old and _same(old[key], current):
            chosen = message  # only they changed it
        elif key in old and _same(old[key], message):
            chosen = current
        else:
            chosen = _better(current, message)
        if chosen is message:
            current.string = message.string
            current.flags = set(message.flags)
        current.locations = sorted(set(current.locations) | set(message.locations))
    for key, message in list(mine.items()):
        if key not in other and key in old and _same(old[key], message):
            ours.delete(message.id, context=message.context)  # they deleted it, we did not change it
    return ours


def main(argv: list[str]) -> int:
    base_path, ours_path, theirs_path = argv[:3]
    merged = merge(_read(base_path), _read(ours_path), _read(theirs_path))
    with open(ours_path, "wb") as fh:
        write_po(fh, merged, width=0, include_previous=False, sort_by_file=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
