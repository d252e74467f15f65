"""The end of a hand (RULES.md §8–9): the kitty multiplier, the level table, who deals
next and the end of the match.  ``hand_outcome`` puts them together: the game scores a
hand with it, and the summary, the lessons and the coach read the same answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import RANKS, Card, points
from .combos import decompose
from .rules import SEATS, Rules, TrumpContext

TAKE_OVER = 80
"""Attackers with at least this many points become the dealers (two decks; the other
games scale it: ``Rules.variant.take_over``)."""
STEP = 40
"""Every further 40 points is one more level (both ways; ``Rules.variant.step``)."""


def kitty_multiplier(last_lead: Sequence[Card], ctx: TrumpContext) -> int:
    """The multiplier of the kitty's points when the attackers win the last trick.

    ``twice_cards``: 2 × cards led; ``by_pairs``: single ×2, pair ×4, n-pair tractor
    ×(2n+2), a throw by its largest component; ``power``: 2 ** (cards in the largest
    component), at most 64.  Four decks have no kitty: the multiplier of the last
    round's 扣底 is the number of cards led (single ×1, pair ×2, three ×3, one more per
    card; seed 001, see ``hand_outcome``).

    >>> from engine import parse_cards, TrumpContext, Rules
    >>> kitty_multiplier(parse_cards("S4 S4 S5 S5"), TrumpContext("10", "H"))
    8
    """
    if not ctx.rules.variant.has_kitty:
        return len(last_lead)
    scheme = ctx.rules.kitty_multiplier
    if scheme == "twice_cards":
        return 2 * len(last_lead)
    largest = max(decompose(last_lead, ctx), key=lambda c: len(c.cards))
    if scheme == "by_pairs":
        return 2 if largest.kind == "single" else 2 * largest.length + 2
    return min(64, 2 ** len(largest.cards))


@dataclass(frozen=True)
class HandResult:
    """The outcome of a hand for the level table."""

    attackers_take_over: bool
    levels: int
    """Levels gained by the team that deals next."""


def hand_result(attacker_points: int, rules: Rules | None = None) -> HandResult:
    """Look up the level table of RULES.md §8, scaled to the game's number of decks.

    >>> hand_result(0), hand_result(85), hand_result(240)
    (HandResult(attackers_take_over=False, levels=3), HandResult(attackers_take_over=True, levels=0), HandResult(attackers_take_over=True, levels=4))
    >>> hand_result(160, Rules(decks=4)), hand_result(115, Rules(decks=3))
    (HandResult(attackers_take_over=True, levels=1), HandResult(attackers_take_over=False, levels=1))
    """
    v = (rules or Rules()).variant
    if attacker_points <= 0:
        return HandResult(False, 3)
    if attacker_points < v.take_over:
        return HandResult(False, 2 if attacker_points < v.step else 1)
    return HandResult(True, v.take_over_levels + (attacker_points - v.take_over) // v.step)


@dataclass(frozen=True)
class LevelRow:
    """One row of the level table (RULES.md §8): attackers' totals from ``low`` to
    ``high`` (``low`` is ``None`` for "0 or less") give this result."""

    low: int | None
    high: int
    attackers_take_over: bool
    levels: int


def level_row(attacker_points: int, rules: Rules | None = None) -> LevelRow:
    """The row of the level table that applies to ``attacker_points``.

    >>> level_row(0), level_row(35), level_row(125)
    (LevelRow(low=None, high=0, attackers_take_over=False, levels=3), LevelRow(low=5, high=35, attackers_take_over=False, levels=2), LevelRow(low=120, high=155, attackers_take_over=True, levels=1))
    >>> level_row(20, Rules(decks=1))
    LevelRow(low=20, high=35, attackers_take_over=False, levels=1)
    """
    v = (rules or Rules()).variant
    result = hand_result(attacker_points, rules)
    if attacker_points <= 0:
        return LevelRow(None, 0, False, 3)
    if not result.attackers_take_over:
        low = 5 if result.levels == 2 else v.step
        high = v.step - 5 if result.levels == 2 else v.take_over - 5
        return LevelRow(low, high, False, result.levels)
    low = v.take_over + v.step * (result.levels - v.take_over_levels)
    return LevelRow(low, low + v.step - 5, True, result.levels)


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


@dataclass(frozen=True)
class HandOutcome:
    """Everything the end of a hand decides, as data (RULES.md §8–9)."""

    trick_points: int
    """Points in the tricks the attackers won."""
    penalties: int
    """Points failed throws moved to the attackers (negative: away from them)."""
    kitty_points: int
    """The kitty's points; in four decks (no kitty) the points the side that lost the
    last trick played in it (what the 扣底 moves)."""
    kitty_multiplier: int | None
    """``None`` when the dealers won the last trick (the kitty does not count); in four
    decks negative when the dealers won it (the attackers were 扣底'd)."""
    attacker_points: int
    """The attackers' total: tricks, penalties and the multiplied kitty."""
    result: HandResult
    row: LevelRow
    change: LevelChange

    @property
    def kitty_won(self) -> int:
        """The kitty's points as added to the attackers' total (0 when not won)."""
        return self.kitty_points * (self.kitty_multiplier or 0)

    @property
    def next_dealer(self) -> int:
        return self.change.next_dealer

    @property
    def wins_match(self) -> bool:
        return self.change.wins_match


def hand_outcome(
    trick_points: int,
    kitty: Sequence[Card],
    last_lead: Sequence[Card],
    attackers_won_last: bool,
    dealer: int,
    levels: Sequence[str],
    ctx: TrumpContext,
    penalties: int = 0,
    last_points: int = 0,
) -> HandOutcome:
    """Score a finished hand: the kitty (multiplied when the attackers won the last
    trick, whose lead was ``last_lead``), the attackers' total, its row of the level
    table, and what that does to the teams' ``levels`` with ``dealer`` dealing.

    Four decks have no kitty but the last round's 扣底 (docs/VARIANTS.md): the side
    that loses the last trick gives the winners ``last_points`` (the points it played
    in that trick) times the cards led, so the attackers gain that or lose it.

    >>> from engine import parse_cards, TrumpContext
    >>> o = hand_outcome(70, parse_cards("SK S5"), parse_cards("S4 S4"), True, 0, ["5", "5"],
    ...                  TrumpContext("5", "H"))
    >>> o.kitty_multiplier, o.attacker_points, o.row.low, o.next_dealer, o.change.after
    (4, 130, 120, 1, '6')
    """
    if ctx.rules.variant.has_kitty:
        kitty_points = points(kitty)
        multiplier = kitty_multiplier(last_lead, ctx) if attackers_won_last else None
    else:
        kitty_points = last_points
        multiplier = kitty_multiplier(last_lead, ctx) * (1 if attackers_won_last else -1)
    total = trick_points + penalties + kitty_points * (multiplier or 0)
    result = hand_result(total, ctx.rules)
    return HandOutcome(trick_points, penalties, kitty_points, multiplier, total, result,
                       level_row(total, ctx.rules), level_change(levels, dealer, result, ctx.rules))
