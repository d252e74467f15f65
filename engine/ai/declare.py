"""Declaring trump during the deal: by how much of the hand the suit would make trumps
(its length, its high cards and pairs), never merely because a level card turned up.

In the first hand of a match the declarer's side becomes the dealers, and the dealers
win most hands, so a player that weighs the deal (``eager``: ``ai:hard``) declares a
weaker suit there, at ``SHARE_DEAL`` (measured: ``bench/NOTES.md``).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..cards import Card
from ..declaring import view_declarations
from ..view import Decision, PlayerView
from .reasons import decision

MIN_CARDS = 5
"""Too few cards dealt to judge a suit: wait."""
SHARE = 0.42
"""Declare a suit when it would make at least this share of the hand trumps."""
SHARE_FINAL = 0.30
"""With the whole hand dealt and nobody declared, a weaker suit beats a random one."""
SHARE_DEAL = 0.30
"""The first hand's threshold for an ``eager`` player: the declaration also wins the deal."""
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


def decide(view: PlayerView, eager: bool = False) -> Decision | None:
    """Reinforce an own single when possible; otherwise declare the legal option whose
    trumps would be the largest share of the hand, if that share is high enough (lower
    for an ``eager`` player while the declaration decides the dealer)."""
    options = view_declarations(view)
    current = view.declaration
    if current is not None and current.seat == view.seat:
        for option in options:
            if option.cards == current.cards * 2:
                return decision(option.cards, "declare_reinforce")
        return None
    if not options or len(view.hand) < MIN_CARDS or (current is not None and current.seat == view.partner):
        return None
    best = max(options, key=lambda o: (trump_share(view.hand, o.trump, view.level), o.strength))
    share = trump_share(view.hand, best.trump, view.level)
    if current is None:
        need = SHARE_FINAL if len(view.hand) >= view.rules.variant.hand_size else SHARE
        code = "declare_no_trump" if best.trump is None else "declare_long_suit"
        if eager and view.dealer is None and share < need:
            need, code = SHARE_DEAL, "declare_for_deal"
    else:
        theirs = trump_share(view.hand, current.trump, view.level)
        need = SHARE_OVERRIDE if share > theirs + 0.1 else 1.0
        code = "declare_no_trump" if best.trump is None else "declare_pair_override"
    return decision(best.cards, code) if share >= need else None
