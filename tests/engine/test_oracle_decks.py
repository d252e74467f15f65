"""The engine against the brute-force model of three and four decks (``oracle_decks``)
on random positions: the decomposition, every follow verdict and its reason, the
legal follows and the selectable cards, the trick winner and the throw check.

``make test`` runs a share of the positions (``tests/volume.py``); ``make soak`` and
``python -m tests.engine.test_oracle_decks N`` run many more and print the count.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass

import pytest

from engine import (Card, Rules, TrumpContext, check_follow, check_lead, decompose, format_cards,
                    legal_follow, selectable, trick_winner)
from engine.cards import ALL_FACES, RANKS, SUITS, deck
from engine.play import iter_legal_follows

from ..volume import count
from . import oracle_decks as model
from .oracle import Order


@dataclass
class Position:
    ctx: TrumpContext
    order: Order
    rules: model.Rules
    lead: list[Card]
    hand: list[Card]
    others: list[list[Card]]
    plays: list[list[Card]]

    def describe(self) -> str:
        return (f"decks {self.ctx.rules.decks}, level {self.ctx.level}, trump {self.ctx.trump} | lead "
                f"{format_cards(self.lead)} | hand {format_cards(self.hand)} | others "
                + "; ".join(format_cards(h) for h in self.others))


def _take(pool: Counter, faces: list[Card], rng: random.Random, most: int, copies: int) -> list[Card]:
    """Up to ``most`` cards from ``pool`` among ``faces``, a window of neighbours with
    several copies each, the way sets and tractors come."""
    out: list[Card] = []
    if not faces:
        return out
    start = rng.randrange(len(faces))
    for face in faces[start:start + rng.randint(1, 4)] + rng.sample(faces, min(2, len(faces))):
        k = min(pool[face], rng.choice([1, copies, copies, rng.randint(1, copies)]), most - len(out))
        out += [face] * max(0, k)
        pool[face] -= max(0, k)
    return out


def _tractor(pool: Counter, faces: list[Card], rng: random.Random, most: int, copies: int) -> list[Card]:
    """A run of neighbouring faces with the same number of copies each (a tractor or a
    set), often followed by a few more cards."""
    width = rng.randint(2, copies)
    length = max(1, min(rng.randint(1, 4), most // width))
    start = rng.randrange(len(faces))
    out: list[Card] = []
    for face in faces[start:start + length]:
        k = min(width, pool[face])
        out += [face] * k
        pool[face] -= k
    return out + (_take(pool, faces, rng, most - len(out), copies) if rng.random() < 0.3 else [])


def position(rng: random.Random, decks: int) -> Position:
    level = rng.choice(RANKS)
    trump = rng.choice(SUITS + (None,)) if decks == 3 else rng.choice(SUITS)
    rules = Rules(decks=decks)
    ctx = TrumpContext(level, trump, rules)
    order = Order(level, trump, rules.constant_twos)
    pool = Counter(deck(decks))
    suit = rng.choice(sorted({ctx.suit_of(f) for f in ALL_FACES}))
    faces = sorted((f for f in ALL_FACES if ctx.suit_of(f) == suit), key=ctx.position)
    grab = _tractor if rng.random() < 0.6 else _take
    lead = grab(pool, faces, rng, rng.choice([1, 2, 3, 4, 4, 6, 6, 8]), decks)
    if not lead:
        lead = [faces[0]]
        pool[faces[0]] -= 1
    hand = _take(pool, faces, rng, rng.randint(2, 11), decks)
    if rng.random() < 0.5:
        hand += _tractor(pool, faces, rng, 12 - len(hand), decks)
    off = [c for c in pool.elements() if ctx.suit_of(c) != suit]
    extra = rng.sample(off, max(0, len(lead) - len(hand)) + rng.randint(0, 3))
    pool.subtract(Counter(extra))
    hand += extra
    others = [hand] + [_take(pool, faces, rng, rng.randint(0, 6), decks) for _ in range(2)]
    plays = []
    for _ in range(2):
        kind = rng.random()
        source = faces if kind < 0.5 else sorted((f for f in ALL_FACES if ctx.suit_of(f) == "T"), key=ctx.position)
        play = _take(pool, source, rng, len(lead), decks)
        rest = [c for c in pool.elements()]
        play += rng.sample(rest, len(lead) - len(play))
        pool.subtract(Counter(play))
        plays.append(play)
    return Position(ctx, order, model.Rules(decks), lead, hand, others, plays)


def _random_play(rng: random.Random, p: Position) -> list[Card]:
    suit = p.ctx.suit_of(p.lead[0])
    same = [c for c in p.hand if p.ctx.suit_of(c) == suit]
    rng.shuffle(same)
    rest = Counter(p.hand)
    play = same[: rng.randint(0, len(p.lead))]
    rest.subtract(play)
    play += rng.sample(list(rest.elements()), len(p.lead) - len(play))
    return play


def disagreements(p: Position, rng: random.Random) -> list[str]:
    """What the engine and the model disagree on in ``p`` (empty: they agree)."""
    found = []
    ctx, order, rules = p.ctx, p.order, p.rules
    mine = [(c.kind, c.width, c.length, c.top) for c in decompose(p.lead, ctx)]
    theirs = [(s.kind, s.width, s.length, s.top) for s in model.decompose(p.lead, order)]
    if sorted(mine) != sorted(theirs):
        found.append(f"decompose {mine} != {theirs}")
    judge = model.FollowJudge(p.hand, p.lead, order, rules)
    plays = [legal_follow(p.hand, p.lead, ctx)] + [_random_play(rng, p) for _ in range(4)]
    for play in plays:
        verdict = check_follow(p.hand, p.lead, play, ctx)
        expected = judge.verdict(play)
        if (verdict.legal, verdict.reason) != (expected.legal, expected.reason):
            found.append(f"follow {format_cards(play)}: {verdict.legal, verdict.reason} != "
                         f"{expected.legal, expected.reason}")
    if len(p.hand) <= 12:
        every = {tuple(sorted(map(str, play))) for play in iter_legal_follows(p.hand, p.lead, ctx)}
        if every != {tuple(sorted(play.elements())) for play in judge.legal_plays()}:
            found.append("the legal follows")
        for selected in ([], plays[0][:1]):
            if selectable(p.hand, p.lead, selected, ctx) != {Card(t) for t in
                                                             model.selectable(p.hand, p.lead, selected, order, rules)}:
                found.append(f"selectable after {format_cards(selected)}")
    trick = [p.lead, plays[0], *p.plays]
    if trick_winner(trick, ctx) != model.trick_winner(trick, order, rules):
        found.append(f"winner of {' / '.join(map(format_cards, trick))}")
    result = check_lead(p.lead, p.others, ctx)
    stands, forced = model.check_lead(p.lead, p.others, order, rules)
    got = None if result.ok else (max(ctx.position(c) for c in result.played), len(result.played))
    if result.ok != stands or got != forced:
        found.append(f"lead: {result.ok, got} != {stands, forced}")
    return found


@pytest.mark.parametrize("decks", [3, 4])
def test_engine_agrees_with_the_brute_force_model(decks: int) -> None:
    rng = random.Random(4800 + decks)
    for _ in range(count(120)):
        p = position(rng, decks)
        problems = disagreements(p, rng)
        assert not problems, f"{p.describe()}: {problems}"


def main(per_variant: int) -> None:
    """Count the positions the engine and the model agree on, per variant."""
    for decks in (3, 4):
        rng = random.Random(9000 + decks)
        agreed, failures = 0, []
        for _ in range(per_variant):
            p = position(rng, decks)
            problems = disagreements(p, rng)
            if problems:
                failures.append(f"{p.describe()}: {problems}")
            else:
                agreed += 1
        print(f"{decks} decks: {agreed} of {per_variant} positions agree")
        for failure in failures[:5]:
            print("  ", failure)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
