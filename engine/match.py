"""The match (RULES.md §9): who deals next, the teams' levels, the end of a match, and
the chain of deal seeds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .actions import HAND_OVER, SEATS, SEED_LIMIT, Checks, NextHand
from .cards import RANKS
from .rules import Rules
from .scoring import HandResult


def next_seed(seed: int) -> int:
    """The seed of the deal after ``seed`` (next hand, or a first-hand redeal).

    A full-period linear congruential step mod 2**32: no seed repeats within a match.
    """
    return (seed * 0x9E3779B1 + 0x7F4A7C15) % SEED_LIMIT


@dataclass(frozen=True)
class LevelChange:
    """What a hand's result does to the match: ``team`` (0 = A, 1 = B) deals next and
    goes from ``before`` to ``after`` (capped at "A")."""

    team: int
    before: str
    after: str
    next_dealer: int
    wins_match: bool


def level_change(
    levels: Sequence[str], dealer: int, result: HandResult, rules: Rules
) -> LevelChange:
    """Apply ``hand_result``'s verdict: who deals next, which team goes up, match end.

    The dealers hold → the dealer's partner deals; the attackers take over → the old
    dealer's 下家 deals.  The team dealing next gains ``result.levels``.  By default
    going past A (jumping over it too) wins the match; with ``must_defend_a`` levels
    stop at A and the match is won by holding as dealers at level A.

    >>> level_change(["K", "5"], 0, HandResult(False, 2), Rules())
    LevelChange(team=0, before='K', after='A', next_dealer=2, wins_match=True)
    >>> level_change(["K", "5"], 0, HandResult(False, 2), Rules(must_defend_a=True))
    LevelChange(team=0, before='K', after='A', next_dealer=2, wins_match=False)
    """
    take_over = result.attackers_take_over
    next_dealer = (dealer + 1) % SEATS if take_over else (dealer + 2) % SEATS
    team = next_dealer % 2
    before = levels[team]
    reached = RANKS.index(before) + result.levels
    top = len(RANKS) - 1
    if rules.must_defend_a:
        wins = not take_over and levels[dealer % 2] == "A"
    else:
        wins = reached > top
    return LevelChange(team, before, RANKS[min(reached, top)], next_dealer, wins)



class Match(Checks):
    """The ``Game``'s next-hand action: the next deal of the match."""

    def _check_next_hand(self, action: NextHand) -> None:
        self._need_phase(HAND_OVER)

    def _apply_next_hand(self, action: NextHand, plan: None) -> None:
        assert self.result is not None
        self._begin_hand(self.hand_number + 1, next_seed(self.seed), self.result.next_dealer)

