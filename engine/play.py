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
from typing import Iterable, Sequence

from .cards import Card
from .combos import (
    Component,
    best_run_top,
    can_pack,
    decompose,
    packings,
    pair_count,
    pair_faces,
    pairs_by_position,
    runs_at,
    suit_of_cards,
    tractor_lengths,
)
from .errors import InvalidCardsError, InvalidTrickError
from .rules import TRUMP, TrumpContext

NOT_IN_HAND = "not_in_hand"
WRONG_COUNT = "wrong_count"
MIXED_SUITS = "mixed_suits"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_PLAY_PAIR = "must_play_pair"
MUST_PLAY_TRACTOR = "must_play_tractor"
THROW_BEATEN = "throw_beaten"

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

    @property
    def is_throw(self) -> bool:
        return len(self.components) > 1


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
    shape = LeadShape(suit, len(lead), comps, tuple(tractor_lengths(comps)), pair_count(comps))
    if len(memo) >= _SHAPE_MEMO_SIZE:
        memo.clear()
    memo[key] = shape
    return shape


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

def _beatable(component: Component, suit: str, hand: Sequence[Card], ctx: TrumpContext) -> bool:
    """Does ``hand`` hold, in ``suit``, a combination of ``component``'s shape that is
    strictly higher (§4)?  A longer tractor contains one of the right length."""
    table, pos = ctx.suit_table, ctx.pos_table
    cards = [c for c in hand if table[c.index] == suit]
    if component.kind == "single":
        return any(pos[c.index] > component.top for c in cards)
    mult = {p: len(f) for p, f in pairs_by_position(pair_faces(cards), ctx).items()}
    if component.kind == "pair":
        return any(p > component.top for p in mult)
    return any(top > component.top for top in runs_at(mult, component.length))


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
    beaten = [c for c in comps if any(_beatable(c, suit, h, ctx) for h in hands)]
    if not beaten:
        return LeadResult(True, lead)
    forced = min(beaten, key=lambda c: (c.top, len(c.cards)))
    rule = ctx.rules.throw_penalty
    penalty = 0 if rule == "none" else 10 if rule == "flat" else 10 * (len(lead) - len(forced.cards))
    return LeadResult(False, list(forced.cards), THROW_BEATEN, penalty, beaten)


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


