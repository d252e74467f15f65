"""Measure the search's building blocks: consistent deals drawn per second, and whole-hand
playouts per second, on the views of seeded self-play hands.

    python bench/sampler_bench.py [--hands 6] [--draws 20]

Prints the draw rate (memory and sampler set up once per view, as a decision does),
the share of draws that hit a dead end, and the playout rate from the first trick and
over the whole hand.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.ai.memory import CardMemory
from engine.ai.playout import Playout, group
from engine.ai.sampler import Sampler
from engine.game import Game
from engine.players import make_player, play_hand
from engine.view import PlayerView


class Recorder:
    """Plays like the wrapped player and keeps every view it plays from."""

    def __init__(self, inner, views: list[PlayerView]):
        self.inner, self.views = inner, views

    def declare(self, view):
        return self.inner.declare(view)

    def bury(self, view):
        return self.inner.bury(view)

    def play(self, view):
        self.views.append(view)
        return self.inner.play(view)


def collect(hands: int) -> list[PlayerView]:
    views: list[PlayerView] = []
    for seed in range(hands):
        game = Game(seed=seed)
        play_hand(game, [Recorder(make_player("ai", seed * 4 + s), views) for s in range(4)])
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--draws", type=int, default=20, help="deals per view")
    args = parser.parse_args()
    views = collect(args.hands)
    rng = random.Random(1)
    started = time.perf_counter()
    samplers = []
    for view in views:
        samplers.append(Sampler(CardMemory.from_view(view), view.hand, kitty=view.kitty))
    setup = time.perf_counter() - started
    deals = []
    failed = 0
    started = time.perf_counter()
    for sampler in samplers:
        for _ in range(args.draws):
            deal = sampler.draw(rng)
            failed += deal is None
            deals.append(deal)
    drawing = time.perf_counter() - started
    count = len(views) * args.draws
    print(f"views: {len(views)}; memory + sampler set-up: {1000 * setup / len(views):.2f} ms a view")
    print(f"deals: {count} in {drawing:.2f} s = {count / drawing:.0f} a second; dead ends: {failed}")
    for label, chosen in (("first trick", [v for v in views if not v.tricks]), ("whole hand", views)):
        started = time.perf_counter()
        played = 0
        for view in chosen:
            sampler = Sampler(CardMemory.from_view(view), view.hand, kitty=view.kitty)
            for _ in range(5):
                deal = sampler.draw(rng)
                if deal is None:
                    continue
                assert view.dealer is not None and view.ctx is not None
                leader = view.trick[0].seat if view.trick else view.seat
                game = Playout(view.ctx, view.dealer, [group(h, view.ctx) for h in deal[0]], deal[1],
                               [(p.seat, p.cards) for p in view.trick], view.attacker_points, leader)
                game.run()
                played += 1
        seconds = time.perf_counter() - started
        print(f"playouts to the end of the hand, from the {label}: {played / seconds:.0f} a second "
              f"({1000 * seconds / played:.2f} ms each, drawing included)")


if __name__ == "__main__":
    main()
