"""Benchmark of the rules engine's hot calls on a fixed corpus of real deals.

    python bench/engine_bench.py [--positions N] [--seed S]

Builds a seeded corpus of positions from shuffled 108-card deals (25-card hands, hands
later in the hand, and deals where a follower holds 12+ cards of the suit the leader
throws 6 cards in), then times every call of ``check_lead``, ``check_follow``,
``selectable`` and ``trick_winner`` one by one (the fastest of ``--repeat`` runs of the
same call) and prints p50 / p99 per function against the targets (p50 < 0.2 ms,
p99 < 1 ms; selectable p99 < 5 ms).  Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cmp_to_key
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import (  # noqa: E402  (the path above makes the checkout importable)
    Card,
    Rules,
    TrumpContext,
    check_follow,
    check_lead,
    decompose,
    legal_follow,
    selectable,
    trick_winner,
)
from engine.cards import RANKS, SUITS, deck  # noqa: E402

TARGETS = {  # function: (p50, p99) in ms
    "check_lead": (0.2, 1.0),
    "check_follow": (0.2, 1.0),
    "selectable": (0.2, 5.0),
    "trick_winner": (0.2, 1.0),
}


@dataclass
class Position:
    kind: str  # "full", "late", "long suit" or "tractor"
    ctx: TrumpContext
    hands: list[list[Card]]  # seat 0 leads
    lead: list[Card]  # as attempted
    played: list[Card] = field(default_factory=list)  # as actually played
    follows: list[list[Card]] = field(default_factory=list)  # seats 1-3 to the played lead
    answer: list[Card] = field(default_factory=list)  # seat 1's legal follow to the attempted lead
    wrong: list[Card] = field(default_factory=list)  # seat 1's random cards to it, mostly illegal
    selection: list[Card] = field(default_factory=list)  # part of the answer, for selectable


def random_ctx(rng: random.Random) -> TrumpContext:
    rules = Rules(constant_twos=rng.random() < 0.25, throw_penalty=rng.choice(("none", "per_card", "flat")))
    return TrumpContext(level=rng.choice(RANKS), trump=rng.choice((None, *SUITS, *SUITS)), rules=rules)


def deal(rng: random.Random, first: dict[int, list[Card]] | None = None) -> list[list[Card]]:
    """Four 25-card hands from a shuffled pack; ``first`` gives seats cards up front."""
    pack = deck(2)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[], [], [], []]
    for seat, cards in (first or {}).items():
        hands[seat].extend(cards)
        for card in cards:
            pack.remove(card)
    for card in pack:
        short = [h for h in hands if len(h) < 25]
        if not short:
            break
        rng.choice(short).append(card)
    return hands


def choose_lead(rng: random.Random, hand: Sequence[Card], ctx: TrumpContext) -> list[Card]:
    """A single, pair, tractor or throw from one effective suit of the hand."""
    suit = rng.choice(sorted({ctx.suit_of(c) for c in hand}))
    own = [c for c in hand if ctx.suit_of(c) == suit]
    comps = decompose(own, ctx)
    wanted = rng.choice(("single", "pair", "tractor", "throw", "throw"))
    matching = [c for c in comps if c.kind == wanted]
    if matching:
        return list(rng.choice(matching).cards)
    if wanted == "throw" and len(comps) > 1:
        picked = rng.sample(comps, rng.randint(2, min(len(comps), 4)))
        return [card for comp in picked for card in comp.cards]
    return [rng.choice(own)]


def long_suit_position(rng: random.Random) -> Position:
    """A follower holding 12+ cards of the suit in which the leader throws 6."""
    while True:
        ctx = random_ctx(rng)
        suit = rng.choice(("T", *SUITS))
        pool = [c for c in deck(2) if ctx.suit_of(c) == suit]
        if len(pool) >= 20:
            break
    rng.shuffle(pool)
    if rng.random() < 0.5:  # identical copies side by side: many pairs on both sides
        pool.sort(key=lambda c: (rng.random() < 0.5, str(c)))
    n_follow = rng.randint(12, min(16, len(pool) - 6))
    hands = deal(rng, {1: pool[:n_follow], 0: pool[n_follow : n_follow + 6]})
    return Position("long suit", ctx, hands, list(pool[n_follow : n_follow + 6]))


def tractor_position(rng: random.Random) -> Position:
    """The leader holds a tractor (2 to 4 pairs) and leads it, or throws it with more."""
    while True:
        ctx = random_ctx(rng)
        suit = rng.choice(("T", *SUITS))
        faces = sorted({c for c in deck(2) if ctx.suit_of(c) == suit}, key=cmp_to_key(_weaker(ctx)))
        length = rng.randint(2, 4)
        if len(faces) < length:
            continue  # the trump suit's letter in a hand with that trump: no side cards
        start = rng.randint(0, len(faces) - length)
        pairs = [c for c in faces[start : start + length] for _ in (0, 1)]
        comps = decompose(pairs, ctx)
        if len(comps) == 1 and comps[0].kind == "tractor":
            break
    hands = deal(rng, {0: pairs})
    lead = pairs
    extra = [c for c in hands[0] if ctx.suit_of(c) == suit and c not in pairs]
    if extra and rng.random() < 0.4:
        lead = pairs + rng.sample(extra, rng.randint(1, min(3, len(extra))))
    return Position("tractor", ctx, hands, lead)


def _weaker(ctx: TrumpContext) -> Callable[[Card, Card], int]:
    """Compare two cards of one suit by strength, through trick_winner alone."""

    def compare(a: Card, b: Card) -> int:
        return 1 if trick_winner([[b], [a]], ctx) == 1 else -1 if trick_winner([[a], [b]], ctx) == 1 else 0

    return compare


def build_corpus(n: int, seed: int) -> list[Position]:
    """Per 10 positions: 3 long suit, 1 tractor, 3 full 25-card hands, 3 late in a hand."""
    rng = random.Random(seed)
    corpus = []
    for i in range(n):
        if i % 10 < 3:
            pos = long_suit_position(rng)
        elif i % 10 == 3:
            pos = tractor_position(rng)
        else:
            ctx = random_ctx(rng)
            hands = deal(rng)
            kind = "full"
            if i % 10 >= 7:
                size = rng.randint(3, 20)
                hands = [rng.sample(h, size) for h in hands]
                kind = "late"
            pos = Position(kind, ctx, hands, choose_lead(rng, hands[0], ctx))
        pos.played = list(check_lead(pos.lead, pos.hands[1:], pos.ctx).played)
        pos.follows = [legal_follow(h, pos.played, pos.ctx) for h in pos.hands[1:]]
        pos.answer = legal_follow(pos.hands[1], pos.lead, pos.ctx)
        pos.wrong = rng.sample(pos.hands[1], len(pos.lead))
        pos.selection = rng.sample(pos.answer, rng.randint(0, len(pos.answer) - 1))
        corpus.append(pos)
    return corpus


def timed(samples: list[float], call: Callable[[], object], repeat: int) -> None:
    """The call's time in ms: the fastest of ``repeat`` runs on the same input, so that a
    time slice lost to another process on a busy machine does not count."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    samples.append(best * 1000.0)


