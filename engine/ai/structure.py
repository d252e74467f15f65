"""Shapes inside one holding (pairs, runs of adjacent pairs) and plays built to a shape.

The engine judges plays (``check_follow``, ``trick_winner``); this module only *proposes*
them.  Adjacency is the engine's: two pairs are adjacent when their faces' positions in
``TrumpContext`` differ by one, and faces sharing a position never chain with each other.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Sequence

from ..cards import Card
from ..combos import decompose, pair_faces
from ..play import LeadShape
from ..rules import TrumpContext

Key = Callable[[Card], float]
"""Order of preference for choosing cards: lower is chosen first."""

BREAK_PAIR = 1000.0
"""Added to a card's key when taking it would split a pair that is still held."""


def of_suit(cards: Iterable[Card], suit: str, ctx: TrumpContext) -> list[Card]:
    """The cards whose effective suit is ``suit`` (``"T"`` for trumps)."""
    return [c for c in cards if ctx.suit_of(c) == suit]


def by_suit(cards: Iterable[Card], ctx: TrumpContext) -> dict[str, list[Card]]:
    """Cards grouped by effective suit."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(ctx.suit_of(card), []).append(card)
    return groups


def runs(faces: Iterable[Card], ctx: TrumpContext) -> list[list[Card]]:
    """Maximal chains of adjacent pair faces (one effective suit), each low to high.

    Faces sharing a position (the off-suit level cards) are equal, so they go into
    different chains.
    """
    by_pos: dict[int, list[Card]] = {}
    for face in sorted(set(faces), key=lambda f: (ctx.position(f), f.index)):
        by_pos.setdefault(ctx.position(face), []).append(face)
    chains: list[list[Card]] = []
    while by_pos:
        pos = min(by_pos)
        chain: list[Card] = []
        while pos in by_pos:
            chain.append(by_pos[pos].pop(0))
            if not by_pos[pos]:
                del by_pos[pos]
            pos += 1
        chains.append(chain)
    return chains


def windows(faces: Iterable[Card], length: int, ctx: TrumpContext) -> list[list[Card]]:
    """Every run of exactly ``length`` adjacent pair faces (a tractor of that length)."""
    found: list[list[Card]] = []
    for chain in runs(faces, ctx):
        found.extend(chain[i:i + length] for i in range(len(chain) - length + 1))
    return found


def holding_shape(cards: Sequence[Card], ctx: TrumpContext) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """(tractors as face chains, lone pair faces, singles) of a one-suit holding."""
    chains = runs(pair_faces(cards), ctx)
    tractors = [c for c in chains if len(c) >= 2]
    pairs = [c[0] for c in chains if len(c) == 1]
    counts = Counter(cards)
    singles = [face for face, n in counts.items() if n == 1]
    return tractors, pairs, singles


def take(pool: Counter, cards: Iterable[Card]) -> list[Card]:
    """Remove ``cards`` from ``pool`` and return them."""
    taken = list(cards)
    pool.subtract(taken)
    return taken


def choose_singles(pool: Counter, count: int, key: Key, keep_pairs: bool = True) -> list[Card]:
    """Take ``count`` cards from ``pool`` by ``key``; splitting a held pair costs extra."""
    chosen: list[Card] = []
    for _ in range(count):
        live = [c for c, n in pool.items() if n > 0]
        if not live:
            break
        best = min(live, key=lambda c: key(c) + (BREAK_PAIR if keep_pairs and pool[c] >= 2 else 0.0))
        chosen.extend(take(pool, [best]))
    return chosen


def build_to_shape(
    cards: Sequence[Card],
    tractor_lengths: Sequence[int],
    pairs_total: int,
    count: int,
    ctx: TrumpContext,
    key: Key,
    keep_pairs: bool = True,
) -> list[Card]:
    """Choose ``count`` of ``cards`` (one effective suit) matching a lead's shape as closely
    as the cards allow: its tractors longest first, then pairs up to ``pairs_total`` (pairs
    inside tractors count), then singles.  Among equal shapes ``key`` decides.
    """
    pool = Counter(cards)
    chosen: list[Card] = []
    pairs_used = 0
    for length in sorted(tractor_lengths, reverse=True):
        options = windows(pair_faces(pool.elements()), length, ctx)
        if options:
            best = min(options, key=lambda run: sum(key(f) for f in run))
            chosen += take(pool, [f for f in best for _ in range(2)])
            pairs_used += length
    faces = sorted(pair_faces(pool.elements()), key=key)
    for face in faces[: max(0, min(pairs_total - pairs_used, (count - len(chosen)) // 2))]:
        chosen += take(pool, [face, face])
    chosen += choose_singles(pool, count - len(chosen), key, keep_pairs)
    return chosen


def build_to_lead(cards: Sequence[Card], shape: LeadShape, ctx: TrumpContext, key: Key,
                  keep_pairs: bool = True) -> list[Card]:
    """``build_to_shape`` for ``shape``: with three or four decks (``shape.wide``) its
    tractors of every width (widest first), then its sets of each width from the
    widest down, each up to the lead's count (sets inside tractors and wider sets
    count: a quad holds two pairs), then singles.  Among equal shapes ``key`` decides,
    and a set is taken from a face held more widely only when nothing else fits."""
    if not shape.wide:
        return build_to_shape(cards, shape.tractors, shape.pairs, shape.size, ctx, key, keep_pairs)
    pool = Counter(cards)
    chosen: list[Card] = []
    for width, length in shape.runs:
        options = windows([f for f, n in pool.items() if n >= width], length, ctx)
        if options and len(chosen) + width * length <= shape.size:
            best = min(options, key=lambda run: sum(key(f) for f in run))
            chosen += take(pool, [f for f in best for _ in range(width)])
    for width, cap in shape.sets:
        have = sum(n // width for n in Counter(chosen).values())
        room = min(cap - have, (shape.size - len(chosen)) // width)
        faces = sorted((f for f, n in pool.items() if n >= width),
                       key=lambda f: key(f) + (BREAK_PAIR if keep_pairs and pool[f] > width else 0.0))
        for face in faces[: max(0, room)]:
            chosen += take(pool, [face] * width)
    chosen += choose_singles(+pool, shape.size - len(chosen), key, keep_pairs)
    return chosen


def sets_held(cards: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    """The tractors and sets (pairs, triples, quads) of a one-suit holding as its
    decomposition finds them, widest and longest first (RULES.md §3, docs/VARIANTS.md)."""
    return [list(c.cards) for c in decompose(cards, ctx) if c.width > 1]
