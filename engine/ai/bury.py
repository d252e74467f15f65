"""Burying the kitty: keep trumps, pairs and high cards; void a short side suit when it
is cheap; bury points only when the last trick looks safe."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

from ..cards import BIG, JOKER, Card, points
from ..rules import TRUMP, TrumpContext
from ..view import Decision, PlayerView
from .reasons import decision
from .structure import by_suit, choose_singles
from .table import keep_value

VOID_BONUS = 15.0
"""What an empty side suit is worth (in keep-value units): ruffs later."""
POINT_PENALTY = 3.0
"""Extra keep value per point when the last trick is not safe."""
PAIR_PENALTY = 12.0
"""Extra keep value of a card whose twin is also held."""


def last_trick_safe(cards: Sequence[Card], ctx: TrumpContext) -> bool:
    """Strong enough in trumps to expect the last trick: many trumps and a big joker."""
    trumps = [c for c in cards if ctx.is_trump(c)]
    return len(trumps) >= 14 and Card.of(JOKER, BIG) in trumps


def options(view: PlayerView, plain: bool = False) -> list[tuple[float, list[Card], tuple[str, ...]]]:
    """Burials worth considering, cheapest first: for every set of short side suits to
    void (none when ``plain``), those suits and the cheapest other cards, with their
    cost in keep-value units (the bonus for each void taken off)."""
    ctx = view.ctx
    assert ctx is not None
    pool = list(view.hand)  # the dealer holds its hand and the kitty
    counts = Counter(pool)
    safe = last_trick_safe(pool, ctx)
    size = view.rules.variant.kitty_size

    def cost(card: Card) -> float:
        trump = 500.0 if ctx.is_trump(card) else 0.0
        pair = PAIR_PENALTY if counts[card] >= 2 else 0.0
        return trump + keep_value(card, ctx) + pair + (0.0 if safe else POINT_PENALTY * card.points)

    sides = {s: cards for s, cards in by_suit(pool, ctx).items() if s != TRUMP}
    found: list[tuple[float, list[Card], tuple[str, ...]]] = []
    for n in range(0 if plain else len(sides), -1, -1):
        for voided in combinations(sorted(sides), n):
            buried = [c for s in voided for c in sides[s]]
            if len(buried) > size:
                continue
            rest = Counter(pool)
            rest.subtract(buried)
            buried += choose_singles(+rest, size - len(buried), cost, keep_pairs=False)
            found.append((sum(cost(c) for c in buried) - VOID_BONUS * len(voided), buried, voided))
    found.sort(key=lambda option: option[0])
    return found


def explain(cards: list[Card], voided: tuple[str, ...]) -> Decision:
    code = "bury_void_suit" if voided else "bury_points_safe" if points(cards) else "bury_low_cards"
    return decision(cards, code)


def decide(view: PlayerView, plain: bool = False) -> Decision:
    """Choose the kitty's cards; ``plain`` skips voiding suits (the easy player)."""
    _, buried, voided = options(view, plain)[0]
    return explain(buried, voided)
