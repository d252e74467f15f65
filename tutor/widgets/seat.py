"""A seat's name plate: name, role line (team, dealer), cards left, whose turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import ngettext
from ..text import TextLayout, fit_text
from ..theme import FOCUS, INK_SOFT, PANEL, PANEL_EDGE
from .base import Widget, panel
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services


class SeatLabel(Widget):
    def __init__(self, services: "Services", name: TextSource = "", role: TextSource = "") -> None:
        super().__init__(services)
        self.name, self.role = name, role
        self.cards_left: int | None = None
        self.active = False
        """This seat is to play: the plate is outlined."""

    def lines(self) -> list[str]:
        role = resolve(self.role)
        if self.cards_left is not None:
            count = ngettext("{n} card", "{n} cards", self.cards_left).format(n=self.cards_left)
            role = f"{role} · {count}" if role else count
        return [resolve(self.name), role]

    def compact(self) -> bool:
        """A plate too short for two lines shows name and role side by side."""
        return self.rect.height < max(self.metrics.px(56), int(3.4 * self.text_floor))

    def text_layouts(self) -> list[TextLayout]:
        """[name layout, role layout] fitted to the plate."""
        fonts, m = self.services.fonts, self.metrics
        pad = m.px(8)
        box = self.rect.inflate(-2 * pad, -pad)
        name, role = self.lines()
        if self.compact():
            first = fit_text(fonts, name, self.fpx(18), box.width // 2, box.height, bold=True,
                             min_px=self.floor(10))
            gap = m.px(10)
            second = fit_text(fonts, role, self.fpx(15), box.width - first.width - gap, box.height, colour=INK_SOFT,
                              four_colour=self.services.four_colour, min_px=self.floor(10))
            return [first, second]
        first = fit_text(fonts, name, self.fpx(19), box.width, box.height // 2, bold=True,
                         min_px=self.floor(10))
        second = fit_text(fonts, role, self.fpx(15), box.width, box.height - first.height, colour=INK_SOFT,
                          four_colour=self.services.four_colour, min_px=self.floor(10))
        return [first, second]

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, PANEL, FOCUS if self.active else PANEL_EDGE, self.metrics.px(10), 3 if self.active else 1)
        first, second = self.text_layouts()
        left = self.rect.left + self.metrics.px(8)
        if self.compact():
            first.draw(surface, (left, self.rect.centery - first.height // 2))
            second.draw(surface, (left + first.width + self.metrics.px(10), self.rect.centery - second.height // 2))
            return
        y = self.rect.centery - (first.height + second.height) // 2
        first.draw(surface, (left, y))
        second.draw(surface, (left, y + first.height))


