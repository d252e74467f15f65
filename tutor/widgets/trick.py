"""The trick in progress: each seat's cards in front of it, the winner outlined."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import Card
from engine.rules import TrumpContext

from ..theme import FOCUS
from .base import Widget
from .card_art import card_height

if TYPE_CHECKING:
    from ..services import Services


def screen_position(seat: int, viewer: int) -> int:
    """0 bottom (the viewer), 1 right (the viewer's 下家: play runs counter-clockwise),
    2 top (partner), 3 left."""
    return (seat - viewer) % 4


class TrickView(Widget):
    """``plays`` is a list of (seat, cards) in play order; ``winner`` the seat that is
    winning so far (outlined), or ``None``."""

    def __init__(self, services: "Services", viewer: int = 0) -> None:
        super().__init__(services)
        self.viewer = viewer
        self.plays: list[tuple[int, list[Card]]] = []
        self.winner: int | None = None
        self.ctx: TrumpContext | None = None

    def set_trick(
        self, plays: Sequence[tuple[int, Sequence[Card]]], winner: int | None = None, ctx: TrumpContext | None = None
    ) -> None:
        self.plays = [(seat, list(cards)) for seat, cards in plays]
        self.winner, self.ctx = winner, ctx

    def card_width(self) -> int:
        # two rows of cards (top and bottom plays) and a gap must fit the height
        return max(24, min(int(self.rect.height / 2.3 / 1.4), self.metrics.px(84)))

    def play_rects(self) -> dict[int, list[pygame.Rect]]:
        """Each seat's card rectangles."""
        w = self.card_width()
        h = card_height(w)
        step = round(w * 0.42)
        r = self.rect
        anchors = {
            0: (r.centerx, r.bottom - h // 2),
            1: (r.right - w // 2 - r.width // 12, r.centery),
            2: (r.centerx, r.top + h // 2),
            3: (r.left + w // 2 + r.width // 12, r.centery),
        }
        result: dict[int, list[pygame.Rect]] = {}
        for seat, cards in self.plays:
            pos = screen_position(seat, self.viewer)
            cx, cy = anchors[pos]
            total = w + step * (len(cards) - 1)
            if pos == 1:
                cx = min(cx, r.right - total // 2)
            elif pos == 3:
                cx = max(cx, r.left + total // 2)
            x0 = cx - total // 2
            result[seat] = [pygame.Rect(x0 + k * step, cy - h // 2, w, h) for k in range(len(cards))]
        return result

    def draw(self, surface: pygame.Surface) -> None:
        art = self.services.cards
        w = self.card_width()
        rects = self.play_rects()
        for seat, cards in self.plays:
            for card, rect in zip(cards, rects[seat]):
                trump = self.ctx is not None and self.ctx.is_trump(card)
                surface.blit(art.face(card, w, trump=trump, four_colour=self.services.four_colour), rect)
            if seat == self.winner and rects[seat]:
                box = rects[seat][0].unionall(rects[seat]).inflate(8, 8)
                pygame.draw.rect(surface, FOCUS, box, 3, border_radius=max(4, w // 10))
