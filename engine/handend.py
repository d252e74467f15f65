"""The end of a hand (RULES.md §8): the kitty multiplier for the last trick, the level
table, and ``HandSummary``, the record of a finished hand."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import HAND_OVER, MATCH_OVER, TEAMS, team_of
from .events import HandScored, LevelsChanged, MatchOver
from .cards import points
from .scoring import hand_outcome



@dataclass(frozen=True)
class HandSummary:
    """How one hand went; ``levels_after`` is capped at "A" for display."""

    hand: int
    seed: int
    dealer: int
    declarers: str
    level: str
    trump: str | None
    attacker_points: int
    trick_points: int
    penalties: int
    kitty_points: int
    kitty_multiplier: int | None
    attackers_take_over: bool
    levels: int
    next_dealer: int
    levels_after: dict[str, str]
    match_over: bool
    winner: str | None
    failed_throws: int


class HandEnd:
    """The ``Game``'s scoring of a hand once its last trick is won (mixed into ``Game``,
    whose state it reads and writes)."""

    def _score_hand(self) -> None:
        assert self.ctx is not None and self.dealer is not None
        dealer = self.dealer
        last = self.tricks[-1]
        losers = sum(points(p.cards) for p in last.plays if p.seat % 2 != last.winner % 2)
        outcome = hand_outcome(self.trick_points, self.kitty, last.plays[0].cards,
                               self.is_attacker(last.winner), dealer, self.levels, self.ctx,
                               self.penalties, losers)
        self.outcome = outcome
        self.attacker_points = outcome.attacker_points
        result, change = outcome.result, outcome.change
        kitty_points, multiplier = outcome.kitty_points, outcome.kitty_multiplier
        self._emit(
            HandScored(
                self.hand_number,
                dealer,
                tuple(self.kitty),
                kitty_points,
                multiplier,
                self.trick_points,
                self.penalties,
                self.attacker_points,
                result.attackers_take_over,
                result.levels,
                change.next_dealer,
            )
        )
        self.levels[change.team] = change.after
        if change.after != change.before:
            self._emit(LevelsChanged(TEAMS[change.team], change.before, change.after, result.levels))
        won = change.wins_match
        if won:
            self.winner = TEAMS[change.team]
            self._emit(MatchOver(self.winner))
        self.turn = None
        self.phase = MATCH_OVER if won else HAND_OVER
        self.result = HandSummary(
            hand=self.hand_number,
            seed=self.seed,
            dealer=dealer,
            declarers=team_of(dealer),
            level=self.level,
            trump=self.trump,
            attacker_points=self.attacker_points,
            trick_points=self.trick_points,
            penalties=self.penalties,
            kitty_points=kitty_points,
            kitty_multiplier=multiplier,
            attackers_take_over=result.attackers_take_over,
            levels=result.levels,
            next_dealer=change.next_dealer,
            levels_after={"A": self.levels[0], "B": self.levels[1]},
            match_over=won,
            winner=self.winner,
            failed_throws=self.failed_throws,
        )
        self.history.append(self.result)

