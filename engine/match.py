"""The match (RULES.md §9): who deals next, the teams' levels, the end of a match, and
the chain of deal seeds."""

from __future__ import annotations

from .actions import HAND_OVER, SEED_LIMIT, Checks, NextHand
from .scoring import LevelChange, level_change  # noqa: F401  (re-exported)


def next_seed(seed: int) -> int:
    """The seed of the deal after ``seed`` (next hand, or a first-hand redeal).

    A full-period linear congruential step mod 2**32: no seed repeats within a match.
    """
    return (seed * 0x9E3779B1 + 0x7F4A7C15) % SEED_LIMIT


class Match(Checks):
    """The ``Game``'s next-hand action: the next deal of the match."""

    def _check_next_hand(self, action: NextHand) -> None:
        self._need_phase(HAND_OVER)

    def _apply_next_hand(self, action: NextHand, plan: None) -> None:
        assert self.result is not None
        self._begin_hand(self.hand_number + 1, next_seed(self.seed), self.result.next_dealer)

