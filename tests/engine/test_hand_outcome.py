"""``hand_outcome``: the end of a hand in one answer (RULES.md §8–9)."""

from __future__ import annotations

import pytest

from engine import Rules, hand_outcome, hand_result, level_row, parse_cards

from .helpers import ctx


@pytest.mark.parametrize("points, row", [
    (-10, (None, 0, False, 3)), (0, (None, 0, False, 3)),
    (5, (5, 35, False, 2)), (35, (5, 35, False, 2)),
    (40, (40, 75, False, 1)), (75, (40, 75, False, 1)),
    (80, (80, 115, True, 0)), (115, (80, 115, True, 0)),
    (120, (120, 155, True, 1)), (160, (160, 195, True, 2)),
    (200, (200, 235, True, 3)), (240, (240, 275, True, 4)),
])
def test_level_rows_follow_the_table(points: int, row: tuple) -> None:
    got = level_row(points)
    assert (got.low, got.high, got.attackers_take_over, got.levels) == row
    result = hand_result(points)
    assert (got.attackers_take_over, got.levels) == (result.attackers_take_over, result.levels)
    assert got.low is None or got.low <= points <= got.high


def test_the_kitty_counts_only_when_the_attackers_win_the_last_trick() -> None:
    c = ctx("5", "H")
    kitty, last = parse_cards("SK S5 D2"), parse_cards("C4 C4")
    won = hand_outcome(60, kitty, last, True, 0, ["5", "5"], c)
    assert (won.kitty_points, won.kitty_multiplier, won.kitty_won) == (15, 4, 60)
    assert won.attacker_points == 120 and won.row.low == 120
    assert won.next_dealer == 1 and won.change.after == "6"  # the old dealer's 下家 takes over
    held = hand_outcome(60, kitty, last, False, 0, ["5", "5"], c)
    assert (held.kitty_multiplier, held.kitty_won, held.attacker_points) == (None, 0, 60)
    assert held.next_dealer == 2 and held.change.after == "6"  # the dealer's partner deals


def test_penalties_and_the_match_end() -> None:
    c = ctx("A", "S", must_defend_a=False)
    out = hand_outcome(0, [], parse_cards("S3"), False, 1, ["2", "A"], c, penalties=-10)
    assert out.attacker_points == -10 and out.row.levels == 3
    assert out.wins_match and out.change.team == 1
    kept = hand_outcome(0, [], parse_cards("S3"), False, 1, ["2", "A"],
                        ctx("A", "S", must_defend_a=True))
    assert kept.wins_match and kept.change.after == "A"
    assert Rules(must_defend_a=True).must_defend_a
