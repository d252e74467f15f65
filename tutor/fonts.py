"""The shipped font (Noto Sans SC subset, see tools/make_font_subset.sh) and a render cache.

Every string the app draws goes through one ``Fonts`` object, handed to scenes and
widgets as a service, and through ``glyphs.drawable`` (what the font cannot show is
replaced; ``tutor/text.py`` lays out only drawable text).  Rendering text is the costly part of a frame, so rendered
surfaces are kept in a bounded LRU cache keyed by text, size, colour and weight.

Laying text out measures far more than it draws: every line break tries the line
one word longer, and ``fit_text`` tries each size down to the one that fits, so the
same words are measured again at every width and size.  Measurements are plain
numbers that depend only on the font file, size, weight and text: they are kept in
one bounded LRU cache for the process (``width``, ``linesize``), shared by every
``Fonts``, and so is each loaded size of the font (opening the 1.8 MB font file at a
size is the slow part of drawing text the first time).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

from .glyphs import drawable
from .resources import FONT as FONT_PATH
from .theme import Colour

_LOADED: dict[tuple[str, int, bool], pygame.font.Font] = {}
"""Each (font file, px, bold) opened in this process.  ``pygame.quit()`` frees every
font it opened, so it empties this too (``_forget_loaded_on_quit``)."""

MEASURED_SIZE = 1 << 15
"""How many widths are kept (a lesson or the table needs a few thousand at a size)."""


def _forget_loaded_on_quit() -> None:
    """Drop the loaded fonts when pygame quits (a registration lasts for one quit)."""
    if not _LOADED:
        pygame.register_quit(_LOADED.clear)


def _font(file: str, px: int, bold: bool) -> pygame.font.Font:
    key = (file, px, bold)
    font = _LOADED.get(key)
    if font is None:
        _forget_loaded_on_quit()
        font = pygame.font.Font(file, px)
        font.bold = bold
        _LOADED[key] = font
    return font


@lru_cache(maxsize=MEASURED_SIZE)
def _width(file: str, px: int, bold: bool, text: str) -> int:
    """Text widths by (font file, px, bold, text): plain numbers, so they outlive a quit."""
    return _font(file, px, bold).size(text)[0]


@lru_cache(maxsize=None)
def _linesize(file: str, px: int, bold: bool) -> int:
    return _font(file, px, bold).get_linesize()


class Fonts:
    def __init__(self, path: Path = FONT_PATH, cache_size: int = 4096) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.path = path
        self._file = str(path)
        self._rendered: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``px`` pixels; ``bold`` is synthetic (one weight is shipped)."""
        return _font(self._file, max(6, int(px)), bold)

    def width(self, text: str, px: int, bold: bool = False) -> int:
        """``text``'s width in pixels as drawn at ``px`` (``Font.size``, cached)."""
        return _width(self._file, max(6, int(px)), bold, text)

    def linesize(self, px: int, bold: bool = False) -> int:
        """The font's line height at ``px`` (``Font.get_linesize``, cached)."""
        return _linesize(self._file, max(6, int(px)), bold)

    def render(self, text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """``text`` rendered antialiased on a transparent background (cached)."""
        key = (text, px, colour, bold)
        surf = self._rendered.get(key)
        if surf is not None:
            self._rendered.move_to_end(key)
            return surf
        surf = self.get(px, bold).render(drawable(text), True, colour)
        self._rendered[key] = surf
        if len(self._rendered) > self._cache_size:
            self._rendered.popitem(last=False)
        return surf
