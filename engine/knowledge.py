"""Exact questions about every deal consistent with what one seat has seen.

The seat's knowledge is ``CardMemory``'s (``engine.ai.memory``): the cards it has not
seen, how many cards each other seat holds, the suits a seat has shown it is out of,
the suits in which it has shown it holds no pair (or, with more decks, no triple), the cards a failed throw showed, the
cards a throw that stood showed nobody else holds (or holds twice), and the level cards
the dealer showed declaring (in its hand or, buried, in the kitty).
A *consistent deal* places every unseen card in another seat's hand or in the kitty
(when this seat did not bury it) respecting all of that.

``Knowledge.feasible`` answers "is there a consistent deal in which …" exactly, with
no sampling: placing the unseen cards is a transportation problem (cards → hands), and
it has a solution exactly when, for every set of hands, the cards that may go into
those hands are at least as many as the hands need (the max-flow/min-cut condition;
cards of one kind are grouped, so the check is a few hundred sums).

On top of it, ``can_beat`` asks whether a seat may hold something that beats the
winning play of a trick, and ``throw_can_fail`` whether a throw may be beaten; both
answer ``True``, ``False``, or ``None`` when the question has too many cases to settle
(never a guess).  "Sure" claims are made only on ``False``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from functools import cached_property
from itertools import combinations, product
from typing import Iterable, Iterator, Sequence

from .ai.memory import CardMemory
from .ai.sampler import Sampler
from .cards import Card
from .combos import Component, decompose
from .play import LeadShape, _holds_structure, _strength, _top_structure, check_lead, lead_shape, trick_winner, wide_cores
from .rules import TRUMP, TrumpContext
from .view import PlayerView

MAX_CASES = 80
"""Hypotheses tried per question before the answer is "unknown" (``None``)."""

Hold = tuple[tuple[int, tuple[Card, ...]], ...]
"""Cards a seat is assumed to hold, as ``((seat, cards), ...)``."""


class _Part:
    """Part of a hand to fill: cards of ``suits`` (and of ``faces`` when given)."""

    __slots__ = ("seat", "suits", "faces", "demand")

    def __init__(self, seat: int | None, suits: frozenset[str], faces: frozenset[Card] | None,
                 demand: int) -> None:
        self.seat, self.suits, self.faces, self.demand = seat, suits, faces, demand


class Knowledge:
    """What ``view``'s seat knows about the unseen cards (see the module docstring)."""

    def __init__(self, view: PlayerView) -> None:
        assert view.ctx is not None, "knowledge needs the trump context"
        self.view = view
        self.ctx: TrumpContext = view.ctx
        self.seat = view.seat
        self.memory = mem = CardMemory.from_view(view)
        self.others = [s for s in range(4) if s != view.seat]
        hidden = sum(mem.unseen.values())
        self.kitty = hidden - sum(mem.cards_left[s] for s in self.others)
        """Unseen cards that lie in the kitty (0 for the dealer who buried it)."""
        self._cache: dict[tuple, bool] = {}

    # ------------------------------------------------------------ consistent deals

    def feasible(self, hold: Hold = (), void: tuple[tuple[int, str], ...] = (),
                 at_least: tuple[int, frozenset[Card], int] | None = None) -> bool:
        """Is there a consistent deal in which each ``(seat, cards)`` of ``hold`` holds
        those cards, each ``(seat, suit)`` of ``void`` holds none of that suit, and (with
        ``at_least = (seat, faces, n)``) the seat holds at least ``n`` cards of ``faces``?
        """
        key = (hold, void, at_least)
        if key not in self._cache:
            self._cache[key] = self._feasible(hold, void, at_least)
        return self._cache[key]

    def _feasible(self, hold: Hold, void: tuple[tuple[int, str], ...],
                  at_least: tuple[int, frozenset[Card], int] | None) -> bool:
        mem, ctx = self.memory, self.ctx
        fixed = {s: Counter(mem.known[s]) for s in self.others}
        for seat, cards in hold:
            fixed[seat] |= Counter(cards)
        voids = {s: set(mem.void[s]) for s in self.others}
        for seat, suit in void:
            voids[seat].add(suit)
        pool = Counter(mem.unseen)
        # copies the dealer showed declaring: in its hand or the kitty, never elsewhere
        reserved = mem.shown_by_dealer & pool if mem.kitty_hidden else Counter()
        for seat in self.others:
            cards = fixed[seat]
            if sum(cards.values()) > mem.cards_left[seat]:
                return False
            for card, n in cards.items():
                suit = ctx.suit_of(card)
                if suit in voids[seat] or card in mem.lacks[seat] or (
                        n > 1 and (suit in mem.no_pair[seat] or card in mem.single_of[seat])) or (
                        n > 2 and suit in mem.no_triple[seat]):
                    return False
            pool.subtract(cards)
            if seat == mem.dealer:
                reserved.subtract(cards)
        if any(n < 0 for n in pool.values()):
            return False
        reserved = +reserved
        if reserved - pool:
            return False  # the other seats hold copies only the dealer or the kitty may
        pool = +(pool - reserved)
        suits = frozenset(("S", "H", "D", "C", TRUMP))
        base: list[_Part] = []
        split: tuple[int, frozenset[Card], int, int] | None = None
        for seat in self.others:
            room = mem.cards_left[seat] - sum(fixed[seat].values())
            allowed = suits - voids[seat]
            if at_least is not None and at_least[0] == seat:
                have = sum(n for c, n in fixed[seat].items() if c in at_least[1])
                split = (seat, at_least[1], max(0, at_least[2] - have), room)
                continue
            base.append(_Part(seat, allowed, None, room))
        if self.kitty:
            base.append(_Part(None, suits, None, self.kitty))
        if split is None:
            return self._hall(pool, base, fixed, reserved)
        seat, faces, need, room = split
        allowed = suits - voids[seat]
        inside = frozenset(f for f in faces if ctx.suit_of(f) in allowed)
        for m in range(need, room + 1):
            parts = base + [_Part(seat, allowed, inside, m),
                            _Part(seat, allowed, frozenset(f for f in pool | reserved if f not in inside),
                                  room - m)]
            if self._hall(pool, parts, fixed, reserved):
                return True
        return False

    def _hall(self, pool: Counter, parts: list[_Part], fixed: dict[int, Counter],
              reserved: Counter) -> bool:
        """Can ``pool`` and the ``reserved`` copies (the dealer's or the kitty's only) be
        placed exactly into ``parts``?  For every set of parts, the cards that may go
        into them must cover their demand (max-flow/min-cut)."""
        if sum(pool.values()) + sum(reserved.values()) != sum(p.demand for p in parts):
            return False
        mem, ctx = self.memory, self.ctx
        groups: Counter = Counter()
        for stock, dealer_only in ((pool, False), (reserved, True)):
            for face, copies in stock.items():
                suit = ctx.suit_of(face)
                caps = []
                for part in parts:
                    seat = part.seat
                    if suit not in part.suits or (part.faces is not None and face not in part.faces) or (
                            seat is not None and (face in mem.lacks[seat] or
                                                  (dealer_only and seat != mem.dealer))):
                        caps.append(0)
                    elif seat is not None and (suit in mem.no_pair[seat] or face in mem.single_of[seat]):
                        caps.append(0 if fixed[seat][face] else 1)
                    elif seat is not None and suit in mem.no_triple[seat]:
                        caps.append(min(copies, max(0, 2 - fixed[seat][face])))
                    else:
                        caps.append(copies)
                groups[(copies, tuple(caps))] += 1
        items = list(groups.items())
        n = len(parts)
        for mask in range(1, 1 << n):
            demand = sum(parts[i].demand for i in range(n) if mask >> i & 1)
            if demand == 0:
                continue
            supply = 0
            for (copies, caps), count in items:
                reach = sum(caps[i] for i in range(n) if mask >> i & 1)
                supply += count * min(copies, reach)
                if supply >= demand:
                    break
            if supply < demand:
                return False
        return True

    def _answers(self, cases: Iterator[tuple | None]) -> Iterator[bool | None]:
        """``feasible`` for each case, and ``None`` (unknown) once there are more
        than ``MAX_CASES`` of them (or a case is ``None``: too many to list)."""
        for n, case in enumerate(cases):
            if n == MAX_CASES or case is None:
                yield None
                return
            yield self.feasible(*case)

    # ------------------------------------------------------------ beating a play

    @cached_property
    def _unseen_by_suit(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for face in self.memory.unseen:
            out.setdefault(self.ctx.suit_of(face), []).append(face)
        for faces in out.values():
            faces.sort(key=lambda f: (self.ctx.position(f), f.index))
        return out

    def can_beat(self, plays: Sequence[Sequence[Card]], seat: int) -> bool | None:
        """Can ``seat`` (still to play) hold, in some consistent deal, cards it may
        legally play that beat the winning play of the trick ``plays`` (lead first)?"""
        if self.memory.cards_left[seat] == 0:
            return False
        return _any(self._answers(self._beat_cases(plays, seat)))

    def beaten_by_any(self, plays: Sequence[Sequence[Card]], seats: Iterable[int]) -> bool | None:
        """``can_beat`` for several seats: ``True`` if one of them can."""
        return _any(self.can_beat(plays, seat) for seat in seats)

    def _beat_cases(self, plays: Sequence[Sequence[Card]], seat: int) -> Iterator[tuple]:
        ctx = self.ctx
        shape = lead_shape(plays[0], ctx)
        best = list(plays[trick_winner([list(p) for p in plays], ctx)])
        ruffed = shape.suit != TRUMP and ctx.suit_of(best[0]) == TRUMP
        floor = _top_structure(shape, best, ctx)
        if not shape.is_throw and not ruffed:
            yield from self._shaped(seat, shape.suit, shape, floor, (), best)
        if shape.suit != TRUMP:
            yield from self._shaped(seat, TRUMP, shape, floor if ruffed else -1,
                                    ((seat, shape.suit),), best if ruffed else None)

    def _shaped(self, seat: int, suit: str, shape: LeadShape, floor: int,
                void: tuple[tuple[int, str], ...],
                best: Sequence[Card] | None = None) -> Iterator[tuple | None]:
        """Hypotheses under which ``seat`` holds a play of ``suit`` matching ``shape``
        whose top structure (§6) is above ``floor``: with sets of three or four
        cards, whose strength is above ``best``'s (``None``: any); ``None`` when they
        are too many to list."""
        ctx = self.ctx
        faces = self._unseen_by_suit.get(suit, [])
        whole = frozenset(faces)
        if shape.wide and shape.pairs:
            counts = {f: self.memory.unseen[f] for f in faces}
            above = _strength(shape, best, ctx) if best is not None else None
            for core in wide_cores(counts, shape, ctx, above):
                if core is None or (not void and not _holds_structure(shape, core, ctx)):
                    # too many to list, or a wider tractor in the led suit (four decks),
                    # which the seat may not be allowed to play (the ladder may ask for
                    # the lead's own pairs first)
                    yield None
                    return
                cards = tuple(f for f, n in core.items() for _ in range(n))
                need = (seat, whole, shape.size) if shape.size > len(cards) else None
                yield (((seat, cards),), void, need)
            return
        if shape.pairs == 0:
            higher = frozenset(f for f in faces if ctx.position(f) > floor)
            if not higher:
                return
            if shape.size == 1:
                yield ((), void, (seat, higher, 1))
                return
            for face in higher:
                yield (((seat, (face,)),), void, (seat, whole, shape.size))
            return
        doubles = [f for f in faces if self.memory.unseen[f] >= 2]
        if shape.tractors:
            tops = [run for run in _runs(doubles, shape.tractors[0], ctx)
                    if ctx.position(run[-1]) > floor]
            rest_lengths = list(shape.tractors[1:])
            loose = shape.pairs - sum(shape.tractors)
        else:
            tops = [[f] for f in doubles if ctx.position(f) > floor]
            rest_lengths = []
            loose = shape.pairs - 1
        for top in tops:
            for more in _more_runs([f for f in doubles if f not in top], rest_lengths, ctx):
                used = top + [f for run in more for f in run]
                spare = [f for f in doubles if f not in used]
                for extra in combinations(spare, loose):
                    cards = tuple(c for f in used + list(extra) for c in (f, f))
                    need = (seat, whole, shape.size) if shape.size > len(cards) else None
                    yield (((seat, cards),), void, need)

    # ------------------------------------------------------------ throws

    def throw_can_fail(self, lead: Sequence[Card], seats: Iterable[int] | None = None) -> bool | None:
        """Can another seat (one of ``seats``, default any) hold, in some consistent
        deal, a combination that beats a component of the throw ``lead`` (so that it
        fails, RULES.md §4)?  A single, pair or tractor never fails."""
        comps = decompose(list(lead), self.ctx)
        if len(comps) < 2:
            return False
        suit = self.ctx.suit_of(lead[0])
        seats = self.others if seats is None else seats
        return _any(answer for seat in seats if self.memory.cards_left[seat]
                    for answer in self._answers(self._component_cases(seat, suit, comps)))

    def throw_can_stand(self, lead: Sequence[Card]) -> bool | None:
        """Is there a consistent deal in which no other hand can beat any part of the
        throw ``lead`` (so that it stands)?  Standing means no other hand holds a card
        above the throw's lowest single nor a pair above its lowest pair (what a throw
        that stood shows, ``CardMemory``); ``False`` proves the throw fails in every
        consistent deal.  A tractor, a triple or a quad in the throw is not covered by
        that test, so a deal passing it is no proof of standing: ``None``."""
        comps = decompose(list(lead), self.ctx)
        if len(comps) < 2:
            return True
        stood = copy.deepcopy(self.memory)
        stood._throw_stood(self.seat, self.ctx.suit_of(lead[0]), comps)
        probe = Knowledge(self.view)
        probe.memory = stood
        if not probe.feasible():
            return False
        return None if any(comp.kind not in ("single", "pair") for comp in comps) else True

    def throw_fail_share(self, lead: Sequence[Card], samples: int, seed: int) -> float:
        """The share of ``samples`` consistent deals (drawn with ``seed``, the table's
        usual priors) in which another hand can beat a part of the throw ``lead``."""
        sampler = Sampler(self.memory, self.view.hand, kitty=self.view.kitty)
        rng = random.Random(seed)
        failed = drawn = 0
        for _ in range(samples):
            deal = sampler.draw(rng)
            if deal is None:
                continue
            hands, _kitty = deal
            others = [hands[s] for s in self.others]
            drawn += 1
            failed += not check_lead(list(lead), others, self.ctx).ok
        return failed / drawn if drawn else 0.0

    def _component_cases(self, seat: int, suit: str, comps: list[Component]) -> Iterator[tuple]:
        for comp in comps:
            shape = lead_shape(comp.cards, self.ctx)
            yield from self._shaped(seat, suit, shape, comp.top, (), comp.cards)

    def can_ruff(self, lead: Sequence[Card], seat: int) -> bool | None:
        """Can ``seat``, in some consistent deal, be out of the suit of the side-suit
        ``lead`` and hold trumps of its whole shape (a trump pair for a pair, a trump
        triple for a triple, a trump tractor for a tractor: the only ruffs that beat it,
        RULES.md §6, docs/VARIANTS.md)?"""
        shape = lead_shape(list(lead), self.ctx)
        if shape.suit == TRUMP or self.memory.cards_left[seat] < shape.size:
            return False
        return _any(self._answers(self._shaped(seat, TRUMP, shape, -1, ((seat, shape.suit),))))

    # ------------------------------------------------------------ simple questions

    def may_hold(self, seat: int, suit: str) -> bool:
        """Does ``seat`` hold a card of ``suit`` in some consistent deal?"""
        faces = frozenset(self._unseen_by_suit.get(suit, []))
        return bool(faces) and self.feasible((), (), (seat, faces, 1))

    def must_hold(self, seat: int, suit: str) -> bool:
        """Does ``seat`` hold a card of ``suit`` in every consistent deal?"""
        return not self.feasible((), ((seat, suit),))


def _any(answers: Iterable[bool | None]) -> bool | None:
    """``True`` if any answer is ``True``; ``None`` if none is but one is unknown."""
    unknown = False
    for answer in answers:
        if answer:
            return True
        unknown = unknown or answer is None
    return None if unknown else False


def _runs(faces: Sequence[Card], length: int, ctx: TrumpContext) -> list[list[Card]]:
    """Every run of ``length`` pair faces at consecutive positions, low to high."""
    by_pos: dict[int, list[Card]] = {}
    for face in faces:
        by_pos.setdefault(ctx.position(face), []).append(face)
    out: list[list[Card]] = []
    for top in by_pos:
        spots = [by_pos.get(top - i) for i in range(length - 1, -1, -1)]
        if all(spots):
            out += [list(run) for run in product(*spots)]  # type: ignore[arg-type]
    return out


def _more_runs(faces: list[Card], lengths: list[int], ctx: TrumpContext) -> Iterator[list[list[Card]]]:
    """Disjoint runs of ``lengths`` from ``faces`` (every way)."""
    if not lengths:
        yield []
        return
    for run in _runs(faces, lengths[0], ctx):
        rest = [f for f in faces if f not in run]
        for more in _more_runs(rest, lengths[1:], ctx):
            yield [run] + more
