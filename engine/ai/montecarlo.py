"""A Monte-Carlo benchmark opponent (kinds ``mc`` and ``mc:strong``): not a level for
learners, a yardstick for ``ai:hard`` in ``bench/ai_bench.py`` and self-play.

It plays the way a plain public Monte-Carlo bot does: for every decision it lists
every distinct legal play (each single, pair and tractor it could lead; every follow
the rules allow, up to a cap), samples hidden hands consistent with what it has seen
(voids, missing pairs, cards shown: the ``Sampler`` without priors), plays each
candidate out to the end of the hand with a simple rollout policy (the quick greedy
policy of ``playout``) and keeps the best average of the attackers' points.
``mc:strong`` samples many more deals and, once it has a first choice (the best after
the first ``FIRST`` deals), changes its mind only when another play is better with
confidence.  It declares and buries like the default AI.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import sqrt
from typing import Sequence

from ..cards import Card
from ..play import check_follow, lead_shape, legal_follow
from ..view import Decision, PlayerView
from . import bury, declare, follow
from .memory import CardMemory
from .playout import Held, Playout, group
from .reasons import decision
from .sampler import Sampler
from .structure import by_suit, holding_shape
from .table import Table

SETTINGS = {"mc": (16, None), "mc:strong": (120, 1.5)}
"""kind -> (deals per decision, z of the confidence check or None)."""
FIRST = 16
"""Deals after which ``mc:strong`` has its first choice."""
MAX_FOLLOWS = 12
"""Follow candidates kept (lowest first, each distinct)."""


class MonteCarloPlayer:
    """See the module docstring."""

    def __init__(self, kind: str = "mc", seed: int | None = None):
        self.samples, self.z = SETTINGS[kind]
        self.rng = random.Random(seed)

    def declare(self, view: PlayerView) -> Decision | None:
        return declare.decide(view)

    def bury(self, view: PlayerView) -> Decision:
        return bury.decide(view)

    def play(self, view: PlayerView) -> Decision:
        assert view.ctx is not None and view.dealer is not None
        options = self._candidates(view)
        if len(options) == 1:
            # one candidate is not one legal play: a throw led gets the engine's cheapest
            # follow only
            table = Table(view, memory=False)
            if view.lead is None or follow.forced(table):
                return decision(options[0], "must_follow")
            return follow.explain(table, options[0])
        memory = CardMemory.from_view(view)
        sampler = Sampler(memory, view.hand, priors=False, kitty=view.kitty)
        values: list[list[float]] = [[] for _ in options]
        for _ in range(self.samples):
            deal = sampler.draw(self.rng)
            if deal is None:
                break
            held = [group(h, view.ctx) for h in deal[0]]
            for i, play in enumerate(options):
                values[i].append(self._rollout(view, deal[1], held, play))
        if not values[0]:
            return decision(options[0], "search_best")
        best = _best(values)
        if self.z is not None:
            first = _best([v[:FIRST] for v in values])
            if best != first and not _confident(values[best], values[first], self.z):
                best = first
        return decision(options[best], "search_best")

    def _rollout(self, view: PlayerView, kitty: Sequence[Card], held: list[Held], play: list[Card]) -> float:
        assert view.ctx is not None and view.dealer is not None
        hands = [{s: list(cards) for s, cards in h.items()} for h in held]
        trick = [(p.seat, p.cards) for p in view.trick]
        leader = view.trick[0].seat if view.trick else view.seat
        game = Playout(view.ctx, view.dealer, hands, kitty, trick, view.attacker_points, leader)
        game.play(view.seat, play)
        game.run()
        gained = game.attackers - view.attacker_points
        return -gained if view.is_dealer_side() else gained

    def _candidates(self, view: PlayerView) -> list[list[Card]]:
        """Every distinct legal play (follows capped at ``MAX_FOLLOWS``, the engine's
        cheapest follow first)."""
        ctx = view.ctx
        assert ctx is not None
        hand = list(view.hand)
        if view.lead is None:
            plays: list[list[Card]] = []
            for cards in by_suit(hand, ctx).values():
                tractors, pairs, _ = holding_shape(cards, ctx)
                plays += [[f for f in chain for _ in range(2)] for chain in tractors]
                plays += [[f, f] for f in pairs]
                plays += [[f] for f in set(cards)]
            return _distinct(plays)
        lead = list(view.lead)
        shape = lead_shape(lead, ctx)
        own = [c for c in hand if ctx.suit_of(c) == shape.suit]
        pool = sorted(set(own if len(own) >= shape.size else hand),
                      key=lambda c: (ctx.is_trump(c), c.points, ctx.position(c)))
        plays = []
        if shape.size <= 2:
            counts = {c: hand.count(c) for c in pool}
            faces = [c for c in pool for _ in range(min(counts[c], shape.size))]
            for combo in combinations(faces, shape.size):
                play = list(combo)
                if check_follow(hand, lead, play, ctx).legal:
                    plays.append(play)
                if len(plays) >= 4 * MAX_FOLLOWS:
                    break
        return _distinct([legal_follow(hand, lead, ctx)] + plays)[:MAX_FOLLOWS]


def _best(values: list[list[float]]) -> int:
    """The index of the best mean."""
    return max(range(len(values)), key=lambda i: sum(values[i]) / len(values[i]))


def _distinct(plays: list[list[Card]]) -> list[list[Card]]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for play in plays:
        tag = tuple(sorted(c.index for c in play))
        if tag not in seen:
            seen.add(tag)
            out.append(play)
    return out


def _confident(values: list[float], default: list[float], z: float) -> bool:
    """Is ``values`` better than ``default`` (the same deals) by ``z`` standard errors?"""
    diffs = [a - b for a, b in zip(values, default)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * sqrt(var / n)
