"""Deals consistent with what a seat has seen: the other hands and the kitty, drawn from
the unseen cards.

Hard constraints (never broken): every hand gets exactly its number of cards, the
kitty its hidden cards; a seat gets no card of a suit it is void in, no face it
``lacks``, no pair where it showed it holds none, no tractor where it showed it holds
none; the cards a seat is ``known`` to hold are its own; the level cards the dealer
showed are in its hand or the kitty.

Soft priors (``priors=True``) shape the draw the way the table usually goes: the dealer
buried few trumps, points and aces; the declarer's trumps are long.

Cards are placed one at a time, the most constrained first, each to a holder drawn
with weight (room left) × prior among the holders allowed to take it.  Before a card
goes to a holder, a Hall check on the holders' remaining room keeps every remaining
card placeable (so void constraints never lead into a dead end); the rare dead end
left (a pair or tractor ban) restarts the draw.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from ..cards import ALL_FACES, Card
from ..combos import pair_faces
from ..rules import TrumpContext
from .memory import CardMemory, has_run

KITTY = 4
"""Holder index of the kitty (seats are 0-3)."""
ATTEMPTS = 30
KITTY_PRIOR = {"trump": 0.2, "points": 0.2, "ace": 0.45}
"""How much less likely than a plain card a dealer is to have buried a trump, a point
card or a side suit's top card (what they measured: ``bench/NOTES.md``)."""
DECLARER_TRUMPS = 1.6
"""How much more likely the standing declarer is to hold any given unseen trump."""

DECLARER_PRIOR, KITTY_PRIOR_NAME = "declarer_trumps", "light_kitty"
"""The priors by name, as the coach says how its deals were drawn (``weights``)."""

Deal = tuple[list[list[Card]], list[Card]]
"""Four hands (the sampling seat's own included) and the kitty."""


def weights(memory: CardMemory) -> tuple[str, ...]:
    """The priors that shape ``memory``'s seat's deals (``Sampler`` with ``priors``): the
    standing declarer's trumps drawn long when another seat with cards declared, the
    kitty drawn light in trumps, points and aces when it is hidden from the seat."""
    out: tuple[str, ...] = ()
    declarer = memory.declarer
    if declarer is not None and declarer != memory.seat and memory.cards_left[declarer] > 0:
        out += (DECLARER_PRIOR,)
    if memory.kitty_hidden:
        out += (KITTY_PRIOR_NAME,)
    return out


