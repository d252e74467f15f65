"""One digest of every decision a set of seeded paired hands asks for: did a change
move any decision of a game?

    python bench/decision_digest.py --decks 2 > before.txt
    (change the code)
    python bench/decision_digest.py --decks 2 | diff before.txt -

Each match ``X:Y`` plays ``--hands`` paired hands (``engine.selfplay.paired_hands``,
deal seed ``--seed``), ``ai:hard`` without its wall-clock cap so that the machine's
load cannot move a decision, and prints its number of decisions (declarations,
burials, plays) and a digest of each one's cards and reason.  The defaults are the
check ``bench/NOTES.md`` reports for two decks (every level and ``greedy``).
"""

from __future__ import annotations

import argparse
import hashlib
from concurrent.futures import ProcessPoolExecutor

from ai_bench import split_match
from engine.ai import AIPlayer
from engine.players import Player, make_player
from engine.rules import Rules
from engine.selfplay import paired_hands
from engine.view import Decision, PlayerView

DEFAULT_MATCHES = ("ai:hard:ai", "ai:greedy", "ai:easy:random")


class Recorded:
    """A player that writes each of its decisions into a shared log."""

    def __init__(self, inner: Player, log: list[str]):
        self.inner, self.log = inner, log

    def _record(self, name: str, view: PlayerView) -> Decision | None:
        decision = getattr(self.inner, name)(view)
        if decision is None:
            self.log.append(f"{name}:-")
        else:
            reason = getattr(decision.reason, "code", None)
            self.log.append(f"{name}:{' '.join(map(str, decision.cards))}:{reason}")
        return decision

    def declare(self, view: PlayerView) -> Decision | None:
        return self._record("declare", view)

    def bury(self, view: PlayerView) -> Decision | None:
        return self._record("bury", view)

    def play(self, view: PlayerView) -> Decision | None:
        return self._record("play", view)


def digest(match: str, decks: int, hands: int, seed: int) -> str:
    """``X:Y decisions digest`` of ``hands`` paired hands of the match."""
    log: list[str] = []

    def make(kind: str, player_seed: int) -> Player:
        player = make_player(kind, player_seed)
        if isinstance(player, AIPlayer):
            player.seconds = None
        return Recorded(player, log)

    for _ in paired_hands(hands, seed, dict(zip("AB", split_match(match))), Rules(decks=decks), make=make):
        pass
    return f"{match} {len(log)} {hashlib.sha256(chr(10).join(log).encode()).hexdigest()[:16]}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, choices=(1, 2, 3, 4), default=2)
    parser.add_argument("--hands", type=int, default=12, help="hands per match (each deal twice)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--match", nargs="*", default=list(DEFAULT_MATCHES))
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        for line in pool.map(digest, args.match, [args.decks] * len(args.match),
                             [args.hands] * len(args.match), [args.seed] * len(args.match)):
            print(line, flush=True)


if __name__ == "__main__":
    main()
