"""The status panel (top left: level, trumps, dealer, team levels) and the attackers'
points counter (闲分) with the cards that earned them."""

from __future__ import annotations

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
        text = (_("Attackers' points {points} / {target}") if self.points < self.target
                else _("Attackers' points {points} (≥ {target})")).format(points=self.points, target=self.target)
        if self.penalties:
            text = _("Attackers' points {points} / {target} (penalty {penalties})").format(
                points=self.points, target=self.target, penalties=f"{self.penalties:+d}")
        return fit_text(
            self.services.fonts, text, self.fpx(20), self.rect.width - 2 * pad,
            self.rect.height // 2 - pad, bold=True, min_px=self.floor(10),
        )

    def text_layouts(self) -> list[TextLayout]:
        return [self.header_layout()]

    def card_rects(self) -> list[pygame.Rect]:
        pad = self.metrics.px(12)
        top = self.rect.top + pad + self.header_layout().height + self.metrics.px(6)
        h = self.rect.bottom - pad - top
        w = max(12, int(h / 1.4))
        if not self.cards:
            return []
        room = self.rect.width - 2 * pad - w
        step = min(w * 0.55, room / max(1, len(self.cards) - 1))
        return [pygame.Rect(self.rect.left + pad + round(k * step), top, w, h) for k in range(len(self.cards))]

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, PANEL, PANEL_EDGE, self.metrics.px(10))
        pad = self.metrics.px(12)
        self.header_layout().draw(surface, (self.rect.left + pad, self.rect.top + pad))
        for card, rect in zip(self.cards, self.card_rects()):
            surface.blit(self.services.cards.face(card, rect.width, four_colour=self.services.four_colour), rect)