def run(corpus: list[Position], repeat: int) -> dict[tuple[str, str], list[float]]:
    """Time every call; samples by (function, position kind)."""
    times: dict[tuple[str, str], list[float]] = {}
    for pos in corpus:
        hand = pos.hands[1]

        def sample(name: str) -> list[float]:
            return times.setdefault((name, pos.kind), [])

        timed(sample("check_lead"), lambda: check_lead(pos.lead, pos.hands[1:], pos.ctx), repeat)
        timed(sample("check_follow"), lambda: check_follow(hand, pos.lead, pos.answer, pos.ctx), repeat)
        timed(sample("check_follow"), lambda: check_follow(hand, pos.lead, pos.wrong, pos.ctx), repeat)
        timed(sample("selectable"), lambda: selectable(hand, pos.lead, pos.selection, pos.ctx), repeat)
        timed(sample("selectable (leading)"), lambda: selectable(pos.hands[0], None, pos.lead[:1], pos.ctx), repeat)
        timed(sample("trick_winner"), lambda: trick_winner([pos.played, *pos.follows], pos.ctx), repeat)
    return times


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def describe(corpus: list[Position]) -> str:
    kinds = Counter(p.kind for p in corpus)
    leads: Counter[str] = Counter()
    extremes: Counter[str] = Counter()
    for p in corpus:
        comps = decompose(p.lead, p.ctx)
        leads["throw" if len(comps) > 1 else comps[0].kind] += 1
        extremes["failed throws"] += p.played != p.lead
        extremes["25-card hands"] += len(p.hands[1]) == 25
        held = sum(p.ctx.suit_of(c) == p.ctx.suit_of(p.lead[0]) for c in p.hands[1])
        extremes["12+ led-suit cards held against a 6-card throw"] += held >= 12 and len(p.lead) == 6 and len(comps) > 1
    lines = [
        f"{len(corpus)} positions: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())),
        "leads: " + ", ".join(f"{k} {v}" for k, v in sorted(leads.items())),
        "with: " + ", ".join(f"{k} {v}" for k, v in extremes.items()),
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--repeat", type=int, default=3, help="runs per call; the fastest counts")
    args = parser.parse_args()
    started = time.perf_counter()
    corpus = build_corpus(args.positions, args.seed)
    print(describe(corpus))
    times = run(corpus, args.repeat)
    names = list(dict.fromkeys(name for name, _ in times))
    kinds = sorted({kind for _, kind in times})
    print()
    print(f"{'function':<22}{'calls':>8}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}   target p50/p99")
    failed = False
    for name in names:
        values = sorted(v for (n, _), samples in times.items() if n == name for v in samples)
        p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
        goal = TARGETS.get(name.split()[0])
        verdict = ""
        if goal:
            ok = p50 < goal[0] and p99 < goal[1]
            failed |= not ok
            verdict = f"   < {goal[0]} / < {goal[1]}  {'ok' if ok else 'MISSED'}"
        print(f"{name:<22}{len(values):>8}{p50:>10.3f}{p99:>10.3f}{values[-1]:>10.3f}{verdict}")
    print("\np50 / p99 ms by kind of position")
    print(f"{'function':<22}" + "".join(f"{kind:>20}" for kind in kinds))
    for name in names:
        cells = []
        for kind in kinds:
            values = sorted(times[(name, kind)])
            cells.append(f"{percentile(values, 0.5):.3f} / {percentile(values, 0.99):.3f}")
        print(f"{name:<22}" + "".join(f"{cell:>20}" for cell in cells))
    print(f"\nwhole run {time.perf_counter() - started:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
