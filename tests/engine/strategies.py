"""Hypothesis strategies: positions cut from real 108-card deals.

Every position is a partition of one shuffled two-deck pack (4 × 25 + 8), so no face
appears more than twice at the table.  Uniform deals rarely give tractors, so a deal
may first hand one effective suit (the *focus*) out between the leader and the next
player, often both copies of a face to the same player, the way long suits and pairs
pile up in real hands; and hands may be cut down to a few cards, as late in a hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from hypothesis import strategies as st

from engine import Card, Rules, TrumpContext, format_cards
from engine.cards import deck

from ..volume import examples  # noqa: F401  (the property tests' sizes)
from .oracle import RANKS, SUITS, TRUMP, FollowJudge, Order, classes_of, lead_form, pair_faces, runs

seeded = st.integers(0, 2**64 - 1).map(random.Random)
"""A seeded ``random.Random``: plain pseudo-random choices, reproducible from the seed
(Hypothesis' own random draws lean towards extremes, which starves the rich cases)."""


@dataclass
class Table:
    """One position: the hand's order and four hands (seat 0 leads)."""

    ctx: TrumpContext
    order: Order
    hands: list[list[Card]]
    focus: str | None  # the effective suit dealt first, if any

    def describe(self) -> str:
        trump = self.order.trump or "no-trump"
        twos = ", constant_twos" if self.order.constant_twos else ""
        seats = "; ".join(f"seat {i}: {format_cards(h)}" for i, h in enumerate(self.hands))
        return f"level {self.order.level}, {trump}{twos}, penalty {self.ctx.rules.throw_penalty} | {seats}"


def _deal_blocks(rng: random.Random, pool: list[Card], order: Order, seats: list[list[Card]]) -> list[Card]:
    """Deal part of one suit's cards to ``seats`` in blocks of neighbouring faces (often in
    rank order), identical copies often together; return what is left over."""
    together = rng.uniform(0.3, 1.0)
    faces = sorted(set(pool), key=order.strength)
    if not faces:
        return []  # the trump suit's letter: all its cards are trumps
    start = rng.randrange(len(faces))
    faces = faces[start:] + faces[:start]  # the first blocks may be anywhere in the suit
    if rng.random() < 0.3:
        rng.shuffle(faces)
    leftover: list[Card] = []
    limit = rng.randint(4, 13)
    seat = 0
    for face in faces:
        if rng.random() < 0.35:
            seat = (seat + 1) % len(seats)
        first = seats[seat]
        second = first if rng.random() < together else seats[(seat + 1) % len(seats)]
        for hand in (first, second):
            (hand if len(hand) < limit else leftover).append(face)
    return leftover


@st.composite
def tables(draw: st.DrawFn, max_hand: int = 25, ruffs: bool = False) -> Table:
    """A position.  With ``ruffs``, seat 0 gets a side suit and the others trumps, in
    blocks: the deals where followers ruff tractors and throws."""
    level = draw(st.sampled_from(RANKS))
    trump = draw(st.sampled_from((None, *SUITS)))
    twos = draw(st.booleans())
    penalty = draw(st.sampled_from(("none", "per_card", "flat")))
    ctx = TrumpContext(level=level, trump=trump, rules=Rules(constant_twos=twos, throw_penalty=penalty))
    order = Order(level, trump, twos)
    rng = draw(seeded)
    pack = deck(2)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[], [], [], []]
    if ruffs:
        focus: str | None = rng.choice([s for s in SUITS if s != trump])
        plan = [(focus, hands[:1]), (TRUMP, hands[1:])]
    else:
        focus = rng.choice((TRUMP, TRUMP, *SUITS)) if rng.random() < 0.7 else None
        plan = [(focus, hands[:2])] if focus else []
    for suit, seats in plan:
        pool = [c for c in pack if order.suit(c) == suit]
        leftover = _deal_blocks(rng, pool, order, seats)
        pack = leftover + [c for c in pack if order.suit(c) != suit]
    rng.shuffle(pack)
    for card in pack:
        short = [h for h in hands if len(h) < 25]
        if not short:
            break  # the rest is the kitty
        min(short, key=len).append(card)
    size = max_hand if rng.random() < 0.4 else rng.randint(min(3, max_hand), max_hand)
    hands = [_cut(rng, h, size, {suit for suit, _ in plan}, order) for h in hands]
    return Table(ctx, order, hands, focus)


def _cut(rng: random.Random, hand: list[Card], size: int, keep: set[str | None], order: Order) -> list[Card]:
    """The cards a player still holds later in the hand; the suits dealt first stay."""
    if len(hand) <= size:
        return hand
    kept = [c for c in hand if order.suit(c) in keep][:size]
    rest = [c for c in hand if order.suit(c) not in keep]
    return kept + rng.sample(rest, size - len(kept))


