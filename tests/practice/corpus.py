"""Random table positions for the coach's tests, built only through the engine.

Hands are dealt from a seeded shuffle; every lead is a random component (sometimes a
whole suit holding, i.e. a throw, judged by ``check_lead``) and every follow is built
card by card from ``selectable``, so each position is one a real game can reach.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

from engine import Rules, TrumpContext, check_lead, decompose, deck, selectable
from engine.cards import RANKS, SUITS
from engine.view import Play, PlayerView


def random_play(rng: random.Random, hand: list, lead: list | None, ctx: TrumpContext) -> list:
    """A legal play: a random lead shape, or a follow completed through ``selectable``."""
    if not lead:
        suits = sorted({ctx.suit_of(c) for c in hand})
        suit = rng.choice(suits)
        holding = [c for c in hand if ctx.suit_of(c) == suit]
        comps = decompose(holding, ctx)
        if rng.random() < 0.15:
            return holding[: rng.randint(2, min(6, len(holding)))] if len(holding) > 1 else holding
        structured = [c for c in comps if c.kind != "single"]
        if structured and rng.random() < 0.5:
            return list(rng.choice(structured).cards)  # pairs and tractors, more often
        return list(rng.choice(comps).cards)
    chosen: list = []
    while len(chosen) < len(lead):
        options = sorted(selectable(hand, lead, chosen, ctx), key=lambda c: c.index)
        chosen.append(rng.choice(options))
    return chosen


def positions(seed: int, hands: int = 1, short: bool = False) -> Iterator[tuple[PlayerView, TrumpContext]]:
    """Every decision of ``hands`` random hands, as the deciding seat's view.

    ``short`` deals 12 cards a seat instead of 25 (quicker, more voids).
    """
    rng = random.Random(seed)
    for _ in range(hands):
        level = rng.choice(RANKS)
        trump = rng.choice(SUITS + (None,))
        ctx = TrumpContext(level, trump, Rules())
        cards = deck(2)
        rng.shuffle(cards)
        size = 12 if short else 25
        seats = [ctx.sorted(cards[i * size:(i + 1) * size]) for i in range(4)]
        leader = rng.randrange(4)
        while seats[leader]:
            trick: list[Play] = []
            for k in range(4):
                seat = (leader + k) % 4
                lead = list(trick[0].cards) if trick else None
                yield PlayerView(seat=seat, phase="tricks", rules=ctx.rules, level=level,
                                 team_levels=(level, level), dealer=0, hand=tuple(seats[seat]),
                                 ctx=ctx, trick=tuple(trick)), ctx
                play = random_play(rng, seats[seat], lead, ctx)
                if not trick:
                    others = [seats[(seat + j) % 4] for j in (1, 2, 3)]
                    play = check_lead(play, others, ctx).played
                left = Counter(seats[seat])
                left.subtract(play)
                seats[seat] = ctx.sorted(left.elements())
                trick.append(Play(seat, tuple(play)))
            leader = rng.randrange(4)
