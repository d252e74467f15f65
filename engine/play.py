"""Leading, throwing, following and winning a trick (RULES.md §4–6).

Verdicts are data: a reason code of ENGINE-API.md plus the cards involved, never
prose.  Following is judged by the structure *vector* of §5 — for each of the
lead's tractors (longest first) whether it can be matched together with the earlier
matched ones, then the number of pairs (capped at the lead's) — computed from the
pairs held with a small packing search, never by enumerating subsets of the hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import Iterable, Iterator, Sequence

from .cards import Card
from .combos import (
    QUAD,
    TRACTOR,
    Component,
    Run,
    best_run_top,
    can_pack,
    can_pack_runs,
    decompose,
    face_counts,
    pack_runs,
    set_count,
    packings,
    pair_count,
    pair_faces,
    pairs_by_position,
    runs_at,
    suit_of_cards,
    tractor_lengths,
)
from .errors import InvalidCardsError, InvalidTrickError
from .rules import TRUMP, Rules, TrumpContext

NOT_IN_HAND = "not_in_hand"
WRONG_COUNT = "wrong_count"
MIXED_SUITS = "mixed_suits"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_PLAY_PAIR = "must_play_pair"
MUST_PLAY_TRACTOR = "must_play_tractor"
THROW_BEATEN = "throw_beaten"
MUST_PLAY_TRIPLE = "must_play_triple"
MUST_PLAY_QUAD = "must_play_quad"
SET_CODES = {2: MUST_PLAY_PAIR, 3: MUST_PLAY_TRIPLE, 4: MUST_PLAY_QUAD}
"""The reason code of a follow short of the sets of a width the lead asks for."""

FOLLOW, RUFF, DISCARD = "follow", "ruff", "discard"


@dataclass(frozen=True)
class LeadShape:
    """What a lead asks of the followers: its suit, size and structure."""

    suit: str
    size: int
    components: tuple[Component, ...]
    tractors: tuple[int, ...]
    """Tractor lengths, longest first."""
    pairs: int
    """Pairs in the lead, pairs inside tractors included."""
    wide: bool = False
    """Three or four decks: sets wider than a pair exist, and ``runs``, ``entries``
    and ``sets`` state the structure (docs/VARIANTS.md)."""
    runs: tuple[Run, ...] = ()
    """The lead's tractors as (width, length), widest then longest first."""
    entries: tuple[tuple[int, int, int], ...] = ()
    """The tractor entries of the follow ladder as (width, length, index into
    ``runs``): each tractor, then each one narrowed a width at a time down to pairs
    (a 泰坦尼克 led asks for a tractor of pairs when none of triples is held)."""
    sets: tuple[tuple[int, int], ...] = ()
    """(width, count) from the lead's widest set down to pairs: the sets of that width
    in the lead, those inside tractors and wider sets included."""

    @property
    def is_throw(self) -> bool:
        return len(self.components) > 1

    @property
    def width(self) -> int:
        """The widest set in the lead (1: singles only)."""
        return max(c.width for c in self.components)


_SHAPE_MEMO_SIZE = 4096


def lead_shape(lead: Sequence[Card], ctx: TrumpContext) -> LeadShape:
    """The shape of a lead; ``InvalidTrickError`` if it is empty or not of one effective suit.

    Every follower of a trick asks for the same shape, so shapes are remembered per
    ``TrumpContext`` (a bounded memo keyed by the lead's cards).
    """
    key = tuple(sorted(card.index for card in lead))
    memo = ctx.memo
    shape = memo.get(key)
    if shape is not None:
        return shape
    if not lead:
        raise InvalidTrickError("the lead is empty")
    suit = suit_of_cards(lead, ctx)
    if suit is None:
        raise InvalidTrickError(f"the lead is not of one effective suit: {' '.join(map(str, lead))}")
    comps = tuple(decompose(lead, ctx))
    if ctx.rules.decks > 2:
        shape = _wide_shape(suit, len(lead), comps, ctx.rules.variant.quad_is_tractor)
    else:
        shape = LeadShape(suit, len(lead), comps, tuple(tractor_lengths(comps)), pair_count(comps))
    if len(memo) >= _SHAPE_MEMO_SIZE:
        memo.clear()
    memo[key] = shape
    return shape


def _wide_shape(suit: str, size: int, comps: tuple[Component, ...], quad_is_tractor: bool) -> LeadShape:
    """The shape of a lead with three or four decks (see ``LeadShape``).  With four
    decks a quad led also asks for a tractor of two pairs (seed 001's ladder 5)."""
    runs = tuple((c.width, c.length) for c in comps if c.kind == TRACTOR)
    entries = [(w, n, i) for i, (w, n) in enumerate(runs)]
    narrower = [(v, m, i) for i, (w, n) in enumerate(runs) for v, m in _narrower(w, n)]
    if quad_is_tractor:
        quads = sum(1 for c in comps if c.kind == QUAD)
        narrower += [(2, 2, len(runs) + j) for j in range(quads)]
    entries += sorted(narrower, key=lambda e: (-e[0] * e[1], -e[0], e[2]))
    widest = max(c.width for c in comps)
    sets = tuple((w, set_count(comps, w)) for w in range(widest, 1, -1))
    return LeadShape(suit, size, comps, tuple(n for _, n in runs), pair_count(comps),
                     True, runs, tuple(entries), sets)


