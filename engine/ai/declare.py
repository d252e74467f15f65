"""Declaring trump during the deal: by how much of the hand the suit would make trumps
(its length, its high cards and pairs), never merely because a level card turned up."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..cards import BIG, JOKER, LITTLE, SUITS, Card
from ..view import Decision, PlayerView
from .reasons import decision

MIN_CARDS = 5
"""Too few cards dealt to judge a suit: wait."""
SHARE = 0.42
"""Declare a suit when it would make at least this share of the hand trumps."""
SHARE_FINAL = 0.30
"""With the whole hand dealt and nobody declared, a weaker suit beats a random one."""
SHARE_OVERRIDE = 0.38
"""Override an opponent (who would otherwise pick trumps) at this share."""


def trump_share(hand: Sequence[Card], suit: str | None, level: str) -> float:
    """Share of ``hand`` that would be trumps with ``suit`` trump (``None``: no-trump),
    plus half a card for each high card and each pair of the suit."""
    counts = Counter(hand)
    trumps = [c for c in hand if c.is_joker or c.rank == level or c.suit == suit]
    high = sum(1 for c in trumps if c.suit == suit and c.rank in ("A", "K") and c.rank != level)
    pairs = sum(1 for c, n in counts.items() if n >= 2 and (c.suit == suit or c.is_joker or c.rank == level))
    return (len(trumps) + 0.5 * (high + pairs)) / max(1, len(hand))


def decide(view: PlayerView) -> Decision | None:
    hand, level, current = view.hand, view.level, view.declaration
    counts = Counter(hand)
    if current is not None and current.seat == view.seat:
        face = current.cards[0]
        if current.strength == 1 and counts[face] >= 2:
            return decision((face, face), "declare_reinforce")
        return None
    if current is not None and current.seat == view.partner:
        return None
    if len(hand) < MIN_CARDS:
        return None
    held = current.strength if current is not None else 0
    options: list[tuple[float, tuple[Card, ...], str]] = []
    for suit in SUITS:
        face = Card.of(suit, level)
        if counts[face] == 0:
            continue
        shown = (face, face) if counts[face] >= 2 else (face,)
        if len(shown) > held:
            code = "declare_pair_override" if current is not None else "declare_long_suit"
            options.append((trump_share(hand, suit, level), shown, code))
    for strength, rank in ((3, LITTLE), (4, BIG)):
        joker = Card.of(JOKER, rank)
        if counts[joker] >= 2 and strength > held:
            options.append((trump_share(hand, None, level) + 0.1, (joker, joker), "declare_no_trump"))
    if not options:
        return None
    share, shown, code = max(options, key=lambda o: o[0])
    if current is None:
        need = SHARE_FINAL if len(hand) >= 25 else SHARE
    else:
        theirs = trump_share(hand, current.trump, level)
        need = SHARE_OVERRIDE if share > theirs + 0.1 else 1.0
    return decision(shown, code) if share >= need else None
