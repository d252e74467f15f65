"""The status panel (top left: level, trumps, dealer, team levels) and the attackers'
points counter (闲分) with the cards that earned them."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import SUIT_SYMBOLS, Card
from engine.scoring import TAKE_OVER

from ..i18n import _
from ..text import TextLayout, fit_text
from ..theme import INK, INK_SOFT, PANEL, PANEL_EDGE, suit_colour
from .base import Widget, panel
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services


UNDECIDED = "?"
"""``set_status(trump=UNDECIDED)``: nobody has declared yet (during the deal)."""


def trump_label(trump: str | None) -> str:
    """The trumps as the status shows them: the suit's symbol, or 无主."""
    return SUIT_SYMBOLS[trump] if trump else _("No-trump")


class StatusPanel(Widget):
    """What beginners look at first (seed 004: "先看牌桌左上角"): the level being
    played, the trump suit (or 无主), the dealer and both teams' levels."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.level = "2"
        self.trump: str | None = None
        self.dealer: TextSource = ""
        self.teams: tuple[tuple[TextSource, str], tuple[TextSource, str]] = (("", "2"), ("", "2"))

    def set_status(
        self,
        level: str,
        trump: str | None,
        dealer: TextSource,
        teams: tuple[tuple[TextSource, str], tuple[TextSource, str]],
    ) -> None:
        """``teams``: ((name, level), (name, level)), the viewer's team first."""
        self.level, self.trump, self.dealer, self.teams = level, trump, dealer, teams

    def rows(self) -> list[tuple[str, str]]:
        if self.trump == UNDECIDED:
            trump = _("Undecided")
        else:
            trump = trump_label(self.trump)
        (name_a, level_a), (name_b, level_b) = self.teams
        return [
            (_("Level"), self.level),
            (_("Trump"), trump),
            (_("Dealer"), resolve(self.dealer) or _("Undecided")),
            (resolve(name_a), level_a),
            (resolve(name_b), level_b),
        ]

    def row_layouts(self) -> list[tuple[TextLayout, TextLayout]]:
        pad = self.metrics.px(12)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        row_h = inner.height // len(self.rows())
        key_w = int(inner.width * 0.42)
        fonts, four = self.services.fonts, self.services.four_colour
        result = []
        for n, (key, value) in enumerate(self.rows()):
            big = n < 2  # level and trump are the two facts a beginner needs
            px = self.fpx(24 if big else 17)
            colour = suit_colour(self.trump, four) if (n == 1 and self.trump in SUIT_SYMBOLS) else INK
            result.append(
                (
                    fit_text(fonts, key, self.fpx(17), key_w, row_h, colour=INK_SOFT, min_px=self.floor(10)),
                    fit_text(fonts, value, px, inner.width - key_w, row_h, colour=colour, bold=big, four_colour=four,
                             min_px=self.floor(10)),
                )
            )
        return result

    def text_layouts(self) -> list[TextLayout]:
        return [layout for row in self.row_layouts() for layout in row]

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, PANEL, PANEL_EDGE, self.metrics.px(10))
        pad = self.metrics.px(12)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        row_h = inner.height // len(self.rows())
        key_w = int(inner.width * 0.42)
        for n, (key, value) in enumerate(self.row_layouts()):
            mid = inner.top + n * row_h + row_h // 2
            key.draw(surface, (inner.left, mid - key.height // 2))
            value.draw(surface, (inner.left + key_w, mid - value.height // 2))


INDEX_WIDTH = 0.5
"""The share of a card's width its corner index ("10") takes: the next card of a row
starts no nearer."""


class PointsPanel(Widget):
    """闲分: the attackers' points out of those they need to take over, and the point cards won (and,
    under a throw penalty rule, what failed throws added or took: else the number and
    the cards would not agree)."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.points = 0
        self.penalties = 0
        self.cards: list[Card] = []
        self.target = TAKE_OVER
        """The points that take over (the game's: ``Variant.take_over``)."""

    def set_points(self, points: int, cards: Sequence[Card], penalties: int = 0, target: int = TAKE_OVER) -> None:
        self.points, self.cards, self.penalties, self.target = points, list(cards), penalties, target

    def header_layout(self) -> TextLayout:
        pad = self.metrics.px(12)
        # what the target means, in words: "/ 80" alone reads as a score out of 80
        first = (_("Attackers' points {points} (penalty {penalties})") if self.penalties
                 else _("Attackers' points {points}")).format(points=self.points, penalties=f"{self.penalties:+d}")
        second = (_("{need} more to take over").format(need=self.target - self.points) if self.points < self.target
                  else _("Past {target}: they take over").format(target=self.target))
        text = f"{first}\n{second}"
        return fit_text(
            self.services.fonts, text, self.fpx(20), self.rect.width - 2 * pad,
            self.rect.height * 3 // 5 - pad, bold=True, min_px=self.floor(10),
        )

    def text_layouts(self) -> list[TextLayout]:
        tally = self.tally_layout()
        return [self.header_layout()] + ([tally] if tally is not None else [])

    def _strip(self) -> pygame.Rect:
        pad = self.metrics.px(12)
        top = self.rect.top + pad + self.header_layout().height + self.metrics.px(4)
        return pygame.Rect(self.rect.left + pad, top, self.rect.width - 2 * pad, self.rect.bottom - pad // 2 - top)

    def card_rects(self) -> list[pygame.Rect]:
        """The cards in a row, each corner index whole ("10" too); none when they do not
        fit so (``tally_layout`` counts them instead)."""
        strip = self._strip()
        w = max(12, int(strip.height / 1.4))
        step = min(w * 0.55, (strip.width - w) / max(1, len(self.cards) - 1))
        if not self.cards or step < w * INDEX_WIDTH:
            return []
        return [pygame.Rect(strip.left + round(k * step), strip.top, w, strip.height) for k in range(len(self.cards))]

    def tally_layout(self) -> TextLayout | None:
        """The point cards counted by rank ("K ×4 · 10 ×8 · 5 ×8") when too many to show."""
        if not self.cards or self.card_rects():
            return None
        counts = Counter(card.rank for card in self.cards)
        text = " · ".join(f"{rank} ×{counts[rank]}" for rank in ("K", "10", "5") if counts[rank])
        strip = self._strip()
        return fit_text(self.services.fonts, text, self.fpx(18), strip.width, strip.height, bold=True,
                        min_px=self.floor(10))

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, PANEL, PANEL_EDGE, self.metrics.px(10))
        pad = self.metrics.px(12)
        self.header_layout().draw(surface, (self.rect.left + pad, self.rect.top + pad))
        for card, rect in zip(self.cards, self.card_rects()):
            surface.blit(self.services.cards.face(card, rect.width, four_colour=self.services.four_colour), rect)
        tally = self.tally_layout()
        if tally is not None:
            strip = self._strip()
            tally.draw(surface, (strip.left, strip.top + (strip.height - tally.height) // 2))
