"""Measure the AI players: paired self-play win rates, levels and decision times.

    python bench/ai_bench.py [--hands 1000] [--jobs 2] [--match ai:hard:ai ai:random ...]

Each match ``X:Y`` plays ``--hands`` paired hands (``engine.selfplay.paired_hands``:
every deal twice, kinds swapped, each a first hand at level 2), in chunks of
``--chunk`` hands spread over ``--jobs`` processes (the chunks' seeds follow from
``--seed`` alone, so the numbers do not depend on ``--jobs``).

A hand is won by the dealers when the attackers score below 80 (``--decks``: that
game's take-over threshold, docs/VARIANTS.md), else by the attackers.
The table gives, for X: the share of hands won with a 95 % interval (from the pairs:
each deal played both ways is one observation), the hands X's team won as dealers and
as attackers (of those it played in each role), the net levels per hand (levels X's
team gained less those Y's gained), X's points edge (how far the attackers' total
landed from 80 towards X's side, per hand, with a 95 % interval: a finer measure than
hands won), how often X's team as attackers won the last trick (the kitty), and the
p50/p99 time of X's and Y's decisions (plays and burials).  Timings
depend on the machine's load: run on a quiet machine for numbers to compare, or time
them in CPU time (``--cpu``; the wall-clock cap still stops the search).
``--uncapped`` turns off the search's wall-clock cap, so that its budget in simulated
cards alone decides and the load cannot move a result (the numbers of
``bench/NOTES.md`` that say "without the cap"; decision times then run longer).
``--save FOLDER`` also writes every hand of each match there, so that two runs of the
same deals (before and after a change) compare deal by deal: ``bench/paired_diff.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from math import sqrt
from pathlib import Path
from statistics import fmean, stdev

from engine.ai import AIPlayer
from engine.players import make_player
from engine.rules import Rules
from engine.selfplay import paired_hands

DEFAULT_MATCHES = ("ai:hard:ai", "ai:hard:greedy", "ai:random")


class Timed:
    """A player that records how long each of its ``play`` and ``bury`` decisions takes:
    on the wall clock, or (``clock=time.process_time``) in the process's CPU time, which
    a busy machine does not inflate."""

    def __init__(self, inner, times: list[float], clock=time.perf_counter):
        self.inner, self.times, self.clock = inner, times, clock

    def declare(self, view):
        return self.inner.declare(view)

    def bury(self, view):
        return self._timed(self.inner.bury, view)

    def play(self, view):
        return self._timed(self.inner.play, view)

    def _timed(self, decide, view):
        start = self.clock()
        decision = decide(view)
        self.times.append(self.clock() - start)
        return decision


@dataclass(frozen=True)
class Hand:
    """One hand's result, seen from X's team."""

    seed: int
    """The deal's seed: the two hands of a pair share it (``paired_hands``)."""
    attacking: bool
    won: bool
    levels: int
    """Levels X's team gained, less those Y's gained."""
    edge: int
    """How far the attackers' points landed from 80, towards X's side."""
    last_trick: bool
    """X's team won the last trick as attackers (the kitty counted for it)."""


@dataclass
class Chunk:
    hands: list[Hand] = field(default_factory=list)
    x_times: list[float] = field(default_factory=list)
    y_times: list[float] = field(default_factory=list)


def deal_shares(hands: list[Hand]) -> list[tuple[int, float]]:
    """(seed, X's share of its hands) of every deal, in play order: 0, 0.5 or 1 for a
    deal played both ways, 0 or 1 for an odd last deal played once."""
    shares: list[tuple[int, float]] = []
    i = 0
    while i < len(hands):
        both = hands[i:i + 2] if i + 1 < len(hands) and hands[i + 1].seed == hands[i].seed else hands[i:i + 1]
        shares.append((hands[i].seed, sum(h.won for h in both) / len(both)))
        i += len(both)
    return shares


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


