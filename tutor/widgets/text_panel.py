"""Wrapped text in a box (mixed Chinese/English, inline suit symbols): TextPanel and HintLine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ..i18n import _
from ..text import TextLayout, fit_text
from ..theme import INK, PANEL, PANEL_EDGE, Colour
from .base import Widget, panel

if TYPE_CHECKING:
    from ..services import Services

TextSource = str | Callable[[], str]
"""A msgid (translated when drawn) or a function returning the text to show."""


def resolve(text: TextSource) -> str:
    """The text to draw now: a msgid is translated in the current language."""
    return text() if callable(text) else _(text) if text else ""


class TextPanel(Widget):
    """Text wrapped to the box; the font shrinks (down to ``min_px``) rather than overflow.

    ``background=None`` draws the text alone (e.g. on the felt).
    """

    valign_centre = False
    """Centre the text vertically in the box (else it starts at the top)."""

    def __init__(
        self,
        services: "Services",
        text: TextSource = "",
        *,
        px: int = 20,
        min_px: int = 12,
        colour: Colour = INK,
        background: Colour | None = PANEL,
        align: str = "left",
        bold: bool = False,
        padding: int = 12,
    ) -> None:
        super().__init__(services)
        self.text = text
        self.px, self.min_px = px, min_px
        self.colour, self.background = colour, background
        self.align, self.bold, self.padding = align, bold, padding

    def inner(self) -> pygame.Rect:
        pad = self.metrics.px(self.padding) if self.background is not None else 0
        return self.rect.inflate(-2 * pad, -2 * pad)

    def text_layout(self) -> TextLayout:
        box = self.inner()
        return fit_text(
            self.services.fonts,
            resolve(self.text),
            self.fpx(self.px),
            box.width,
            box.height,
            min_px=self.fpx(self.min_px),
            colour=self.colour,
            bold=self.bold,
            four_colour=self.services.four_colour,
            align=self.align,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            panel(surface, self.rect, self.background, PANEL_EDGE, self.metrics.px(10))
        layout = self.text_layout()
        box = self.inner()
        top = box.top + max(0, (box.height - layout.height) // 2) if self.valign_centre else box.top
        layout.draw(surface, (box.left, top))

    def text_layouts(self) -> list[TextLayout]:
        return [self.text_layout()]


class HintLine(TextPanel):
    """The coach's one-line hint above the hand (seed 004: how many cards, which suit,
    whether a pair is required).  Shrinks its font to stay on one or two lines."""

    valign_centre = True

    def __init__(self, services: "Services", text: TextSource = "") -> None:
        super().__init__(services, text, px=19, min_px=self.floor(12), background=(255, 250, 232), align="center", padding=6)
