"""What a seat can deduce at the table, derived from its ``PlayerView`` alone.

* ``unseen``: every card the seat has not seen (two decks minus its hand, every card
  played, and the kitty when it buried it).  The other hands and, for everyone but the
  dealer, the kitty are made of exactly these cards.
* ``void[seat]``: effective suits a seat is known to be out of (it did not follow one).
* ``no_pair[seat]``: suits in which a seat is known to hold no pair (it followed a
  pair-carrying lead with fewer pairs than the lead asked for, while still following suit).
* ``known[seat]``: cards a seat is known to hold: what it tried to throw and took back.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import prod
from typing import Sequence

from ..cards import Card, deck
from ..combos import pair_faces
from ..rules import TRUMP, TrumpContext
from ..view import Play, PlayerView


@dataclass
class CardMemory:
    ctx: TrumpContext
    seat: int
    unseen: Counter
    void: list[set[str]] = field(default_factory=lambda: [set() for _ in range(4)])
    no_pair: list[set[str]] = field(default_factory=lambda: [set() for _ in range(4)])
    known: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(4)])
    cards_left: tuple[int, int, int, int] = (25, 25, 25, 25)

    @classmethod
    def from_view(cls, view: PlayerView) -> "CardMemory":
        ctx = view.ctx
        assert ctx is not None, "card memory needs the trump context"
        unseen = Counter(deck(view.rules.decks))
        unseen.subtract(view.hand)
        if view.kitty is not None:
            unseen.subtract(view.kitty)
        memory = cls(ctx=ctx, seat=view.seat, unseen=unseen, cards_left=view.cards_left)
        for record in view.tricks:
            if record.attempted:
                memory._took_back(record.leader, record.attempted, record.plays[0].cards)
            memory._observe(record.plays)
        if view.attempted and view.trick:
            memory._took_back(view.trick[0].seat, view.attempted, view.trick[0].cards)
        memory._observe(view.trick)
        memory.unseen = +memory.unseen
        for seat in range(4):
            memory.known[seat] = +memory.known[seat]
        memory.known[view.seat] = Counter()
        return memory

    def _took_back(self, seat: int, attempted: Sequence[Card], played: Sequence[Card]) -> None:
        back = Counter(attempted)
        back.subtract(played)
        self.known[seat] += +back

    def _observe(self, plays: Sequence[Play]) -> None:
        if not plays:
            return
        lead = plays[0].cards
        suit = self.ctx.suit_of(lead[0])
        lead_pairs = len(pair_faces(lead))
        for play in plays:
            self.unseen.subtract(play.cards)
            self.known[play.seat].subtract(play.cards)
            if play is plays[0]:
                continue
            followed = [c for c in play.cards if self.ctx.suit_of(c) == suit]
            if len(followed) < len(lead):
                self.void[play.seat].add(suit)
            elif len(pair_faces(followed)) < lead_pairs:
                self.no_pair[play.seat].add(suit)

    # ---- queries -------------------------------------------------------------------

    def unseen_of(self, suit: str) -> list[Card]:
        return [c for c, n in self.unseen.items() for _ in range(n) if self.ctx.suit_of(c) == suit]

    def hidden_total(self) -> int:
        return sum(self.unseen.values())

    def may_hold(self, seat: int, suit: str) -> bool:
        return suit not in self.void[seat] and self.cards_left[seat] > 0

    def may_hold_pair(self, seat: int, suit: str) -> bool:
        return self.may_hold(seat, suit) and suit not in self.no_pair[seat]

    def p_void(self, seat: int, suit: str) -> float:
        """Chance that ``seat`` holds no card of ``suit`` (hypergeometric guess from the
        unseen cards; known voids and known holdings are exact)."""
        if suit in self.void[seat]:
            return 1.0
        if any(self.ctx.suit_of(c) == suit for c in self.known[seat]):
            return 0.0
        return p_none(len(self.unseen_of(suit)), self.cards_left[seat], self.hidden_total())

    def higher_unseen(self, card: Card) -> list[Card]:
        """Unseen faces of ``card``'s effective suit that beat it as a single."""
        suit, pos = self.ctx.suit_of(card), self.ctx.position(card)
        return [c for c in self.unseen if self.ctx.suit_of(c) == suit and self.ctx.position(c) > pos]

    def trumps_out(self) -> int:
        return len(self.unseen_of(TRUMP))

    def points_out(self) -> int:
        return sum(c.points * n for c, n in self.unseen.items())


def p_none(copies: int, hand: int, total: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``total`` unseen cards misses all
    of ``copies`` given cards."""
    if copies <= 0:
        return 1.0
    if hand > total - copies:
        return 0.0
    return prod((total - copies - i) / (total - i) for i in range(hand))
