"""How fast random self-play runs: ``python bench/selfplay_bench.py [--hands N] [--profile]``.

Prints hands per second for random players on every seat (the target is 200 hands/s
on a 2-core machine); ``--profile`` adds where the time goes (cProfile, by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from engine.rules import Rules
from engine.selfplay import consecutive_hands

KINDS = {"A": "random", "B": "random"}


def run(hands: int, seed: int) -> None:
    for _ in consecutive_hands(hands, seed, KINDS, Rules()):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    started, cpu_started = time.perf_counter(), time.process_time()
    run(args.hands, args.seed)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(
        f"random self-play: {args.hands} hands in {seconds:.2f} s = {args.hands / seconds:.0f} hands/s"
        f" ({args.hands / cpu:.0f} hands per CPU second: the figure a busy machine does not skew)"
    )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, min(args.hands, 300), args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
