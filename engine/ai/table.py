"""One decision's context: the view, the card memory, and the judgments built on them.

Card values and the risk that a play is beaten are estimates from ``CardMemory`` only:
the unseen cards, who is void, who has no pair, how many cards each hand holds.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Iterable, Sequence

from ..cards import Card, points
from ..play import LeadShape, lead_shape, trick_winner
from ..rules import TRUMP, TrumpContext
from ..view import PlayerView
from .memory import CardMemory, p_none
from .sampler import Sampler

LEAD_VALUE = 3.0
"""What winning the lead is worth, in points, when nothing else is at stake."""


def power(card: Card, ctx: TrumpContext) -> float:
    """What a card is worth for winning tricks later: trumps above side cards, high
    cards above low ones, the top side rank well above."""
    pos = ctx.position(card)
    if ctx.is_trump(card):
        return 40.0 + 3.0 * pos
    top = ctx.position(Card.of(card.suit, "A" if ctx.level != "A" else "K"))
    return pos + (8.0 if pos >= top else 0.0)


def keep_value(card: Card, ctx: TrumpContext) -> float:
    """How much a card is worth keeping when giving cards away: its power, and its
    points, which must not be handed to the other side."""
    return power(card, ctx) + 2.0 * card.points


def strength(card: Card, ctx: TrumpContext) -> int:
    """A total order for 'highest card': any trump above any side card."""
    return (100 if ctx.is_trump(card) else 0) + ctx.position(card)


def single_or_pair(shape: LeadShape) -> bool:
    """A lead of one single or one pair (what sampled deals judge exactly)."""
    return not shape.is_throw and (shape.size == 1 or (shape.size == 2 and shape.pairs == 1))


class Table:
    """The seat's situation at one decision."""

    def __init__(self, view: PlayerView, memory: bool = True):
        assert view.ctx is not None
        self.view = view
        self.ctx: TrumpContext = view.ctx
        self.seat = view.seat
        self.partner = view.partner
        self.hand: list[Card] = list(view.hand)
        self.mem = CardMemory.from_view(view) if memory else CardMemory.from_view(_forget(view))
        self.dealer_side = view.is_dealer_side()
        self.threats: list | None = None
        """Sampled deals (``engine.ai.playout.Playout`` objects of consistent deals) that
        ``beat_risk`` reads for a single or a pair instead of its estimate, when set."""

    @cached_property
    def sampler(self) -> Sampler:
        """Consistent deals of this decision (with the sampler's priors).  Built once:
        the set-up costs several draws, and a decision draws for more than one race."""
        return Sampler(self.mem, self.hand, kitty=self.view.kitty)

    # ---- seats ------------------------------------------------------------------------

    def is_partner(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

    @property
    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)

    @cached_property
    def later(self) -> list[int]:
        """Seats still to play in this trick after this seat."""
        leader = self.view.trick[0].seat if self.view.trick else self.seat
        done = len(self.view.trick) + 1
        return [(leader + k) % 4 for k in range(done, 4)]

    @cached_property
    def later_opponents(self) -> list[int]:
        return [s for s in self.later if not self.is_partner(s)]

    # ---- the trick in progress -----------------------------------------------------------

    @cached_property
    def shape(self) -> LeadShape | None:
        return lead_shape(self.view.lead, self.ctx) if self.view.trick else None

    @cached_property
    def plays(self) -> list[list[Card]]:
        return [list(p.cards) for p in self.view.trick]

    @cached_property
    def winner_index(self) -> int:
        return trick_winner(self.plays, self.ctx)

    @property
    def winner_seat(self) -> int:
        return self.view.trick[self.winner_index].seat

    @property
    def table_points(self) -> int:
        return sum(points(p) for p in self.plays)

    def wins_now(self, play: Sequence[Card]) -> bool:
        return trick_winner(self.plays + [list(play)], self.ctx) == len(self.plays)

    # ---- values --------------------------------------------------------------------------

    def power(self, cards: Iterable[Card]) -> float:
        return sum(power(c, self.ctx) for c in cards)

    def low_key(self, card: Card) -> float:
        return keep_value(card, self.ctx)

    def feed_key(self, card: Card) -> float:
        """Points first (cheap point cards before dear ones), then the cheapest blanks;
        trumps only when nothing else is left."""
        trump = 200.0 if self.ctx.is_trump(card) else 0.0
        return trump - 30.0 * card.points + keep_value(card, self.ctx)

    def high_key(self, card: Card) -> float:
        return -strength(card, self.ctx)

    # ---- risk ---------------------------------------------------------------------------

    def beat_risk(self, play: Sequence[Card], shape: LeadShape, seats: Iterable[int]) -> float:
        """Chance (rough) that one of ``seats`` beats ``play``, which currently wins a trick
        of ``shape``: by a higher combination of the same suit or by (over-)ruffing.
        With ``threats``, a single or a pair is judged on the sampled deals: the share
        of them in which one of ``seats`` holds what beats it."""
        if self.threats and single_or_pair(shape):
            top = max(play, key=self.ctx.position)
            seats = list(seats)
            pair = shape.size == 2
            beaten = sum(game.beaten(seats, top, pair, shape.suit) for game in self.threats)
            return beaten / len(self.threats)
        miss = 1.0
        for seat in seats:
            miss *= 1.0 - self._seat_beats(seat, play, shape)
        return 1.0 - miss

    def _seat_beats(self, seat: int, play: Sequence[Card], shape: LeadShape) -> float:
        mem, ctx = self.mem, self.ctx
        if mem.cards_left[seat] == 0:
            return 0.0
        play_suit = ctx.suit_of(play[0])
        ruffed = play_suit != shape.suit
        p_void = mem.p_void(seat, shape.suit) if shape.suit != TRUMP else 0.0
        if not ruffed:
            same = 0.0 if shape.is_throw else self._p_higher(seat, play, shape, shape.suit)
            ruff = 0.0
            if shape.suit != TRUMP:
                ruff = p_void * self._p_structure(seat, shape, TRUMP)
            return 1.0 - (1.0 - same) * (1.0 - ruff)
        return p_void * self._p_higher(seat, play, shape, TRUMP)

    def _p_structure(self, seat: int, shape: LeadShape, suit: str) -> float:
        """Chance that ``seat`` can match the shape with cards of ``suit`` at all."""
        mem = self.mem
        if not mem.may_hold(seat, suit):
            return 0.0
        if shape.pairs == 0:
            return 1.0 - mem.p_void(seat, suit)
        if not mem.may_hold_pair(seat, suit):
            return 0.0
        chance = 0.6 if shape.pairs == 1 else 0.25
        # three or four decks: each copy beyond a pair that the lead's widest set asks
        # for makes a matching holding rarer
        return chance * 0.5 ** (shape.width - 2) if shape.wide else chance

    def _p_higher(self, seat: int, play: Sequence[Card], shape: LeadShape, suit: str) -> float:
        """Chance that ``seat`` holds a combination of ``suit`` above ``play``'s top."""
        mem, ctx = self.mem, self.ctx
        if not mem.may_hold(seat, suit):
            return 0.0
        total = max(1, mem.hidden_total())
        hand = mem.cards_left[seat]
        if shape.pairs == 0:
            top = max(play, key=ctx.position) if ctx.suit_of(play[0]) == suit else None
            higher = [c for c in mem.unseen if ctx.suit_of(c) == suit
                      and (top is None or ctx.position(c) > ctx.position(top))]
            if any(ctx.suit_of(c) == suit and (top is None or ctx.position(c) > ctx.position(top))
                   for c in mem.known[seat]):
                return 1.0
            return 1.0 - p_none(sum(mem.unseen[c] for c in higher), hand, total)
        if not mem.may_hold_pair(seat, suit):
            return 0.0
        # the lead's widest set: a higher set of that width beats it (a pair with two decks)
        width = shape.width if shape.wide else 2
        pair_tops = [c for c in play if play.count(c) >= width] if ctx.suit_of(play[0]) == suit else []
        floor = max((ctx.position(c) for c in pair_tops), default=-1)
        faces = [c for c, n in mem.unseen.items() if n >= width and ctx.suit_of(c) == suit
                 and ctx.position(c) > floor]
        if shape.tractors:
            faces_needed = shape.tractors[0]
            if len(faces) < faces_needed:
                return 0.0
        share = hand / total
        p_pair = share ** width
        return 1.0 - (1.0 - p_pair) ** len(faces) if faces else 0.0


def _forget(view: PlayerView) -> PlayerView:
    """The view without the finished tricks: a player that keeps no card memory."""
    return replace(view, tricks=())
