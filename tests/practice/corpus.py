"""Random table positions for the coach's tests, built only through the engine.

Hands are dealt from a seeded shuffle and played by the game's ``RandomPlayer`` (a
random single, pair, tractor or throw to lead, judged by ``check_lead``; follows built
from ``selectable``), so each position is one a real game can reach.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

from engine import Rules, TrumpContext, check_lead, deck
from engine.cards import RANKS, SUITS
from engine.players import RandomPlayer
from engine.view import Play, PlayerView


def positions(seed: int, hands: int = 1, short: bool = False) -> Iterator[tuple[PlayerView, TrumpContext]]:
    """Every decision of ``hands`` random hands, as the deciding seat's view.

    ``short`` deals 12 cards a seat instead of 25 (quicker, more voids).
    """
    rng = random.Random(seed)
    player = RandomPlayer(seed)
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
                view = PlayerView(seat=seat, phase="tricks", rules=ctx.rules, level=level,
                                  team_levels=(level, level), dealer=0, hand=tuple(seats[seat]),
                                  ctx=ctx, trick=tuple(trick))
                yield view, ctx
                play = list(player.play(view).cards)
                if not trick:
                    others = [seats[(seat + j) % 4] for j in (1, 2, 3)]
                    play = check_lead(play, others, ctx).played
                left = Counter(seats[seat])
                left.subtract(play)
                seats[seat] = ctx.sorted(left.elements())
                trick.append(Play(seat, tuple(play)))
            leader = rng.randrange(4)
