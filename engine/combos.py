"""Combinations (RULES.md §3): pairs, tractors, the unique decomposition, run packing.

Everything here works on *pair positions*: for cards of one effective suit, a pair is
two identical cards, and its position is the cards' position in ``TrumpContext``.
A tractor of length L is L pairs at consecutive positions; one position may hold
several different pairs (the off-suit level pairs share one), and a run uses one of
them.  "Can these cards match tractors of lengths L1, L2, ... with disjoint runs?"
(§5, §6) is a small packing question answered by ``can_pack``.

With three or four decks (docs/VARIANTS.md) a *set* is 2, 3 or 4 identical cards (its
*width*) and a tractor is a run of sets of one width; ``pack_runs`` answers the packing
question for runs of several widths, counting the copies each face has left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .cards import Card
from .errors import InvalidCardsError
from .rules import TrumpContext

SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"
TRIPLE, QUAD = "triple", "quad"
SET_KINDS = {1: SINGLE, 2: PAIR, 3: TRIPLE, 4: QUAD}
"""The kind of a set of identical cards by its width."""


@dataclass(frozen=True)
class Component:
    """One unit of a lead: a single, a set (pair, triple, quad), or a tractor of
    ``length`` sets.

    ``top`` is the position of its highest card: components rank by it (§4).
    ``width`` is the copies of each face in it: 1 for a single, 2 for a pair and a
    tractor of pairs, 3 for a triple and a 泰坦尼克, 4 for a quad and its tractors.
    ``length`` counts its sets (0 for a single): the pairs in it with two decks.
    """

    kind: str
    cards: list[Card]
    length: int
    top: int
    width: int = 2

    def __repr__(self) -> str:
        return f"Component({self.kind!r}, {' '.join(map(str, self.cards))!r})"


def suit_of_cards(cards: Sequence[Card], ctx: TrumpContext) -> str | None:
    """The common effective suit of ``cards``, or ``None`` when they are mixed (or empty)."""
    if not cards:
        return None
    table = ctx.suit_table
    suit = table[cards[0].index]
    for card in cards:
        if table[card.index] != suit:
            return None
    return suit


def face_counts(cards: Iterable[Card]) -> dict[Card, int]:
    """Copies of each face (a plain dict: cheaper than ``Counter`` on hot paths)."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def pair_faces(cards: Iterable[Card]) -> list[Card]:
    """Faces of which ``cards`` hold a pair, once per pair (a face held 2× is one pair)."""
    return set_faces(cards, 2)