def check_follow(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card],
                 ctx: TrumpContext) -> FollowVerdict:
    """Judge a follow (RULES.md §5); ``hand`` includes the played cards.

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
    table = ctx.suit_table
    suit = shape.suit
    held = [c for c in hand if table[c.index] == suit]
    played = [c for c in play if table[c.index] == suit]
    if len(played) != min(len(held), shape.size):
        return FollowVerdict(False, MUST_FOLLOW_SUIT, ctx.sorted(held))
    if len(held) <= shape.size or shape.pairs == 0:
        return FollowVerdict(True)  # everything of the suit is forced, or singles only
    hand_faces = pair_faces(held)
    best, best_scored = _vector(hand_faces, shape, ctx)
    played_faces = pair_faces(played)
    got, _ = _vector(played_faces, shape, ctx)
    for i, (want, have) in enumerate(zip(best, got)):
        if have < want:
            if i < len(shape.tractors):
                lengths = best_scored[: sum(best[: i + 1])]
                run = _missing_run(hand_faces, played_faces, lengths, ctx)
                return FollowVerdict(False, MUST_PLAY_TRACTOR, _doubled(ctx.sorted(run)))
            return FollowVerdict(False, MUST_PLAY_PAIR, _doubled(ctx.sorted(hand_faces)))
    return FollowVerdict(True)


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


class _FollowSpace:
    """The legal follows of one hand to one lead, for completing a partial selection.

    A follow is legal exactly when it holds ``need`` cards of the led suit (all of them
    when short), and — when the hand has more than enough — those cards contain runs
    for the matchable tractors ``lengths`` and at least ``pairs`` pairs.
    """

    def __init__(self, hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext):
        self.ctx = ctx
        self.shape = shape = lead_shape(lead, ctx)
        table = ctx.suit_table
        self.held = Counter(c for c in hand if table[c.index] == shape.suit)
        held_n = sum(self.held.values())
        self.need = min(held_n, shape.size)
        self.structured = held_n > shape.size and shape.pairs > 0
        self.faces: list[Card] = []
        self.packings: list[frozenset[Card]] = []
        if self.structured:
            self.faces = pair_faces(self.held.elements())
            vec, self.lengths = _vector(self.faces, shape, ctx)
            self.pairs = vec[-1]
            by_pos = pairs_by_position(self.faces, ctx)
            # runs of equal length placed in another order are the same packing
            self.packings = list(dict.fromkeys(frozenset(p) for p in packings(by_pos, self.lengths)))

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
        full = {f for f, n in chosen.items() if n >= 2}
        half = {f for f, n in chosen.items() if n == 1 and self.held[f] >= 2}
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

    def reachable(self, selection: Counter) -> bool:
        """Can ``selection`` (cards from hand) be completed to a legal follow?"""
        chosen = Counter({c: n for c, n in selection.items() if self.in_suit(c)})
        others = sum(selection.values()) - sum(chosen.values())
        if sum(chosen.values()) > self.need or others > self.shape.size - self.need:
            return False
        return self.fits(chosen, self.need)


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
    space = _FollowSpace(hand, lead, ctx)
    if len(selected) >= space.shape.size:
        return FollowVerdict(False, WRONG_COUNT, list(selected))
    if not space.in_suit(card):
        return FollowVerdict(False, MUST_FOLLOW_SUIT, ctx.sorted(space.held.elements()))
    chosen = Counter(c for c in selected if space.in_suit(c))
    chosen[card] += 1
    if not space.fits(chosen, space.need, with_pairs=False):
        runs = space.packings[0] if space.packings else []
        return FollowVerdict(False, MUST_PLAY_TRACTOR, _doubled(ctx.sorted(runs)))
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
    space = _FollowSpace(hand, lead, ctx)
    if len(selected) >= space.shape.size:
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
    space = _FollowSpace(hand, lead, ctx)
    pos = ctx.pos_table

    def cheap(c: Card) -> tuple[int, int, int]:
        return (c.points, pos[c.index], c.index)

    if not space.structured:
        held = sorted(space.held.elements(), key=cheap)
        chosen = held[: space.need]
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
    return chosen + others[: space.shape.size - len(chosen)]


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


def _top_structure(shape: LeadShape, play: Sequence[Card], ctx: TrumpContext) -> int:
    """The rank a matching play competes with (§6): its run of the lead's longest
    tractor length (best usable in a full match), else its highest pair, else its
    highest card."""
    pos = ctx.pos_table
    if shape.tractors:
        mult: dict[int, int] = {}
        for face in pair_faces(play):
            p = pos[face.index]
            mult[p] = mult.get(p, 0) + 1
        return best_run_top(mult, list(shape.tractors))
    if shape.pairs:
        return max(pos[f.index] for f in pair_faces(play))
    return max(pos[c.index] for c in play)


def trick_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """Index of the winning play; ``plays[0]`` is the lead as actually played.

    >>> from engine import parse_cards, TrumpContext
    >>> ctx = TrumpContext("6", "H")
    >>> trick_winner([parse_cards(t) for t in ("S8 S8", "H2 H2", "BJ HA")], ctx)
    1
    """
    shape = lead_shape(plays[0], ctx)
    best, best_key = 0, (0, _top_structure(shape, plays[0], ctx))
    for i, play in enumerate(plays[1:], start=1):
        if not matches_lead(shape, play, ctx):
            continue
        ruff = shape.suit != TRUMP and ctx.suit_table[play[0].index] == TRUMP
        if shape.is_throw and not ruff:
            continue  # a same-suit follow cannot beat a throw that stood
        key = (int(ruff), _top_structure(shape, play, ctx))
        if key > best_key:
            best, best_key = i, key
    return best


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
