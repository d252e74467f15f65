"""A seat's name plate: name, role line (team, dealer), cards left, whose turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import ngettext
from ..text import fit_text
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

    def text_layouts(self):
        """(name layout, role layout) fitted to the plate."""
        pad = self.metrics.px(8)
        box = self.rect.inflate(-2 * pad, -pad)
        name, role = self.lines()
        top = fit_text(self.services.fonts, name, self.metrics.px(19), box.width, box.height // 2, bold=True)
        bottom = fit_text(
            self.services.fonts, role, self.metrics.px(15), box.width, box.height - top.height, colour=INK_SOFT,
            four_colour=self.services.four_colour,
        )
        return top, bottom

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, PANEL, FOCUS if self.active else PANEL_EDGE, self.metrics.px(10), 3 if self.active else 1)
        top, bottom = self.text_layouts()
        pad = self.metrics.px(8)
        y = self.rect.centery - (top.height + bottom.height) // 2
        top.draw(surface, (self.rect.left + pad, y))
        bottom.draw(surface, (self.rect.left + pad, y + top.height))


