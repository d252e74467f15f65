"""The coach's burial: the advisor's 8 cards and why, every sentence a claim that the
auditor (which shares no code with the coach) also finds true."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from engine import parse_cards
from engine.ai.search import bury
from engine.claims import BuryEstimated, Buryable, EmptiesSuit, KittyPoints
from engine.view import Decision, Estimate
from tests.ai.conftest import _make_view
from tutor.coach import bury_advice, bury_suggestion
from tutor.coach.claims import position

from .auditor import verify

HAND = ("BJ LJ S2 H2 SA SK SQ SJ S9 S7 S5 S4 HA HK HQ HJ H9 H8 H6 "
        "DA DQ DJ D9 D8 D7 D6 D4 C3 C4 C6 C7 C8 C9")
"""The dealer's 33 cards, spades trumps: six clubs without points, short enough to empty."""


def burying():
    view = _make_view(HAND, phase="burying", dealer=0, cards_left=(33, 25, 25, 25))
    return replace(view, turn=0)


def claims_of(said) -> list:
    return [claim for s in said for claim in s.all_claims()]


def test_the_searched_burial_says_what_it_measured_and_the_auditor_agrees():
    view = burying()
    decision = bury(view, random.Random(1), work=3000, seconds=None)
    est = decision.estimate
    assert est is not None and est.samples > 0 and est.margin >= 0 and len(est.runner_up) == 8
    said = bury_suggestion(view, decision)
    claims = claims_of(said)
    assert claims[0] == Buryable(tuple(decision.cards))
    clear = est.margin > 0 and est.margin >= 2 * est.margin_error
    assert est.margin_error > 0, "distinct burials differ deal by deal"
    assert BuryEstimated(tuple(decision.cards), est.samples, est.margin, est.margin_error,
                         clear) in claims
    assert KittyPoints(tuple(decision.cards), 0) in claims
    for claim in claims:
        assert verify(claim, view, {}, 0), claim
    assert "The coach would bury" in said[0].text()


def test_a_burial_that_empties_a_suit_says_so_and_names_its_points():
    view = burying()
    clubs = tuple(parse_cards("C3 C4 C6 C7 C8 C9"))
    cards = clubs + tuple(parse_cards("D4 HK"))
    said = bury_suggestion(view, Decision(cards))
    claims = claims_of(said)
    assert EmptiesSuit(clubs, "C") in claims
    assert KittyPoints(cards, 10) in claims
    texts = " ".join(s.text() for s in said)
    assert "every ♣ card" in texts and "10 points in the kitty" in texts
    assert not any(isinstance(c, BuryEstimated) for c in claims), "nothing was measured"


def test_burial_claims_hold_only_for_eight_held_cards_while_burying():
    view = burying()
    eight = tuple(parse_cards("C3 C4 C6 C7 C8 C9 D4 D6"))
    at = position(view)
    assert Buryable(eight).holds(at)
    assert not Buryable(eight[:7]).holds(at)
    assert not Buryable(eight[:7] + tuple(parse_cards("CA"))).holds(at), "CA is not held"
    assert not Buryable(eight[:6] + tuple(parse_cards("C3 C3"))).holds(at), "only one C3 is held"
    assert not Buryable(eight).holds(position(replace(view, phase="tricks")))
    assert not Buryable(eight).holds(position(replace(view, turn=None))), "not the seat's turn"
    assert BuryEstimated(eight, 30, 0.5).holds(at)
    assert not BuryEstimated(eight, 30, -0.5).holds(at) and not BuryEstimated(eight, 0, 0.5).holds(at)
    assert BuryEstimated(eight, 30, 2.0, 1.0, clear=True).holds(at)
    assert not BuryEstimated(eight, 30, 1.9, 1.0, clear=True).holds(at), "within two errors"
    assert BuryEstimated(eight, 30, 1.9, 1.0, clear=False).holds(at)
    assert not BuryEstimated(eight, 30, 0.0, clear=True).holds(at), "a tie is no lead"
    for claim in (Buryable(eight[:7]), BuryEstimated(eight, 30, -0.5),
                  BuryEstimated(eight, 30, 1.9, 1.0, clear=True)):
        assert not verify(claim, view, {}, 0), claim
    assert Counter(eight) <= Counter(view.hand)


def test_a_burial_only_just_ahead_says_the_deals_cannot_yet_tell():
    """A margin within two standard errors may be chance: the coach says so; a clear one
    is stated as clearly the best, with no doubt added."""
    view = burying()
    cards = tuple(parse_cards("C3 C4 C6 C7 C8 C9 D4 D6"))
    runner = tuple(parse_cards("C3 C4 C6 C7 C8 C9 D4 D7"))
    for margin, error, words in ((0.3, 0.9, "came out best, but the deals vary"),
                                 (4.0, 1.0, "came out clearly best.")):
        estimate = Estimate(samples=35, wins_trick=0.0, value=1.0, runner_up=runner,
                            margin=margin, margin_error=error)
        said = bury_suggestion(view, Decision(cards, estimate=estimate))
        claims = claims_of(said)
        assert BuryEstimated(cards, 35, margin, error, margin >= 2 * error) in claims
        assert words in " ".join(s.text() for s in said)
        for claim in claims:
            assert verify(claim, view, {}, 0), claim


@pytest.mark.parametrize("top, ruffs", [("SA SA SK SK", True), ("HA HA HK HK", False)])
def test_emptying_a_suit_promises_a_ruff_only_with_trumps_left(top, ruffs):
    """Four clubs to empty, by a dealer with four trumps, or with none at all (spades
    are trumps, the level is 2: no spade, no 2, no joker): only the first is told that
    it can ruff clubs later, by the advice and by the suggestion alike."""
    hand = (top + " HQ HQ HJ H10 H9 H8 H7 H6 H5 H4 H3 "
            "DA DA DK DK DQ DJ D10 D9 D8 D7 D6 D5 D4 D3 C3 C4 C6 C7")
    view = replace(_make_view(hand, phase="burying", dealer=0, cards_left=(33, 25, 25, 25)),
                   turn=0)
    assert len(view.hand) == 33
    cards = tuple(parse_cards("C3 C4 C6 C7 D3 D4 H3 H4"))
    advice = [s.text() for s in bury_advice(view, ())]
    suggestion = [s.text() for s in bury_suggestion(view, Decision(cards))]
    assert any("ruff ♣ later" in t for t in advice) == ruffs
    assert any("ruff ♣ later" in t for t in suggestion) == ruffs
    assert not any("ruff" in t for t in advice + suggestion if not ruffs)
