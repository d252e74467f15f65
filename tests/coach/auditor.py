"""An auditor of everything the coach says, written without the coach's code.

It reads a claim's fields and decides for itself whether the claim is true, from the
learner's view only, with the slow literal model of RULES.md in ``tests/engine/oracle``
(and, for one, three and four decks, of docs/VARIANTS.md in ``tests/engine/oracle_decks``;
nothing of ``engine.play``, ``engine.knowledge`` or ``engine.claims``).  Facts about
hidden cards are settled by *witness deals*: the auditor infers what the view shows
(voids, suits without pairs, cards a failed throw showed), builds an explicit deal of
the unseen cards that respects it and puts a given holding in a given hand (a max-flow
of its own), and checks in that deal, with the oracle, that the holding can be played
and beats.  A "sure" claim is false when such a deal exists; a "possible" one is false
when none does.  Review notes are checked against the views recorded at the learner's
decisions and the outcome of the trick.

``Auditor.moment`` checks one moment of ``tutor.coach.transcript.moments``; the counts
(``decisions``, ``texts``, ``claims``, ``false``) and the failures are kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Callable, Iterable, Iterator, Sequence

from engine.view import PlayerView

from ..engine import oracle as two
from ..engine import oracle_decks as many
from ..engine.oracle import RANKS, SUITS, TRUMP, classes_of, runs, sub_multisets

POINTS = {"5": 5, "10": 10, "K": 10}
KITTY = {1: 6, 2: 8, 3: 6, 4: 0}
"""Cards in the kitty by the number of decks (the issue's table of games)."""
CANDIDATES = 400
"""Beating holdings tried per seat and question (strongest first)."""


# ====================================================================== the game's model


@dataclass(frozen=True)
class Order(two.Order):
    """The card order of the hand, and the number of decks: two decks are judged by the
    literal model of RULES.md (``oracle``), the other games by that of
    docs/VARIANTS.md (``oracle_decks``)."""

    decks: int = 2

    @property
    def wide(self) -> bool:
        return self.decks != 2

    @property
    def rules(self) -> many.Rules:
        return many.Rules(self.decks)


def lead_form(lead: Sequence[str], order: Order):
    return many.lead_form(lead, order, order.rules) if order.wide else two.lead_form(lead, order)


def is_throw(form) -> bool:
    return len(form.shapes) > 1 if isinstance(form, many.Form) else form.is_throw


def matches(play: Sequence[str], form, order: Order) -> bool:
    return many.matches(play, form, order, order.rules) if order.wide else two.matches(play, form, order)


def trick_winner(plays: Sequence[Sequence[str]], order: Order) -> int:
    return many.trick_winner(plays, order, order.rules) if order.wide else two.trick_winner(plays, order)


def decompose(cards: Sequence[str], order: Order) -> list:
    return many.decompose(cards, order) if order.wide else two.decompose(cards, order)


def shape_size(shape) -> int:
    """Cards in a component of either model."""
    if isinstance(shape, many.Shape):
        return max(1, shape.width * shape.length)
    return len(shape.strengths)


def follow_judge(hand: Sequence[str], lead: Sequence[str], order: Order):
    if order.wide:
        return many.FollowJudge(hand, lead, order, order.rules)
    return two.FollowJudge(hand, lead, order)


def lead_stands(lead: Sequence[str], others: Sequence[Sequence[str]], order: Order) -> bool:
    if order.wide:
        return many.check_lead(lead, others, order, order.rules)[0]
    return two.check_lead(lead, others, order).ok


def pair_count(cards: Iterable[object]) -> int:
    """Pairs in the cards: a set of k identical cards holds k // 2."""
    return sum(n // 2 for n in Counter(toks(cards)).values())


def alone(cards: Iterable[object]) -> set[str]:
    """Faces the cards hold once."""
    return {f for f, n in Counter(toks(cards)).items() if n == 1}


def deck_tokens(decks: int = 2) -> Counter:
    faces = [s + r for s in SUITS for r in RANKS] + ["LJ", "BJ"]
    return Counter({f: decks for f in faces})


def pts(cards: Iterable[object]) -> int:
    total = 0
    for card in cards:
        text = str(card)
        if text not in ("LJ", "BJ"):
            total += POINTS.get(text[1:], 0)
    return total


def toks(cards: Iterable[object]) -> list[str]:
    return [str(c) for c in cards]


def same(a: Iterable[object], b: Iterable[object]) -> bool:
    return Counter(toks(a)) == Counter(toks(b))


# ====================================================================== what the view shows


class Seen:
    """The learner's view read by the auditor: the order, the unseen cards, and what
    each other seat has shown (voids, no pairs, cards it must hold)."""

    def __init__(self, view: PlayerView) -> None:
        assert view.ctx is not None
        self.view = view
        rules = view.rules
        self.order = Order(view.ctx.level, view.ctx.trump, rules.constant_twos, rules.decks)
        self.me = view.seat
        self.hand = Counter(toks(view.hand))
        unseen = deck_tokens(rules.decks) - self.hand
        if view.kitty is not None:
            unseen -= Counter(toks(view.kitty))
        self.void: list[set[str]] = [set() for _ in range(4)]
        self.no_pair: list[set[str]] = [set() for _ in range(4)]
        self.no_triple: list[set[str]] = [set() for _ in range(4)]
        """Suits in which a seat holds no three identical cards (three or four decks)."""
        self.known: list[Counter] = [Counter() for _ in range(4)]
        self.lacks: list[set[str]] = [set() for _ in range(4)]
        """Cards a seat cannot hold: higher than a single of a throw that stood, or the
        other copy of a card it played alone following a lead with more pairs."""
        self.single_of: list[set[str]] = [set() for _ in range(4)]
        """Cards a seat holds at most once: higher than a pair of a throw that stood."""
        self.dealer = view.dealer
        self.reserved: Counter = Counter()
        """Cards the dealer showed (declaring, or the kitty's card turned over) when the
        kitty is hidden from this seat: in the dealer's hand or buried, nowhere else."""
        # cards shown declaring stay in their seat's hand until played, except the
        # dealer's when the kitty is hidden from this seat (they may have been buried)
        kitty_hidden = (KITTY[rules.decks] > 0 and view.kitty is None and view.dealer is not None
                        and view.phase != "burying")
        for declaration in view.declarations:
            if declaration.seat == view.dealer and kitty_hidden:
                self.reserved |= Counter(toks(declaration.cards))
            elif declaration.seat != self.me:
                self.known[declaration.seat] |= Counter(toks(declaration.cards))
        if kitty_hidden and view.flipped is not None:
            self.reserved |= Counter(toks([view.flipped]))
        tricks = [(r.plays, r.attempted) for r in view.tricks] + [(view.trick, view.attempted)]
        for plays, attempted in tricks:
            if not plays:
                continue
            lead = toks(plays[0].cards)
            if attempted:
                # taken back: held then (a card taken back twice is one card)
                self.known[plays[0].seat] |= Counter(toks(attempted)) - Counter(lead)
            suit = self.order.suit(lead[0])
            lead_pairs = pair_count(lead)
            shapes = decompose(lead, self.order)
            # four decks: a quad led asks for a triple before two pairs, and a tractor of
            # triples or quads meets a tractor of pairs: fewer pairs than led tell only
            # after a lead of pairs and singles
            telling = self.order.decks != 4 or all(sh.kind in ("single", "pair") for sh in shapes)
            # a lead with triples and no tractor nor quad: the triples come first on the
            # ladder, so a follow with fewer shows there are no more
            triples = sum(n // 3 for n in Counter(lead).values())
            if any(sh.kind in ("tractor", "quad") for sh in shapes):
                triples = 0
            if len(shapes) > 1 and not attempted:
                self._stood(plays[0].seat, suit, shapes)
            for play in plays:
                cards = toks(play.cards)
                unseen -= Counter(cards)
                self.known[play.seat] -= Counter(cards)
                if play.seat == view.dealer:
                    self.reserved -= Counter(cards)
                if play is plays[0]:
                    continue
                followed = [c for c in cards if self.order.suit(c) == suit]
                if len(followed) < len(lead):
                    self.void[play.seat].add(suit)
                    continue
                if triples and sum(n // 3 for n in Counter(followed).values()) < triples:
                    self.no_triple[play.seat].add(suit)
                    for card, n in Counter(followed).items():
                        if n < 3:  # the fourth copy of a triple played may be held
                            (self.lacks if n == 2 else self.single_of)[play.seat].add(card)
                if telling and pair_count(followed) < lead_pairs:
                    # no pair left to play: no other copy of a card it played alone
                    self.no_pair[play.seat].add(suit)
                    self.lacks[play.seat] |= alone(followed)
        self.unseen = +unseen
        self.reserved &= self.unseen
        self.left = list(view.cards_left)
        self.others = [s for s in range(4) if s != self.me]
        self.kitty_size = sum(self.unseen.values()) - sum(self.left[s] for s in self.others)
        self.plays = [toks(p.cards) for p in view.trick]

    def _stood(self, leader: int, suit: str, shapes: list) -> None:
        """A throw that stood: when it was led, no other hand held a card above its
        lowest single or a pair above its lowest pair (and hands only lose cards)."""
        faces = [f for f in deck_tokens(self.order.decks) if self.order.suit(f) == suit]
        singles = [shape.top for shape in shapes if shape.kind == "single"]
        pairs = [shape.top for shape in shapes if shape.kind == "pair"]
        for seat in range(4):
            if seat == leader:
                continue
            if singles:
                self.lacks[seat] |= {f for f in faces if self.order.strength(f) > min(singles)}
            if pairs:
                self.single_of[seat] |= {f for f in faces if self.order.strength(f) > min(pairs)}

    def suit_pool(self, suit: str) -> list[str]:
        return sorted((c for c in self.unseen.elements() if self.order.suit(c) == suit),
                      key=self.order.strength)

    # ---------------------------------------------------------------- witness deals

    def deal(self, hold: dict[int, Sequence[str]] | None = None,
             void: dict[int, str] | None = None) -> list[Counter] | None:
        """A deal of the unseen cards (the other hands, then the kitty as index 4)
        consistent with the view, where each seat of ``hold`` holds those cards and
        each seat of ``void`` none of that suit; ``None`` if there is none."""
        hold = hold or {}
        void = void or {}
        fixed = {s: Counter(self.known[s]) | Counter(hold.get(s, ())) for s in self.others}
        voids = {s: set(self.void[s]) | ({void[s]} if s in void else set()) for s in self.others}
        placed: Counter = Counter()
        for s in self.others:
            if sum(fixed[s].values()) > self.left[s]:
                return None
            for card, n in fixed[s].items():
                suit = self.order.suit(card)
                if suit in voids[s] or card in self.lacks[s] or (
                        n > 1 and (suit in self.no_pair[s] or card in self.single_of[s])) or (
                        n > 2 and suit in self.no_triple[s]):
                    return None
            placed += fixed[s]
        if placed - self.unseen:
            return None  # more copies placed than there are unseen
        pool = self.unseen - placed
        # the dealer's shown cards the dealer is not already given: the dealer's or the
        # kitty's, so the other seats may only take the remaining copies
        dealer_only = self.reserved - fixed.get(self.dealer, Counter())
        if dealer_only - pool:
            return None
        stock = (pool - dealer_only) + Counter({card + "*": n for card, n in dealer_only.items()})
        targets = self.others + [4]
        demand = {s: self.left[s] - sum(fixed[s].values()) for s in self.others}
        demand[4] = self.kitty_size
        if sum(stock.values()) != sum(demand.values()):
            return None

        def cap(key: str, target: int) -> int:
            card = key.rstrip("*")
            if target == 4:
                return stock[key]
            if key.endswith("*") and target != self.dealer:
                return 0
            suit = self.order.suit(card)
            if suit in voids[target] or card in self.lacks[target]:
                return 0
            if suit in self.no_pair[target] or card in self.single_of[target]:
                return 0 if fixed[target][card] else 1
            if suit in self.no_triple[target]:
                return min(stock[key], max(0, 2 - fixed[target][card]))
            return stock[key]

        flow = _transport(stock, targets, demand, cap)
        if flow is None:
            return None
        hands = [Counter() for _ in range(5)]
        for s in self.others:
            hands[s] = Counter(fixed[s])
        for (key, target), n in flow.items():
            hands[target][key.rstrip("*")] += n
        return hands


def _transport(pool: Counter, targets: list[int], demand: dict[int, int],
               cap: Callable[[str, int], int]) -> Counter | None:
    """Place every card of ``pool`` into ``targets`` meeting each ``demand`` exactly,
    at most ``cap(card, target)`` copies of a card per target: augmenting paths on a
    small flow network (source → cards → targets → sink)."""
    cards = sorted(pool)
    flow: Counter = Counter()
    load = {t: 0 for t in targets}
    for card in cards:
        for _copy in range(pool[card]):
            if not _augment(card, cards, targets, demand, cap, flow, load):
                return None
    return flow


def _augment(start: str, cards: list[str], targets: list[int], demand: dict[int, int],
             cap: Callable[[str, int], int], flow: Counter, load: dict[int, int]) -> bool:
    """Send one copy of ``start`` to a target, moving other copies along if needed
    (breadth-first search over card → target → card … paths)."""
    parent: dict[object, tuple[object, str]] = {}
    queue: list[object] = [("c", start)]
    seen = {("c", start)}
    while queue:
        node = queue.pop(0)
        kind, name = node  # type: ignore[misc]
        if kind == "c":
            for t in targets:
                if flow[(name, t)] < cap(name, t) and ("t", t) not in seen:
                    seen.add(("t", t))
                    parent[("t", t)] = (node, "fwd")
                    if load[t] < demand[t]:
                        _apply(("t", t), parent, flow, load)
                        return True
                    queue.append(("t", t))
        else:
            for card in cards:
                if flow[(card, name)] > 0 and ("c", card) not in seen:
                    seen.add(("c", card))
                    parent[("c", card)] = (node, "back")
                    queue.append(("c", card))
    return False


def _apply(end: object, parent: dict, flow: Counter, load: dict[int, int]) -> None:
    node = end
    load[end[1]] += 1  # type: ignore[index]
    while node in parent:
        prev, how = parent[node]
        if how == "fwd":
            flow[(prev[1], node[1])] += 1  # type: ignore[index]
        else:
            flow[(node[1], prev[1])] -= 1  # type: ignore[index]
        node = prev


# ====================================================================== beating plays


def _shapes_above(pool: list[str], form, order: Order, floor: int | None, size: int) -> Iterator[list[str]]:
    """Plays of ``size`` cards from ``pool`` (one effective suit) matching ``form``,
    whose top structure is above ``floor`` (``None``: any), strongest first (two decks)."""
    faces = sorted({c for c in pool if pool.count(c) >= 2}, key=order.strength, reverse=True)
    singles_pool = sorted(set(pool), key=order.strength, reverse=True)
    k = form.pairs
    for chosen in combinations(faces, k):
        if form.tractors and not two.can_pack(classes_of(chosen, order), form.tractors):
            continue
        rest = [f for f in singles_pool if f not in chosen]
        for singles in combinations(rest, size - 2 * k):
            play = [f for f in chosen for _ in (0, 1)] + list(singles)
            if len(play) != size or not matches(play, form, order):
                continue
            if floor is None or two.top_structure(play, form, order) > floor:
                yield play


def _sets_of(pool: list[str], order: Order, size: int) -> Iterator[Counter]:
    """Every choice of sets (2 to 4 identical cards of a face) from ``pool`` with at most
    ``size`` cards in all, the stronger faces first (the empty choice last)."""
    have = Counter(pool)
    faces = sorted((f for f, n in have.items() if n >= 2), key=order.strength, reverse=True)

    def rec(i: int, left: int, acc: Counter) -> Iterator[Counter]:
        if i == len(faces) or left < 2:
            yield Counter(acc)
            return
        face = faces[i]
        for n in range(min(have[face], left, 4), 1, -1):
            acc[face] = n
            yield from rec(i + 1, left - n, acc)
        del acc[face]
        yield from rec(i + 1, left, acc)

    yield from rec(0, size, Counter())


def _plays_beating(pool: list[str], plays: list[list[str]], order: Order, size: int) -> Iterator[list[str]]:
    """Plays of ``size`` cards from ``pool`` that would win the trick ``plays`` (one
    deck, three or four decks): each choice of sets, filled with single cards of other
    faces (the lowest first; with no sets, the highest)."""
    have = Counter(pool)
    for sets in _sets_of(pool, order, size):
        rest = sorted((f for f in have if f not in sets), key=order.strength)
        fills = combinations(rest, size - sum(sets.values())) if sets else \
            combinations(sorted(rest, key=order.strength, reverse=True), size)
        for tried, fill in enumerate(fills):
            play = list(sets.elements()) + list(fill)
            if trick_winner(plays + [play], order) == len(plays):
                yield play
            elif sets:
                break  # the fill does not change what the sets win
            if sets and tried >= 2:
                break


def beat_holdings(seen: Seen, plays: list[list[str]], seat: int) -> Iterator[tuple[list[str], str | None]]:
    """Holdings with which ``seat`` could beat the winning play of ``plays``: a play of
    the led suit, or (``void`` suit given) a ruff while out of the led suit."""
    order = seen.order
    form = lead_form(plays[0], order)
    best = trick_winner(plays, order)
    winning = plays[best]
    ruffed = form.suit != TRUMP and order.suit(winning[0]) == TRUMP
    found = 0
    if order.wide:
        if not is_throw(form) and not ruffed:
            for play in _plays_beating(seen.suit_pool(form.suit), plays, order, form.size):
                found += 1
                if found > CANDIDATES:
                    return
                yield play, None
        if form.suit != TRUMP:
            for play in _plays_beating(seen.suit_pool(TRUMP), plays, order, form.size):
                found += 1
                if found > CANDIDATES:
                    return
                yield play, form.suit
        return
    floor = two.top_structure(winning, form, order)
    if not form.is_throw and not ruffed:
        for play in _shapes_above(seen.suit_pool(form.suit), form, order, floor, form.size):
            found += 1
            if found > CANDIDATES:
                return
            yield play, None
    if form.suit != TRUMP:
        for play in _shapes_above(seen.suit_pool(TRUMP), form, order,
                                  floor if ruffed else None, form.size):
            found += 1
            if found > CANDIDATES:
                return
            yield play, form.suit


def can_beat(seen: Seen, plays: list[list[str]], seats: Iterable[int],
             ruff: bool = False) -> list[Counter] | None:
    """A witness deal in which one of ``seats`` holds, and may legally play, cards that
    beat the winning play of ``plays`` (``ruff``: trumps, out of the led side suit);
    ``None`` if the auditor finds none."""
    order = seen.order
    for seat in seats:
        if seen.left[seat] == 0:
            continue
        for holding, void in beat_holdings(seen, plays, seat):
            if ruff and void is None:
                continue
            deal = seen.deal({seat: holding}, {seat: void} if void else None)
            if deal is None:
                continue
            hand = list(deal[seat].elements())
            legal = follow_judge(hand, plays[0], order).verdict(holding).legal
            if legal and trick_winner(plays + [holding], order) == len(plays):
                return deal
    return None


def throw_fails(seen: Seen, lead: list[str], seats: Sequence[int] | None = None) -> list[Counter] | None:
    """A witness deal in which another hand (one of ``seats``, default any) beats a
    part of the throw ``lead``."""
    order = seen.order
    shapes = decompose(lead, order)
    if len(shapes) < 2:
        return None
    suit = order.suit(lead[0])
    pool = seen.suit_pool(suit)
    for seat in seen.others if seats is None else seats:
        if seen.left[seat] == 0:
            continue
        for shape in shapes:
            for holding in _component_beaters(pool, lead, shape, order):
                deal = seen.deal({seat: holding})
                if deal is None:
                    continue
                others = [list(deal[s].elements()) for s in seen.others]
                if not lead_stands(lead, others, order):
                    return deal
    return None


def _component_beaters(pool: list[str], lead: list[str], shape, order: Order) -> Iterator[list[str]]:
    """Holdings of ``pool`` that beat the component ``shape`` of the throw ``lead``."""
    size = shape_size(shape)
    if not order.wide:
        sub = lead_form(_part_cards(lead, shape, order), order)
        yield from _shapes_above(list(pool), sub, order, shape.top, size)
        return
    if shape.kind == "single":
        yield from ([c] for c in sorted(set(pool), key=order.strength, reverse=True)
                    if order.strength(c) > shape.top)
        return
    for sets in _sets_of(pool, order, size):
        if sets and many._beats(shape, sets, order, order.rules):
            yield list(sets.elements())


def _part_cards(lead: list[str], shape, order: Order) -> list[str]:
    """Cards of ``lead`` forming ``shape`` (by strengths)."""
    want = Counter(shape.strengths)
    out = []
    for card in sorted(lead, key=order.strength, reverse=True):
        s = order.strength(card)
        if want[s] > 0 and (shape.kind == "single" or lead.count(card) >= 2):
            out.append(card)
            want[s] -= 1
    return out


# ====================================================================== the auditor


@dataclass
class Auditor:
    """Checks every claim of every text; counts and failures as it goes."""

    decisions: int = 0
    texts: int = 0
    claims: int = 0
    false: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    """False claims that said "sure": a consistent deal contradicts them."""
    by_claim: Counter = field(default_factory=Counter)
    decisions_at: dict[tuple[int, int], PlayerView] = field(default_factory=dict)
    """The learner's view at each of its plays (hand, trick): the review's evidence."""

    def record(self, hand: int, view: PlayerView) -> None:
        self.decisions_at[(hand, len(view.tricks))] = view

    def check(self, claim, view: PlayerView, hand: int, where: str, text: str) -> bool:
        self.claims += 1
        self.by_claim[type(claim).__name__] += 1
        verdict = verify(claim, view, self.decisions_at, hand)
        if not verdict:
            sure = getattr(claim, "certainty", None) == "sure"
            (self.unsure if sure else self.false).append(f"{where}: {text!r}: {claim}")
        return verdict


def verify(claim, view: PlayerView, decisions: dict[tuple[int, int], PlayerView], hand: int) -> bool:
    """Is ``claim`` true for ``view`` (the view the text was shown at)?"""
    check = CHECKS.get(type(claim).__name__)
    if check is None:
        raise AssertionError(f"the auditor has no check for {type(claim).__name__}")
    return bool(check(claim, view, decisions, hand))


# ---------------------------------------------------------------- checks, one per claim type


@lru_cache(maxsize=16)
def _seen(view: PlayerView) -> Seen:
    return Seen(view)


def _following(view: PlayerView) -> bool:
    return bool(view.trick)


@lru_cache(maxsize=16)
def _judge(view: PlayerView, seen: Seen):
    return follow_judge(list(seen.hand.elements()), seen.plays[0], seen.order)


def _legal(view: PlayerView, seen: Seen, cards: Sequence[object]) -> bool:
    play = toks(cards)
    if not play or Counter(play) - seen.hand:
        return False
    if not _following(view):
        return len({seen.order.suit(c) for c in play}) == 1
    return _judge(view, seen).verdict(play).legal


def _legal_plays(view: PlayerView, seen: Seen) -> list[Counter]:
    """Every legal follow, from the oracle's structure: the led-suit cards (all of them
    when short, else a best set of pairs and single cards of other faces), then any
    fill."""
    judge = _judge(view, seen)
    form, held = judge.form, judge.held
    n = form.size
    others = Counter({c: k for c, k in seen.hand.items() if c not in held})
    if sum(held.values()) <= n:
        fill = n - sum(held.values())
        return [held + extra for extra in _sub_multisets(others, fill)]
    if seen.order.wide:
        return [+p for p in sub_multisets(held, n) if judge.verdict(list(p.elements())).legal]
    out = []
    for pairs in judge.best_pairs:
        rest = [f for f in held if f not in pairs]
        for singles in combinations(sorted(rest), n - 2 * len(pairs)):
            out.append(Counter({f: 2 for f in pairs}) + Counter(singles))
    return out


def _sub_multisets(counts: Counter, size: int) -> list[Counter]:
    faces = sorted(counts)
    out: list[Counter] = []

    def rec(i: int, left: int, acc: Counter) -> None:
        if left == 0:
            out.append(Counter(acc))
            return
        if i == len(faces):
            return
        for k in range(min(counts[faces[i]], left), -1, -1):
            acc[faces[i]] = k
            rec(i + 1, left - k, acc)
        del acc[faces[i]]

    rec(0, size, Counter())
    return [+c for c in out]


def _wins_now(seen: Seen, cards: Sequence[object]) -> bool:
    if not seen.plays:
        return True
    return trick_winner(seen.plays + [toks(cards)], seen.order) == len(seen.plays)


def _winner_seat(view: PlayerView, seen: Seen) -> int | None:
    if not view.trick:
        return None
    return view.trick[trick_winner(seen.plays, seen.order)].seat


def _later(view: PlayerView) -> list[int]:
    leader = view.trick[0].seat if view.trick else view.seat
    return [(leader + k) % 4 for k in range(len(view.trick) + 1, 4)]


def _later_opponents(view: PlayerView) -> list[int]:
    return [s for s in _later(view) if s % 2 != view.seat % 2]


def _beaten(view: PlayerView, seen: Seen, cards: Sequence[object], by_opponent: bool = False) -> bool:
    """Does a witness deal exist in which a later opponent beats ``cards`` (or, for a
    lead, another hand beats part of the throw: with ``by_opponent``, an opponent)?"""
    plays = seen.plays + [toks(cards)]
    if can_beat(seen, plays, _later_opponents(view)) is not None:
        return True
    seats = _later_opponents(view) if by_opponent else None
    return not _following(view) and throw_fails(seen, toks(cards), seats) is not None


def _c_leading(c, view, d, h):
    return view.phase == "tricks" and not view.trick


def _c_must_follow(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    judge = _judge(view, seen)
    form = judge.form
    held = sum(judge.held.values())
    if held < form.size or form.suit != c.suit or c.count != form.size:
        return False
    if seen.order.wide:
        return _wide_must_follow(c, view, seen, judge)
    if judge.best is None or form.pairs == 0:
        return c.tractors == () and c.pairs == 0
    scored = tuple(length for length, ok in zip(form.tractors, judge.best[:-1]) if ok)
    return c.tractors == scored and c.pairs == judge.best[-1]


def _wide_must_follow(c, view: PlayerView, seen: Seen, judge) -> bool:
    """Three or four decks: the sets of each width are the best a follow reaches, and
    every legal follow holds the tractors named (together)."""
    form = judge.form
    if judge.best is None:
        return c.tractors == c.runs == c.sets == () and c.pairs == 0
    counts = dict(zip((w for w, _ in form.sets), judge.best[len(form.entries):]))
    wider = tuple((w, n) for w, n in counts.items() if w > 2 and n)
    if c.pairs != counts.get(2, 0) or c.sets != wider or c.tractors != tuple(n for _, n in c.runs):
        return False
    if len(c.runs) > sum(judge.best[:len(form.entries)]):
        return False
    return all(many.holds(play, list(c.runs), seen.order, seen.order.rules)
               for play in _legal_plays(view, seen))


def _c_holds_only(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    judge = _judge(view, seen)
    held = sum(judge.held.values())
    return judge.form.suit == c.suit and 0 < held == c.count < judge.form.size


def _c_void(c, view, d, h):
    seen = _seen(view)
    if c.seat == view.seat:
        return all(seen.order.suit(x) != c.suit for x in seen.hand)
    for card in set(seen.suit_pool(c.suit)):
        if seen.deal({c.seat: [card]}) is not None:
            return False
    return True


def _c_holds_count(c, view, d, h):
    seen = _seen(view)
    return sum(n for x, n in seen.hand.items() if seen.order.suit(x) == c.suit) == c.count


def _c_can_ruff(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    form = lead_form(seen.plays[0], seen.order)
    if form.suit == TRUMP or any(seen.order.suit(x) == form.suit for x in seen.hand):
        return False
    trumps = Counter({x: n for x, n in seen.hand.items() if seen.order.suit(x) == TRUMP})
    able = any(matches(list(p.elements()), form, seen.order)
               for p in _sub_multisets(trumps, form.size))
    return able == c.able


def _c_lead_kind(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    shapes = decompose(seen.plays[0], seen.order)
    kind = "throw" if len(shapes) > 1 else shapes[0].kind
    return (view.trick[0].seat, kind, len(seen.plays[0])) == (c.seat, c.kind, c.size)


def _c_refused(c, view, d, h):
    seen = _seen(view)
    play = toks(c.cards)
    if not _following(view):
        return c.code == "mixed_suits" and len({seen.order.suit(x) for x in play}) > 1
    outcome = _judge(view, seen).verdict(play)
    return outcome.reason == c.code and _meets(view, seen, c.code, toks(c.meet))


def _meets(view: PlayerView, seen: Seen, code: str | None, meet: list[str]) -> bool:
    """The cards named with a refusal are held and satisfy the obligation named."""
    if Counter(meet) - seen.hand:
        return False
    suit = lead_form(seen.plays[0], seen.order).suit if seen.plays else None
    if code == "must_follow_suit":
        held = [x for x in seen.hand.elements() if seen.order.suit(x) == suit]
        return same(meet, held)
    if seen.order.wide and code in ("must_play_pair", "must_play_triple", "must_play_quad",
                                    "must_play_tractor"):
        return _wide_meets(seen, code, meet, suit)
    if code in ("must_play_pair", "must_play_tractor"):
        if not meet or any(seen.order.suit(x) != suit for x in meet):
            return False
        if len(two.pair_faces(meet)) * 2 != len(meet):
            return False
        if code == "must_play_tractor":
            return bool(runs(classes_of(two.pair_faces(meet), seen.order), len(meet) // 2))
    return True


SET_CODES = {"must_play_pair": 2, "must_play_triple": 3, "must_play_quad": 4}


def _wide_meets(seen: Seen, code: str, meet: list[str], suit: str | None) -> bool:
    """Three or four decks: the cards named are sets of the width the code asks for
    (each face as many times as that width), or a tractor: sets of one width at
    consecutive strengths (four decks: or quads, which stand for tractors of pairs)."""
    counts = Counter(meet)
    if not meet or any(seen.order.suit(x) != suit for x in meet):
        return False
    if code in SET_CODES:
        return set(counts.values()) == {SET_CODES[code]}
    widths = set(counts.values())
    if len(widths) != 1 or min(widths) < 2:
        return False
    if widths == {4} and seen.order.decks == 4:
        return True
    return bool(runs(classes_of(counts, seen.order), len(counts)))


@lru_cache(maxsize=16)
def _offered(view: PlayerView, selected: tuple[str, ...]) -> frozenset[str]:
    seen = _seen(view)
    if not seen.plays:
        return frozenset(two.selectable(list(seen.hand.elements()), None, list(selected), seen.order))
    if seen.order.wide:
        chosen = Counter(selected)
        return frozenset(x for play in _legal_plays(view, seen) if not chosen - play
                         for x in play - chosen)
    return frozenset(_judge(view, seen).offered(Counter(selected)))


def _c_blocked(c, view, d, h):
    seen = _seen(view)
    selected = toks(c.selected)
    lead = seen.plays[0] if seen.plays else None
    if str(c.card) in _offered(view, tuple(selected)):
        return False
    card_suit = seen.order.suit(str(c.card))
    if c.code == "wrong_count":
        return lead is not None and len(selected) >= len(lead)
    if c.code == "mixed_suits":
        return lead is None and bool(selected) and card_suit != seen.order.suit(selected[0])
    if lead is None or len(selected) >= len(lead):
        return False
    suit = seen.order.suit(lead[0])
    if c.code == "must_follow_suit":
        return card_suit != suit and _meets(view, seen, c.code, toks(c.meet))
    return card_suit == suit and _meets(view, seen, c.code, toks(c.meet))


def _c_trump_kind(c, view, d, h):
    seen = _seen(view)
    card = str(c.card)
    level, trump = view.ctx.level, view.ctx.trump
    if card in ("LJ", "BJ"):
        kind = "joker"
    elif card[1:] == level:
        kind = "level"
    elif view.rules.constant_twos and card[1:] == "2" and card[0] != trump:
        kind = "constant_two"
    elif card[0] == trump:
        kind = "trump_suit"
    else:
        kind = None
    return kind == c.kind and (kind is not None) == (seen.order.suit(card) == TRUMP)


def _c_suit_of(c, view, d, h):
    return _seen(view).order.suit(str(c.card)) == c.suit


def _c_holds(c, view, d, h):
    return bool(c.cards) and not Counter(toks(c.cards)) - _seen(view).hand


def _c_pairs_can_stay(c, view, d, h):
    seen = _seen(view)
    pair = toks(c.cards)
    if len(pair) != 2 or pair[0] != pair[1] or seen.hand[pair[0]] < 2:
        return False
    if not _following(view) or any(p.seat == view.seat for p in view.trick):
        return True
    pairs = [x for x, n in seen.hand.items() if n == 2]
    return any(all(play[x] != 1 for x in pairs) for play in _legal_plays(view, seen))


def _c_legal_play(c, view, d, h):
    return view.turn == view.seat and _legal(view, _seen(view), c.cards)


def _c_only_legal(c, view, d, h):
    seen = _seen(view)
    if not _following(view):
        return sum(seen.hand.values()) == 1 and same(seen.hand.elements(), c.cards)
    plays = _legal_plays(view, seen)
    return len(plays) == 1 and plays[0] == Counter(toks(c.cards))


def _c_cards_left(c, view, d, h):
    return len(view.hand) == c.count


def _c_team(c, view, d, h):
    return view.dealer is not None and (view.seat % 2 == view.dealer % 2) == c.dealers


def _c_trick_points(c, view, d, h):
    return _following(view) and sum(pts(p) for p in _seen(view).plays) == c.points


def _c_gives_points(c, view, d, h):
    return pts(c.cards) == c.points


def _c_fewest(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    if not _legal(view, seen, c.cards):
        return False
    return pts(c.cards) == min(pts(p.elements()) for p in _legal_plays(view, seen))


def _c_wins_now(c, view, d, h):
    seen = _seen(view)
    return _following(view) and _legal(view, seen, c.cards) and _wins_now(seen, c.cards)


def _c_no_winning(c, view, d, h):
    if not _following(view):
        return False
    seen = _seen(view)
    return not any(_wins_now(seen, list(p.elements())) for p in _legal_plays(view, seen))


def _c_partner_winning(c, view, d, h):
    seen = _seen(view)
    if c.seat != (view.seat + 2) % 4 or _winner_seat(view, seen) != c.seat:
        return False
    if c.certainty is None:
        return True
    beaten = can_beat(seen, seen.plays, _later_opponents(view)) is not None
    return beaten == (c.certainty == "possible")


def _c_partner_can_beat(c, view, d, h):
    seen = _seen(view)
    if not _following(view) or c.seat != (view.seat + 2) % 4 or c.seat not in _later(view):
        return False
    if not _legal(view, seen, c.cards):
        return False
    return can_beat(seen, seen.plays + [toks(c.cards)], [c.seat]) is not None


def _c_keeps_winner(c, view, d, h):
    seen = _seen(view)
    if not _following(view) or not _legal(view, seen, c.cards) or _wins_now(seen, c.cards):
        return False
    return _winner_seat(view, seen) == c.seat


def _c_opponent_winning(c, view, d, h):
    seen = _seen(view)
    return c.seat % 2 != view.seat % 2 and _winner_seat(view, seen) == c.seat


def _c_opponent_ruffed(c, view, d, h):
    seen = _seen(view)
    if c.seat % 2 == view.seat % 2 or _winner_seat(view, seen) != c.seat:
        return False
    form = lead_form(seen.plays[0], seen.order)
    play = next(toks(p.cards) for p in view.trick if p.seat == c.seat)
    return (view.trick[0].seat != c.seat and form.suit != TRUMP
            and all(seen.order.suit(x) == TRUMP for x in play) and matches(play, form, seen.order))


def _c_cannot_be_beaten(c, view, d, h):
    seen = _seen(view)
    if not _legal(view, seen, c.cards) or not _wins_now(seen, c.cards):
        return False
    if c.certainty == "possible":  # an opponent could beat it (not the partner alone)
        return _beaten(view, seen, c.cards, by_opponent=True)
    return not _beaten(view, seen, c.cards)


def _c_win_share(c, view, d, h):
    seen = _seen(view)
    if not (0 < c.share < 1 and c.samples > 0 and c.share >= c.at_least) or not _legal(view, seen, c.cards):
        return False
    if c.weights is not None and set(c.weights) != _draw_weights(view):
        return False  # a share must say how its deals were weighted, and truly
    if _following(view) and not _wins_now(seen, c.cards):
        return True
    return _beaten(view, seen, c.cards, by_opponent=True)


def _draw_weights(view: PlayerView) -> set[str]:
    """What shapes the search's deals besides the view (the sampler's priors): the
    declarer's long trumps when another seat holding cards declared, a light kitty when
    the kitty is hidden from the learner."""
    out = set()
    declared = view.declaration
    if declared is not None and declared.seat != view.seat and view.cards_left[declared.seat]:
        out.add("declarer_trumps")
    if (KITTY[view.rules.decks] and view.kitty is None and view.dealer is not None
            and view.phase != "burying"):
        out.add("light_kitty")
    return out


def _clear(c) -> bool:
    """A searched margin is stated as clear exactly when it is positive and at least two
    of its standard errors."""
    return c.clear == (c.margin > 0 and c.margin >= 2 * c.error)


def _c_estimated(c, view, d, h):
    return c.samples > 0 and c.margin >= 0 and _clear(c) and _legal(view, _seen(view), c.cards)


def _c_trumps_unseen(c, view, d, h):
    seen = _seen(view)
    return len(seen.suit_pool(TRUMP)) == c.count


def _c_may_hold(c, view, d, h):
    seen = _seen(view)
    return any(seen.deal({c.seat: [x]}) is not None for x in set(seen.suit_pool(c.suit)))


def _c_may_ruff(c, view, d, h):
    """Some deal puts the seat out of the led side suit with trumps that beat the cards."""
    seen = _seen(view)
    lead = toks(c.cards)
    if c.seat == seen.me or seen.order.suit(lead[0]) == TRUMP:
        return False
    return can_beat(seen, [lead], [c.seat], ruff=True) is not None


def _c_holder_unknown(c, view, d, h):
    """Witness deals give the card to the partner and to the opponent, both later in the
    trick, and it outranks the single play, of the suit led."""
    seen = _seen(view)
    card, play = str(c.card), toks(c.cards)
    partner = (view.seat + 2) % 4
    order = seen.order
    if len(play) != 1 or not _legal(view, seen, play) or partner not in _later(view) \
            or c.opponent not in _later_opponents(view):
        return False
    if order.suit(card) != order.suit(play[0]) or order.strength(card) <= order.strength(play[0]):
        return False
    if seen.plays and order.suit(seen.plays[0][0]) != order.suit(play[0]):
        return False
    return all(seen.deal({seat: [card]}) is not None for seat in (partner, c.opponent))


def _c_showed_void(c, view, d, h):
    return c.suit in _seen(view).void[c.seat]


def _record(view: PlayerView, trick: int):
    return view.tricks[trick] if 0 <= trick < len(view.tricks) else None


def _kinds(record, order: Order) -> tuple[int, str, dict[int, str]]:
    """Winner, how it won, and each follower's kind of play (follow/ruff/overruff/discard)."""
    plays = [toks(p.cards) for p in record.plays]
    form = lead_form(plays[0], order)
    kinds: dict[int, str] = {}
    ruffed = False
    for i, play in enumerate(plays[1:], start=1):
        seat = record.plays[i].seat
        suits = {order.suit(x) for x in play}
        if suits == {form.suit}:
            kinds[seat] = "follow"
        elif suits == {TRUMP} and form.suit != TRUMP and matches(play, form, order):
            beat = trick_winner(plays[: i + 1], order) == i
            kinds[seat] = "overruff" if ruffed and beat else "ruff"
            ruffed = True
        else:
            kinds[seat] = "discard"
    index = trick_winner(plays, order)
    winner = record.plays[index].seat
    how = "lead" if index == 0 else {"ruff": "ruff", "overruff": "overruff"}.get(kinds[winner], "higher")
    return winner, how, kinds


def _c_trick_won(c, view, d, h):
    record = _record(view, c.trick)
    if record is None:
        return False
    winner, how, _ = _kinds(record, _seen(view).order)
    return (winner, how) == (c.seat, c.how) and record.winner == winner


def _c_played_as(c, view, d, h):
    record = _record(view, c.trick)
    if record is None:
        return False
    _, _, kinds = _kinds(record, _seen(view).order)
    return kinds.get(c.seat) == c.kind


def _c_throw_failed(c, view, d, h):
    record = _record(view, c.trick)
    return (record is not None and record.attempted is not None and record.leader == c.seat
            and same(record.attempted, c.tried) and same(record.plays[0].cards, c.played))


def _c_throw_risk(c, view, d, h):
    """Sure: no deal of the unseen cards lets the throw stand (none where no other hand
    holds a card above its lowest single or a pair above its lowest pair); possible: a
    witness deal fails it and one lets its singles and pairs stand."""
    seen = _seen(view)
    lead = toks(c.cards)
    if _following(view) or not _legal(view, seen, lead):
        return False
    shapes = decompose(lead, seen.order)
    if len(shapes) < 2:
        return False
    stood = Seen(view)
    stood._stood(view.seat, seen.order.suit(lead[0]), shapes)
    may_stand = stood.deal() is not None
    if c.certainty == "sure":
        return not may_stand
    return (c.certainty == "possible" and may_stand and c.samples > 0 and 0 <= c.share <= 1
            and throw_fails(seen, lead) is not None)


def _multiplier(view: PlayerView, lead: list[str], order: Order) -> int:
    scheme = view.rules.kitty_multiplier
    if scheme == "twice_cards":
        return 2 * len(lead)
    shapes = decompose(lead, order)
    largest = max(shapes, key=shape_size)
    if scheme == "by_pairs":
        return 2 if largest.kind == "single" else 2 * largest.length + 2
    return min(64, 2 ** shape_size(largest))


def _c_has_kitty(c, view, d, h):
    return (KITTY[view.rules.decks] > 0) == c.present


def _c_kou_di(c, view, d, h):
    """Four decks: the side that lost the last trick played the points in it, and the
    multiplier is the number of cards led (docs/VARIANTS.md)."""
    if KITTY[view.rules.decks] or view.phase not in ("hand_over", "match_over") or not view.tricks:
        return False
    last = view.tricks[-1]
    order = _seen(view).order
    plays = [toks(p.cards) for p in last.plays]
    winner = last.plays[trick_winner(plays, order)].seat
    lost = [x for p in last.plays if p.seat % 2 != winner % 2 for x in toks(p.cards)]
    attackers = winner % 2 != view.dealer % 2
    return (pts(lost), len(plays[0]), attackers) == (c.points, c.multiplier, c.attackers)


def _c_last_lead_multiplier(c, view, d, h):
    order = _seen(view).order
    lead = toks(c.cards)
    # a throw that another hand could break is not what the last trick would lead
    return (KITTY[view.rules.decks] > 0 and _c_holds(c, view, d, h) and len({order.suit(t) for t in lead}) == 1
            and _multiplier(view, lead, order) == c.multiplier
            and throw_fails(_seen(view), lead) is None)


def _c_throw_penalty(c, view, d, h):
    record = _record(view, c.trick)
    if record is None or record.attempted is None or record.leader != c.seat:
        return False
    rule = view.rules.throw_penalty
    back = len(record.attempted) - len(record.plays[0].cards)
    return c.points > 0 and c.points == {"none": 0, "flat": 10, "per_card": 10 * back}[rule]


def _c_kitty_flip(c, view, d, h):
    flipped = str(view.flipped) if view.flipped is not None else None
    if flipped != str(c.card) or view.ctx is None:
        return False
    if flipped in ("BJ", "LJ"):
        return c.trump is None and view.ctx.trump is None
    return c.trump == view.ctx.trump == flipped[0]


def _c_kitty_scored(c, view, d, h):
    return _kitty_scored(view, c.points, c.multiplier)


def _kitty_scored(view: PlayerView, points: int, multiplier: int | None) -> bool:
    if view.kitty is None or view.phase not in ("hand_over", "match_over") or not view.tricks:
        return False
    last = view.tricks[-1]
    won = last.winner % 2 != view.dealer % 2
    mult = _multiplier(view, toks(last.plays[0].cards), _seen(view).order) if won else None
    return (pts(view.kitty), mult) == (points, multiplier)


def _declarations(view: PlayerView) -> set[tuple[str, ...]]:
    """RULES.md §7: level-card singles and pairs, joker pairs, that override what stands;
    with one, three or four decks docs/VARIANTS.md's "Declaring"."""
    if view.rules.decks != 2:
        return _variant_declarations(view)
    hand = Counter(toks(view.hand))
    options: set[tuple[str, ...]] = set()
    for card, n in hand.items():
        if card in ("LJ", "BJ"):
            if n >= 2:
                options.add((card, card))
        elif card[1:] == view.level:
            options.add((card,))
            if n >= 2:
                options.add((card, card))
    current = view.declaration
    if current is None:
        return options

    def strength(cards: tuple[str, ...]) -> int:
        if len(cards) == 1:
            return 1
        return {"BJ": 4, "LJ": 3}.get(cards[0], 2)

    mine = toks(current.cards)
    out = set()
    for option in options:
        if current.seat == view.seat:
            if len(mine) == 1 and option == (mine[0], mine[0]):
                out.add(option)
            elif view.rules.self_override and strength(option) > strength(tuple(mine)):
                out.add(option)
        elif strength(option) > strength(tuple(mine)):
            out.add(option)
    return out


def _variant_strength(cards: tuple[str, ...]) -> int:
    """docs/VARIANTS.md: one level card 1; two identical level cards 2; two LJ 3; two BJ
    4; three level cards 5; three LJ 6; three BJ 7; four level cards 8."""
    table = {(1, ""): 1, (2, ""): 2, (2, "LJ"): 3, (2, "BJ"): 4, (3, ""): 5, (3, "LJ"): 6,
             (3, "BJ"): 7, (4, ""): 8}
    joker = cards[0] if cards[0] in ("LJ", "BJ") else ""
    return table[(len(cards), joker)]


def _variant_declarations(view: PlayerView) -> set[tuple[str, ...]]:
    """One deck: a single level card, the first stands; three decks: up to three
    identical level cards or jokers (two at least); four decks: up to four identical
    level cards, no jokers, the standing call of another seat known by its size only.
    An override needs more strength; the declarer may add identical cards."""
    decks = view.rules.decks
    hand = Counter(toks(view.hand))
    options: set[tuple[str, ...]] = set()
    for card, n in hand.items():
        joker = card in ("LJ", "BJ")
        if joker and decks != 3 or not joker and card[1:] != view.level:
            continue
        for k in range(2 if joker else 1, min(n, decks) + 1):
            options.add((card,) * k)
    if decks == 1 and view.declaration is not None:
        return set()
    standing: tuple[str, ...] | None = None
    own = False
    if view.hidden_call:
        standing = ("S" + view.level,) * view.hidden_call
    elif view.declaration is not None:
        standing = tuple(toks(view.declaration.cards))
        own = view.declaration.seat == view.seat
    if standing is None:
        return options
    out = set()
    for option in options:
        if own and option[0] == standing[0] and len(option) > len(standing):
            out.add(option)
        elif (not own or view.rules.self_override) and _variant_strength(option) > _variant_strength(standing):
            out.add(option)
    return out


def _c_can_declare(c, view, d, h):
    if view.phase not in ("dealing", "declaring"):
        return not c.options
    return {tuple(toks(o)) for o in c.options} == _declarations(view)


def _c_declarable(c, view, d, h):
    return view.phase in ("dealing", "declaring") and tuple(toks(c.cards)) in _declarations(view)


def _c_declaration_deals(c, view, d, h):
    return view.hand_number == 1 and view.phase in ("dealing", "declaring")


def _c_level(c, view, d, h):
    return view.level == c.rank


def _c_trumps_if(c, view, d, h):
    order = Order(view.level, c.trump, view.rules.constant_twos)
    return sum(order.suit(x) == TRUMP for x in toks(view.hand)) == c.count


def _c_kitty_points(c, view, d, h):
    return (view.phase == "burying" and not Counter(toks(c.cards)) - Counter(toks(view.hand))
            and pts(c.cards) == c.points)


def _c_buryable(c, view, d, h):
    return (view.phase == "burying" and view.turn == view.seat and len(c.cards) == KITTY[view.rules.decks]
            and not Counter(toks(c.cards)) - Counter(toks(view.hand)))


def _c_bury_estimated(c, view, d, h):
    return c.samples > 0 and c.margin >= 0 and _clear(c) and _c_buryable(c, view, d, h)


def _c_trumps_among(c, view, d, h):
    seen = _seen(view)
    return (not Counter(toks(c.cards)) - seen.hand
            and sum(seen.order.suit(x) == TRUMP for x in toks(c.cards)) == c.count)


def _c_empties_suit(c, view, d, h):
    seen = _seen(view)
    mine = [x for x in seen.hand.elements() if seen.order.suit(x) == c.suit]
    return c.suit != TRUMP and bool(mine) and same(mine, c.cards)


# ---------------------------------------------------------------- review notes


def _before(c, view: PlayerView, decisions, hand: int) -> PlayerView | None:
    """The learner's recorded view before its play in ``c.trick`` (the play must be
    the one the note names)."""
    before = decisions.get((hand, c.trick))
    record = _record(view, c.trick)
    if before is None or record is None:
        return None
    mine = next((p for p in record.plays if p.seat == view.seat), None)
    if mine is None or not same(mine.cards, c.cards):
        return None
    return before


def _sure_lost(before: PlayerView, seen: Seen, cards: Sequence[object]) -> bool:
    if not _following(before):
        return False
    plays = seen.plays + [toks(cards)]
    index = trick_winner(plays, seen.order)
    if index == len(seen.plays) or before.trick[index].seat % 2 == before.seat % 2:
        return False
    partners = [s for s in _later(before) if s % 2 == before.seat % 2]
    return can_beat(seen, plays, partners) is None


def _c_gave_points(c, view, d, h):
    before = _before(c, view, d, h)
    record = _record(view, c.trick)
    if before is None or record.winner % 2 == view.seat % 2:
        return False
    seen = _seen(before)
    # lost whatever was played: every legal follow surely loses (the alternative too)
    return (c.points > 0 and _legal(before, seen, c.alternative)
            and all(_sure_lost(before, seen, list(p.elements())) for p in _legal_plays(before, seen))
            and pts(c.cards) - pts(c.alternative) == c.points)


def _c_lost_trick(c, view, d, h):
    before = _before(c, view, d, h)
    record = _record(view, c.trick)
    if before is None or record.winner % 2 == view.seat % 2:
        return False
    seen = _seen(before)
    # the points at stake when the seat played: on the table then, and its own cards
    if pts(x for play in seen.plays for x in play) + pts(c.cards) != c.points:
        return False
    return (c.points > 0 and _legal(before, seen, c.alternative)
            and _wins_now(seen, c.alternative) and not _beaten(before, seen, c.alternative))


def _c_trumps_wasted(c, view, d, h):
    before = _before(c, view, d, h)
    if before is None or not _following(before):
        return False
    seen = _seen(before)
    partner = (view.seat + 2) % 4
    if _winner_seat(before, seen) != partner:
        return False
    if can_beat(seen, seen.plays, _later_opponents(before)) is not None:
        return False
    trumps = lambda cards: sum(seen.order.suit(x) == TRUMP for x in toks(cards))  # noqa: E731
    return (c.count > 0 and trumps(c.cards) - trumps(c.alternative) == c.count
            and _legal(before, seen, c.alternative) and not _wins_now(seen, c.alternative)
            and pts(c.alternative) >= pts(c.cards))


def _c_kitty_lost(c, view, d, h):
    if view.dealer != view.seat or view.kitty is None or not same(view.kitty, c.cards):
        return False
    if not _kitty_scored(view, c.points, c.multiplier):
        return False
    held = Counter(toks(view.kitty)) + Counter(
        x for r in view.tricks for p in r.plays if p.seat == view.seat for x in toks(p.cards))
    return (c.points > 0 and len(c.alternative) == KITTY[view.rules.decks] and not Counter(toks(c.alternative)) - held
            and pts(c.alternative) == 0)


CHECKS: dict[str, Callable] = {
    "Leading": _c_leading, "MustFollow": _c_must_follow, "HoldsOnly": _c_holds_only,
    "Void": _c_void, "HoldsCount": _c_holds_count, "CanRuff": _c_can_ruff,
    "LeadKind": _c_lead_kind, "Refused": _c_refused, "Blocked": _c_blocked,
    "TrumpKind": _c_trump_kind, "SuitOf": _c_suit_of, "Holds": _c_holds,
    "PairsCanStay": _c_pairs_can_stay, "LastLeadMultiplier": _c_last_lead_multiplier,
    "LegalPlay": _c_legal_play, "OnlyLegalPlay": _c_only_legal, "CardsLeft": _c_cards_left,
    "Team": _c_team, "TrickPoints": _c_trick_points, "GivesPoints": _c_gives_points,
    "FewestPoints": _c_fewest, "WinsNow": _c_wins_now, "NoWinningPlay": _c_no_winning,
    "PartnerWinning": _c_partner_winning, "KeepsWinner": _c_keeps_winner,
    "PartnerCanBeat": _c_partner_can_beat,
    "OpponentWinning": _c_opponent_winning, "OpponentRuffed": _c_opponent_ruffed,
    "CannotBeBeaten": _c_cannot_be_beaten, "WinShare": _c_win_share,
    "Estimated": _c_estimated, "TrumpsUnseen": _c_trumps_unseen, "MayHold": _c_may_hold,
    "MayRuff": _c_may_ruff, "HolderUnknown": _c_holder_unknown,
    "ShowedVoid": _c_showed_void, "TrickWon": _c_trick_won, "PlayedAs": _c_played_as,
    "ThrowFailed": _c_throw_failed, "KittyScored": _c_kitty_scored,
    "CanDeclare": _c_can_declare, "Declarable": _c_declarable,
    "DeclarationDeals": _c_declaration_deals, "Level": _c_level, "TrumpsIfDeclared": _c_trumps_if,
    "KittyPoints": _c_kitty_points, "Buryable": _c_buryable, "BuryEstimated": _c_bury_estimated,
    "TrumpsAmong": _c_trumps_among, "EmptiesSuit": _c_empties_suit, "GavePoints": _c_gave_points, "LostTrick": _c_lost_trick,
    "TrumpsWasted": _c_trumps_wasted, "KittyLost": _c_kitty_lost, "KittyFlip": _c_kitty_flip,
    "ThrowPenalty": _c_throw_penalty, "ThrowRisk": _c_throw_risk, "HasKitty": _c_has_kitty,
    "KouDiScored": _c_kou_di,
}
"""The auditor's own check of every claim type the coach may state."""
