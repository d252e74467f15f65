"""Before the learner throws, the coach can say whether the throw can fail: "fails for
sure" only when no consistent deal lets it stand (``Knowledge.throw_can_stand``),
otherwise how often it failed in consistent deals drawn for the decision.  The claim
(``ThrowRisk``) is checked by the auditor, which shares no code with the engine."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from engine.claims import POSSIBLE, SURE, ThrowRisk, throw_risk
from engine.combos import decompose
from engine.game import TRICKS, Game
from engine.knowledge import Knowledge
from tutor.practice import PracticeTable

from ..practice.test_practice_table import learner_moves, run_until_learner
from .auditor import verify


def leading_views(seeds: range, per_seed: int = 2):
    """Views of the learner about to lead, from a few seeded hands."""
    for seed in seeds:
        table = PracticeTable(Game(seed=seed), learner=0, seed=seed)
        found = 0
        for _ in range(60):
            run_until_learner(table)
            if table.phase != TRICKS:
                if table.phase not in ("burying", "declaring", "dealing"):
                    break
            elif not table.view.trick:
                yield table.view
                found += 1
                if found == per_seed:
                    break
            learner_moves(table)


def throws(view, limit: int = 12):
    """Two- and three-card throws of one suit from the hand (not a pair or tractor)."""
    found = []
    by_suit: dict[str, list] = {}
    for card in sorted(set(view.hand), key=lambda c: c.index):
        by_suit.setdefault(view.ctx.suit_of(card), []).append(card)
    for cards in by_suit.values():
        for size in (2, 3):
            for combo in combinations(cards, size):
                if len(decompose(list(combo), view.ctx)) >= 2:
                    found.append(combo)
    return found[:limit]


def test_every_throw_risk_said_is_true_and_both_kinds_occur() -> None:
    kinds = set()
    checked = 0
    for view in leading_views(range(1, 4)):
        for cards in throws(view):
            claim = throw_risk(view, cards, samples=40)
            if claim is None:
                assert Knowledge(view).throw_can_fail(cards) is not True
                continue
            checked += 1
            kinds.add(claim.certainty)
            assert verify(claim, view, {}, 0), claim
            other = replace(claim, certainty=POSSIBLE if claim.certainty == SURE else SURE, samples=40)
            assert not verify(other, view, {}, 0), f"both certainties hold for {claim}"
    assert kinds == {SURE, POSSIBLE} and checked >= 10


def test_the_share_is_reproducible_and_a_fraction() -> None:
    view = next(leading_views(range(2, 3), per_seed=1))
    claims = [throw_risk(view, cards, samples=40) for cards in throws(view)]
    possible = [c for c in claims if c is not None and c.certainty == POSSIBLE]
    assert possible
    again = [throw_risk(view, c.cards, samples=40) for c in possible]
    assert again == possible and all(0.0 <= c.share <= 1.0 for c in possible)


def test_a_claim_about_no_throw_or_a_follow_does_not_hold() -> None:
    view = next(leading_views(range(1, 2), per_seed=1))
    single = (view.hand[0],)
    from engine.claims import Position

    assert not ThrowRisk(single, SURE).holds(Position(view))
    assert not verify(ThrowRisk(single, SURE), view, {}, 0)
