"""RULES.md §6: winning a trick."""

from __future__ import annotations

import pytest

from engine import trick_winner

from .helpers import cards, ctx


def winner(plays: list[str], c) -> int:
    return trick_winner([cards(p) for p in plays], c)


@pytest.mark.parametrize(
    "plays, expected",
    [
        (["S8 S8", "H2 H2", "BJ HA"], 1),  # BJ HA is no pair: it cannot beat the ruff H2 H2
        (["S8 S8", "BJ LJ"], 0),  # two high trumps do not beat a pair
        (["S8 S8", "SA SK"], 0),
        (["S8 S8", "S9 S9"], 1),
        (["S8 S8", "H2 H2", "H3 H3"], 2),
        (["S8 S8", "H2 H2", "S6 S6"], 2),  # a level pair is a trump pair
        (["S8 S8", "S6 S6", "D6 D6"], 1),  # equal level pairs: first played
        (["S8 S8", "S6 S6", "H6 H6"], 2),
        (["S8", "S9 "], 1),
    ],
)
def test_level_6_hearts(plays: list[str], expected: int) -> None:
    assert winner(plays, ctx("6", "H")) == expected


def test_seed_001_a_ruff_must_hold_every_pair_of_the_throw() -> None:
    """Level 10, ♠ led, ♥ trump: 9988 72 ruffs AK5544 but not AA5544 (three pairs)."""
    c = ctx("10", "H")
    assert winner(["SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], c) == 1
    assert winner(["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], c) == 0


def test_seed_001_over_ruff_by_the_higher_pair() -> None:
    assert winner(["S5 S4 S4", "H9 H7 H7", "H8 H8 H4"], ctx("10", "H")) == 2


def test_seed_001_no_over_ruff_by_the_highest_single() -> None:
    assert winner(["S5 S6 S7", "H9 H7 H7", "H8 H8 H4"], ctx("10", "H")) == 1


def test_a_throw_ruff_compares_the_tractor_run_not_the_highest_pair() -> None:
    c = ctx("10", "H")
    assert winner(["SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2", "H3 H3 H4 H4 BJ BJ"], c) == 1
    assert winner(["SA SK S5 S5 S4 S4", "H3 H3 H4 H4 BJ BJ", "H9 H9 H8 H8 H7 H2"], c) == 2


def test_a_ruff_must_match_the_structure_or_it_is_a_discard() -> None:
    c = ctx("10", "H")
    assert winner(["S9 S9 S8 S8", "H3 H3 H5 H5"], c) == 0  # 4 lies between: no tractor
    assert winner(["S9 S9 S8 S8", "H3 H3 H4 H4"], c) == 1
    assert winner(["SA SK SK", "H3 H4 H5"], c) == 0
    assert winner(["SA SK SK", "H3 H3 H4"], c) == 1
    assert winner(["S8 S8", "S9 BJ"], c) == 0  # neither all spades nor all trumps


def test_tractor_against_tractor() -> None:
    c = ctx("10", "H")
    assert winner(["S5 S5 S4 S4", "S9 S9 S8 S8"], c) == 1
    assert winner(["S9 S9 S8 S8", "S5 S5 S4 S4"], c) == 0
    assert winner(["S5 S5 S4 S4", "H3 H3 H2 H2", "HA HA S10 S10"], c) == 2
    assert winner(["S10 S10", "D10 D10"], c) == 0  # equal off-suit level pairs: first played


def test_first_played_wins_between_equal_cards() -> None:
    c = ctx("10", "H")
    assert winner(["SA", "SA"], c) == 0
    assert winner(["SA", "H3", "H3"], c) == 1
    assert winner(["SK", "D10", "C10"], c) == 1  # off-suit level cards are equal
    assert winner(["SK", "D10", "C10", "H10"], c) == 3
    assert winner(["S10", "D10", "C10"], c) == 0


def test_equal_ruffs_of_a_throw_the_earlier_wins() -> None:
    c = ctx("10", "H")
    assert winner(["SA SK SK", "S10 S10 H2", "D10 D10 H3"], c) == 1


def test_a_throw_in_trumps_or_side_suit_stands_against_lower_follows() -> None:
    c = ctx("10", "H")
    assert winner(["SA SA SK", "SQ SQ SJ", "H2 H2 H3"], c) == 2
    assert winner(["BJ BJ LJ", "H10 H10 HA", "S10 S10 H2"], c) == 0


def test_a_ruff_matches_two_tractors_through_the_equal_level_pairs() -> None:
    """Level 10, ♥ trump: ♠ AKQ + 87 is ruffed by K-A-S10 + D10-H10 (disjoint runs)."""
    c = ctx("10", "H")
    lead = "SA SA SK SK SQ SQ S8 S8 S7 S7"
    assert winner([lead, "HK HK HA HA S10 S10 D10 D10 H10 H10"], c) == 1
    assert winner([lead, "HQ HQ HK HK HA HA S10 S10 H10 H10"], c) == 1  # Q-K-A + S10-H10
    assert winner([lead, "HA HA S10 S10 D10 D10 H10 H10 LJ LJ"], c) == 1  # D10-H10-LJ + A-S10
    assert winner([lead, "HQ HQ HK HK HA HA S10 S10 D10 D10"], c) == 0  # S10 D10 never adjacent
