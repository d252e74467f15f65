"""Scoring a hand (RULES.md §8): the kitty multiplier and the level table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card
from .combos import decompose
from .rules import Rules, TrumpContext

TAKE_OVER = 80
"""Attackers with at least this many points become the dealers."""
STEP = 40
"""Every further 40 points is one more level (both ways)."""


def kitty_multiplier(last_lead: Sequence[Card], ctx: TrumpContext) -> int:
    """The multiplier of the kitty's points when the attackers win the last trick.

    ``twice_cards``: 2 × cards led; ``by_pairs``: single ×2, pair ×4, n-pair tractor
    ×(2n+2), a throw by its largest component; ``power``: 2 ** (cards in the largest
    component), at most 64.

    >>> from engine import parse_cards, TrumpContext, Rules
    >>> kitty_multiplier(parse_cards("S4 S4 S5 S5"), TrumpContext("10", "H"))
    8
    """
    scheme = ctx.rules.kitty_multiplier
    if scheme == "twice_cards":
        return 2 * len(last_lead)
    largest = max(decompose(last_lead, ctx), key=lambda c: len(c.cards))
    if scheme == "by_pairs":
        return 2 if largest.kind == "single" else 2 * largest.length + 2
    return min(64, 2 ** len(largest.cards))


@dataclass(frozen=True)
class HandResult:
    """The outcome of a hand for the level table."""

    attackers_take_over: bool
    levels: int
    """Levels gained by the team that deals next."""


def hand_result(attacker_points: int, rules: Rules | None = None) -> HandResult:
    """Look up the level table of RULES.md §8.

    >>> hand_result(0), hand_result(85), hand_result(240)
    (HandResult(attackers_take_over=False, levels=3), HandResult(attackers_take_over=True, levels=0), HandResult(attackers_take_over=True, levels=4))
    """
    if attacker_points <= 0:
        return HandResult(False, 3)
    if attacker_points < TAKE_OVER:
        return HandResult(False, 2 if attacker_points < STEP else 1)
    return HandResult(True, (attacker_points - TAKE_OVER) // STEP)
