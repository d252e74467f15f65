"""A slow, literal model of RULES.md §2-§6, written from the text for the engine tests.

Nothing here imports the engine: cards are read through their canonical tokens only
(``str(card)``), so a mistake in the engine cannot hide in a shared helper.  Speed does
not matter; every question is answered by enumeration.

Card order (§2) is modelled as a chain of *strength classes* per effective suit, low
to high.  Cards of one class are equal (the off-suit level cards, the off-suit 2s with
``constant_twos``); two pairs are adjacent for a tractor (§3) exactly when their
classes are consecutive in the chain.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Iterable, Iterator, Sequence

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP = "T"

Cards = Sequence[object]
"""Engine ``Card`` objects or plain tokens: the oracle only ever calls ``str`` on them."""


def tokens(cards: Iterable[object]) -> Counter[str]:
    """A hand as a multiset of canonical tokens."""
    return Counter(str(c) for c in cards)


@dataclass(frozen=True)
class Order:
    """§2: the card order of one hand, as a strength-class chain per effective suit."""

    level: str
    trump: str | None
    constant_twos: bool = False

    @cached_property
    def _chains(self) -> dict[str, list[set[str]]]:
        twos = self.constant_twos and self.level != "2"  # at level 2 the 2s are level cards
        plain = [r for r in RANKS if r != self.level and not (twos and r == "2")]
        chains = {s: [{s + r} for r in plain] for s in SUITS if s != self.trump}
        trumps: list[set[str]] = [{self.trump + r} for r in plain] if self.trump else []
        if twos:
            trumps.append({s + "2" for s in SUITS if s != self.trump})
            if self.trump:
                trumps.append({self.trump + "2"})
        trumps.append({s + self.level for s in SUITS if s != self.trump})
        if self.trump:
            trumps.append({self.trump + self.level})
        trumps += [{"LJ"}, {"BJ"}]
        chains[TRUMP] = trumps
        return chains

    @cached_property
    def _table(self) -> dict[str, tuple[str, int]]:
        return {face: (suit, i) for suit, chain in self._chains.items() for i, cls in enumerate(chain) for face in cls}

    def suit(self, card: object) -> str:
        """The effective suit: ``"T"`` for every trump, else the printed suit letter."""
        return self._table[str(card)][0]

    def strength(self, card: object) -> int:
        """Position of the card's class in its suit's chain (higher is stronger)."""
        return self._table[str(card)][1]


# ---------------------------------------------------------------- §3 combinations


def pair_faces(cards: Iterable[object]) -> list[str]:
    """Faces of which the cards hold two identical copies (one pair each)."""
    return sorted(face for face, n in tokens(cards).items() if n >= 2)


def classes_of(faces: Iterable[str], order: Order) -> Counter[int]:
    """How many of these pair faces fall in each strength class."""
    return Counter(order.strength(f) for f in faces)


def can_pack(classes: Counter[int], lengths: Sequence[int]) -> bool:
    """Are there disjoint runs of adjacent pairs of these lengths?  A run may lie inside a
    longer tractor; two pairs of one class are never adjacent.  Brute force."""
    if not lengths:
        return True
    first, rest = lengths[0], lengths[1:]
    for top in runs(classes, first):
        left = classes.copy()
        left.subtract(range(top - first + 1, top + 1))
        if can_pack(left, rest):
            return True
    return False


def runs(classes: Counter[int], length: int) -> list[int]:
    """Top classes of every run of ``length`` adjacent pairs, low to high."""
    return [t for t in sorted(classes) if all(classes[c] >= 1 for c in range(t - length + 1, t + 1))]


@dataclass(frozen=True)
class Shape:
    """One component of the unique decomposition, by strengths: cards of one class are
    interchangeable, so this is all that "unique" can promise."""

    kind: str  # "single", "pair", "tractor"
    length: int  # pairs in it; 0 for a single
    strengths: tuple[int, ...]  # of every card, high to low

    @property
    def top(self) -> int:
        return self.strengths[0]


def decompose(cards: Cards, order: Order) -> list[Shape]:
    """§3: longest tractor first, then the next longest from what remains, then pairs,
    then singles; two identical cards always count as a pair."""
    if len({order.suit(c) for c in cards}) != 1:
        raise ValueError("not one effective suit")
    classes = classes_of(pair_faces(cards), order)
    shapes: list[Shape] = []
    while True:
        candidates = [(length, top) for length in range(2, len(cards) // 2 + 1) for top in runs(classes, length)]
        if not candidates:
            break
        length, top = max(candidates)
        classes.subtract(range(top - length + 1, top + 1))
        shapes.append(Shape("tractor", length, tuple(c for c in range(top, top - length, -1) for _ in "xx")))
    for c in sorted(classes, reverse=True):
        shapes += [Shape("pair", 1, (c, c))] * classes[c]
    counts = tokens(cards)
    singles = sorted((order.strength(f) for f, n in counts.items() if n == 1), reverse=True)
    shapes += [Shape("single", 0, (s,)) for s in singles]
    return shapes


@dataclass(frozen=True)
class LeadForm:
    """What a follow must match: the lead's suit and size, its tractors' lengths (longest
    first) and its total number of pairs (pairs inside tractors count)."""

    suit: str
    size: int
    tractors: tuple[int, ...]
    pairs: int
    is_throw: bool


def lead_form(lead: Cards, order: Order) -> LeadForm:
    shapes = decompose(lead, order)
    tractors = tuple(sorted((s.length for s in shapes if s.kind == "tractor"), reverse=True))
    return LeadForm(order.suit(lead[0]), len(lead), tractors, len(pair_faces(lead)), len(shapes) > 1)


def sub_multisets(counts: Counter[str], size: int) -> Iterator[Counter[str]]:
    """Every sub-multiset of ``size`` cards."""
    faces = sorted(f for f, n in counts.items() if n > 0)

    def rec(i: int, left: int, acc: list[tuple[str, int]]) -> Iterator[Counter[str]]:
        if left == 0:
            yield Counter(dict(acc))
        elif i < len(faces):
            for k in range(min(counts[faces[i]], left), -1, -1):
                yield from rec(i + 1, left - k, acc + [(faces[i], k)] if k else acc)

    yield from rec(0, size, [])


# ---------------------------------------------------------------- §4 leading


@dataclass(frozen=True)
class LeadOutcome:
    ok: bool
    reason: str | None
    played_options: tuple[Counter[str], ...]  # .played must be one of these
    penalty: int


def _holds_higher(shape: Shape, cards: Cards, order: Order) -> bool:
    """Does a hand (its cards of the lead's suit) hold a higher combination of the shape?
    A longer tractor contains one of the shape's length."""
    if shape.kind == "single":
        return any(order.strength(c) > shape.top for c in cards)
    return any(t > shape.top for t in runs(classes_of(pair_faces(cards), order), shape.length))


def check_lead(lead: Cards, others: Sequence[Cards], order: Order, penalty: str = "none") -> LeadOutcome:
    everything = tokens(lead)
    if len({order.suit(c) for c in lead}) != 1:
        return LeadOutcome(False, "mixed_suits", (Counter(),), 0)
    shapes = decompose(lead, order)
    suit = order.suit(lead[0])
    held = [[c for c in hand if order.suit(c) == suit] for hand in others]
    beaten = [s for s in shapes if len(shapes) > 1 and any(_holds_higher(s, h, order) for h in held)]
    if not beaten:
        return LeadOutcome(True, None, (everything,), 0)
    # the lowest-ranked beaten component: by highest card, then fewer cards is lower
    lowest = min(beaten, key=lambda s: (s.top, len(s.strengths)))
    whole = Counter(shapes)
    options = tuple(
        pick
        for pick in sub_multisets(everything, len(lowest.strengths))
        if Counter(decompose(list((everything - pick).elements()), order)) + Counter([lowest]) == whole
        and decompose(list(pick.elements()), order) == [lowest]
    )
    taken_back = len(lead) - len(lowest.strengths)
    cost = {"none": 0, "flat": 10, "per_card": 10 * taken_back}[penalty]
    return LeadOutcome(False, "throw_beaten", options, cost)


# ---------------------------------------------------------------- §5 following


def score_pairs(faces: Sequence[str], form: LeadForm, order: Order) -> tuple[int, ...]:
    """§5's vector for chosen led-suit cards whose pairs are exactly ``faces``: one entry
    per lead tractor (longest first), then min(pairs chosen, pairs in the lead)."""
    classes = classes_of(faces, order)
    kept: list[int] = []
    vector = []
    for length in form.tractors:
        ok = can_pack(classes, kept + [length])
        vector.append(int(ok))
        if ok:
            kept.append(length)
    vector.append(min(len(faces), form.pairs))
    return tuple(vector)


@dataclass(frozen=True)
class FollowOutcome:
    legal: bool
    reason: str | None
    shortfall: int | None = None  # the lead tractor's length for must_play_tractor


class FollowJudge:
    """§5 for one hand and one lead.  The best score is found by enumerating every choice
    of led-suit cards, grouped by the pairs chosen (the score depends on nothing else)."""

    def __init__(self, hand: Cards, lead: Cards, order: Order):
        self.order = order
        self.hand = tokens(hand)
        self.form = lead_form(lead, order)
        self.held = Counter({f: n for f, n in self.hand.items() if order.suit(f) == self.form.suit})
        scored = list(self._choices())
        self.best = max((score for score, _ in scored), default=None)
        # the pairs of every best-scoring choice (singles fill the rest)
        self.best_pairs = [pairs for score, pairs in scored if score == self.best]

    def _choices(self) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
        n = self.form.size
        if sum(self.held.values()) <= n:
            return  # all led-suit cards must be played: there is no choice
        pairs = pair_faces(self.held.elements())
        for k in range(min(len(pairs), n // 2) + 1):
            for chosen in combinations(pairs, k):
                if n - 2 * k <= len(self.held) - k:  # singles from the other faces
                    yield score_pairs(chosen, self.form, self.order), chosen

    def verdict(self, play: Cards) -> FollowOutcome:
        counts = tokens(play)
        if counts - self.hand:
            return FollowOutcome(False, "not_in_hand")
        if len(play) != self.form.size:
            return FollowOutcome(False, "wrong_count")
        played = Counter({f: n for f, n in counts.items() if self.order.suit(f) == self.form.suit})
        if sum(played.values()) < min(self.form.size, sum(self.held.values())):
            return FollowOutcome(False, "must_follow_suit")
        if self.best is None:
            return FollowOutcome(True, None)
        mine = score_pairs(pair_faces(played.elements()), self.form, self.order)
        if mine >= self.best:
            return FollowOutcome(True, None)
        i = next(i for i, (a, b) in enumerate(zip(mine, self.best)) if a != b)
        if i < len(self.form.tractors):
            return FollowOutcome(False, "must_play_tractor", self.form.tractors[i])
        return FollowOutcome(False, "must_play_pair")

    def can_complete(self, selected: Counter[str]) -> bool:
        """Is some legal follow a superset of ``selected``?  Exact without enumerating
        plays: a legal follow is fixed, up to its singles, by its set of pairs."""
        if selected - self.hand:
            return False
        n, held = self.form.size, sum(self.held.values())
        outside = sum(k for f, k in selected.items() if f not in self.held)
        if held <= n:  # every led-suit card, then anything
            return outside <= n - held
        if outside:
            return False
        for pairs in self.best_pairs:
            loose = [f for f in selected if f not in pairs]
            singles = n - 2 * len(pairs)
            if all(selected[f] == 1 for f in loose) and len(loose) <= singles <= len(self.held) - len(pairs):
                return True
        return False

    def offered(self, selected: Counter[str]) -> set[str]:
        """§5 ``selectable`` for any hand size, through ``can_complete``."""
        return {f for f in self.hand if self.hand[f] > selected[f] and self.can_complete(selected + Counter([f]))}

    def legal_plays(self) -> list[Counter[str]]:
        """Every legal follow, by brute force over all plays of the right size."""
        return [p for p in sub_multisets(self.hand, self.form.size) if self.verdict(list(p.elements())).legal]


def selectable(hand: Cards, lead: Cards | None, selected: Cards, order: Order) -> set[str]:
    """Faces that can be added to ``selected`` so that a legal play stays reachable.
    Leading: any card of the selection's effective suit (everything when nothing is
    selected)."""
    counts, chosen = tokens(hand), tokens(selected)
    left = counts - chosen
    if lead is None:
        suits = {order.suit(f) for f in chosen}
        return {f for f in left if not suits or order.suit(f) in suits}
    out: set[str] = set()
    for play in FollowJudge(hand, lead, order).legal_plays():
        if not chosen - play:
            out.update(play - chosen)
    return out


# ---------------------------------------------------------------- §6 the trick


def matches(play: Cards, form: LeadForm, order: Order) -> bool:
    """Does the play match the lead's whole structure (and so may win)?"""
    suits = {order.suit(c) for c in play}
    if len(play) != form.size or not (suits == {form.suit} or suits == {TRUMP}):
        return False
    faces = pair_faces(play)
    return can_pack(classes_of(faces, order), form.tractors) and len(faces) >= form.pairs


def top_structure(play: Cards, form: LeadForm, order: Order) -> int:
    """The strength compared between matching plays: the highest run of the lead's
    longest tractor length usable in a full match, else the highest pair, else the
    highest single."""
    classes = classes_of(pair_faces(play), order)
    if form.tractors:
        longest, rest = form.tractors[0], form.tractors[1:]
        usable = []
        for top in runs(classes, longest):
            left = classes.copy()
            left.subtract(range(top - longest + 1, top + 1))
            if can_pack(left, rest):
                usable.append(top)
        return max(usable)
    if form.pairs:
        return max(classes)
    return max(order.strength(c) for c in play)


def trick_winner(plays: Sequence[Cards], order: Order) -> int:
    form = lead_form(plays[0], order)
    best = 0
    for i, play in enumerate(plays[1:], start=1):
        if not matches(play, form, order):
            continue
        mine, theirs = order.suit(play[0]), order.suit(plays[best][0])
        if form.is_throw and mine == form.suit:
            continue  # a same-suit follow cannot beat a throw
        if (mine == TRUMP and theirs != TRUMP) or (
            mine == theirs and top_structure(play, form, order) > top_structure(plays[best], form, order)
        ):
            best = i
    return best
