"""The AI players and the greedy baseline, behind the player protocol:
``declare(view) -> Decision | None``, ``bury(view) -> Decision``, ``play(view) -> Decision``.

Levels: ``easy`` keeps no card memory and never throws; ``normal`` counts every card
played and infers voids; ``hard`` is ``normal`` plus a search over sampled deals
(``engine.ai.search``) for its leads, follows and burials and the sampled numbers of
every decision, and it declares more readily in the first hand, where declaring wins
the deal.  Every player decides from its ``PlayerView`` only.
"""

from __future__ import annotations

import random

from ..cards import points
from ..combos import decompose
from .. import claims  # a module: engine.claims imports engine.ai.memory (via knowledge)
from ..play import legal_follow
from ..view import Decision, PlayerView
from . import bury, declare, follow, lead, search
from .montecarlo import MonteCarloPlayer
from .reasons import decision
from .structure import build_to_lead, of_suit
from .table import Table, strength

LEVELS = ("easy", "normal", "hard")


class AIPlayer:
    """A heuristic player; see the module docstring for the levels."""

    def __init__(self, level: str = "normal", seed: int | None = None,
                 seconds: float | None = search.SECONDS):
        """``seconds`` caps ``hard``'s search of one decision on the wall clock (``None``:
        no cap, so that its budget in simulated cards alone decides: reproducible)."""
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; one of {', '.join(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.seconds = seconds

    def declare(self, view: PlayerView) -> Decision | None:
        return declare.decide(view, eager=self.level == "hard")

    def bury(self, view: PlayerView) -> Decision:
        if self.level == "hard":
            return search.bury(view, self.rng, seconds=self.seconds)
        return bury.decide(view, plain=self.level == "easy")

    def play(self, view: PlayerView) -> Decision:
        table = Table(view, memory=self.level != "easy")
        if self.level == "hard":
            chosen = search.decide(table, self.rng, self.seconds)
        else:
            chosen = self.heuristic(table)
        return chosen if self.level == "easy" else avoid_mistake(view, chosen)

    def heuristic(self, table: Table) -> Decision:
        if table.view.leading:
            return lead.decide(table, throws=self.level != "easy")
        return follow.decide(table, follow.keep_shares(table))


MISTAKE_REASONS = {"gave_points": "follow_low", "lost_trick": "win_points"}


def uncapped_hard(seed: int | None = None) -> AIPlayer:
    """``ai:hard`` without the wall-clock cap: its budget in simulated cards alone decides,
    so a seed fixes every decision whatever the machine's load (tests and audits)."""
    return AIPlayer("hard", seed, seconds=None)


def avoid_mistake(view: PlayerView, chosen: Decision) -> Decision:
    """``chosen``, unless the engine's judgement of a follow (``engine.claims.mistake``,
    the one the coach's review states) finds a sure cost in it: then the play that
    avoids it.  The coach suggests this player's play, so it never suggests a play its
    review would call a mistake."""
    if not view.trick:
        return chosen
    found = claims.mistake(claims.Position(view), chosen.cards)
    if found is None:
        return chosen
    alt = found.alternative
    reason = MISTAKE_REASONS.get(found.kind) or (
        "partner_winning_give_points" if points(alt) else "partner_winning_follow_low")
    return decision(list(alt), reason)


class GreedyPlayer:
    """Baseline: always the highest legal cards, except that it dumps points onto a
    trick its partner is winning.  Declares and buries like the easy AI.

    It leads its highest card, and with three or four decks, where that card is in a
    set wider than a pair (a triple, a quad, a tractor of them), the whole set: the
    shapes those games add are what a greedy player of them grabs tricks with.  It
    follows to the lead's whole shape (``build_to_lead``: every width the game has)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def declare(self, view: PlayerView) -> Decision | None:
        return declare.decide(view)

    def bury(self, view: PlayerView) -> Decision:
        return bury.decide(view, plain=True)

    def play(self, view: PlayerView) -> Decision:
        table = Table(view, memory=False)
        ctx = table.ctx
        if view.leading:
            top = max(view.hand, key=lambda c: strength(c, ctx))
            held = next(c for c in decompose(of_suit(view.hand, ctx.suit_of(top), ctx), ctx) if top in c.cards)
            return decision(held.cards if held.width > 2 else [top], "highest_card")
        shape = table.shape
        assert shape is not None
        dump = table.is_partner(table.winner_seat)
        key = table.feed_key if dump else table.high_key
        mine = of_suit(view.hand, shape.suit, ctx)
        if len(mine) >= shape.size:
            cards = build_to_lead(mine, shape, ctx, key)
        else:
            rest = [c for c in view.hand if c not in mine]
            cards = mine + sorted(rest, key=key)[: shape.size - len(mine)]
        if not follow.is_legal(table, cards):
            cards = legal_follow(view.hand, view.lead, ctx)
        return decision(cards, "dump_points" if dump and points(cards) else "highest_card")


def make(kind: str, seed: int | None = None) -> AIPlayer | GreedyPlayer | MonteCarloPlayer:
    """A player of one of ``KINDS``."""
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind in BENCH_KINDS:
        return MonteCarloPlayer(kind, seed)
    if kind == "ai":
        return AIPlayer("normal", seed)
    if kind.startswith("ai:"):
        return AIPlayer(kind[3:], seed)
    raise ValueError(f"unknown player kind {kind!r}")


LEVEL_KINDS = ("ai:easy", "ai", "ai:hard")
"""The levels a learner may choose for the opponents (and the coach's advisor, ``ai:hard``),
weakest first."""
BENCH_KINDS = ("mc", "mc:strong")
"""Monte-Carlo benchmark opponents (``engine.ai.montecarlo``): yardsticks, not levels."""
KINDS = LEVEL_KINDS + ("greedy",) + BENCH_KINDS