def lead_from(rng: random.Random, hand: Sequence[Card], order: Order, focus: str | None = None) -> list[Card]:
    """A lead of one effective suit from the hand (the focus suit when held, mostly):
    a single, a pair, a tractor (or part of one), or several components (a throw)."""
    suits = sorted({order.suit(c) for c in hand})
    suit = focus if focus in suits and rng.random() < 0.8 else rng.choice(suits)
    own = [c for c in hand if order.suit(c) == suit]
    faces = pair_faces(own)
    kind = rng.choice(("single", "pair", "tractor", "tractor", "tractor+", "runs", "runs", "top", "throw", "throw"))
    if kind == "pair" and faces:
        return [Card(rng.choice(faces))] * 2
    run = pick_run(rng, faces, order, len(own) // 2)
    if kind == "tractor" and run:
        return [Card(f) for f in run for _ in (0, 1)]
    if kind in ("tractor+", "runs") and run:  # a throw with one tractor or several
        for _ in range(2 if kind == "runs" else 0):
            run += pick_run(rng, [f for f in faces if f not in run], order, 3)
        rest = [c for c in own if str(c) not in run]
        return [Card(f) for f in run for _ in (0, 1)] + rng.sample(rest, rng.randint(0, min(len(rest), 3)))
    if kind == "top":  # the highest cards held: a throw that may well stand
        return sorted(own, key=order.strength)[-rng.randint(1, min(len(own), 6)) :]
    if kind == "single" or len(own) == 1:
        return [rng.choice(own)]
    return shaped(rng, own, rng.randint(2, min(len(own), 10)), order)


def pick_run(rng: random.Random, faces: Sequence[str], order: Order, most: int) -> list[str]:
    """Pair faces forming a random run of 2 to ``most`` adjacent pairs ([] if none)."""
    classes = classes_of(faces, order)
    lengths = [n for n in range(2, most + 1) if runs(classes, n)]
    if not lengths:
        return []
    length = rng.choice(lengths)
    top = rng.choice(runs(classes, length))
    by_class: dict[int, str] = {}
    for face in rng.sample(list(faces), len(faces)):
        if top - length < order.strength(face) <= top:
            by_class.setdefault(order.strength(face), face)
    return list(by_class.values())


def shaped(rng: random.Random, source: Sequence[Card], n: int, order: Order) -> list[Card]:
    """``n`` cards from ``source`` (which holds at least ``n``), often with a tractor and
    with pairs, so that structure comes up often."""
    faces = sorted(pair_faces(source), key=order.strength)
    take = pick_run(rng, faces, order, n // 2) if rng.random() < 0.5 else []
    others = [f for f in faces if f not in take]
    want = (n // 2 if rng.random() < 0.5 else rng.randint(0, n // 2)) - len(take)
    take += rng.sample(others, max(0, min(want, len(others))))
    play = [Card(f) for f in take for _ in (0, 1)]
    rest = list(source)
    for card in play:
        rest.remove(card)
    return play + rng.sample(rest, n - len(play))


def follow_from(rng: random.Random, hand: Sequence[Card], lead: Sequence[Card], order: Order) -> list[Card]:
    """A follow to test the engine with (the hand holds at least as many cards as the
    lead): a best one, a shaped one of the led suit (right or wrong), a shaped ruff, or
    any cards at all."""
    n = len(lead)
    suit = order.suit(lead[0])
    held = [c for c in hand if order.suit(c) == suit]
    trumps = [c for c in hand if order.suit(c) == TRUMP]
    mode = rng.choice(("best", "best", "shaped", "shaped", "ruff", "random"))
    if mode == "best":
        return best_follow(rng, hand, lead, order)
    if mode == "shaped" and len(held) >= n:
        return shaped(rng, held, n, order)
    if mode == "ruff" and len(trumps) >= n:
        return shaped(rng, trumps, n, order)
    return rng.sample(list(hand), n)


def best_follow(rng: random.Random, hand: Sequence[Card], lead: Sequence[Card], order: Order) -> list[Card]:
    """A random legal follow, built from the oracle's best choices (the hand holds at
    least as many cards as the lead)."""
    judge = FollowJudge(hand, lead, order)
    n = judge.form.size
    held = [c for c in hand if order.suit(c) == judge.form.suit]
    if len(held) <= n:
        others = [c for c in hand if order.suit(c) != judge.form.suit]
        trumps = [c for c in others if order.suit(c) == TRUMP]
        fill = n - len(held)
        return held + shaped(rng, trumps if len(trumps) >= fill and rng.random() < 0.6 else others, fill, order)
    pairs = rng.choice(judge.best_pairs)
    singles = rng.sample(sorted(set(map(str, held)) - set(pairs)), n - 2 * len(pairs))
    return [Card(f) for f in pairs for _ in (0, 1)] + [Card(f) for f in singles]


def lead_shape(lead: Sequence[Card], order: Order) -> str:
    """A label for statistics: single, pair, tractor, or throw (with tractors or not)."""
    form = lead_form(lead, order)
    if form.is_throw:
        return "throw with tractor" if form.tractors else "throw"
    return "tractor" if form.tractors else "pair" if form.pairs else "single"
