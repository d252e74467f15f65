"""The trick on the table: each seat's cards in front of it, the winner framed, the
leader tagged, and (in the review) each play captioned with its seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from engine.cards import Card
from engine.rules import TrumpContext

from ..i18n import N_, _
from ..text import TextLayout, fit_text
from ..theme import FOCUS, INK, ON_FELT
from .base import Widget, panel
from .card_art import card_height

if TYPE_CHECKING:
    from ..services import Services

LED = N_("Led")
"""The tag on the play that led the trick."""


def screen_position(seat: int, viewer: int) -> int:
    """0 bottom (the viewer), 1 right (the viewer's 下家: play runs counter-clockwise),
    2 top (partner), 3 left."""
    return (seat - viewer) % 4


class TrickView(Widget):
    """``plays`` is a list of (seat, cards) in play order; ``winner`` the seat that is
    winning so far (framed), or ``None``; ``leader`` the seat that led (tagged).

    Each play is shown in hand order (trumps first, high to low), as sentences name
    it.  ``names(seat)``, when given, captions each play with its seat (the review has
    no seat plates)."""

    def __init__(self, services: "Services", viewer: int = 0,
                 names: Callable[[int], str] | None = None) -> None:
        super().__init__(services)
        self.viewer = viewer
        self.names = names
        self.plays: list[tuple[int, list[Card]]] = []
        self.winner: int | None = None
        self.leader: int | None = None
        self.ctx: TrumpContext | None = None

    def set_trick(
        self, plays: Sequence[tuple[int, Sequence[Card]]], winner: int | None = None,
        ctx: TrumpContext | None = None, leader: int | None = None,
    ) -> None:
        """Show ``plays``; ``leader`` (tagged "Led") is usually the seat of the first play."""
        self.plays = [(seat, ctx.sorted(cards) if ctx is not None else list(cards)) for seat, cards in plays]
        self.winner, self.ctx, self.leader = winner, ctx, leader

    def frame_margin(self) -> int:
        """Room kept round the cards for the winner's frame, inside the rectangle."""
        return self.metrics.px(7)

    def card_width(self) -> int:
        # two rows of cards (top and bottom plays), their captions and a gap fit the height
        rows = 2.3 if self.names is None else 2.9
        return max(24, min(int((self.rect.height - 2 * self.frame_margin()) / rows / 1.4), self.metrics.px(84)))

    def slot_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where ``count`` cards played by ``seat`` go (a flying card lands there)."""
        w = self.card_width()
        h = card_height(w)
        step = round(w * 0.42)
        r = self.rect.inflate(-2 * self.frame_margin(), -2 * self.frame_margin())
        caption = self.caption_height()
        anchors = {
            0: (r.centerx, r.bottom - caption - h // 2),
            1: (r.right - w // 2 - r.width // 12, r.centery),
            2: (r.centerx, r.top + h // 2),
            3: (r.left + w // 2 + r.width // 12, r.centery),
        }
        pos = screen_position(seat, self.viewer)
        cx, cy = anchors[pos]
        total = w + step * (count - 1)
        if pos == 1:
            cx = min(cx, r.right - total // 2)
        elif pos == 3:
            cx = max(cx, r.left + total // 2)
        x0 = cx - total // 2
        return [pygame.Rect(x0 + k * step, cy - h // 2, w, h) for k in range(count)]

    def play_rects(self) -> dict[int, list[pygame.Rect]]:
        """Each seat's card rectangles."""
        return {seat: self.slot_rects(seat, len(cards)) for seat, cards in self.plays}

    def winner_box(self) -> pygame.Rect | None:
        """The frame round the winning play, if one is framed."""
        rects = self.play_rects().get(self.winner) if self.winner is not None else None
        if not rects:
            return None
        margin = 2 * self.frame_margin() - 2
        return rects[0].unionall(rects).inflate(margin, margin)

    # ------------------------------------------------------------ captions and the tag

    def caption_height(self) -> int:
        return self.metrics.px(30) if self.names is not None else 0

    def caption_layouts(self) -> list[tuple[TextLayout, pygame.Rect]]:
        """Each play's seat name, under its cards (review only)."""
        if self.names is None:
            return []
        m = self.metrics
        out = []
        for seat, rects in self.play_rects().items():
            if not rects:
                continue
            group = rects[0].unionall(rects)
            width = max(group.width + m.px(40), m.px(150))
            box = pygame.Rect(0, group.bottom + m.px(4), width, self.caption_height())
            box.centerx = group.centerx
            box.clamp_ip(self.rect)
            layout = fit_text(self.services.fonts, self.names(seat), m.fpx(16), box.width, box.height,
                              colour=ON_FELT, bold=True, align="center", min_px=9)
            out.append((layout, box))
        return out

    def tag_layout(self) -> tuple[TextLayout, pygame.Rect] | None:
        """The "Led" tag, on the bottom edge of the leader's cards."""
        rects = self.play_rects().get(self.leader) if self.leader is not None else None
        if not rects:
            return None
        m = self.metrics
        group = rects[0].unionall(rects)
        layout = fit_text(self.services.fonts, _(LED), m.fpx(14), group.width - m.px(8), m.px(22),
                          colour=INK, bold=True, min_px=9)
        box = pygame.Rect(0, 0, layout.width + m.px(14), layout.height + m.px(4))
        box.midbottom = (group.centerx, group.bottom - m.px(4))
        return layout, box

    def text_layouts(self) -> list[TextLayout]:
        tag = self.tag_layout()
        return [layout for layout, _box in self.caption_layouts()] + ([tag[0]] if tag else [])

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        art = self.services.cards
        w = self.card_width()
        rects = self.play_rects()
        for seat, cards in self.plays:
            for card, rect in zip(cards, rects[seat]):
                trump = self.ctx is not None and self.ctx.is_trump(card)
                surface.blit(art.face(card, w, trump=trump, four_colour=self.services.four_colour), rect)
            box = self.winner_box() if seat == self.winner else None
            if box is not None:
                pygame.draw.rect(surface, FOCUS, box, 3, border_radius=max(4, w // 10))
        tag = self.tag_layout()
        if tag is not None:
            layout, box = tag
            panel(surface, box, FOCUS, INK, box.height // 2)
            layout.draw(surface, (box.centerx - layout.width // 2, box.top + (box.height - layout.height) // 2))
        for layout, box in self.caption_layouts():
            layout.draw(surface, (box.left, box.top))
