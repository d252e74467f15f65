"""Every string of the practice hand is translated (not fuzzy) with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "tutor" / name for name in (
    "coach.py", "practice.py", "scenes/practice.py", "scenes/summary.py", "scenes/review.py")]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def msgids() -> list:
    found = []
    for path in SOURCES:
        for _, message, _, _ in extract_from_file("python", str(path), keywords=KEYWORDS):
            found.append(message)
    return found


def catalog(lang: str) -> dict:
    """Every entry of the language's catalogs (part files and the merged one)."""
    entries: dict = {}
    for po in sorted((ROOT / "locale" / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if message.id:
                    entries[message.id] = message
    return entries


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
def test_practice_strings_are_translated(lang: str) -> None:
    entries = catalog(lang)
    ids = msgids()
    assert len(ids) > 50
    for msgid in ids:
        message = entries.get(msgid)
        assert message is not None, f"{lang}: missing {msgid!r}"
        assert not message.fuzzy, f"{lang}: fuzzy {msgid!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        source = msgid if isinstance(msgid, tuple) else (msgid,)
        wanted = set().union(*(placeholders(s) for s in source))
        for text in strings:
            assert text, f"{lang}: empty {msgid!r}"
            assert placeholders(text) <= wanted, f"{lang}: unknown placeholder in {text!r}"
