"""A lesson in the lesson browser: its number (1–9 also its key), title, summary and status.

Given functions for the three texts (so they are translated when drawn), whether the
lesson is broken (its summary is then the problem, in red) and the action to open it.
Text never leaves the tile: it shrinks to a readable size, then the summary is cut
with "…" (a broken lesson's full problems are shown when it is opened).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ..text import TextLayout, fit_text, layout_text
from ..theme import FOCUS, INK, INK_SOFT, PANEL, PANEL_EDGE, RED
from .base import panel
from .button import Button

if TYPE_CHECKING:
    from ..services import Services

SHARES = (0.24, 0.54, 0.22)
"""Parts of the tile's height for the title, the summary and the status."""


def clipped(services: "Services", text: str, px: int, min_px: int, width: int, height: int,
            **style: object) -> TextLayout:
    """``text`` fitted to the box, shrinking down to ``min_px``, then cut to the lines
    that fit with "…" at the end."""
    layout = fit_text(services.fonts, text, px, width, height, min_px=min_px, **style)  # type: ignore[arg-type]
    if layout.fits:
        return layout
    lines = [line.text for line in layout.lines if line.rect[1] + line.rect[3] <= height] or [""]
    while True:
        cut = "\n".join(lines[:-1] + [lines[-1].rstrip() + "…"])
        layout = layout_text(services.fonts, cut, layout.px, width, height, **style)  # type: ignore[arg-type]
        if layout.fits or not lines[-1]:
            return layout
        lines[-1] = lines[-1][:-1]


class LessonTile(Button):
    def __init__(self, services: "Services", texts: Callable[[], tuple[str, str, str]], broken: bool,
                 action: Callable[[], None], number: int) -> None:
        """``number``: the lesson's place in the list, shown before its title; 1–9 are
        also its key."""
        super().__init__(services, "", action, hotkey=number if number <= 9 else None)
        self.texts, self.broken, self.number = texts, broken, number

    def box(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.metrics.px(12), -2 * self.metrics.px(8))

    def layouts(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        m, box = self.metrics, self.box()
        title, summary, status = self.texts()
        key = f"{self.number}  "
        heights = [int(box.height * share) for share in SHARES]
        styles = (
            (key + title, 20, {"bold": True}),
            (summary, 15, {"colour": RED if self.broken else INK}),
            (status, 14, {"colour": INK_SOFT}),
        )
        found, y = [], box.top
        for (text, px, style), h in zip(styles, heights):
            layout = clipped(self.services, text, m.fpx(px), m.fpx(12), box.width, h, **style)
            found.append((layout, (box.left, y)))
            y += h
        return found

    def text_layouts(self) -> list[TextLayout]:
        return [layout for layout, _pos in self.layouts()]

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        lit = self.focused or self.hovered
        panel(surface, self.rect, (255, 246, 214) if lit else PANEL, FOCUS if self.focused else PANEL_EDGE,
              m.px(10), 3 if self.focused else 1)
        for layout, pos in self.layouts():
            layout.draw(surface, pos)