class Sampler:
    """Draws deals for ``memory``'s seat, whose hand is ``hand``."""

    def __init__(self, memory: CardMemory, hand: Sequence[Card], priors: bool = True,
                 kitty: Sequence[Card] | None = None):
        self.mem = mem = memory
        ctx = mem.ctx
        self.hand = list(hand)
        self.kitty = list(kitty) if kitty is not None else None
        seats = [s for s in range(4) if s != mem.seat and mem.cards_left[s] > 0]
        self.holders = seats + ([KITTY] if mem.kitty_hidden else [])
        pool = Counter(mem.unseen)
        self.fixed: dict[int, list[Card]] = {h: [] for h in self.holders}
        for s in seats:
            known = list((mem.known[s] & pool).elements())[: mem.cards_left[s]]
            self.fixed[s] = known
            pool.subtract(known)
        # the dealer's shown level cards: placed first, to the dealer or the kitty (only
        # the kitty once the dealer's hand is empty)
        dealer = mem.dealer
        reserved = mem.shown_by_dealer & pool if mem.kitty_hidden else Counter()
        pool.subtract(reserved)
        self.reserved = list(reserved.elements())
        self.room = {h: (mem.cards_left[h] if h != KITTY else mem.kitty_hidden) - len(self.fixed[h])
                     for h in self.holders}
        # per holder, how many copies of each face it may take (index: face index)
        self.cap: dict[int, list[int]] = {}
        for h in self.holders:
            cap = [ctx.rules.decks] * len(ALL_FACES)
            if h != KITTY:
                for face in ALL_FACES:
                    suit = ctx.suit_of(face)
                    if suit in mem.void[h] or face in mem.lacks[h]:
                        cap[face.index] = 0
                    elif suit in mem.no_pair[h] or face in mem.single_of[h]:
                        cap[face.index] = 1
                for card in self.fixed[h]:
                    cap[card.index] -= 1
            self.cap[h] = cap
        self.no_tractor = {h: mem.no_tractor[h] for h in seats if mem.no_tractor[h]}
        self.prior = {h: self._prior(h, priors) for h in self.holders}
        self.pool = sorted((+pool).elements(), key=lambda c: c.index)
        self.masks = {c: self._mask(c) for c in set(self.pool) | set(self.reserved)}
        for card in self.reserved:
            self.masks[card] &= self._bit(dealer) | self._bit(KITTY)
        self.possible = sum(self.room.values()) == len(self.pool) + len(self.reserved) and \
            all(room >= 0 for room in self.room.values())
        """False when the view's counts do not add up (no deal can agree with it)."""

    def _bit(self, holder: int | None) -> int:
        return 1 << self.holders.index(holder) if holder in self.holders else 0

    def _mask(self, card: Card) -> int:
        return sum(1 << i for i, h in enumerate(self.holders) if self.cap[h][card.index] > 0)

    def _prior(self, holder: int, priors: bool) -> list[float]:
        weights = [1.0] * len(ALL_FACES)
        if not priors:
            return weights
        ctx = self.mem.ctx
        top_side = max(ctx.position(f) for f in ALL_FACES if not ctx.is_trump(f))
        for face in ALL_FACES:
            trump = ctx.is_trump(face)
            if holder == KITTY:
                top = not trump and ctx.position(face) == top_side
                weights[face.index] = (KITTY_PRIOR["trump"] if trump else 1.0) * \
                    (KITTY_PRIOR["points"] if face.points else 1.0) * (KITTY_PRIOR["ace"] if top else 1.0)
            elif holder == self.mem.declarer and trump:
                weights[face.index] = DECLARER_TRUMPS
        return weights

    def draw(self, rng: random.Random) -> Deal | None:
        """One consistent deal, or ``None`` when every attempt hit a dead end (only
        possible with pair or tractor bans, and rare)."""
        if not self.possible:
            return None
        for _ in range(ATTEMPTS):
            deal = self._attempt(rng)
            if deal is not None:
                return deal
        return None

    def _attempt(self, rng: random.Random) -> Deal | None:
        holders = self.holders
        cards = list(self.pool)
        rng.shuffle(cards)
        masks = self.masks
        order = self.reserved + sorted(cards, key=lambda c: bin(masks[c]).count("1"))
        got: dict[int, list[Card]] = {h: list(self.fixed[h]) for h in holders}
        room = [self.room[h] for h in holders]
        left = [list(self.cap[h]) for h in holders]
        prior = [self.prior[h] for h in holders]
        rules = _hall_rules(Counter(masks[c] for c in order), room)
        tight = [subset for subset, slack in rules if slack == 0]
        n = len(holders)
        random_ = rng.random
        for card in order:
            mask = masks[card]
            i_card = card.index
            choices: list[int] = []
            weights: list[float] = []
            total = 0.0
            for i in range(n):
                if room[i] <= 0 or left[i][i_card] <= 0 or not (mask >> i) & 1:
                    continue
                if tight and any(subset >> i & 1 and mask & ~subset for subset in tight):
                    continue  # the cards only that subset can take would no longer fit
                weight = room[i] * prior[i][i_card]
                choices.append(i)
                weights.append(weight)
                total += weight
            if not choices:
                return None
            i = choices[-1]
            if len(choices) > 1:
                pick = random_() * total
                for j, weight in enumerate(weights):
                    pick -= weight
                    if pick < 0:
                        i = choices[j]
                        break
            room[i] -= 1
            left[i][i_card] -= 1
            got[holders[i]].append(card)
            if rules:
                rules = [(subset, slack - (subset >> i & 1) + (mask & ~subset == 0))
                         for subset, slack in rules]
                tight = [subset for subset, slack in rules if slack == 0]
        for seat, bans in self.no_tractor.items():
            if any(_holds_run(got[seat], suit, length, self.mem.ctx) for suit, length in bans.items()):
                return None
        hands = [got.get(s, []) for s in range(4)]
        hands[self.mem.seat] = list(self.hand)
        kitty = self.kitty if self.kitty is not None else got.get(KITTY, [])
        return hands, list(kitty)


def _hall_rules(remaining: Counter, room: list[int]) -> list[tuple[int, int]]:
    """Hall's condition on the holders: for every proper subset of holders that some
    card can only go to, (subset mask, slack): its room less the cards only it can take.
    A placement must never drive a slack below zero."""
    full = (1 << len(room)) - 1
    rules = []
    for subset in range(1, full):
        need = sum(n for m, n in remaining.items() if m & ~subset == 0)
        if need:
            space = sum(r for j, r in enumerate(room) if subset >> j & 1)
            rules.append((subset, space - need))
    return rules


def _holds_run(cards: list[Card], suit: str, length: int, ctx: TrumpContext) -> bool:
    """Do ``cards`` hold a tractor of ``length`` pairs in ``suit``?"""
    return has_run(pair_faces([c for c in cards if ctx.suit_of(c) == suit]), length, ctx)