def run_chunk(args: tuple[str, str, int, int, bool, int, bool]) -> Chunk:
    """Play ``count`` paired hands from ``seed``: X's results and both sides' times."""
    x, y, count, seed, uncapped, decks, cpu = args
    clock = time.process_time if cpu else time.perf_counter
    rules = Rules(decks=decks)
    take_over = rules.variant.take_over
    chunk = Chunk()

    def make(kind: str, player_seed: int):
        player = make_player(kind, player_seed)
        if uncapped and isinstance(player, AIPlayer):
            player.seconds = None
        return Timed(player, chunk.x_times if kind == x else chunk.y_times, clock)

    for summary, kinds in paired_hands(count, seed, {"A": x, "B": y}, rules, make=make):
        dealers = summary.dealer % 2
        x_team = 0 if kinds["A"] == x else 1
        attacking = dealers != x_team
        won = (summary.attacker_points >= take_over) == attacking
        edge = summary.attacker_points - take_over
        chunk.hands.append(Hand(
            seed=summary.seed,
            attacking=attacking,
            won=won,
            levels=summary.levels if summary.next_dealer % 2 == x_team else -summary.levels,
            edge=edge if attacking else -edge,
            last_trick=attacking and summary.kitty_multiplier is not None,
        ))
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
    hands = [h for c in chunks for h in c.hands]
    pairs = [share for _, share in deal_shares(hands)]
    edges = [h.edge for h in hands]
    share = fmean(pairs)
    half = 1.96 * stdev(pairs) / sqrt(len(pairs)) if len(pairs) > 1 else float("nan")
    attacking = [h for h in hands if h.attacking]
    dealing = [h for h in hands if not h.attacking]
    xt = [t for c in chunks for t in c.x_times]
    yt = [t for c in chunks for t in c.y_times]
    return (
        f"| {x} vs {y} | {len(hands)} | {100 * share:.1f} % | {100 * (share - half):.1f}–{100 * (share + half):.1f} % "
        f"| {sum(h.won for h in dealing)}/{len(dealing)} | {sum(h.won for h in attacking)}/{len(attacking)} "
        f"| {fmean(h.levels for h in hands):+.2f} | {fmean(edges):+.1f} ± {1.96 * stdev(edges) / sqrt(len(edges)):.1f} "
        f"| {sum(h.last_trick for h in attacking)}/{len(attacking)} "
        f"| {1000 * percentile(xt, 0.5):.1f} / {1000 * percentile(xt, 0.99):.0f} ms "
        f"| {1000 * percentile(yt, 0.5):.1f} / {1000 * percentile(yt, 0.99):.0f} ms | {seconds:.0f} s |"
    )


def save(folder: Path, x: str, y: str, args: argparse.Namespace, chunks: list[Chunk]) -> Path:
    """Write one match's hands to ``folder`` as JSON, for ``bench/paired_diff.py``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{x}_vs_{y}.json".replace(":", "-")
    record = {
        "x": x, "y": y, "hands": args.hands, "chunk": args.chunk, "seed": args.seed,
        "uncapped": args.uncapped, "decks": args.decks,
        "results": [asdict(h) for c in chunks for h in c.hands],
    }
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands (lines) per match; even")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=20, help="hands per work unit; even")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", nargs="*", default=list(DEFAULT_MATCHES))
    parser.add_argument("--uncapped", action="store_true",
                        help="no wall-clock cap on the search: reproducible, slower decisions")
    parser.add_argument("--decks", type=int, default=2, choices=(1, 2, 3, 4),
                        help="the game (docs/VARIANTS.md): its hands, and its take-over threshold for 'won'")
    parser.add_argument("--cpu", action="store_true",
                        help="time decisions in CPU time, not on the wall clock (a busy machine inflates the latter)")
    parser.add_argument("--save", type=Path, metavar="FOLDER",
                        help="also write every hand of each match there (JSON), for bench/paired_diff.py")
    args = parser.parse_args()
    print("| X vs Y | hands | X wins | 95 % interval | X won as dealers | X won as attackers | X levels/hand "
          "| X points edge | X last tricks as attackers | X p50 / p99 | Y p50 / p99 | run time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for match in args.match:
            x, y = split_match(match)
            started = time.perf_counter()
            plan = chunk_plan(args.hands, args.chunk, args.seed)
            chunks = list(pool.map(run_chunk, [(x, y, n, s, args.uncapped, args.decks, args.cpu) for n, s in plan]))
            print(row(x, y, chunks, time.perf_counter() - started), flush=True)
            if args.save:
                print(f"saved {save(args.save, x, y, args, chunks)}", flush=True)


if __name__ == "__main__":
    main()
