"""What a seat can deduce at the table, derived from its ``PlayerView`` alone.

Every fact here is *sure* (it follows from the rules and what was shown); the soft
guesses (how the dealer buries, the declarer's long trumps) are the sampler's priors.

* ``unseen``: every card the seat has not seen (two decks minus its hand, every card
  played, and the kitty when it buried it).  The other hands and, for everyone but the
  dealer, the kitty are made of exactly these cards.
* ``void[seat]``: effective suits a seat is known to be out of (it did not follow one).
* ``no_pair[seat]``: suits in which a seat is known to hold no pair (it followed a
  pair-carrying lead with fewer pairs than the lead asked for, while still following suit).
* ``no_triple[seat]``: suits in which a seat is known to hold no three identical cards
  (three or four decks: it followed a lead of sets without tractors or quads with fewer
  triples than the lead, while still following suit).
* ``no_tractor[seat]``: suit -> the shortest tractor length the seat is known not to
  hold there (it followed a tractor lead in suit without a tractor that long).
* ``known[seat]``: cards a seat is known to hold: what it tried to throw and took back,
  and the level cards it showed declaring (the dealer's excepted: it may have buried
  them; those are ``shown_by_dealer``).
* ``lacks[seat]`` / ``single_of[seat]``: faces a seat holds no copy / at most one copy
  of: a throw that stood proved that no other hand could beat its singles / pairs; a
  seat that followed a pair-carrying lead with fewer pairs than it asked for holds no
  other copy of a card it played alone then.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import prod
from typing import Sequence

from ..cards import Card, deck
from ..combos import decompose, pair_faces, pairs_by_position, runs_at, set_faces
from ..rules import TRUMP, TrumpContext
from ..view import Play, PlayerView


@dataclass
class CardMemory:
    ctx: TrumpContext
    seat: int
    unseen: Counter
    void: list[set[str]] = field(default_factory=lambda: [set() for _ in range(4)])
    no_pair: list[set[str]] = field(default_factory=lambda: [set() for _ in range(4)])
    no_triple: list[set[str]] = field(default_factory=lambda: [set() for _ in range(4)])
    known: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(4)])
    cards_left: tuple[int, int, int, int] = (25, 25, 25, 25)
    no_tractor: list[dict[str, int]] = field(default_factory=lambda: [{} for _ in range(4)])
    lacks: list[set[Card]] = field(default_factory=lambda: [set() for _ in range(4)])
    single_of: list[set[Card]] = field(default_factory=lambda: [set() for _ in range(4)])
    shown_by_dealer: Counter = field(default_factory=Counter)
    """Level cards the dealer showed declaring (and the kitty's card turned over to fix
    trumps) that it has not played: in its hand or, if it buried them, in the kitty
    (empty for the dealer's own memory)."""
    dealer: int | None = None
    declarer: int | None = None
    """The seat whose declaration stands (its trumps are likely long)."""
    kitty_hidden: int = 0
    """Cards of the kitty among ``unseen``: all of them once buried, for everyone but the dealer."""

    @classmethod
    def from_view(cls, view: PlayerView) -> "CardMemory":
        ctx = view.ctx
        assert ctx is not None, "card memory needs the trump context"
        unseen = Counter(deck(view.rules.decks))
        unseen.subtract(view.hand)
        if view.kitty is not None:
            unseen.subtract(view.kitty)
        buried = view.phase != "burying" and view.dealer is not None
        memory = cls(ctx=ctx, seat=view.seat, unseen=unseen, cards_left=view.cards_left,
                     dealer=view.dealer,
                     declarer=view.declaration.seat if view.declaration is not None else None,
                     kitty_hidden=view.rules.variant.kitty_size if buried and view.kitty is None else 0)
        memory._declared(view)
        for record in view.tricks:
            if record.attempted:
                memory._took_back(record.leader, record.attempted, record.plays[0].cards)
            memory._observe(record.plays, stood=record.attempted is None)
        if view.attempted and view.trick:
            memory._took_back(view.trick[0].seat, view.attempted, view.trick[0].cards)
        memory._observe(view.trick, stood=not view.attempted)
        memory.unseen = +memory.unseen
        memory.known[view.seat] = Counter()
        return memory

    def _declared(self, view: PlayerView) -> None:
        """The cards shown declaring: held by their seat (the dealer may have buried them)."""
        shown = [Counter() for _ in range(4)]
        for declaration in view.declarations:
            mine = shown[declaration.seat]
            for card, n in Counter(declaration.cards).items():
                mine[card] = max(mine[card], n)
        for seat, cards in enumerate(shown):
            if seat == self.seat:
                continue
            if seat == self.dealer and self.kitty_hidden:
                self.shown_by_dealer = cards
            else:
                self.known[seat] |= cards
        if view.flipped is not None and self.kitty_hidden:
            # the kitty's card turned over to fix trumps: the dealer picked it up
            self.shown_by_dealer[view.flipped] = max(self.shown_by_dealer[view.flipped], 1)

    def _took_back(self, seat: int, attempted: Sequence[Card], played: Sequence[Card]) -> None:
        back = Counter(attempted)
        back.subtract(played)
        self.known[seat] |= +back

    def _observe(self, plays: Sequence[Play], stood: bool = True) -> None:
        if not plays:
            return
        ctx = self.ctx
        lead = plays[0].cards
        suit = ctx.suit_of(lead[0])
        lead_pairs = len(pair_faces(lead))
        components = decompose(lead, ctx)
        tractor = max((c.length for c in components if c.kind == "tractor"), default=0)
        telling = _pairs_tell(components, ctx)
        triples = _triples_told(lead, components)
        if stood and len(components) > 1:
            self._throw_stood(plays[0].seat, suit, components)
        unseen, known = self.unseen, self.known
        for play in plays:
            for card in play.cards:
                unseen[card] -= 1
            if known[play.seat]:  # mostly nothing is known: nothing to take away
                known[play.seat] = +(known[play.seat] - Counter(play.cards))
            if play.seat == self.dealer and self.shown_by_dealer:
                self.shown_by_dealer = +(self.shown_by_dealer - Counter(play.cards))
            if play is plays[0]:
                continue
            followed = [c for c in play.cards if ctx.suit_of(c) == suit]
            if len(followed) < len(lead):
                self.void[play.seat].add(suit)
                continue
            if not lead_pairs:  # singles led: following suit tells nothing more
                continue
            faces = pair_faces(followed)
            if triples and len(set_faces(followed, 3)) < triples:
                # no triple beyond those it played: at most two copies of any face,
                # those it played included
                self.no_triple[play.seat].add(suit)
                for card, n in Counter(followed).items():
                    if n < 3:  # a triple played may be a quad's (four decks)
                        (self.lacks if n == 2 else self.single_of)[play.seat].add(card)
            if not telling:
                continue
            if len(faces) < lead_pairs:
                self.no_pair[play.seat].add(suit)
                # it held no pair beyond those it played, so no other copy of a card
                # it played alone then (and hands only lose cards)
                self.lacks[play.seat] |= set(followed) - set(faces)
            if tractor and not has_run(faces, tractor, ctx):
                held = self.no_tractor[play.seat]
                held[suit] = min(held.get(suit, tractor), tractor)

    def _throw_stood(self, leader: int, suit: str, components: list) -> None:
        """A throw that stood: no other hand could beat any of its singles or pairs, so
        none holds a higher card than its lowest single, nor a pair above its lowest
        pair (cards only ever leave a hand)."""
        ctx = self.ctx
        faces = [c for c in deck(1) if ctx.suit_of(c) == suit]
        singles = [c.top for c in components if c.kind == "single"]
        pairs = [c.top for c in components if c.kind == "pair"]
        for seat in range(4):
            if seat == leader:
                continue
            if singles:
                self.lacks[seat] |= {c for c in faces if ctx.position(c) > min(singles)}
            if pairs:
                self.single_of[seat] |= {c for c in faces if ctx.position(c) > min(pairs)}

    # ---- queries -------------------------------------------------------------------

    def unseen_of(self, suit: str) -> list[Card]:
        table = self.ctx.suit_table
        return [c for c, n in self.unseen.items() if table[c.index] == suit for _ in range(n)]

    def hidden_total(self) -> int:
        return sum(self.unseen.values())

    def may_hold(self, seat: int, suit: str) -> bool:
        return suit not in self.void[seat] and self.cards_left[seat] > 0

    def may_hold_pair(self, seat: int, suit: str) -> bool:
        return self.may_hold(seat, suit) and suit not in self.no_pair[seat]

    def may_hold_card(self, seat: int, card: Card) -> bool:
        """Can ``seat`` hold a copy of ``card``, by everything shown?"""
        return (self.may_hold(seat, self.ctx.suit_of(card)) and card not in self.lacks[seat]
                and self.unseen[card] > 0)

    def p_void(self, seat: int, suit: str) -> float:
        """Chance that ``seat`` holds no card of ``suit`` (hypergeometric guess from the
        unseen cards; known voids and known holdings are exact)."""
        if suit in self.void[seat]:
            return 1.0
        if any(self.ctx.suit_of(c) == suit for c in self.known[seat]):
            return 0.0
        return p_none(len(self.unseen_of(suit)), self.cards_left[seat], self.hidden_total())

    def higher_unseen(self, card: Card) -> list[Card]:
        """Unseen faces of ``card``'s effective suit that beat it as a single."""
        suit, pos = self.ctx.suit_of(card), self.ctx.position(card)
        return [c for c in self.unseen if self.ctx.suit_of(c) == suit and self.ctx.position(c) > pos]

    def trumps_out(self) -> int:
        return len(self.unseen_of(TRUMP))

    def points_out(self) -> int:
        return sum(c.points * n for c, n in self.unseen.items())


def _pairs_tell(components: Sequence, ctx: TrumpContext) -> bool:
    """Does a follow in suit with fewer pairs than this lead show that its seat holds
    no pair of the suit (and a follow without a tractor as long as the lead's, no such
    tractor)?  Always with two or three decks, where every rung of the ladder above
    "as many pairs as led" holds at least as many pairs for its cards as the lead.  With
    four decks a triple outranks two pairs (a quad led asks for triple + single first)
    and a tractor of triples or quads meet a led tractor of pairs, so a seat may have
    to play, or may choose, fewer pairs or another tractor than it holds: only a lead
    of pairs and singles tells."""
    if not ctx.rules.variant.quad_is_tractor:
        return True
    return all(c.width <= 2 and c.kind != "tractor" for c in components)


def _triples_told(lead: Sequence[Card], components: Sequence) -> int:
    """The triples a follow in suit must hold to show nothing: the lead's, when the lead
    has triples but no tractor and no quad (three or four decks).  Then the ladder asks
    for the lead's triples before anything else, and a follow with fewer shows its seat
    holds no more; a tractor led may be met with a tractor of pairs first, and a quad led
    asks for a tractor of two pairs first."""
    if any(c.kind == "tractor" or c.width > 3 for c in components):
        return 0
    return len(set_faces(lead, 3))


def has_run(faces: Sequence[Card], length: int, ctx: TrumpContext) -> bool:
    """Do the pairs ``faces`` (one effective suit) hold a tractor of ``length`` pairs?"""
    mult = {p: len(f) for p, f in pairs_by_position(faces, ctx).items()}
    return next(runs_at(mult, length), None) is not None


def p_none(copies: int, hand: int, total: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``total`` unseen cards misses all
    of ``copies`` given cards."""
    if copies <= 0:
        return 1.0
    if hand > total - copies:
        return 0.0
    return prod((total - copies - i) / (total - i) for i in range(hand))
