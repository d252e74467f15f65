"""Rows of small cards with labels: other players' hands, the cards played so far, a
few finished tricks (one row per trick, the winning play outlined).

``set_rows(rows, ctx)`` with ``CardRow(label, groups)``; each ``CardGroup`` is some
cards with an optional caption under them (a seat) and an ``outline`` (the winner).
Labels and captions are msgids or functions, translated when drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import Card
from engine.rules import TrumpContext

from ..text import TextLayout, fit_text
from ..theme import FOCUS, ON_FELT, ON_FELT_SOFT
from .base import Widget
from .card_art import ASPECT
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services


@dataclass(frozen=True)
class CardGroup:
    cards: tuple[Card, ...]
    caption: TextSource | None = None
    outline: bool = False


@dataclass(frozen=True)
class CardRow:
    label: TextSource
    groups: tuple[CardGroup, ...] = field(default_factory=tuple)


class CardRows(Widget):
    OVERLAP = 0.45
    """Part of a card's width each further card of a group moves on."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.rows: list[CardRow] = []
        self.ctx: TrumpContext | None = None

    def set_rows(self, rows: Sequence[CardRow], ctx: TrumpContext | None = None) -> None:
        self.rows, self.ctx = list(rows), ctx

    # ----------------------------------------------------------------- geometry

    def label_width(self) -> int:
        return min(self.metrics.px(170), self.rect.width // 3)

    def row_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.rows))
        gap = self.metrics.px(8)
        h = min(self.metrics.px(130), (self.rect.height - gap * (n - 1)) // n)
        return [pygame.Rect(self.rect.left, self.rect.top + i * (h + gap), self.rect.width, h)
                for i in range(len(self.rows))]

    def caption_height(self, row: CardRow) -> int:
        return self.metrics.px(24) if any(g.caption for g in row.groups) else 0

    def slot_min(self, row: CardRow) -> int:
        """The narrowest a group may be: room for its caption."""
        return self.metrics.px(92) if any(g.caption for g in row.groups) else 0

    def card_width(self) -> int:
        """One card size for every row: as large as the tallest and widest row allows."""
        best = 10_000
        gap = self.metrics.px(14)
        for row, rect in zip(self.rows, self.row_rects()):
            room = rect.width - self.label_width() - self.metrics.px(12) - gap * (len(row.groups) - 1)
            slots = sum(1 + self.OVERLAP * (len(g.cards) - 1) for g in row.groups)
            if slots:
                best = min(best, int(room / slots))
            best = min(best, int((rect.height - self.caption_height(row)) / ASPECT))
        return max(8, min(best, self.metrics.px(70)))

    def group_rects(self) -> list[list[list[pygame.Rect]]]:
        """For each row, for each group, its cards' rectangles (centred in the group's
        slot, which is wide enough for its caption)."""
        w = self.card_width()
        h = round(w * ASPECT)
        step = round(w * self.OVERLAP)
        gap = self.metrics.px(14)
        found = []
        for row, rect in zip(self.rows, self.row_rects()):
            x = rect.left + self.label_width() + self.metrics.px(12)
            room = rect.right - x - gap * (len(row.groups) - 1)
            widths = [w + step * (len(g.cards) - 1) for g in row.groups]
            slot = min(self.slot_min(row), room // max(1, len(row.groups)))
            top = rect.top + (rect.height - self.caption_height(row) - h) // 2
            groups = []
            for group, width in zip(row.groups, widths):
                span = max(width, slot)
                left = x + (span - width) // 2
                groups.append([pygame.Rect(left + k * step, top, w, h) for k in range(len(group.cards))])
                x += span + gap
            found.append(groups)
        return found

    def label_layouts(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        m = self.metrics
        found = []
        for row, rect in zip(self.rows, self.row_rects()):
            layout = fit_text(self.services.fonts, resolve(row.label), m.fpx(16), self.label_width(), rect.height,
                              colour=ON_FELT, bold=True, min_px=9)
            found.append((layout, (rect.left, rect.centery - layout.height // 2)))
        return found

    def caption_layouts(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        m = self.metrics
        found = []
        for row, groups in zip(self.rows, self.group_rects()):
            for group, rects in zip(row.groups, groups):
                if not group.caption or not rects:
                    continue
                box = rects[0].unionall(rects)
                width = max(box.width, self.slot_min(row))
                layout = fit_text(self.services.fonts, resolve(group.caption), m.fpx(14), width, m.px(24),
                                  colour=ON_FELT_SOFT, align="center", min_px=9)
                found.append((layout, (box.centerx - width // 2, box.bottom + m.px(2))))
        return found

    def card_rects(self) -> list[pygame.Rect]:
        return [r for groups in self.group_rects() for rects in groups for r in rects]

    def text_layouts(self) -> list[TextLayout]:
        return [layout for layout, _ in self.label_layouts() + self.caption_layouts()]

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        w = self.card_width()
        for layout, pos in self.label_layouts():
            layout.draw(surface, pos)
        for row, groups in zip(self.rows, self.group_rects()):
            for group, rects in zip(row.groups, groups):
                for card, rect in zip(group.cards, rects):
                    trump = self.ctx is not None and self.ctx.is_trump(card)
                    surface.blit(self.services.cards.face(card, w, trump=trump,
                                                          four_colour=self.services.four_colour), rect)
                if group.outline and rects:
                    box = rects[0].unionall(rects).inflate(6, 6)
                    pygame.draw.rect(surface, FOCUS, box, 3, border_radius=max(3, w // 10))
        for layout, pos in self.caption_layouts():
            layout.draw(surface, pos)
