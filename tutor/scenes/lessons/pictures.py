"""The cards and tricks the lesson views draw: a hand in the step's order (``arrange``,
``ShownCards``), finished tricks as rows (``trick_rows``) and a trick on the table with
a label beside each play, the plays after the learner's face down (``TrickPicture``).
The rules pages show their examples with ``arrange`` too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from engine import Card, TrumpContext, trick_winner

from ...i18n import N_, _
from ...lessons.model import Trick
from ...text import TextLayout, fit_text
from ...theme import ON_FELT_SOFT, Metrics
from ...widgets import HandFan, TrickView, card_height
from ...widgets.card_rows import CardGroup, CardRow
from ...seats import SHORT as SHORT_SEATS
from .words import SEAT_LABELS

if TYPE_CHECKING:
    from ...services import Services


class ShownCards(HandFan):
    """A fan that keeps the order it is given; ★ still comes from ``ctx``."""

    def set_cards(self, cards: Sequence[Card], ctx: TrumpContext | None = None) -> None:
        super().set_cards(cards, None)
        self.ctx = ctx


def arrange(cards: Sequence[Card], sort: str, ctx: TrumpContext | None) -> tuple[list[Card], TrumpContext | None]:
    """Cards in the step's order (``sort``) and the context that marks trumps ★."""
    if sort == "printed" or ctx is None:
        ordered = sorted(cards, key=lambda c: (-1 if c.is_joker else c.index // 13, -c.index))
        return (list(cards) if sort == "given" else ordered), None
    if sort == "given":
        return list(cards), ctx
    return ctx.sorted(cards), ctx


def show(fan: HandFan, cards: Sequence[Card], sort: str, ctx: TrumpContext | None) -> None:
    ordered, badges = arrange(cards, sort, ctx)
    fan.set_cards(ordered, badges)


def select(fan: HandFan, cards: Sequence[Card]) -> None:
    """Raise exactly ``cards`` in the fan (to show an answer)."""
    wanted = list(cards)
    fan.selected = set()
    for i, card in enumerate(fan.cards):
        if card in wanted:
            wanted.remove(card)
            fan.selected.add(i)


def without(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in gone:
        if card in rest:
            rest.remove(card)
    return rest


def trick_rows(tricks: Sequence[Trick], ctx: TrumpContext, outline: bool) -> list[CardRow]:
    """One row per finished trick: the plays in order, each under its seat."""
    rows = []
    for n, trick in enumerate(tricks, 1):
        plays = [list(p or ()) for p in trick.plays]
        winner = trick_winner(plays, ctx) if outline else None
        groups = tuple(CardGroup(tuple(p), SHORT_SEATS[trick.seat_of(i)], i == winner) for i, p in enumerate(plays))
        rows.append(CardRow(lambda n=n: _("Trick {n}").format(n=n), groups))
    return rows


LATER = N_("{seat}, after you")
FACE_DOWN_CALL = N_("{seat}, face down")


class TrickPicture:
    """A trick on the table with a label beside each play; plays after the learner's
    are face down until the learner has played (a table hides them)."""

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.view = TrickView(services, viewer=0)
        self.later: set[int] = set()
        """Seats whose cards are drawn face down: a scripted play after the learner's, or
        a four-deck call (暗叫)."""
        self.why = LATER

    def set(self, plays: list[tuple[int, list[Card]]], winner: int | None, ctx: TrumpContext | None,
            later: set[int] = frozenset(), why: str = LATER) -> None:  # type: ignore[assignment]
        """``why`` (a msgid with ``{seat}``) labels the face-down seats."""
        self.view.set_trick(plays, winner, ctx)
        self.later, self.why = set(later), why

    def faces(self) -> list[tuple[int, list[Card]]]:
        """The plays drawn face up: every play but those still hidden."""
        return [(seat, cards) for seat, cards in self.view.plays if seat not in self.later]

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        """A few pixels shorter when the cards would be an odd number of pixels tall
        (``TrickView`` then draws the bottom play a pixel below its box)."""
        for shrink in range(8):
            self.view.place((rect.left, rect.top, rect.width, max(0, rect.height - shrink)), m)
            if card_height(self.view.card_width()) % 2 == 0:
                return

    def captions(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        view, m = self.view, self.view.metrics
        if not view.rect.height:
            return []
        r, found = view.rect, []
        for seat, rects in view.play_rects().items():
            if not rects:
                continue
            # the winner's frame goes round the cards: labels keep clear of it
            cards = rects[0].unionall(rects).inflate(2 * view.frame_margin(), 2 * view.frame_margin())
            width = min(m.px(230), r.width // 2)
            text = _(SEAT_LABELS[seat])
            if seat in self.later:
                text = _(self.why).format(seat=text)
            align = "center" if seat % 2 else "right" if seat == 2 else "left"
            layout = fit_text(self.services.fonts, text, m.fpx(14), width, m.px(24), colour=ON_FELT_SOFT,
                              align=align, min_px=9)
            if seat % 2:  # left and right: above the cards
                x = min(max(r.left, cards.centerx - width // 2), r.right - width)
                y = max(r.top, cards.top - m.px(24))
            elif seat == 2:  # partner: left of the cards, clear of the right seat's label
                x = max(r.left, cards.left - m.px(6) - width)
                y = cards.centery - layout.height // 2
            else:  # you: right of the cards
                x = min(cards.right + m.px(6), r.right - width)
                y = cards.centery - layout.height // 2
            found.append((layout, (x, y)))
        return found

    def draw(self, surface: pygame.Surface) -> None:
        if not self.view.rect.height:
            return
        self.view.draw(surface)
        rects = self.view.play_rects()
        back = self.services.cards.back(self.view.card_width())
        for seat in self.later:
            for rect in rects.get(seat, ()):
                surface.blit(back, rect)
        for layout, pos in self.captions():
            layout.draw(surface, pos)