def _narrower(width: int, length: int) -> list[Run]:
    """The tractors a follower must hold, in turn, when the led tractor (``width``,
    ``length``) is not held: every tractor of no wider sets and no more cards (a
    泰坦尼克 asks for a tractor of pairs; seed 001's four-deck ladders ask for the
    longest tractor of pairs held)."""
    return [(w, n) for w in range(width, 1, -1) for n in range(2, width * length // w + 1)
            if (w, n) != (width, length)]


def _wide_vector(counts: dict[Card, int], shape: LeadShape, ctx: TrumpContext,
                 budget: int | None = None) -> tuple[list[int], list[tuple[int, int, int]]]:
    """§5's structure vector with three or four decks, of cards with ``counts``: one
    entry per tractor entry of ``shape`` (1 when it can be placed together with the
    earlier ones placed; a narrower one counts when a placed one of the same lead
    tractor contains it), then per width the sets held, capped at the lead's.  With a
    ``budget`` the best vector of any ``budget`` of these cards, entry by entry (what a
    follow of that many cards can reach).  Also returns the entries placed."""
    quad = ctx.rules.variant.quad_is_tractor
    vec: list[int] = []
    scored: list[tuple[int, int, int]] = []
    for width, length, origin in shape.entries:
        if any(o == origin and w >= width and n >= length for w, n, o in scored):
            vec.append(1)
            continue
        placed = [(w, n) for w, n, _ in scored]
        for run in _stand_ins(width, length, origin < len(shape.runs) and quad):
            runs = placed + [run]
            if (budget is None or sum(w * n for w, n in runs) <= budget) and can_pack_runs(counts, runs, ctx, quad):
                scored.append((*run, origin))
                vec.append(1)
                break
        else:
            vec.append(0)
    if budget is None:
        vec += [min(cap, sum(n // width for n in counts.values())) for width, cap in shape.sets]
        return vec, scored
    best: tuple[int, ...] = ()
    seen: set[frozenset] = set()
    for used, _ in pack_runs(counts, [(w, n) for w, n, _ in scored], ctx, quad):
        key = frozenset(used.items())
        if key not in seen:
            seen.add(key)
            table = _completions(counts, used, shape.sets)
            best = max(best, max(state for state, cost in table.items() if cost <= budget))
    return vec + list(best), scored


def _stand_ins(width: int, length: int, wider: bool) -> list[Run]:
    """The tractors that meet a led tractor's entry: itself, and (four decks, ``wider``)
    a tractor of wider sets and the same number of cards (seed 001's ladder 3: JJJQQQ
    follows 667788 as well as a tractor of pairs does)."""
    size = width * length
    return [(width, length)] + [(w, size // w) for w in range(width + 1, 5)
                                if wider and size % w == 0 and size // w >= 2]


def _completions(held: dict[Card, int], base: dict[Card, int], targets: Sequence[tuple[int, int]]
                 ) -> dict[tuple[int, ...], int]:
    """For every reachable count of sets of each (width, cap) of ``targets`` (capped),
    the fewest cards holding it with at least ``base`` copies of each face and at
    most ``held``."""
    costs: dict[tuple[int, ...], int] = {tuple(0 for _ in targets): 0}
    for face, most in held.items():
        least = base.get(face, 0)
        step: dict[tuple[int, ...], int] = {}
        for state, cost in costs.items():
            for copies in range(least, most + 1):
                nxt = tuple(min(t, a + copies // w) for (w, t), a in zip(targets, state))
                if step.get(nxt, cost + copies + 1) > cost + copies:
                    step[nxt] = cost + copies
        costs = step
    return costs


def _completion(held: dict[Card, int], base: dict[Card, int], targets: Sequence[tuple[int, int]]) -> int:
    """The fewest cards, at least ``base`` copies of each face and at most ``held``,
    holding ``count`` sets of ``width`` for every (width, count) of ``targets``."""
    return _completions(held, base, targets).get(tuple(t for _, t in targets), 1 << 30)


def _cross_width(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> int:
    """Four decks (seed 001): the width of ``play`` when it is one tractor (or, against a
    tractor of two pairs, one quad) of the lead's card count made of wider sets than
    the lead's lone tractor: it beats every play of the lead's own shape.  0 otherwise."""
    if not ctx.rules.variant.quad_is_tractor or len(shape.components) != 1:
        return 0
    lead = shape.components[0]
    if lead.kind != TRACTOR:
        return 0
    comps = decompose(play, ctx)
    if len(comps) != 1 or comps[0].width <= lead.width:
        return 0
    mine = comps[0]
    if mine.kind == TRACTOR or (lead.width, lead.length, mine.width) == (2, 2, 4):
        return mine.width
    return 0


@dataclass(frozen=True)
class LeadResult:
    """``check_lead``'s verdict.  ``beaten`` lists the throw's components that another
    hand can beat; ``played`` is the lead itself or the forced component."""

    ok: bool
    played: list[Card]
    reason: str | None = None
    penalty: int = 0
    beaten: list[Component] = field(default_factory=list)


@dataclass(frozen=True)
class FollowVerdict:
    """``check_follow``'s verdict.  For an illegal play, ``cards`` are the cards in hand
    that satisfy the broken obligation (the led-suit cards, the pairs, a tractor)."""

    legal: bool
    reason: str | None = None
    cards: list[Card] = field(default_factory=list)


# ---------------------------------------------------------------- leading

def beatable(component: Component, suit: str, hand: Sequence[Card], ctx: TrumpContext) -> bool:
    """Does ``hand`` hold, in ``suit``, a combination of ``component``'s shape that is
    strictly higher (§4)?  A longer tractor contains one of the right length."""
    table, pos = ctx.suit_table, ctx.pos_table
    cards = [c for c in hand if table[c.index] == suit]
    if component.kind == "single":
        return any(pos[c.index] > component.top for c in cards)
    if ctx.rules.decks > 2:
        return _wide_beatable(component, cards, ctx)
    mult = {p: len(f) for p, f in pairs_by_position(pair_faces(cards), ctx).items()}
    if component.kind == "pair":
        return any(p > component.top for p in mult)
    return any(top > component.top for top in runs_at(mult, component.length))


def _wide_beatable(component: Component, cards: Sequence[Card], ctx: TrumpContext) -> bool:
    """``beatable`` for a set or tractor with three or four decks: a higher one of its
    width and length, or (four decks) a tractor of wider sets of its card count."""
    counts = face_counts(cards)
    width, length = component.width, component.length
    pos = ctx.pos_table
    if length == 1:
        if any(n >= width and pos[f.index] > component.top for f, n in counts.items()):
            return True
    else:
        for used, top in pack_runs(counts, [(width, length)], ctx):
            if top > component.top:
                return True
            break  # the first placement has the highest top
    if not ctx.rules.variant.quad_is_tractor or length == 1:
        return False
    if (width, length) == (2, 2) and any(n >= 4 for n in counts.values()):
        return True
    size = width * length
    return any(size % w == 0 and size // w >= 2 and can_pack_runs(counts, [(w, size // w)], ctx)
               for w in range(width + 1, 5))


def check_lead(lead: Sequence[Card], other_hands: Iterable[Sequence[Card]],
               ctx: TrumpContext) -> LeadResult:
    """Judge a lead against the three other hands (RULES.md §4).

    >>> from engine import parse_cards, TrumpContext
    >>> ctx = TrumpContext("10", "H")
    >>> r = check_lead(parse_cards("S9 S8 S8 S4 S4"), [parse_cards("SJ"), [], []], ctx)
    >>> r.ok, r.reason, [str(c) for c in r.played]
    (False, 'throw_beaten', ['S9'])
    """
    lead = list(lead)
    if not lead:
        raise InvalidTrickError("the lead is empty")
    suit = suit_of_cards(lead, ctx)
    if suit is None:
        return LeadResult(False, [], MIXED_SUITS)
    comps = decompose(lead, ctx)
    if len(comps) == 1:
        return LeadResult(True, lead)
    hands = [list(h) for h in other_hands]
    beaten = [c for c in comps if any(beatable(c, suit, h, ctx) for h in hands)]
    if not beaten:
        return LeadResult(True, lead)
    forced = min(beaten, key=lambda c: (c.top, len(c.cards)))
    penalty = throw_penalty(len(lead), len(forced.cards), ctx.rules)
    return LeadResult(False, list(forced.cards), THROW_BEATEN, penalty, beaten)


def throw_penalty(tried: int, played: int, rules: Rules) -> int:
    """Points a failed throw of ``tried`` cards, ``played`` of them played, moves to the
    other team under the rule option ``throw_penalty`` (RULES.md §4)."""
    rule = rules.throw_penalty
    return 0 if rule == "none" else 10 if rule == "flat" else 10 * (tried - played)


# ---------------------------------------------------------------- following

def _vector(faces: list[Card], shape: LeadShape, ctx: TrumpContext) -> tuple[list[int], list[int]]:
    """§5's structure vector of cards whose pairs are ``faces``: one entry per lead
    tractor, then the capped pair count.  Also returns the tractor lengths matched."""
    vec: list[int] = []
    scored: list[int] = []
    if shape.tractors:
        mult: dict[int, int] = {}
        for face in faces:
            p = ctx.pos_table[face.index]
            mult[p] = mult.get(p, 0) + 1
        for length in shape.tractors:
            if can_pack(mult, scored + [length]):
                scored.append(length)
                vec.append(1)
            else:
                vec.append(0)
    vec.append(min(len(faces), shape.pairs))
    return vec, scored


SHAPE, TRACTOR_RUNG, PAIRS, SUIT, ANY = "shape", "tractor", "pairs", "suit", "any"
"""The kinds of rung of the follow ladder, strongest first."""
SET_RUNGS = {3: "triples", 4: "quads"}
"""The rungs of sets wider than a pair (three or four decks), after the tractors."""


@dataclass(frozen=True)
class Rung:
    """One requirement of the follow ladder (see ``follow_requirements``).

    ``count``: for ``shape`` the cards of the lead; ``tractor`` its length in pairs;
    ``pairs`` the pairs a follow must hold (those inside tractors included); ``suit``
    the cards of the led suit to play; ``any`` the cards of any suit that fill the rest.
    ``required``: the hand can meet it, so every legal follow does.  ``cards``: the
    cards in hand that meet it (a tractor held, the pairs held, the led-suit cards, the
    other cards).  ``code``: the reason code of a play that falls short of it.
    """

    kind: str
    count: int
    required: bool
    cards: tuple[Card, ...] = ()
    code: str | None = None


class FollowRequirements:
    """What a follow of ``lead`` from ``hand`` must contain (RULES.md §5), as data.

    ``held``: the led-suit cards in hand; ``need``: how many of them to play (all of
    them when short); ``fill``: cards of any suit after them; ``structured``: the hand
    has more than enough led-suit cards and the lead has pairs, so the structure rule
    chooses among them; ``tractors``: the lead's tractor lengths a follow must hold
    runs for (longest first; the §5 vector's entries that the hand can meet);
    ``pairs``: the pairs a follow must hold, pairs inside tractors included.
    ``rungs`` is the same as an ordered ladder, strongest first: the lead's whole
    shape, each tractor, the pairs, the suit, anything.
    """

    def __init__(self, hand: Sequence[Card], shape: LeadShape, ctx: TrumpContext) -> None:
        self.ctx = ctx
        self.shape = shape
        self.hand = hand
        table = ctx.suit_table
        suit = shape.suit
        self.held = held = [c for c in hand if table[c.index] == suit]
        self.need = min(len(held), shape.size)
        self.fill = shape.size - self.need
        self.structured = len(held) > shape.size and shape.pairs > 0
        self.faces: list[Card] = []
        self.vector: list[int] = []
        self.tractors: tuple[int, ...] = ()
        self.pairs = 0
        self.scored: list[tuple[int, int, int]] = []
        if self.structured and shape.wide:
            self.faces = pair_faces(held)
            self.vector, self.scored = _wide_vector(self.held_counts, shape, ctx, self.need)
            self.tractors = tuple(n for _, n, _ in self.scored)
            self.pairs = self.vector[-1]
        elif self.structured:
            self.faces = pair_faces(held)
            self.vector, scored = _vector(self.faces, shape, ctx)
            self.tractors = tuple(scored)
            self.pairs = self.vector[-1]

    @property
    def suit(self) -> str:
        return self.shape.suit

    @property
    def size(self) -> int:
        return self.shape.size

    @cached_property
    def packings(self) -> list[frozenset[Card]]:
        """Every way to hold runs for ``tractors`` in the hand (as the pair faces used;
        runs of equal length placed in another order are the same way)."""
        if not self.structured:
            return []
        if self.shape.wide:
            runs = [(w, n) for w, n, _ in self.scored]
            found = (frozenset(f for f, k in used.items() for _ in range(k // 2))
                     for used, _ in pack_runs(self.held_counts, runs, self.ctx,
                                              self.ctx.rules.variant.quad_is_tractor))
            return list(dict.fromkeys(found))
        by_pos = pairs_by_position(self.faces, self.ctx)
        return list(dict.fromkeys(frozenset(p) for p in packings(by_pos, list(self.tractors))))

    def _wide_rungs(self) -> tuple[Rung, ...]:
        """``rungs`` with three or four decks: the shape, each tractor entry, the sets
        of each width, the suit, anything."""
        ctx, shape = self.ctx, self.shape
        held = tuple(ctx.sorted(self.held))
        entries = len(shape.entries)
        full = self.structured and all(self.vector[:entries]) and all(
            v == cap for v, (_, cap) in zip(self.vector[entries:], shape.sets))
        shape_met = len(self.held) >= shape.size and (full or (
            not self.structured and len(self.held) == shape.size and matches_lead(shape, self.held, ctx)))
        rungs = [Rung(SHAPE, shape.size, shape_met, held if shape_met else ())]
        vector = self.vector or [0] * (entries + len(shape.sets))
        quad = ctx.rules.variant.quad_is_tractor
        for (width, length, origin), met in zip(shape.entries, vector):
            cards: tuple[Card, ...] = ()
            if met:  # the run that met it: its own, a stand-in, or the one containing it
                options = _stand_ins(width, length, quad) + [(w, n) for w, n, o in self.scored if o == origin]
                used = next(used for run in options for used, _ in pack_runs(self.held_counts, [run], ctx, quad))
                cards = tuple(ctx.sorted(f for f, k in used.items() for _ in range(k)))
            rungs.append(Rung(TRACTOR_RUNG, length, bool(met), cards, MUST_PLAY_TRACTOR))
        for (width, _), count in zip(shape.sets, vector[entries:]):
            faces = [f for f, n in self.held_counts.items() if n >= width]
            rungs.append(Rung(PAIRS if width == 2 else SET_RUNGS[width], count, count > 0,
                              tuple(ctx.sorted(f for f in faces for _ in range(width))), SET_CODES[width]))
        rest = Counter(self.hand)
        rest.subtract(self.held)
        rungs.append(Rung(SUIT, self.need, self.need > 0, held, MUST_FOLLOW_SUIT))
        rungs.append(Rung(ANY, self.fill, self.fill > 0, tuple(ctx.sorted(rest.elements()))))
        return tuple(rungs)

    @cached_property
    def rungs(self) -> tuple[Rung, ...]:
        if self.shape.wide:
            return self._wide_rungs()
        ctx, shape = self.ctx, self.shape
        held = tuple(ctx.sorted(self.held))
        full = self.structured and all(self.vector[:-1]) and self.pairs == shape.pairs
        shape_met = len(self.held) >= shape.size and (shape.pairs == 0 or full or (
            not self.structured and len(self.held) == shape.size
            and matches_lead(shape, self.held, ctx)))
        rungs = [Rung(SHAPE, shape.size, shape_met, held if shape_met else ())]
        scored: list[int] = []
        for length, met in zip(shape.tractors, self.vector[:-1] or [0] * len(shape.tractors)):
            cards: tuple[Card, ...] = ()
            if met:
                scored.append(length)
                cards = tuple(_doubled(ctx.sorted(_run_of(self.faces, scored, ctx))))
            rungs.append(Rung(TRACTOR_RUNG, length, bool(met), cards, MUST_PLAY_TRACTOR))
        if shape.pairs:
            rungs.append(Rung(PAIRS, self.pairs, self.pairs > 0,
                              tuple(_doubled(ctx.sorted(self.faces))), MUST_PLAY_PAIR))
        rest = Counter(self.hand)
        rest.subtract(self.held)
        rungs.append(Rung(SUIT, self.need, self.need > 0, held, MUST_FOLLOW_SUIT))
        rungs.append(Rung(ANY, self.fill, self.fill > 0, tuple(ctx.sorted(rest.elements()))))
        return tuple(rungs)

    def broken(self, play: Sequence[Card]) -> FollowVerdict:
        """The verdict on ``play`` (cards from the hand, as many as were led): the first
        obligation it breaks in ENGINE-API.md's order, with the cards that meet it."""
        table = self.ctx.suit_table
        suit = self.shape.suit
        played = [c for c in play if table[c.index] == suit]
        if len(played) != self.need:
            return FollowVerdict(False, MUST_FOLLOW_SUIT, self.ctx.sorted(self.held))
        if not self.structured:
            return FollowVerdict(True)  # everything of the suit is forced, or singles only
        if self.shape.wide:
            got, _ = _wide_vector(face_counts(played), self.shape, self.ctx)
            for want, have, rung in zip(self.vector, got, self.rungs[1:]):
                if have < want:
                    return FollowVerdict(False, rung.code, list(rung.cards))
            return FollowVerdict(True)
        played_faces = pair_faces(played)
        got, _ = _vector(played_faces, self.shape, self.ctx)
        for i, (want, have) in enumerate(zip(self.vector, got)):
            if have < want:
                if i < len(self.shape.tractors):
                    lengths = list(self.tractors[: sum(self.vector[: i + 1])])
                    run = _missing_run(self.faces, played_faces, lengths, self.ctx)
                    return FollowVerdict(False, MUST_PLAY_TRACTOR, _doubled(self.ctx.sorted(run)))
                return FollowVerdict(False, MUST_PLAY_PAIR, _doubled(self.ctx.sorted(self.faces)))
        return FollowVerdict(True)

    # ---- completing a selection (``selectable``, ``why_not_selectable``)

    def in_suit(self, card: Card) -> bool:
        return self.ctx.suit_table[card.index] == self.shape.suit

    def fits(self, chosen: Counter, budget: int, with_pairs: bool = True) -> bool:
        """Is there a legal follow of at most ``budget`` led-suit cards containing
        ``chosen`` (led-suit cards)?  ``with_pairs=False`` checks the tractor
        obligations only.

        For each way to hold the runs: the cards chosen, plus what completes the runs,
        plus the cheapest pairs still missing (the second card of a half-chosen pair
        costs one, a fresh pair two).
        """
        size = sum(chosen.values())
        if not self.structured:
            return size <= budget
        if self.shape.wide:
            return self._wide_fits(chosen, budget, len(self.shape.sets) if with_pairs else 0)
        held = self.held_counts
        full = {f for f, n in chosen.items() if n >= 2}
        half = {f for f, n in chosen.items() if n == 1 and held[f] >= 2}
        want = self.pairs if with_pairs else 0
        for packing in self.packings:
            total = size + sum(2 - min(chosen[f], 2) for f in packing)
            if total > budget:
                continue
            short = want - len(packing) - len(full - packing)
            if short > 0:
                halves = len(half - packing)
                total += min(short, halves) + 2 * max(0, short - halves)
            if total <= budget:
                return True
        return False

    def _wide_fits(self, chosen: Counter, budget: int, widths: int, fixed: frozenset = frozenset()) -> bool:
        """``fits`` with three or four decks, holding the sets of the first ``widths``
        widths of the ladder: for each way to place the tractor entries met, the fewest
        cards completing it (``_completion``).  Faces in ``fixed`` may not be added to."""
        held = self.held_counts
        if fixed:
            held = Counter({f: min(n, chosen[f]) if f in fixed else n for f, n in held.items()})
            if sum(held.values()) < self.need:
                return False
        entries = len(self.shape.entries)
        targets = [(w, v) for (w, _), v in zip(self.shape.sets[:widths], self.vector[entries:])]
        runs = [(w, n) for w, n, _ in self.scored]
        seen: set[frozenset] = set()
        for used, _ in pack_runs(held, runs, self.ctx, self.ctx.rules.variant.quad_is_tractor):
            key = frozenset(used.items())
            if key in seen:
                continue
            seen.add(key)
            base = dict(chosen)
            for face, k in used.items():
                base[face] = max(base.get(face, 0), k)
            if _completion(held, base, targets) <= budget:
                return True
        return False

    @cached_property
    def held_counts(self) -> Counter:
        return Counter(self.held)

    def reachable(self, selection: Counter, fixed: frozenset = frozenset()) -> bool:
        """Can ``selection`` (cards from hand) be completed to a legal follow?  With
        three or four decks, ``fixed`` names faces whose copies are all decided (no
        more of them may be added)."""
        table, suit = self.ctx.suit_table, self.shape.suit
        size = others = 0
        for card, n in selection.items():
            if table[card.index] == suit:
                size += n
            else:
                others += n
        if size > self.need or others > self.fill:
            return False
        chosen: Counter = Counter()
        for card, n in selection.items():
            if table[card.index] == suit:
                chosen[card] = n
        if fixed and self.structured and self.shape.wide:
            return self._wide_fits(chosen, self.need, len(self.shape.sets), fixed)
        return self.fits(chosen, self.need)


def follow_requirements(hand: Sequence[Card], lead: Sequence[Card],
                        ctx: TrumpContext) -> FollowRequirements:
    """The follow ladder of RULES.md §5 for ``hand`` against ``lead``: every rule that
    judges, explains or hints a follow reads it (``check_follow``, ``selectable``,
    ``why_not_selectable``, the coach's hint line, the lessons' feedback).

    >>> from engine import parse_cards, TrumpContext
    >>> ctx = TrumpContext("10", "H")
    >>> req = follow_requirements(parse_cards("S3 S3 S4 S4 S9 SK D2"), parse_cards("S7 S7 S8 S8"), ctx)
    >>> req.need, req.tractors, req.pairs
    (4, (2,), 2)
    >>> [(r.kind, r.count, r.required) for r in req.rungs]
    [('shape', 4, True), ('tractor', 2, True), ('pairs', 2, True), ('suit', 4, True), ('any', 0, False)]
    """
    return FollowRequirements(hand if isinstance(hand, (list, tuple)) else list(hand),
                              lead_shape(lead, ctx), ctx)


def check_follow(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card],
                 ctx: TrumpContext) -> FollowVerdict:
    """Judge a follow (RULES.md §5); ``hand`` includes the played cards.

    The verdict is the first rung of ``follow_requirements`` the play falls short of.

    >>> from engine import parse_cards, TrumpContext
    >>> ctx = TrumpContext("10", "H")
    >>> hand = parse_cards("SQ SQ S3 S5 D2")
    >>> v = check_follow(hand, parse_cards("S8 S8"), parse_cards("S3 S5"), ctx)
    >>> v.legal, v.reason, [str(c) for c in v.cards]
    (False, 'must_play_pair', ['SQ', 'SQ'])
    """
    shape = lead_shape(lead, ctx)
    hand = hand if isinstance(hand, (list, tuple)) else list(hand)
    play = play if isinstance(play, (list, tuple)) else list(play)
    for face in set(play):
        if hand.count(face) < play.count(face):
            return FollowVerdict(False, NOT_IN_HAND, [face])
    if len(play) != shape.size:
        return FollowVerdict(False, WRONG_COUNT)
    return FollowRequirements(hand, shape, ctx).broken(play)


def _run_of(faces: list[Card], lengths: list[int], ctx: TrumpContext) -> list[Card]:
    """The faces of the last run of a packing of ``lengths`` in ``faces``."""
    runs = next(packings(pairs_by_position(faces, ctx), lengths))
    return runs[len(runs) - lengths[-1]:]


def _missing_run(hand_faces: list[Card], played_faces: list[Card], lengths: list[int],
                 ctx: TrumpContext) -> list[Card]:
    """A run of the hand that the play does not hold, to name when ``must_play_tractor``
    is broken: of the broken entry's length (``lengths[-1]``) where some packing of
    ``lengths`` leaves one out of the play, else any run of a packing the play lacks."""
    played = set(played_faces)
    fallback: list[Card] | None = None
    for runs in packings(pairs_by_position(hand_faces, ctx), lengths):
        last = runs[len(runs) - lengths[-1]:]  # packings list each run's faces in order
        if not played.issuperset(last):
            return last
        if fallback is None:
            start = 0
            for length in lengths:
                run = runs[start:start + length]
                start += length
                if not played.issuperset(run):
                    fallback = run
                    break
    assert fallback is not None, "a broken tractor entry leaves some run out of the play"
    return fallback


def _doubled(faces: Iterable[Card]) -> list[Card]:
    return [c for face in faces for c in (face, face)]


def why_not_selectable(hand: Sequence[Card], lead: Sequence[Card] | None,
                       selected: Sequence[Card], card: Card, ctx: TrumpContext) -> FollowVerdict:
    """Why ``card`` cannot be added to ``selected`` (the verdict is legal when it can).

    The reason is the obligation that adding it would make impossible, with the cards
    that satisfy it, as ``check_follow`` reports them: ``must_follow_suit`` (a card of
    another suit while enough of the led suit is held), ``must_play_tractor``,
    ``must_play_pair``; ``wrong_count`` when the selection is already complete;
    ``mixed_suits`` for a lead; ``not_in_hand`` when no copy is left.
    """
    if card in selectable(hand, lead, selected, ctx):
        return FollowVerdict(True)
    left = Counter(hand)
    left.subtract(Counter(selected))
    if left[card] <= 0:
        return FollowVerdict(False, NOT_IN_HAND, [card])
    if not lead:
        suit = suit_of_cards(list(selected), ctx)
        same = [c for c in hand if ctx.suit_table[c.index] == suit]
        return FollowVerdict(False, MIXED_SUITS, ctx.sorted(same))
    space = follow_requirements(hand, lead, ctx)
    if len(selected) >= space.size:
        return FollowVerdict(False, WRONG_COUNT, list(selected))
    if not space.in_suit(card):
        return FollowVerdict(False, MUST_FOLLOW_SUIT, ctx.sorted(space.held))
    chosen = Counter(c for c in selected if space.in_suit(c))
    chosen[card] += 1
    if not space.fits(chosen, space.need, with_pairs=False):
        runs = space.packings[0] if space.packings else []
        return FollowVerdict(False, MUST_PLAY_TRACTOR, _doubled(ctx.sorted(runs)))
    if space.shape.wide:
        entries = len(space.shape.entries)
        for i, rung in enumerate(space.rungs[1 + entries:-2], start=1):
            if not space._wide_fits(chosen, space.need, i):
                return FollowVerdict(False, rung.code, list(rung.cards))
    return FollowVerdict(False, MUST_PLAY_PAIR, _doubled(ctx.sorted(set(space.faces))))


def selectable(hand: Sequence[Card], lead: Sequence[Card] | None, selected: Sequence[Card],
               ctx: TrumpContext) -> set[Card]:
    """Faces that can be added to ``selected`` so that a legal play stays reachable.

    ``lead`` is ``None`` (or empty) when the seat leads: then any card of the
    selection's effective suit (every card while nothing is selected).  A face is
    offered only while the hand has a copy left that is not selected.
    """
    left = Counter(hand)
    left.subtract(Counter(selected))
    if any(n < 0 for n in left.values()):
        raise InvalidCardsError("the selection holds cards that are not in the hand")
    faces = [face for face, n in left.items() if n > 0]
    if not lead:
        suit = suit_of_cards(list(selected), ctx) if selected else None
        if selected and suit is None:
            return set()
        return {f for f in faces if suit is None or ctx.suit_table[f.index] == suit}
    space = follow_requirements(hand, lead, ctx)
    if len(selected) >= space.size:
        return set()
    base = Counter(selected)
    out: set[Card] = set()
    for face in faces:
        base[face] += 1
        if space.reachable(base):
            out.add(face)
        base[face] -= 1
    return out


def legal_follow(hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext) -> list[Card]:
    """One legal follow, cheap to compute: the obligations met with the lowest cards
    (points kept back where possible)."""
    space = follow_requirements(hand, lead, ctx)
    pos = ctx.pos_table
    if space.shape.wide and space.structured:
        return list(next(iter_legal_follows(hand, lead, ctx)))

    def cheap(c: Card) -> tuple[int, int, int]:
        return (c.points, pos[c.index], c.index)

    if not space.structured:
        chosen = sorted(space.held, key=cheap)[: space.need]
    else:
        packing = min(space.packings, key=lambda p: sorted(pos[f.index] for f in p))
        chosen_c = Counter({face: 2 for face in packing})
        spare = sorted((f for f in set(space.faces) if f not in chosen_c), key=cheap)
        for face in spare[: max(0, space.pairs - len(packing))]:
            chosen_c[face] = 2
        rest = Counter(space.held)
        rest.subtract(chosen_c)
        fill = sorted(rest.elements(), key=lambda c: (rest[c] >= 2, *cheap(c)))
        chosen = list(chosen_c.elements()) + fill[: space.need - sum(chosen_c.values())]
    rest = Counter(hand)
    rest.subtract(Counter(chosen))
    others = sorted((c for c in rest.elements() if not space.in_suit(c)),
                    key=lambda c: (ctx.is_trump(c), *cheap(c)))
    return chosen + others[: space.size - len(chosen)]


def iter_legal_follows(hand: Sequence[Card], lead: Sequence[Card],
                       ctx: TrumpContext) -> Iterator[tuple[Card, ...]]:
    """Every legal follow of ``hand`` to ``lead``, each multiset once (cards in hand
    order), found through ``follow_requirements``; cheap plays tend to come first."""
    req = follow_requirements(hand, lead, ctx)
    pos = ctx.pos_table
    faces = sorted(Counter(hand).items(),
                   key=lambda fc: (not req.in_suit(fc[0]), fc[0].points, pos[fc[0].index]))
    room = [0] * (len(faces) + 1)
    # the led suit's cards at faces[i:]: a walk that can no longer play the led-suit
    # cards it must (``req.need``) stops there
    suit_room = [0] * (len(faces) + 1)
    for i in range(len(faces) - 1, -1, -1):
        room[i] = room[i + 1] + faces[i][1]
        suit_room[i] = suit_room[i + 1] + (faces[i][1] if req.in_suit(faces[i][0]) else 0)
    chosen: Counter = Counter()

    # with more decks a skipped face can strand the walk: fix each face once decided
    wide = req.shape.wide and req.structured

    def walk(i: int, left: int, in_suit: int) -> Iterator[tuple[Card, ...]]:
        if left == 0:
            yield tuple(ctx.sorted(chosen.elements()))
            return
        if room[i] < left or in_suit + suit_room[i] < req.need:
            return
        face, copies = faces[i]
        fixed = frozenset(f for f, _ in faces[: i + 1]) if wide else frozenset()
        suited = req.in_suit(face)
        for k in range(min(copies, left), -1, -1):
            if k:
                chosen[face] = k
            else:
                chosen.pop(face, None)
            if (k == 0 and not wide) or req.reachable(chosen, fixed):
                yield from walk(i + 1, left - k, in_suit + k * suited)
        chosen.pop(face, None)

    yield from walk(0, req.size, 0)


def legal_follows(hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext,
                  limit: int) -> list[tuple[Card, ...]] | None:
    """The legal follows of ``hand`` to ``lead`` (``iter_legal_follows``), or ``None``
    when there are more than ``limit``: a play is forced when ``limit=1`` finds one."""
    found = list(islice(iter_legal_follows(hand, lead, ctx), limit + 1))
    return None if len(found) > limit else found


def legal_lead_count(hand: Sequence[Card], ctx: TrumpContext) -> int:
    """How many different leads ``hand`` has: every non-empty set of cards of one
    effective suit (a throw that can be beaten is still a lead: it fails in the open)."""
    by_suit: dict[str, Counter] = {}
    for card in hand:
        by_suit.setdefault(ctx.suit_of(card), Counter())[card] += 1
    total = 0
    for counts in by_suit.values():
        ways = 1
        for n in counts.values():
            ways *= n + 1
        total += ways - 1
    return total


def can_match(cards: Sequence[Card], shape: LeadShape, ctx: TrumpContext) -> bool:
    """Do ``cards`` (all of one effective suit) hold a play that matches ``shape``'s
    whole structure (RULES.md §6): enough cards, runs for every tractor, enough pairs?"""
    if len(cards) < shape.size:
        return False
    if shape.pairs == 0:
        return True
    if shape.wide:
        return next(wide_cores(face_counts(cards), shape, ctx), None) is not None
    faces = pair_faces(cards)
    vec, _ = _vector(faces, shape, ctx)
    return all(vec[:-1]) and vec[-1] >= shape.pairs


# ---------------------------------------------------------------- winning

def matches_lead(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> bool:
    """Does ``play`` match the lead's whole structure (§6): same size, all of the led
    suit or all trumps, runs for every lead tractor and at least as many pairs?"""
    if len(play) != shape.size:
        return False
    suit = suit_of_cards(play, ctx)
    if suit is None or (suit != shape.suit and suit != TRUMP):
        return False
    if shape.pairs == 0:
        return True
    if shape.wide:
        return _holds_structure(shape, face_counts(play), ctx) or _cross_width(shape, play, ctx) > 0
    faces = pair_faces(play)
    if len(faces) < shape.pairs:
        return False
    if not shape.tractors:
        return True
    mult: dict[int, int] = {}
    for face in faces:
        p = ctx.pos_table[face.index]
        mult[p] = mult.get(p, 0) + 1
    return can_pack(mult, list(shape.tractors))


def _holds_structure(shape: LeadShape, counts: dict[Card, int], ctx: TrumpContext) -> bool:
    """Three or four decks: do cards with ``counts`` copies of each face hold the
    lead's sets (each width up to the lead's count) and its tractors (§6)?"""
    return all(sum(n // w for n in counts.values()) >= cap for w, cap in shape.sets) and can_pack_runs(
        counts, shape.runs, ctx, ctx.rules.variant.quad_is_tractor)


WIDE_CORE_NODES = 20000
"""Holdings ``wide_cores`` examines before it stops (yielding ``None``)."""


def wide_cores(counts: dict[Card, int], shape: LeadShape, ctx: TrumpContext,
               above: tuple[int, ...] | None = None) -> Iterator[dict[Card, int] | None]:
    """The least holdings (face → copies, at most the lead's size in all) among cards
    with ``counts`` copies of each face (one effective suit) that hold a play matching
    the wide ``shape`` (§6 with sets) of strength (``_strength``) above ``above``
    (``None``: any).  Every matching play of those cards contains one of them, and any
    one of them with cards of the suit to fill the size is such a play.  Yields
    ``None`` and stops once ``WIDE_CORE_NODES`` holdings were examined (the question
    is then too large to settle)."""
    faces = sorted((f for f, n in counts.items() if n >= 2),
                   key=lambda f: (-ctx.pos_table[f.index], f.index))
    size = shape.size
    nodes = 0

    def strength(held: dict[Card, int]) -> tuple[int, ...] | None:
        """The strength of a play holding ``held`` (and singles), or ``None``."""
        total = sum(held.values())
        if total == size:
            cards = [f for f, n in held.items() for _ in range(n)]
            wider = _cross_width(shape, cards, ctx)
            if wider:
                return (wider, decompose(cards, ctx)[0].top)
        if not held or not _holds_structure(shape, held, ctx):
            return None
        cards = [f for f, n in held.items() for _ in range(n)]
        return (shape.width, _wide_top(shape, cards, ctx))

    def good(held: dict[Card, int]) -> bool:
        key = strength(held)
        return key is not None and (above is None or key > above)

    def least(held: dict[Card, int]) -> bool:
        for face, n in held.items():
            for fewer in {0, n - 1} - {1}:
                if fewer < n:
                    smaller = {f: m for f, m in held.items() if f != face}
                    if fewer:
                        smaller[face] = fewer
                    if good(smaller):
                        return False
        return True

    def walk(i: int, held: dict[Card, int], total: int) -> Iterator[dict[Card, int] | None]:
        nonlocal nodes
        nodes += 1
        if nodes > WIDE_CORE_NODES:
            yield None
            return
        if good(held):
            if least(held):
                yield dict(held)
            return
        if i == len(faces) or size - total < 2:
            return
        face = faces[i]
        for n in range(min(4, counts[face], size - total), 1, -1):
            held[face] = n
            yield from walk(i + 1, held, total + n)
        held.pop(face, None)
        yield from walk(i + 1, held, total)

    for found in walk(0, {}, 0):
        yield found
        if found is None:
            return


def _top_structure(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> int:
    """The rank a matching play competes with (§6): its run of the lead's longest
    tractor length (best usable in a full match), else its highest pair, else its
    highest card."""
    pos = ctx.pos_table
    if shape.wide:
        return _wide_top(shape, play, ctx)
    if shape.tractors:
        mult: dict[int, int] = {}
        for face in pair_faces(play):
            p = pos[face.index]
            mult[p] = mult.get(p, 0) + 1
        return best_run_top(mult, list(shape.tractors))
    if shape.pairs:
        return max(pos[f.index] for f in pair_faces(play))
    return max(pos[c.index] for c in play)


def _wide_top(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> int:
    """``_top_structure`` with three or four decks: the top of the highest placement of
    the lead's first tractor in a full match, else of the play's highest set of the
    lead's widest width, else its highest card; a wider play (``_cross_width``) by its
    own top."""
    pos = ctx.pos_table
    counts = face_counts(play)
    if shape.runs:
        quad = ctx.rules.variant.quad_is_tractor
        for _, top in pack_runs(counts, shape.runs, ctx, quad):
            return top
        return decompose(play, ctx)[0].top
    width = shape.width
    tops = [pos[f.index] for f, n in counts.items() if n >= width]
    return max(tops) if tops else max(pos[c.index] for c in play)


def trick_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """Index of the winning play; ``plays[0]`` is the lead as actually played.

    >>> from engine import parse_cards, TrumpContext
    >>> ctx = TrumpContext("6", "H")
    >>> trick_winner([parse_cards(t) for t in ("S8 S8", "H2 H2", "BJ HA")], ctx)
    1
    """
    shape = lead_shape(plays[0], ctx)
    best, best_key = 0, (0, *_strength(shape, plays[0], ctx))
    for i, play in enumerate(plays[1:], start=1):
        if not matches_lead(shape, play, ctx):
            continue
        ruff = shape.suit != TRUMP and ctx.suit_table[play[0].index] == TRUMP
        if shape.is_throw and not ruff:
            continue  # a same-suit follow cannot beat a throw that stood
        key = (int(ruff), *_strength(shape, play, ctx))
        if key > best_key:
            best, best_key = i, key
    return best


def _strength(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> tuple[int, ...]:
    """What a play matching ``shape`` competes with, after being a ruff: its top
    structure; with three or four decks first its width (four decks: a play of wider
    sets, ``_cross_width``, beats every play of the lead's shape, by its own top)."""
    if not shape.wide:
        return (_top_structure(shape, play, ctx),)
    wider = _cross_width(shape, play, ctx)
    if wider:
        return (wider, decompose(play, ctx)[0].top)
    return (shape.width, _top_structure(shape, play, ctx))


def classify_follow(lead: Sequence[Card], play: Sequence[Card], ctx: TrumpContext) -> str:
    """``"follow"`` (all of the led suit), ``"ruff"`` (all trumps matching a side-suit
    lead's structure) or ``"discard"`` (anything else: it cannot win)."""
    shape = lead_shape(lead, ctx)
    suit = suit_of_cards(play, ctx)
    if suit == shape.suit:
        return FOLLOW
    if suit == TRUMP and matches_lead(shape, play, ctx):
        return RUFF
    return DISCARD
