"""RULES.md §8: the kitty multiplier under its three schemes and the level table."""

from __future__ import annotations

import pytest

from engine import Rules, hand_result, kitty_multiplier

from .helpers import cards, ctx


def multiplier(lead: str, scheme: str, level: str = "10", trump: str | None = "H") -> int:
    return kitty_multiplier(cards(lead), ctx(level, trump, kitty_multiplier=scheme))


@pytest.mark.parametrize(
    "lead, twice_cards, by_pairs, power",
    [
        ("S3", 2, 2, 2),
        ("S3 S3", 4, 4, 4),
        ("S3 S3 S4 S4", 8, 6, 16),  # seed 001: 4455 → 16
        ("S4 S4 S5 S5 S6 S6", 12, 8, 64),  # seed 001: 445566 → 64
        ("S3 S3 S4 S4 S5 S5 S6 S6", 16, 10, 64),  # power is capped at 64
        ("BJ BJ LJ LJ H10 H10 S10 S10 HA HA", 20, 12, 64),
        ("SA SK SQ SJ S9", 10, 2, 2),  # a 5-card throw of singles
        ("SA SA SJ SJ", 8, 4, 4),  # seed 001: AAJJ throw (not adjacent) counts as a pair
        ("SA SK SK S5 S5 S4 S4", 14, 6, 16),  # a throw counts by its largest component
        ("SA SA SQ SQ SJ SJ S8 S8 S7 S7 S6 S6", 24, 8, 64),
    ],
)
def test_kitty_multiplier(lead: str, twice_cards: int, by_pairs: int, power: int) -> None:
    assert multiplier(lead, "twice_cards") == twice_cards
    assert multiplier(lead, "by_pairs") == by_pairs
    assert multiplier(lead, "power") == power


def test_seed_001_long_throw_counts_by_its_pair() -> None:
    """Seed 001's AKQJ 10 9 8 77 (its 10 is a side card at level 2): power ×4, AKQJ ×2."""
    assert multiplier("SA SK SQ SJ S10 S9 S8 S7 S7", "power", level="2") == 4
    assert multiplier("SA SK SQ SJ", "power", level="2") == 2


def test_default_scheme_is_twice_cards() -> None:
    assert kitty_multiplier(cards("S3 S3 S4 S4"), ctx("10", "H")) == 8


def test_multiplier_uses_this_hands_order() -> None:
    """At level 4, S3 S3 S5 S5 is a tractor (by_pairs 6); at level 10 two pairs (4)."""
    assert multiplier("S3 S3 S5 S5", "by_pairs", level="4") == 6
    assert multiplier("S3 S3 S5 S5", "by_pairs", level="10") == 4


def test_seed_002_worked_example() -> None:
    """Attackers hold 50 from tricks and win the last trick; the kitty holds D5 and SK (15)."""
    kitty = sum(c.points for c in cards("D5 SK"))
    for last_lead, scheme, take_over, levels in [
        ("S3", "twice_cards", True, 0),  # 50 + 15 × 2 = 80
        ("S3 S3", "twice_cards", True, 0),  # 50 + 15 × 4 = 110
        ("S3 S3 S4 S4", "twice_cards", True, 2),  # 50 + 15 × 8 = 170
        ("S3 S3 S4 S4", "by_pairs", True, 1),  # 50 + 15 × 6 = 140
    ]:
        c = ctx("10", "H", kitty_multiplier=scheme)
        result = hand_result(50 + kitty * kitty_multiplier(cards(last_lead), c), c.rules)
        assert (result.attackers_take_over, result.levels) == (take_over, levels), last_lead


# ---------------------------------------------------------------- the level table


@pytest.mark.parametrize(
    "points, take_over, levels",
    [
        (-30, False, 3),
        (-10, False, 3),
        (0, False, 3),
        (5, False, 2),
        (35, False, 2),
        (40, False, 1),
        (75, False, 1),
        (80, True, 0),
        (115, True, 0),
        (120, True, 1),
        (155, True, 1),
        (160, True, 2),
        (195, True, 2),
        (200, True, 3),
        (235, True, 3),
        (240, True, 4),
        (275, True, 4),
        (280, True, 5),
        (315, True, 5),
        (320, True, 6),
        (600, True, 13),
    ],
)
def test_level_table(points: int, take_over: bool, levels: int) -> None:
    result = hand_result(points, Rules())
    assert (result.attackers_take_over, result.levels) == (take_over, levels)


def table_row(points: int) -> tuple[bool, int]:
    """RULES.md §8's table, row by row."""
    if points <= 0:
        return False, 3
    if points < 40:
        return False, 2
    if points < 80:
        return False, 1
    if points < 120:
        return True, 0
    return True, 1 + (points - 120) // 40


@pytest.mark.parametrize("points", range(-50, 405, 5))
def test_every_score_in_steps_of_five(points: int) -> None:
    result = hand_result(points, Rules())
    assert (result.attackers_take_over, result.levels) == table_row(points)
