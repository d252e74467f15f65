"""The card counter (记牌器): for trumps and each side suit, how many cards the player
has not seen yet and which top cards are among them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import SUIT_SYMBOLS, Card
from engine.rules import TRUMP

from ..i18n import N_, _
from ..text import TextLayout, fit_text
from ..theme import INK, INK_SOFT, PANEL, PANEL_EDGE, TRUMP_STAR
from .base import Widget, panel

if TYPE_CHECKING:
    from ..practice import StillOut
    from ..services import Services

COLUMNS = 4
"""Top cards asked per row (the practice table asks ``still_out`` for as many; a row
shows as many as fit)."""

# TRANSLATORS: the big joker, as short as possible (the card counter lists it in a row).
BIG_JOKER = N_("BJ")
# TRANSLATORS: the little joker, as short as possible (the card counter lists it in a row).
LITTLE_JOKER = N_("LJ")


def short_name(card: Card, trump_row: bool) -> str:
    """A card in a counter row: the rank in a side suit's row (the row names the suit),
    suit and rank among trumps, the jokers by their short names."""
    if card.is_joker:
        return _(BIG_JOKER) if card.rank == "B" else _(LITTLE_JOKER)
    return SUIT_SYMBOLS[card.suit] + card.rank if trump_row else card.rank


class CardCounter(Widget):
    """``set_rows(rows)`` with one ``StillOut`` per effective suit, trumps first.

    Each row reads "♥ 13 left  A×2 K Q": the suit, how many of its cards are not seen
    yet (the count set apart from the symbol and worded, so it never reads as a card),
    then its top cards not seen, "×2" when both copies are still out (the heading says
    so).  When the panel is short the side suits sit two to a line."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.rows: list["StillOut"] = []

    def set_rows(self, rows: Sequence["StillOut"]) -> None:
        self.rows = list(rows)

    def _inner(self) -> pygame.Rect:
        pad = self.metrics.px(10)
        return self.rect.inflate(-2 * pad, -2 * pad)

    def heading_layout(self) -> TextLayout:
        inner = self._inner()
        return fit_text(self.services.fonts, _("Not seen yet (×2 = both)"), self.fpx(15), inner.width,
                        max(self.metrics.px(24), 22), colour=INK, bold=True, min_px=self.floor(9))

    def line_height(self) -> int:
        return max(self.metrics.px(24), self.text_floor + 5)

    def paired(self) -> bool:
        """Whether the side suits sit two to a line (the panel too short for one each)."""
        inner = self._inner()
        room = inner.height - self.heading_layout().height - self.metrics.px(4)
        return room < len(self.rows) * self.line_height()

    def places(self) -> list[pygame.Rect]:
        """Where each row goes: trumps across the panel, the side suits one to a line or
        two to a line."""
        inner, m = self._inner(), self.metrics
        top = inner.top + self.heading_layout().height + m.px(4)
        line = self.line_height()
        out = []
        paired = self.paired()
        half = (inner.width - m.px(8)) // 2
        for n, row in enumerate(self.rows):
            if not paired or row.suit == TRUMP:
                out.append(pygame.Rect(inner.left, top, inner.width, line))
                top += line
                continue
            k = sum(1 for r in self.rows[:n] if r.suit != TRUMP)
            alone = k % 2 == 0 and n == len(self.rows) - 1  # the last suit, alone on its line
            out.append(pygame.Rect(inner.left + (k % 2) * (half + m.px(8)), top + (k // 2) * line,
                                   inner.width if alone else half, line))
        return out

    def row_layouts(self) -> list[tuple[TextLayout, list[TextLayout]]]:
        """(suit and count, a cell per top card) of each row."""
        m, fonts, four = self.metrics, self.services.fonts, self.services.four_colour
        out = []
        for row, place in zip(self.rows, self.places()):
            symbol = "★" if row.suit == TRUMP else SUIT_SYMBOLS[row.suit]
            label = fit_text(fonts, _("{suit} {n} left").format(suit=symbol, n=row.count), self.fpx(15),
                             place.width, 0, colour=INK, bold=True, four_colour=four, min_px=self.fpx(15))
            room = place.width - label.width - m.px(8)
            names = [short_name(card, row.suit == TRUMP) + ("×2" if n > 1 else "") for card, n in row.top] or ["—"]
            cells: list[TextLayout] = []
            for name in names:
                cell = fit_text(fonts, name, self.fpx(15), room, 0, colour=INK_SOFT, four_colour=four,
                                min_px=self.fpx(15))
                if not cell.fits or len(cell.lines) > 1:
                    break
                cells.append(cell)
                room -= cell.width + m.px(8)
            out.append((label, cells))
        return out

    def text_layouts(self) -> list[TextLayout]:
        return [self.heading_layout()] + [layout for label, cells in self.row_layouts() for layout in (label, *cells)]

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        panel(surface, self.rect, PANEL, PANEL_EDGE, m.px(10))
        inner = self._inner()
        self.heading_layout().draw(surface, inner.topleft)
        for n, ((label, cells), place) in enumerate(zip(self.row_layouts(), self.places())):
            if n == 0:
                pygame.draw.line(surface, TRUMP_STAR, (inner.left, place.bottom), (inner.right, place.bottom), 1)
            x = place.left
            for layout in (label, *cells):
                layout.draw(surface, (x, place.centery - layout.height // 2))
                x += layout.width + m.px(8)
