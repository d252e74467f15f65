"""The shipped font (Noto Sans SC subset, see tools/make_font_subset.sh) and a render cache.

Every string the app draws goes through one ``Fonts`` object, handed to scenes and
widgets as a service, and through ``glyphs.drawable`` (what the font cannot show is
replaced; ``tutor/text.py`` lays out only drawable text).  Rendering text is the costly part of a frame, so rendered
surfaces are kept in a bounded LRU cache keyed by text, size, colour and weight.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from .glyphs import drawable
from .resources import FONT as FONT_PATH
from .theme import Colour


class Fonts:
    def __init__(self, path: Path = FONT_PATH, cache_size: int = 4096) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.path = path
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``px`` pixels; ``bold`` is synthetic (one weight is shipped)."""
        key = (max(6, int(px)), bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(self.path), key[0])
            font.bold = bold
            self._fonts[key] = font
        return font

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
