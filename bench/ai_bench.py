"""Measure the AI players: paired self-play win rates and decision times.

    python bench/ai_bench.py [--hands 2000] [--jobs 2] [--match ai:random ...]

Each match ``X:Y`` plays ``--hands`` paired hands (``engine.selfplay.paired_hands``:
every deal twice, kinds swapped, each a first hand at level 2).  A hand is won by the
dealers when the attackers score below 80, else by the attackers; the table gives the
share of hands won by the team playing X, the wall time of the run, and the p50/p99
time of X's ``play`` decisions.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.game import TEAMS, next_seed
from engine.players import make_player
from engine.rules import Rules
from engine.scoring import TAKE_OVER
from engine.selfplay import paired_hands

DEFAULT_MATCHES = ("ai:random", "ai:greedy", "ai:hard:ai:easy")


class Timed:
    """A player that records how long each of its ``play`` decisions takes."""

    def __init__(self, inner, times: list[float]):
        self.inner, self.times = inner, times

    def declare(self, view):
        return self.inner.declare(view)

    def bury(self, view):
        return self.inner.bury(view)

    def play(self, view):
        start = time.perf_counter()
        decision = self.inner.play(view)
        self.times.append(time.perf_counter() - start)
        return decision


@dataclass
class Chunk:
    hands: int = 0
    won: int = 0
    times: list[float] = field(default_factory=list)


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


def run_chunk(args: tuple[str, str, int, int]) -> Chunk:
    """Play ``count`` paired hands from ``seed``; X's wins and decision times."""
    x, y, count, seed = args
    chunk = Chunk()

    def make(kind: str, player_seed: int):
        player = make_player(kind, player_seed)
        return Timed(player, chunk.times) if kind == x else player

    for summary, kinds in paired_hands(count, seed, {"A": x, "B": y}, Rules(), make=make):
        dealers = TEAMS[summary.dealer % 2]
        winner = dealers if summary.attacker_points < TAKE_OVER else TEAMS[1 - summary.dealer % 2]
        chunk.hands += 1
        chunk.won += kinds[winner] == x
    return chunk


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands (lines) per match; even")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", nargs="*", default=list(DEFAULT_MATCHES))
    args = parser.parse_args()
    print("| match (X vs Y) | hands | X wins | run time | X decision p50 | X decision p99 |")
    print("|---|---|---|---|---|---|")
    for match in args.match:
        x, y = split_match(match)
        per_job = [args.hands // args.jobs // 2 * 2] * args.jobs
        per_job[0] += args.hands - sum(per_job)
        seeds, seed = [], args.seed
        for _ in per_job:
            seeds.append(seed)
            seed = next_seed(seed)
        started = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            chunks = list(pool.map(run_chunk, [(x, y, n, s) for n, s in zip(per_job, seeds)]))
        elapsed = time.perf_counter() - started
        hands = sum(c.hands for c in chunks)
        won = sum(c.won for c in chunks)
        times = [t for c in chunks for t in c.times]
        print(
            f"| {x} vs {y} | {hands} | {100 * won / hands:.1f} % | {elapsed:.0f} s "
            f"| {1000 * percentile(times, 0.5):.1f} ms | {1000 * percentile(times, 0.99):.1f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
