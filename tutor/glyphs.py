"""What the app's one font can show, and the one function every drawn string passes.

The font is a subset (``tools/make_font_subset.sh``); beside it,
``NotoSansSC-Subset.chars.txt`` lists every character it has a glyph for, written by
the same script from the font's own character map (a test checks the two agree).
``drawable(text)`` replaces every other character — a lone surrogate from a damaged
file, a byte of a path that is not UTF-8, a control character, a letter of a script
the subset lacks — with ``REPLACEMENT``, so measuring and drawing text never fails and
never shows an empty box of unknown size.  ``undrawable(text)`` names what would be
replaced, for the lesson checker to refuse it.  No pygame here: the checker uses it.
"""

from __future__ import annotations

from functools import lru_cache

from .resources import FONT

FONT_CHARACTERS = FONT.with_suffix(".chars.txt")
REPLACEMENT = "□"
"""Shown for a character the font has no glyph for (the font has this one)."""
LAID_OUT = frozenset("\n")
"""Characters the line breaking handles itself (they are never drawn)."""


@lru_cache(maxsize=1)
def shown() -> frozenset[str]:
    """Every character the font has a glyph for."""
    return frozenset(FONT_CHARACTERS.read_text(encoding="utf-8").rstrip("\n")) | LAID_OUT


def drawable(text: str) -> str:
    """``text`` with every character the font cannot show replaced by ``REPLACEMENT``."""
    chars = shown()
    if all(ch in chars for ch in text):
        return text
    return "".join(ch if ch in chars else REPLACEMENT for ch in text)


def undrawable(text: str) -> list[str]:
    """The characters of ``text`` the font cannot show, each once, as ``U+XXXX``."""
    chars = shown()
    return sorted({f"U+{ord(ch):04X}" for ch in text if ch not in chars})
