"""积分 and titles exactly as seed 001 states them (``engine.rating``)."""

from __future__ import annotations

import pytest

from engine import HandOutcome, hand_outcome, parse_cards
from engine.rating import TITLES, ai_table, base_points, multiplier, rating_change, title_of

from .helpers import ctx


def outcome(attacker_points: int, dealer: int = 0) -> HandOutcome:
    """A hand whose attackers took ``attacker_points`` in tricks (the dealers won the
    last trick, so the kitty does not count)."""
    return hand_outcome(attacker_points, [], parse_cards("S4"), False, dealer, ["5", "5"], ctx("5", "H"))


@pytest.mark.parametrize("points, dealers, attackers", [
    (0, 4, -4),      # 大光: the dealers go up 3 levels → 2 + 1 + 1, the most they can get
    (35, 3, -3),     # 小光: 2 levels
    (40, 2, -2),     # 庄家升一级得两分
    (75, 2, -2),
    (80, -2, 2),     # 闲家转庄家得两分
    (115, -2, 2),
    (120, -3, 3),    # 以上每升一级加一分
    (160, -4, 4),
    (200, -5, 5),
])
def test_the_points_of_a_hand(points: int, dealers: int, attackers: int) -> None:
    o = outcome(points, dealer=0)
    assert rating_change(o, 0, ai_table(0)) == dealers
    assert rating_change(o, 2, ai_table(0)) == dealers  # the dealer's partner alike
    assert rating_change(o, 1, ai_table(0)) == attackers
    assert rating_change(o, 3, ai_table(0)) == attackers
    assert base_points(o) == abs(dealers)


def test_the_seeds_doubling_examples() -> None:
    """四个玩家积分都是 90，庄家打闲家大光：庄家＋8 分，闲家－8 分; 都是 400：＋12 / －12."""
    o = outcome(0, dealer=1)
    assert (rating_change(o, 1, [90] * 4), rating_change(o, 0, [90] * 4)) == (8, -8)
    assert (rating_change(o, 3, [400] * 4), rating_change(o, 2, [400] * 4)) == (12, -12)


@pytest.mark.parametrize("ratings, times", [
    ([80, 80, 80, 80], 2), ([300, 300, 300, 300], 2), ([79, 90, 90, 90], 1), ([301, 301, 301, 301], 3),
    ([301, 300, 301, 301], 1), ([301, 400, 1000, 79], 1), ([0, 0, 0, 0], 1), ([-5, 90, 90, 90], 1),
])
def test_doubling_needs_all_four_players_in_the_range(ratings: list[int], times: int) -> None:
    assert multiplier(ratings) == times


def test_ai_seats_sit_at_the_learners_points() -> None:
    """With AI seats the doubling follows the learner's own 积分."""
    o = outcome(120)
    assert [rating_change(o, 1, ai_table(p)) for p in (79, 80, 300, 301)] == [3, 6, 6, 9]
    with pytest.raises(ValueError):
        multiplier([90, 90])


@pytest.mark.parametrize("points, name", [
    (-12, "赤脚"), (0, "赤脚"), (4, "赤脚"), (5, "穿鞋"), (10, "单车"), (19, "单车"), (20, "三轮车"),
    (40, "卡车"), (80, "面包车"), (144, "轿车"), (260, "房车"), (468, "坦克"), (843, "滑翔机"),
    (1517, "直升机"), (2731, "客机"), (4916, "战斗机"), (8849, "航天飞机"), (15929, "宇宙飞船"),
    (28672, "星球战舰"), (51610, "太空堡垒"), (92897, "太空堡垒"), (92898, "神"), (10**9, "神"),
])
def test_titles_by_points(points: int, name: str) -> None:
    assert title_of(points).name == name


def test_the_title_table_is_the_seeds() -> None:
    assert len(TITLES) == 18
    thresholds = [t.threshold for t in TITLES]
    assert thresholds == sorted(thresholds) and thresholds[0] == 0 and thresholds[-1] == 92898