def set_faces(cards: Iterable[Card], width: int) -> list[Card]:
    """Faces of which ``cards`` hold a set of ``width`` copies, once per such set (a
    face held 4× is two pairs, one triple, one quad)."""
    return [face for face, n in face_counts(cards).items() for _ in range(n // width)]


def pairs_by_position(faces: Iterable[Card], ctx: TrumpContext) -> dict[int, list[Card]]:
    """Pair faces grouped by position (one list entry per pair)."""
    table = ctx.pos_table
    out: dict[int, list[Card]] = {}
    for face in faces:
        out.setdefault(table[face.index], []).append(face)
    return out


def _longest_run(mult: dict[int, int]) -> tuple[int, int]:
    """(length, top) of the longest stretch of consecutive positions with a pair left;
    the highest such stretch on ties."""
    best_len, best_top = 0, -1
    for pos in sorted((p for p, n in mult.items() if n > 0), reverse=True):
        if mult.get(pos + 1, 0) > 0:
            continue  # not the top of a stretch
        length = 1
        while mult.get(pos - length, 0) > 0:
            length += 1
        if length > best_len:
            best_len, best_top = length, pos
    return best_len, best_top


def decompose(cards: Sequence[Card], ctx: TrumpContext) -> list[Component]:
    """The unique decomposition of RULES.md §3: longest tractors first, then pairs,
    then singles (each group high to low).  With more decks, widest first: a face's
    copies stay one set (three are a triple, four a quad), and each width's tractors
    (longest first) and sets come before the narrower ones.

    >>> from engine import parse_cards, TrumpContext
    >>> decompose(parse_cards("S3 S3 S4 S4 S5 S5"), TrumpContext("10", "H"))
    [Component('tractor', 'S5 S5 S4 S4 S3 S3')]
    """
    cards = list(cards)
    if not cards:
        return []
    if suit_of_cards(cards, ctx) is None:
        raise InvalidCardsError(f"cards are not all of one effective suit: {' '.join(map(str, cards))}")
    pos_of = ctx.pos_table
    if len(cards) == 1:
        return [Component(SINGLE, cards, 0, pos_of[cards[0].index], 1)]
    counts = face_counts(cards)
    widest = max(counts.values())
    components: list[Component] = []
    for width in range(widest, 1, -1):
        components += _width_components(
            {face: n for face, n in counts.items() if n == width}, width, ctx)
    singles = [Component(SINGLE, [face], 0, pos_of[face.index], 1) for face, n in counts.items() if n == 1]
    singles.sort(key=lambda c: (-c.top, c.cards[0].index))
    return components + singles


def _width_components(counts: dict[Card, int], width: int, ctx: TrumpContext) -> list[Component]:
    """The tractors (longest first) and then the sets of faces held ``width`` times."""
    pos_of = ctx.pos_table
    by_pos = pairs_by_position(list(counts), ctx)
    for faces in by_pos.values():
        faces.sort(key=lambda c: c.index)
    mult = {p: len(f) for p, f in by_pos.items()}
    components: list[Component] = []
    while True:
        length, top = _longest_run(mult)
        if length < 2:
            break
        run: list[Card] = []
        for pos in range(top, top - length, -1):
            face = by_pos[pos][len(by_pos[pos]) - mult[pos]]
            mult[pos] -= 1
            counts[face] -= width
            run += [face] * width
        components.append(Component(TRACTOR, run, length, top, width))
    sets = [Component(SET_KINDS[width], [face] * width, 1, pos_of[face.index], width)
            for face, n in counts.items() if n == width]
    sets.sort(key=lambda c: (-c.top, c.cards[0].index))
    return components + sets


def tractor_lengths(components: Iterable[Component]) -> list[int]:
    """The tractor lengths of a decomposition, longest first."""
    return sorted((c.length for c in components if c.kind == TRACTOR), reverse=True)


def pair_count(components: Iterable[Component]) -> int:
    """Pairs in a decomposition, pairs inside tractors (and wider sets) included."""
    return sum(c.length * (c.width // 2) for c in components)


def set_count(components: Iterable[Component], width: int) -> int:
    """Sets of ``width`` identical cards in a decomposition, those inside tractors and
    wider sets included (a quad holds two pairs and one triple)."""
    return sum(c.length * (c.width // width) for c in components)


def runs_at(mult: dict[int, int], length: int) -> Iterator[int]:
    """Tops of every run of ``length`` consecutive positions that ``mult`` can supply,
    highest first."""
    for top in sorted((p for p, n in mult.items() if n > 0), reverse=True):
        if all(mult.get(top - i, 0) > 0 for i in range(1, length)):
            yield top


def can_pack(mult: dict[int, int], lengths: Sequence[int]) -> bool:
    """Can disjoint runs of ``lengths`` (longest first) be placed on the pairs ``mult``
    (position → number of pairs)?  A run may be part of a longer tractor."""
    if not lengths:
        return True
    if sum(lengths) > sum(mult.values()):
        return False
    return next(_fitting_tops(mult, lengths), None) is not None


def _fitting_tops(mult: dict[int, int], lengths: Sequence[int]) -> Iterator[int]:
    """Tops of the runs of ``lengths[0]``, highest first, that leave room for the rest
    of ``lengths``."""
    first, rest = lengths[0], lengths[1:]
    for top in list(runs_at(mult, first)):
        for i in range(first):
            mult[top - i] -= 1
        ok = can_pack(mult, rest)
        for i in range(first):
            mult[top - i] += 1
        if ok:
            yield top


def packings(by_pos: dict[int, list[Card]], lengths: Sequence[int]) -> Iterator[list[Card]]:
    """Every way to place disjoint runs of ``lengths`` on the pairs ``by_pos``, as the
    list of pair faces used (different faces at a shared position are different ways)."""
    if not lengths:
        yield []
        return
    first, rest = lengths[0], lengths[1:]
    mult = {p: len(f) for p, f in by_pos.items()}
    for top in list(runs_at(mult, first)):
        yield from _place(by_pos, top, first, rest, [])


def _place(by_pos: dict[int, list[Card]], pos: int, left: int, rest: Sequence[int],
           used: list[Card]) -> Iterator[list[Card]]:
    if left == 0:
        for more in packings(by_pos, rest):
            yield used + more
        return
    faces = by_pos[pos]
    for i, face in enumerate(faces):
        if face in faces[:i]:
            continue  # the same face twice (more decks): one way
        remaining = faces[:i] + faces[i + 1:]
        by_pos[pos] = remaining
        yield from _place(by_pos, pos - 1, left - 1, rest, used + [face])
        by_pos[pos] = faces


def best_run_top(mult: dict[int, int], lengths: Sequence[int]) -> int:
    """Top of the highest run of ``lengths[0]`` usable in a full packing of ``lengths``
    (-1 when they cannot be packed): the "top structure" of a ruffed throw (§6)."""
    return next(_fitting_tops(mult, lengths), -1)


Run = tuple[int, int]
"""A tractor to place, as (width, length): sets of ``width`` identical cards at
``length`` consecutive positions."""


def pack_runs(counts: dict[Card, int], runs: Sequence[Run], ctx: TrumpContext,
              quad_is_tractor: bool = False) -> Iterator[tuple[dict[Card, int], int]]:
    """Every way to place disjoint ``runs`` on cards with ``counts`` copies of each
    face: the copies used of each face, and the top position of the first run (highest
    first).  A run may be part of a longer or wider tractor; with ``quad_is_tractor``
    n quads (four identical cards each, anywhere in the suit) may stand for a run of
    2n pairs (seed 001, four decks: a quad takes a tractor of two pairs, two quads
    follow a tractor of four).
    Different faces at a shared position are different ways; a placement may repeat."""
    pos_of = ctx.pos_table
    by_pos: dict[int, list[Card]] = {}
    for face in counts:
        by_pos.setdefault(pos_of[face.index], []).append(face)
    left = dict(counts)
    used: dict[Card, int] = {}

    def take(face: Card, n: int) -> None:
        left[face] -= n
        used[face] = used.get(face, 0) + n
        if not used[face]:
            del used[face]

    def place(i: int, first_top: int) -> Iterator[tuple[dict[Card, int], int]]:
        if i == len(runs):
            yield dict(used), first_top
            return
        width, length = runs[i]
        as_quads = quad_is_tractor and width == 2 and length % 2 == 0
        tops = sorted(by_pos, reverse=True)
        for k, top in enumerate(tops):
            mark = top if i == 0 else first_top
            yield from chain(i, top, length, width, mark)
            if as_quads:  # the highest quad at ``top``, the others at or below it
                yield from quads(i, length // 2, tops[k:], mark, True)

    def quads(i: int, wanted: int, tops: list[int], mark: int, first: bool
              ) -> Iterator[tuple[dict[Card, int], int]]:
        """``wanted`` quads standing for run ``i`` (n quads: a tractor of 2n pairs) at
        ``tops`` (the first of them at ``tops[0]`` when ``first``)."""
        if wanted == 0:
            yield from place(i + 1, mark)
            return
        for k, top in enumerate(tops[:1] if first else tops):
            for face in by_pos[top]:
                if left[face] >= 4:
                    take(face, 4)
                    yield from quads(i, wanted - 1, tops[k:], mark, False)
                    take(face, -4)

    def chain(i: int, pos: int, remaining: int, width: int, first_top: int
              ) -> Iterator[tuple[dict[Card, int], int]]:
        if remaining == 0:
            yield from place(i + 1, first_top)
            return
        for face in by_pos.get(pos, ()):
            if left[face] >= width:
                take(face, width)
                yield from chain(i, pos - 1, remaining - 1, width, first_top)
                take(face, -width)

    yield from place(0, -1)


def can_pack_runs(counts: dict[Card, int], runs: Sequence[Run], ctx: TrumpContext,
                  quad_is_tractor: bool = False) -> bool:
    """Can disjoint ``runs`` be placed on cards with ``counts`` copies of each face?"""
    if not runs:
        return True
    if sum(w * n for w, n in runs) > sum(counts.values()):
        return False
    return next(pack_runs(counts, runs, ctx, quad_is_tractor), None) is not None
