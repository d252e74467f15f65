"""The oracle itself must agree with the worked examples, or its verdicts prove nothing."""

from __future__ import annotations

from collections import Counter

import pytest

from . import oracle
from .helpers import bag, order
from .test_decompose import ADJACENCY
from .test_follow import CASES, PACKING_LEAD


def split(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("level, trump, options, text, expected", ADJACENCY)
def test_oracle_adjacency(level: str, trump: str | None, options: dict, text: str, expected: list) -> None:
    shapes = oracle.decompose(split(text), order(level, trump, options.get("constant_twos", False)))
    assert sorted(((s.kind, s.length) for s in shapes), key=lambda t: (-t[1], t[0])) == expected


def test_oracle_unique_decomposition() -> None:
    ten = order("10", "H")
    assert [(s.kind, s.length) for s in oracle.decompose(split("S3 S3 S4 S4 S5 S5"), ten)] == [("tractor", 3)]
    six = order("6", "H")
    shapes = oracle.decompose(split("S6 S6 D6 D6 HA HA H6 H6"), six)
    assert [(s.kind, s.length) for s in shapes] == [("tractor", 3), ("pair", 1)]


@pytest.mark.parametrize("lead, hand, play, reason", CASES)
def test_oracle_follow(lead: str, hand: str, play: str, reason: str | None) -> None:
    verdict = oracle.FollowJudge(split(hand), split(lead), order("10", "H")).verdict(split(play))
    assert (verdict.legal, verdict.reason) == (reason is None, reason)


@pytest.mark.parametrize(
    "holder, played", [("SJ", "S9"), ("S5 S5", "S4 S4"), ("SQ SQ", "S4 S4"), ("S3 S3", None)]
)
def test_oracle_seed_001_throw(holder: str, played: str | None) -> None:
    result = oracle.check_lead(split("S9 S8 S8 S4 S4"), [split(holder), [], []], order("10", "H"), "per_card")
    if played is None:
        assert result.ok and result.penalty == 0
    else:
        assert not result.ok and result.played_options == (bag(played),)
        assert result.penalty == 10 * (5 - len(split(played)))


def test_oracle_equal_ranked_beaten_components() -> None:
    result = oracle.check_lead(split("S6 D6 D6"), [split("H6 H6"), [], []], order("6", "H"))
    assert result.played_options == (Counter({"S6": 1}),)


@pytest.mark.parametrize(
    "level, plays, expected",
    [
        ("6", ["S8 S8", "H2 H2", "BJ HA"], 1),
        ("10", ["SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], 1),
        ("10", ["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], 0),
        ("10", ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4"], 2),
        ("10", ["S5 S6 S7", "H9 H7 H7", "H8 H8 H4"], 1),
        ("10", ["SA SK S5 S5 S4 S4", "H3 H3 H4 H4 BJ BJ", "H9 H9 H8 H8 H7 H2"], 2),
        ("10", ["SK", "D10", "C10"], 1),
    ],
)
def test_oracle_trick_winner(level: str, plays: list[str], expected: int) -> None:
    assert oracle.trick_winner([split(p) for p in plays], order(level, "H")) == expected


def test_oracle_selectable() -> None:
    hand = split("S3 S3 S4 S4 S6 S6 S9 H5")
    assert oracle.selectable(hand, split("S7 S7 S8 S8"), ["S3"], order("2", "H")) == {"S3", "S4"}
    assert oracle.selectable(hand, None, ["S3"], order("2", "H")) == {"S3", "S4", "S6", "S9"}
    assert oracle.selectable(hand, None, [], order("2", "H")) == set(hand)


@pytest.mark.parametrize("hand", ["HK HK HA HA S10 S10 D10 D10 H10 H10 H2", "HA HA S10 S10 D10 D10 H10 H10 LJ LJ H2"])
def test_oracle_packs_runs_through_equal_level_pairs(hand: str) -> None:
    judge = oracle.FollowJudge(split(hand), split(PACKING_LEAD), order("10", "H"))
    assert judge.best == (1, 1, 5)
    lead = split("SA SA SK SK SQ SQ S8 S8 S7 S7")
    assert oracle.trick_winner([lead, [c for c in split(hand) if c != "H2"]], order("10", "H")) == 1
