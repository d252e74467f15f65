"""A slow, literal model of docs/VARIANTS.md's three- and four-deck rules, for the tests.

Like ``oracle`` (the two-deck model, whose card order it reuses) it never imports the
engine: cards are read through their tokens, and every question is answered by
enumeration.  A set is ``width`` identical cards; a tractor ``length`` sets of one width
at consecutive strength classes; with four decks n quads stand for a tractor of 2n
pairs, a quad led asks for a tractor of two pairs, and one tractor (or, against two
pairs, one quad) of wider sets and the same number of cards beats the led tractor.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Iterator, Sequence

from .oracle import TRUMP, Cards, Order, runs, sub_multisets, tokens

SET_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
CODES = {2: "must_play_pair", 3: "must_play_triple", 4: "must_play_quad"}


@dataclass(frozen=True)
class Shape:
    kind: str
    width: int
    length: int
    top: int


def decompose(cards: Cards, order: Order) -> list[Shape]:
    """Widest first: the copies of a face stay one set; each width's longest tractor
    first (the highest on ties), then its sets, then the singles."""
    if len({order.suit(c) for c in cards}) != 1:
        raise ValueError("not one effective suit")
    counts = tokens(cards)
    shapes: list[Shape] = []
    for width in range(max(counts.values()), 1, -1):
        classes = Counter(order.strength(f) for f, n in counts.items() if n == width)
        while True:
            found = [(n, t) for n in range(2, len(cards) + 1) for t in runs(classes, n)]
            if not found:
                break
            length, top = max(found)
            classes.subtract(range(top - length + 1, top + 1))
            shapes.append(Shape("tractor", width, length, top))
        for c in sorted(classes, reverse=True):
            shapes += [Shape(SET_NAMES[width], width, 1, c)] * classes[c]
    singles = sorted((order.strength(f) for f, n in counts.items() if n == 1), reverse=True)
    return shapes + [Shape("single", 1, 0, s) for s in singles]


@dataclass(frozen=True)
class Rules:
    decks: int

    @property
    def four(self) -> bool:
        return self.decks == 4


@dataclass(frozen=True)
class Form:
    suit: str
    size: int
    shapes: tuple[Shape, ...]
    runs: tuple[tuple[int, int], ...]
    entries: tuple[tuple[int, int, int], ...]
    sets: tuple[tuple[int, int], ...]


def lead_form(lead: Cards, order: Order, rules: Rules) -> Form:
    shapes = tuple(decompose(lead, order))
    led = tuple((s.width, s.length) for s in shapes if s.kind == "tractor")
    entries = [(w, n, i) for i, (w, n) in enumerate(led)]
    extra = []
    for i, (w, n) in enumerate(led):
        for v in range(w, 1, -1):
            for m in range(2, w * n // v + 1):
                if (v, m) != (w, n):
                    extra.append((v, m, i))
    if rules.four:
        extra += [(2, 2, len(led) + j) for j in range(sum(s.kind == "quad" for s in shapes))]
    entries += sorted(extra, key=lambda e: (-e[0] * e[1], -e[0], e[2]))
    widest = max(s.width for s in shapes)
    sets = tuple((w, sum(s.length * (s.width // w) for s in shapes)) for w in range(widest, 1, -1))
    return Form(order.suit(lead[0]), len(lead), shapes, led, tuple(entries), sets)


def placements(counts: Counter[str], wanted: Sequence[tuple[int, int]], order: Order,
               rules: Rules) -> Iterator[tuple[Counter[str], int]]:
    """Every way to hold disjoint tractors ``wanted`` in these cards: the cards left,
    and the top class of the first one."""
    if not wanted:
        yield counts, -1
        return
    (width, length), rest = wanted[0], wanted[1:]
    by_class: dict[int, list[str]] = {}
    for face in counts:
        by_class.setdefault(order.strength(face), []).append(face)

    def chain(left: Counter[str], cls: int, todo: int) -> Iterator[Counter[str]]:
        if todo == 0:
            yield left
            return
        for face in by_class.get(cls, []):
            if left[face] >= width:
                nxt = left.copy()
                nxt[face] -= width
                yield from chain(nxt, cls - 1, todo - 1)

    for top in by_class:
        for left in chain(counts, top, length):
            for more, _ in placements(left, rest, order, rules):
                yield more, top
    if rules.four and width == 2 and length % 2 == 0:
        quads = [f for f, n in counts.items() if n >= 4]
        for chosen in combinations(quads, length // 2):
            left = counts.copy()
            left.subtract({f: 4 for f in chosen})
            for more, _ in placements(left, rest, order, rules):
                yield more, max(order.strength(f) for f in chosen)


def holds(counts: Counter[str], wanted: Sequence[tuple[int, int]], order: Order, rules: Rules) -> bool:
    return next(placements(counts, wanted, order, rules), None) is not None


def vector(cards: Counter[str], form: Form, order: Order, rules: Rules) -> tuple[int, ...]:
    """The follow ladder's vector of these led-suit cards (docs/VARIANTS.md)."""
    held: list[tuple[int, int, int]] = []
    out = []
    for width, length, origin in form.entries:
        if any(o == origin and w >= width and n >= length for w, n, o in held):
            out.append(1)
            continue
        options = [(width, length)]
        if rules.four and origin < len(form.runs):
            size = width * length
            options += [(w, size // w) for w in range(width + 1, 5) if size % w == 0 and size // w >= 2]
        for option in options:
            if holds(cards, [(w, n) for w, n, _ in held] + [option], order, rules):
                held.append((*option, origin))
                out.append(1)
                break
        else:
            out.append(0)
    out += [min(cap, sum(n // w for n in cards.values())) for w, cap in form.sets]
    return tuple(out)


@dataclass(frozen=True)
class Verdict:
    legal: bool
    reason: str | None


class FollowJudge:
    """A follow is legal when no other follow of the led-suit cards scores higher."""

    def __init__(self, hand: Cards, lead: Cards, order: Order, rules: Rules):
        self.order, self.rules = order, rules
        self.hand = tokens(hand)
        self.form = lead_form(lead, order, rules)
        self.held = Counter({f: n for f, n in self.hand.items() if order.suit(f) == self.form.suit})
        self.best = None
        if sum(self.held.values()) > self.form.size and self.form.sets:
            self.best = max(vector(p, self.form, order, rules) for p in sub_multisets(self.held, self.form.size))

    def verdict(self, play: Cards) -> Verdict:
        counts = tokens(play)
        if counts - self.hand:
            return Verdict(False, "not_in_hand")
        if len(play) != self.form.size:
            return Verdict(False, "wrong_count")
        mine = Counter({f: n for f, n in counts.items() if self.order.suit(f) == self.form.suit})
        if sum(mine.values()) < min(self.form.size, sum(self.held.values())):
            return Verdict(False, "must_follow_suit")
        if self.best is None:
            return Verdict(True, None)
        got = vector(mine, self.form, self.order, self.rules)
        if got >= self.best:
            return Verdict(True, None)
        i = next(i for i, (a, b) in enumerate(zip(got, self.best)) if a != b)
        if i < len(self.form.entries):
            return Verdict(False, "must_play_tractor")
        return Verdict(False, CODES[self.form.sets[i - len(self.form.entries)][0]])

    def legal_plays(self) -> list[Counter[str]]:
        return [p for p in sub_multisets(self.hand, self.form.size) if self.verdict(list(p.elements())).legal]


def selectable(hand: Cards, lead: Cards, selected: Cards, order: Order, rules: Rules) -> set[str]:
    chosen = tokens(selected)
    out: set[str] = set()
    for play in FollowJudge(hand, lead, order, rules).legal_plays():
        if not chosen - play:
            out.update(play - chosen)
    return out


# ---------------------------------------------------------------- winning

def _wider(form: Form, play: Cards, order: Order, rules: Rules) -> Shape | None:
    """Four decks: the play is one tractor (or, against two pairs, one quad) of wider
    sets and as many cards as the lone led tractor."""
    if not rules.four or len(form.shapes) != 1 or form.shapes[0].kind != "tractor":
        return None
    led = form.shapes[0]
    mine = decompose(play, order)
    if len(mine) != 1 or mine[0].width <= led.width:
        return None
    if mine[0].kind == "tractor" or (led.width, led.length, mine[0].width) == (2, 2, 4):
        return mine[0]
    return None


def matches(play: Cards, form: Form, order: Order, rules: Rules) -> bool:
    suits = {order.suit(c) for c in play}
    if len(play) != form.size or not (suits == {form.suit} or suits == {TRUMP}):
        return False
    counts = tokens(play)
    if all(sum(n // w for n in counts.values()) >= cap for w, cap in form.sets) and holds(
            counts, form.runs, order, rules):
        return True
    return _wider(form, play, order, rules) is not None


def top(play: Cards, form: Form, order: Order, rules: Rules) -> tuple[int, int]:
    """(width, strength) compared between matching plays."""
    wider = _wider(form, play, order, rules)
    if wider is not None:
        return wider.width, wider.top
    counts = tokens(play)
    width = max(s.width for s in form.shapes)
    if form.runs:
        return width, max(t for _, t in placements(counts, form.runs, order, rules))
    if form.sets:
        return width, max(order.strength(f) for f, n in counts.items() if n >= width)
    return width, max(order.strength(c) for c in play)


def trick_winner(plays: Sequence[Cards], order: Order, rules: Rules) -> int:
    form = lead_form(plays[0], order, rules)
    best, best_key = 0, (0, *top(plays[0], form, order, rules))
    for i, play in enumerate(plays[1:], start=1):
        if not matches(play, form, order, rules):
            continue
        ruff = form.suit != TRUMP and order.suit(play[0]) == TRUMP
        if len(form.shapes) > 1 and not ruff:
            continue
        key = (int(ruff), *top(play, form, order, rules))
        if key > best_key:
            best, best_key = i, key
    return best


# ---------------------------------------------------------------- leading

def _beats(shape: Shape, cards: Counter[str], order: Order, rules: Rules) -> bool:
    """Do these cards (of the lead's suit) hold a combination of ``shape``'s cards that
    wins against it as a lead?"""
    size = max(1, shape.width * shape.length)
    form = Form("", size, (shape,), (), (), ())
    for sub in sub_multisets(cards, size):
        mine = decompose(list(sub.elements()), order)
        if len(mine) == 1 and (mine[0].kind, mine[0].width, mine[0].length) == (
                shape.kind, shape.width, shape.length) and mine[0].top > shape.top:
            return True
        if _wider(form, list(sub.elements()), order, rules) is not None:
            return True
    return False


def check_lead(lead: Cards, others: Sequence[Cards], order: Order, rules: Rules
               ) -> tuple[bool, tuple[int, int] | None]:
    """(stands, the forced component as (top, cards) when it fails)."""
    shapes = decompose(lead, order)
    if len(shapes) == 1:
        return True, None
    suit = order.suit(lead[0])
    held = [Counter({f: n for f, n in tokens(h).items() if order.suit(f) == suit}) for h in others]
    beaten = [s for s in shapes if any(_beats(s, h, order, rules) for h in held)]
    if not beaten:
        return True, None
    lowest = min(beaten, key=lambda s: (s.top, max(1, s.width * s.length)))
    return False, (lowest.top, max(1, lowest.width * lowest.length))
