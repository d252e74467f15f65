"""Digest every decision of a few seeded hands: did a change move any of the AI's plays?

    python bench/decision_digest.py [--decks 2] [--hands 12] [--seed 1]

Plays ``--hands`` paired hands (``engine.selfplay.paired_hands``) of each match
(uncapped ``ai:hard`` against ``ai``, ``ai`` against ``greedy``, ``ai:easy`` against
``random``) and prints, per match, how many decisions (declarations, burials, plays)
were made and a SHA-256 digest of them all: their cards, reasons and the search's
estimates.  Run it before and after a change meant for one game only: the same
digests for another game's ``--decks`` show that game's play unmoved.  The search runs
without its wall-clock cap, so the load of the machine moves nothing.
"""

from __future__ import annotations

import argparse
import hashlib

from engine.ai import AIPlayer
from engine.players import make_player
from engine.rules import Rules
from engine.selfplay import paired_hands
from engine.view import Decision

MATCHES = (("ai:hard", "ai"), ("ai", "greedy"), ("ai:easy", "random"))


class Recorded:
    """A player whose every decision is fed to a shared digest."""

    def __init__(self, inner, digest, counter: list[int]):
        self.inner, self.digest, self.counter = inner, digest, counter

    def declare(self, view):
        return self._seen("declare", self.inner.declare(view))

    def bury(self, view):
        return self._seen("bury", self.inner.bury(view))

    def play(self, view):
        return self._seen("play", self.inner.play(view))

    def _seen(self, kind: str, decision: Decision | None) -> Decision | None:
        self.digest.update(f"{kind} {decision!r}\n".encode())
        self.counter[0] += 1
        return decision


def digest(x: str, y: str, hands: int, seed: int, rules: Rules) -> tuple[int, str]:
    """(decisions, hex digest) of ``hands`` paired hands of ``x`` against ``y``."""
    sha = hashlib.sha256()
    counter = [0]

    def make(kind: str, player_seed: int):
        player = make_player(kind, player_seed)
        if isinstance(player, AIPlayer):
            player.seconds = None
        return Recorded(player, sha, counter)

    for summary, _ in paired_hands(hands, seed, {"A": x, "B": y}, rules, make=make):
        sha.update(f"hand {summary.seed} {summary.attacker_points}\n".encode())
    return counter[0], sha.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decks", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument("--hands", type=int, default=12, help="hands per match (each deal twice)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    total = 0
    for x, y in MATCHES:
        count, hexdigest = digest(x, y, args.hands, args.seed, Rules(decks=args.decks))
        total += count
        print(f"{x} vs {y}: {count} decisions, {hexdigest}", flush=True)
    print(f"{total} decisions in all")


if __name__ == "__main__":
    main()
