"""Measure the AI players: paired self-play win rates, levels and decision times.

    python bench/ai_bench.py [--hands 1000] [--jobs 2] [--match ai:hard:ai ai:random ...]

Each match ``X:Y`` plays ``--hands`` paired hands (``engine.selfplay.paired_hands``:
every deal twice, kinds swapped, each a first hand at level 2), in chunks of
``--chunk`` hands spread over ``--jobs`` processes (the chunks' seeds follow from
``--seed`` alone, so the numbers do not depend on ``--jobs``).

A hand is won by the dealers when the attackers score below 80, else by the attackers.
The table gives, for X: the share of hands won with a 95 % interval (from the pairs:
each deal played both ways is one observation), the hands X's team won as dealers and
as attackers (of those it played in each role), the net levels per hand (levels X's
team gained less those Y's gained), X's points edge (how far the attackers' total
landed from 80 towards X's side, per hand, with a 95 % interval: a finer measure than
hands won), how often X's team as attackers won the last trick (the kitty), and the
p50/p99 time of X's and Y's decisions (plays and burials).  Timings
depend on the machine's load: run on a quiet machine for numbers to compare.
``--uncapped`` turns off the search's wall-clock cap, so that its budget in simulated
cards alone decides and the load cannot move a result (the numbers of
``bench/NOTES.md`` that say "without the cap"; decision times then run longer).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from math import sqrt
from statistics import fmean, stdev

from engine.ai import AIPlayer
from engine.players import make_player
from engine.rules import Rules
from engine.scoring import TAKE_OVER
from engine.selfplay import paired_hands

DEFAULT_MATCHES = ("ai:hard:ai", "ai:hard:greedy", "ai:random")


class Timed:
    """A player that records how long each of its ``play`` and ``bury`` decisions takes."""

    def __init__(self, inner, times: list[float]):
        self.inner, self.times = inner, times

    def declare(self, view):
        return self.inner.declare(view)

    def bury(self, view):
        return self._timed(self.inner.bury, view)

    def play(self, view):
        return self._timed(self.inner.play, view)

    def _timed(self, decide, view):
        start = time.perf_counter()
        decision = decide(view)
        self.times.append(time.perf_counter() - start)
        return decision


@dataclass
class Chunk:
    pairs: list[float] = field(default_factory=list)
    """X's share of the hands of each deal (0, 0.5 or 1; an odd last deal alone)."""
    levels: list[int] = field(default_factory=list)
    edges: list[int] = field(default_factory=list)
    """Per hand: how far the attackers' points landed from 80, towards X's side."""
    last_tricks: int = 0
    attacking: int = 0
    won_attacking: int = 0
    won_dealing: int = 0
    x_times: list[float] = field(default_factory=list)
    y_times: list[float] = field(default_factory=list)


def split_match(match: str) -> tuple[str, str]:
    """``"ai:hard:ai:easy"`` -> ("ai:hard", "ai:easy"); ``"ai:random"`` -> ("ai", "random")."""
    parts = match.split(":")
    for cut in range(1, len(parts)):
        left, right = ":".join(parts[:cut]), ":".join(parts[cut:])
        try:
            make_player(left), make_player(right)
        except ValueError:
            continue
        return left, right
    raise ValueError(f"cannot read {match!r} as KIND:KIND")


def run_chunk(args: tuple[str, str, int, int, bool]) -> Chunk:
    """Play ``count`` paired hands from ``seed``: X's results and both sides' times."""
    x, y, count, seed, uncapped = args
    chunk = Chunk()

    def make(kind: str, player_seed: int):
        player = make_player(kind, player_seed)
        if uncapped and isinstance(player, AIPlayer):
            player.seconds = None
        return Timed(player, chunk.x_times if kind == x else chunk.y_times)

    wins: list[int] = []
    for summary, kinds in paired_hands(count, seed, {"A": x, "B": y}, Rules(), make=make):
        dealers = summary.dealer % 2
        attackers = 1 - dealers
        winner = dealers if summary.attacker_points < TAKE_OVER else attackers
        x_team = 0 if kinds["A"] == x else 1
        wins.append(int(winner == x_team))
        gained = summary.levels if summary.next_dealer % 2 == x_team else -summary.levels
        chunk.levels.append(gained)
        edge = summary.attacker_points - TAKE_OVER
        chunk.edges.append(edge if attackers == x_team else -edge)
        if attackers == x_team:
            chunk.attacking += 1
            chunk.won_attacking += winner == x_team
            chunk.last_tricks += summary.kitty_multiplier is not None
        else:
            chunk.won_dealing += winner == x_team
        if len(wins) == 2:
            chunk.pairs.append(sum(wins) / 2)
            wins = []
    if wins:
        chunk.pairs.append(float(wins[0]))
    return chunk


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def chunk_plan(hands: int, size: int, seed: int) -> list[tuple[int, int]]:
    """(hands, seed) of every chunk: even sizes, each chunk's first deal seed drawn from
    a generator seeded with ``seed``.  Not along the deal-seed chain: a chunk plays its
    deals along that chain, so chunks started one step apart on it would replay each
    other's deals (1,000 hands would be some 60 distinct deals)."""
    draw = random.Random(seed)
    plan = []
    left = hands
    while left > 0:
        count = min(size, left)
        plan.append((count, draw.getrandbits(32)))
        left -= count
    return plan


def row(x: str, y: str, chunks: list[Chunk], seconds: float) -> str:
    pairs = [p for c in chunks for p in c.pairs]
    levels = [v for c in chunks for v in c.levels]
    edges = [v for c in chunks for v in c.edges]
    hands = len(levels)
    share = fmean(pairs)
    half = 1.96 * stdev(pairs) / sqrt(len(pairs)) if len(pairs) > 1 else float("nan")
    attacking = sum(c.attacking for c in chunks)
    won_attacking = sum(c.won_attacking for c in chunks)
    won_dealing = sum(c.won_dealing for c in chunks)
    last = sum(c.last_tricks for c in chunks)
    xt = [t for c in chunks for t in c.x_times]
    yt = [t for c in chunks for t in c.y_times]
    return (
        f"| {x} vs {y} | {hands} | {100 * share:.1f} % | {100 * (share - half):.1f}–{100 * (share + half):.1f} % "
        f"| {won_dealing}/{hands - attacking} | {won_attacking}/{attacking} "
        f"| {fmean(levels):+.2f} | {fmean(edges):+.1f} ± {1.96 * stdev(edges) / sqrt(len(edges)):.1f} | {last}/{attacking} "
        f"| {1000 * percentile(xt, 0.5):.1f} / {1000 * percentile(xt, 0.99):.0f} ms "
        f"| {1000 * percentile(yt, 0.5):.1f} / {1000 * percentile(yt, 0.99):.0f} ms | {seconds:.0f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands (lines) per match; even")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=20, help="hands per work unit; even")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", nargs="*", default=list(DEFAULT_MATCHES))
    parser.add_argument("--uncapped", action="store_true",
                        help="no wall-clock cap on the search: reproducible, slower decisions")
    args = parser.parse_args()
    print("| X vs Y | hands | X wins | 95 % interval | X won as dealers | X won as attackers | X levels/hand "
          "| X points edge | X last tricks as attackers | X p50 / p99 | Y p50 / p99 | run time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for match in args.match:
            x, y = split_match(match)
            started = time.perf_counter()
            plan = chunk_plan(args.hands, args.chunk, args.seed)
            chunks = list(pool.map(run_chunk, [(x, y, n, s, args.uncapped) for n, s in plan]))
            print(row(x, y, chunks, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
