"""积分 (rating points) and titles, as seed 001 states them for its platform.

The points of a hand (【积分规则】, the ordinary room):

- 闲家转庄家得两分，以上每升一级加一分: the attackers take over → 2, plus 1 for each level
  they go up (120 points: 3, 160: 4, …);
- 庄家升一级得两分，以上每升一级加一分，最多闲家大光时得四分: the dealers hold and go up
  one level → 2, two → 3, three (the attackers' 大光, 0 points) → 4.  The level table
  never gives the dealers more than three levels, so the "at most 4" is what the rule
  already gives, not a separate cap;
- the team that wins the hand gains the points and the other team loses as many: the
  seed's example has the dealers at +4 and the attackers at −4.

Doubling: when all four players' 积分 are **80 to 300** (80分以上、300分以下, both ends
included) the hand's points are doubled; when all four are **over 300**, tripled (at
exactly 300 the first clause applies: the seed gives both 以上 and 以下 there and a hand
cannot be both).  A table with some players over 300 and the others 80–300 meets
neither clause and counts once.  The platform's rooms with special 大光 points are not ours.

At a practice table the three other seats are AI players, who have no 积分 of their
own.  They are taken to sit at the learner's 积分 (a platform seats players of a like
standing together), so the doubling applies exactly when the learner's own 积分 is in
its range: ``ai_table(points)``.

Titles (【等级设置】): the highest title whose threshold the 积分 reaches; below 5 (also
below 0, where losses can take a learner) the first, 赤脚.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .scoring import SEATS, HandOutcome

TAKE_OVER_POINTS = 2
"""The attackers' points for taking over without going up."""
HOLD_POINTS = 2
"""The dealers' points for holding and going up one level."""
DOUBLED = (80, 300)
"""All four players' 积分 in this range (both ends included): the hand counts twice."""
TRIPLED_ABOVE = 300
"""All four players' 积分 above this: the hand counts three times."""


@dataclass(frozen=True)
class Title:
    """A title of the seed's table: its Chinese name and the 积分 it starts at."""

    name: str
    threshold: int


TITLES: tuple[Title, ...] = tuple(Title(name, points) for name, points in (
    ("赤脚", 0), ("穿鞋", 5), ("单车", 10), ("三轮车", 20), ("卡车", 40), ("面包车", 80),
    ("轿车", 144), ("房车", 260), ("坦克", 468), ("滑翔机", 843), ("直升机", 1517),
    ("客机", 2731), ("战斗机", 4916), ("航天飞机", 8849), ("宇宙飞船", 15929),
    ("星球战舰", 28672), ("太空堡垒", 51610), ("神", 92898),
))
"""Lowest first."""


def base_points(outcome: HandOutcome) -> int:
    """The points the winners of the hand gain (and the losers lose), before doubling."""
    result = outcome.result
    if result.attackers_take_over:
        return TAKE_OVER_POINTS + result.levels
    return HOLD_POINTS + result.levels - 1


def multiplier(ratings: Sequence[int]) -> int:
    """3 when all four players' 积分 are over 300, 2 when all are 80–300, else 1."""
    if len(ratings) != SEATS:
        raise ValueError(f"the 积分 of {SEATS} players, not {len(ratings)}")
    if all(r > TRIPLED_ABOVE for r in ratings):
        return 3
    if all(DOUBLED[0] <= r <= DOUBLED[1] for r in ratings):
        return 2
    return 1


def ai_table(points: int) -> tuple[int, ...]:
    """The four players' 积分 at a practice table: every AI seat at the learner's."""
    return (points,) * SEATS


def rating_change(outcome: HandOutcome, seat: int, ratings: Sequence[int]) -> int:
    """What the hand scored as ``outcome`` does to ``seat``'s 积分, the four players
    having ``ratings`` before it: + for the team that deals next, − for the other.

    >>> from engine import parse_cards, TrumpContext, hand_outcome
    >>> o = hand_outcome(0, [], parse_cards("S4"), False, 0, ["5", "5"], TrumpContext("5", "H"))
    >>> rating_change(o, 0, ai_table(0)), rating_change(o, 1, ai_table(90))
    (4, -8)
    """
    points = base_points(outcome) * multiplier(ratings)
    return points if seat % 2 == outcome.change.team else -points


def title_index(points: int) -> int:
    """The index in ``TITLES`` of the title ``points`` of 积分 hold."""
    return max(n for n, title in enumerate(TITLES) if points >= title.threshold or n == 0)


def title_of(points: int) -> Title:
    return TITLES[title_index(points)]
