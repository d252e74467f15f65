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
"""Top cards shown per row (the practice table asks ``still_out`` for as many)."""
LABEL_W = 46
"""Design width of the suit-and-count column."""

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
    """``set_rows(rows)`` with one ``StillOut`` per effective suit, trumps first."""

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
        return fit_text(self.services.fonts, _("Not seen yet"), self.fpx(16), inner.width,
                        max(self.metrics.px(24), 22), colour=INK, bold=True, min_px=self.floor(9))

    def label_width(self) -> int:
        """The column of suit labels: wide enough for "★×24" at the smallest text."""
        return max(self.metrics.px(LABEL_W), 4 * self.text_floor)

    def columns(self) -> int:
        """Top cards shown per row: ``COLUMNS``, fewer when readable ones would not fit."""
        room = self._inner().width - self.label_width()
        return max(2, min(COLUMNS, room // (7 * self.text_floor // 2))) if self.text_floor else COLUMNS

    def row_layouts(self) -> list[tuple[TextLayout, list[TextLayout]]]:
        """(suit and count, a cell per top card) of each row; the cards sit in columns."""
        m, fonts, four = self.metrics, self.services.fonts, self.services.four_colour
        inner = self._inner()
        top = inner.top + self.heading_layout().height + m.px(4)
        row_h = (inner.bottom - top) // max(1, len(self.rows))
        label_w = self.label_width()
        cell_w = (inner.width - label_w) // self.columns()
        out = []
        for row in self.rows:
            symbol = "★" if row.suit == TRUMP else SUIT_SYMBOLS[row.suit]
            label = fit_text(fonts, f"{symbol}{row.count}", self.fpx(16), label_w - m.px(6), row_h, colour=INK, bold=True,
                             four_colour=four, min_px=self.floor(9))
            names = [short_name(card, row.suit == TRUMP) + ("×2" if n > 1 else "") for card, n in row.top]
            cells = [fit_text(fonts, name, self.fpx(15), cell_w - m.px(4), row_h, colour=INK_SOFT, four_colour=four,
                              min_px=self.floor(9)) for name in names[:self.columns()]] or [
                fit_text(fonts, "—", self.fpx(15), cell_w, row_h, colour=INK_SOFT, min_px=self.floor(10))]
            out.append((label, cells))
        return out

    def text_layouts(self) -> list[TextLayout]:
        return [self.heading_layout()] + [layout for label, cells in self.row_layouts() for layout in (label, *cells)]

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        panel(surface, self.rect, PANEL, PANEL_EDGE, m.px(10))
        inner = self._inner()
        heading = self.heading_layout()
        heading.draw(surface, inner.topleft)
        top = inner.top + heading.height + m.px(4)
        row_h = (inner.bottom - top) // max(1, len(self.rows))
        cell_w = (inner.width - self.label_width()) // self.columns()
        for n, (label, cells) in enumerate(self.row_layouts()):
            mid = top + n * row_h + row_h // 2
            if n == 0:
                pygame.draw.line(surface, TRUMP_STAR, (inner.left, top + row_h), (inner.right, top + row_h), 1)
            label.draw(surface, (inner.left, mid - label.height // 2))
            for k, cell in enumerate(cells):
                cell.draw(surface, (inner.left + self.label_width() + k * cell_w, mid - cell.height // 2))
