"""Self-play: ``python -m engine.selfplay --hands N --seed S [--team-a KIND] [--team-b KIND]``.

Every mistake on the command line (an unknown kind, a bad ``--rules`` file, a seed
outside 0 … 2**32-1, ``--hands`` below 1) is one line on stderr and exit status 2.

Plays N consecutive hands (when a match ends the next hand opens a new match: both
teams at 2, its dealer the final declarer) with team A (seats 0 & 2) and team B
(seats 1 & 3) of the given player kinds, and prints a summary.  ``--json`` writes one
JSON object per hand to stdout and nothing else (summary and progress go to stderr);
``--check`` runs the invariants of ``engine.invariants`` after every action and
exits with status 1 if any is violated.

``--paired`` compares two kinds on the same deals: every hand is the first hand of a
fresh match (both teams at 2) and each deal is played twice, the second time with the
teams' kinds swapped; lines 2k-1 and 2k share their ``seed`` (``kinds`` says who played
which team).  N still counts hands (lines).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator, TextIO

from . import cli, invariants
from .cli import Parser, checked, integer_in
from .game import SEED_LIMIT, TEAMS, Game, HandSummary, next_seed
from .players import PLAYERS, Hook, Player, make_player, play_hand
from .rules import Rules


@dataclass
class Totals:
    """What the summary reports, accumulated hand by hand."""

    hands: int = 0
    held: int = 0
    attacker_points: int = 0
    multipliers: Counter = field(default_factory=Counter)
    failed_throws: int = 0
    levels: Counter = field(default_factory=Counter)
    matches_won: Counter = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)

    def add(self, summary: HandSummary) -> None:
        self.hands += 1
        self.held += not summary.attackers_take_over
        self.attacker_points += summary.attacker_points
        self.multipliers[summary.kitty_multiplier] += 1
        self.failed_throws += summary.failed_throws
        self.levels[TEAMS[summary.next_dealer % 2]] += summary.levels
        if summary.winner:
            self.matches_won[summary.winner] += 1


def hand_record(summary: HandSummary, kinds: dict[str, str]) -> dict:
    """The JSON object of one hand (the keys of the self-play contract)."""
    return {
        "hand": summary.hand,
        "seed": summary.seed,
        "dealer": summary.dealer,
        "declarers": summary.declarers,
        "level": summary.level,
        "trump": summary.trump,
        "attacker_points": summary.attacker_points,
        "kitty_points": summary.kitty_points,
        "kitty_multiplier": summary.kitty_multiplier,
        "attackers_take_over": summary.attackers_take_over,
        "levels": summary.levels,
        "levels_after": dict(summary.levels_after),
        "match_over": summary.match_over,
        "winner": summary.winner,
        "failed_throws": summary.failed_throws,
        "kinds": dict(kinds),
    }


def consecutive_hands(
    count: int, seed: int, kinds: dict[str, str], rules: Rules, after: Hook | None = None
) -> Iterator[HandSummary]:
    """Play ``count`` hands in a row, starting new matches as matches end.

    Seat ``s`` plays for team ``TEAMS[s % 2]`` with a player seeded from ``seed`` and
    ``s``; each new match starts from the seed after the last deal's.
    """
    players = [make_player(kinds[TEAMS[seat % 2]], seed * 4 + seat) for seat in range(4)]
    game = Game(rules, seed)
    for played in range(count):
        if played:
            if game.winner is not None:
                game = Game(rules, next_seed(game.seed))
            else:
                game.next_hand()
        yield play_hand(game, players, after)


def paired_hands(
    count: int,
    seed: int,
    kinds: dict[str, str],
    rules: Rules,
    after: Hook | None = None,
    make: Callable[[str, int], Player] = make_player,
) -> Iterator[tuple[HandSummary, dict[str, str]]]:
    """``count`` first hands, each deal twice: as given, then with the kinds swapped.

    The second play starts from the seed the first one actually played (after any
    redeal), so both play the same cards.  Should the second play redeal (its players
    declared nothing), the pair is dropped and the next deal tried, so the two lines
    of a pair always share their seed.  With an odd ``count`` the last deal is played
    once.  ``make`` builds the players (a benchmark may wrap them).
    """
    swapped = {"A": kinds["B"], "B": kinds["A"]}

    def play(turn: dict[str, str], seed: int) -> HandSummary:
        players = [make(turn[TEAMS[seat % 2]], seed * 4 + seat) for seat in range(4)]
        return play_hand(Game(rules, seed), players, after)

    played = 0
    while played < count:
        first = play(kinds, seed)
        if played + 1 == count:
            yield first, kinds
            return
        second = play(swapped, first.seed)
        seed = next_seed(second.seed)
        if second.seed != first.seed:
            continue
        yield first, kinds
        yield second, swapped
        played += 2


def _checker(totals: Totals) -> Hook:
    def check(game: Game) -> None:
        totals.violations.extend(invariants.violations(game))

    return check


def report(totals: Totals, seconds: float, checked: bool, out: TextIO) -> None:
    hands = max(totals.hands, 1)
    multipliers = ", ".join(
        f"{'none' if m is None else 'x' + str(m)}: {n}"
        for m, n in sorted(totals.multipliers.items(), key=lambda kv: (kv[0] is not None, kv[0] or 0))
    )
    lines = [
        f"hands: {totals.hands} in {seconds:.1f} s ({totals.hands / max(seconds, 1e-9):.0f} hands/s)",
        f"dealer side held: {100 * totals.held / hands:.1f}%",
        f"mean attacker points: {totals.attacker_points / hands:.1f}",
        f"kitty multipliers: {multipliers}",
        f"failed throws: {totals.failed_throws} ({totals.failed_throws / hands:.2f} per hand)",
        f"levels gained: A {totals.levels['A']}, B {totals.levels['B']}",
        f"matches won: A {totals.matches_won['A']}, B {totals.matches_won['B']}",
    ]
    if checked:
        lines.append(f"invariant violations: {len(totals.violations)}")
    print("\n".join(lines), file=out)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; a mistake is one line on stderr and exit status 2."""
    parser = Parser(
        prog="python -m engine.selfplay",
        description="Play consecutive hands between two player kinds and summarise them.",
    )
    parser.add_argument("--hands", type=integer_in(1), default=100,
                        help="hands to play (default 100)")
    parser.add_argument("--seed", type=integer_in(0, SEED_LIMIT - 1), default=0,
                        help=f"seed of the first deal, 0-{SEED_LIMIT - 1} (default 0)")
    kinds = sorted(PLAYERS)
    parser.add_argument("--team-a", default="random", choices=kinds, metavar="KIND",
                        help=f"seats 0 & 2: {', '.join(kinds)}")
    parser.add_argument("--team-b", default="random", choices=kinds, metavar="KIND",
                        help=f"seats 1 & 3: {', '.join(kinds)}")
    parser.add_argument("--rules", metavar="YAML", type=checked(Rules.from_yaml), default=Rules(),
                        help="a rule-set file (RULES.md options)")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand on stdout")
    parser.add_argument("--check", action="store_true", help="check invariants after every action")
    parser.add_argument("--paired", action="store_true", help="each deal twice, kinds swapped")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    rules = args.rules
    kinds = {"A": args.team_a, "B": args.team_b}
    totals = Totals()
    after = _checker(totals) if args.check else None
    started = time.perf_counter()
    seed = args.seed
    hands = (
        paired_hands(args.hands, seed, kinds, rules, after)
        if args.paired
        else ((summary, kinds) for summary in consecutive_hands(args.hands, seed, kinds, rules, after))
    )
    for summary, hand_kinds in hands:
        totals.add(summary)
        if args.json:
            print(json.dumps(hand_record(summary, hand_kinds)))
        if totals.hands % 1000 == 0:
            print(f"... {totals.hands} hands", file=sys.stderr)
    elapsed = time.perf_counter() - started
    for message in totals.violations[:20]:
        print(f"violation: {message}", file=sys.stderr)
    report(totals, elapsed, args.check, sys.stderr if args.json else sys.stdout)
    return 1 if totals.violations else 0


if __name__ == "__main__":
    sys.exit(cli.run(main, "python -m engine.selfplay"))
