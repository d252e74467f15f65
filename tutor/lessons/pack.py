"""Dealing for the drills: a shuffled pack to take cards from, a random level and
trump, the cards of one side suit.

Both kinds of generator (``card_drills``, ``choice_drills``) deal with these, so a deal
takes cards the same way whichever task it makes.
"""

from __future__ import annotations

import random
from typing import Callable

from engine import Card, Rules, TrumpContext, deck
from engine.cards import RANKS, SUITS

from .model import Position


class Pack:
    """A shuffled two-deck pack to take cards from."""

    def __init__(self, rng: random.Random, rules: Rules) -> None:
        self.rng = rng
        self.cards = deck(rules.decks)
        rng.shuffle(self.cards)

    def take(self, n: int, keep: Callable[[Card], bool] = lambda c: True) -> list[Card]:
        found = [c for c in self.cards if keep(c)][:n]
        if len(found) < n:
            raise LookupError("not enough cards")
        for card in found:
            self.cards.remove(card)
        return found

    def pair(self, keep: Callable[[Card], bool]) -> list[Card]:
        """Two identical cards (``LookupError`` if the pack has none left)."""
        faces = [c for c in set(self.cards) if keep(c) and self.cards.count(c) >= 2]
        if not faces:
            raise LookupError("no pair left")
        face = self.rng.choice(sorted(faces, key=lambda c: c.index))
        self.cards.remove(face)
        self.cards.remove(face)
        return [face, face]


def random_position(rng: random.Random, no_trump: float = 0.15) -> Position:
    trump = None if rng.random() < no_trump else rng.choice(SUITS)
    return Position(rng.choice(RANKS), trump)


def side_suit(rng: random.Random, ctx: TrumpContext) -> str:
    return rng.choice([s for s in SUITS if s != ctx.trump])


def in_side_suit(suit: str, ctx: TrumpContext) -> Callable[[Card], bool]:
    """Cards whose effective suit is the side suit ``suit``."""
    return lambda c: not c.is_joker and ctx.suit_of(c) == suit
