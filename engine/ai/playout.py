"""Fast playouts of a determinized hand: every hand known (a deal from the ``Sampler``),
every seat playing a quick greedy policy that may look at all the cards.

The policy is deliberately simple and cheap (microseconds a card), so that a search
can play many deals to the end of the hand:

* following: when the partner's cards are winning and nobody still to play can beat
  them, feed points; when an opponent is winning, take the trick with the cheapest
  cards nobody still to play can beat (ruffing only for points or with a cheap trump);
  otherwise play the cheapest cards;
* leading: the whole hand at once when it stands (the last trick multiplies the kitty);
  a combination nobody can beat (side suits first, attackers keeping their biggest
  combination for the end); a low card to the partner's winner; else the lowest card
  of the longest side suit (keeping the short suits to empty and ruff later).

Plays are always legal: singles and pairs follow the rules directly, tractors and
throws go through the engine (``check_follow``); trick winners of tractors and throws,
failed throws and the kitty multiplier come from the engine too.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card, points
from ..play import check_follow, check_lead, lead_shape, legal_follow, trick_winner
from ..rules import TRUMP, TrumpContext
from ..scoring import kitty_multiplier
from .structure import build_to_lead, holding_shape, sets_held

ENDGAME_CARDS = 6
"""An attacking leader with this many cards or fewer plans the last trick."""
CHEAP_RUFF = 4
"""Trump positions below this count as cheap: worth ruffing even a trick without points."""

Held = dict[str, list[Card]]
"""A hand by effective suit, each suit high to low (identical cards side by side)."""


def group(cards: Sequence[Card], ctx: TrumpContext) -> Held:
    """``cards`` as a ``Held``."""
    suit, pos = ctx.suit_table, ctx.pos_table
    held: Held = {}
    for card in sorted(cards, key=lambda c: (-pos[c.index], c.index)):
        held.setdefault(suit[card.index], []).append(card)
    return held


def _pair_tops(cards: list[Card]) -> list[Card]:
    """Faces held twice in a high-to-low suit list, high to low."""
    return [a for a, b in zip(cards, cards[1:]) if a is b]


class Playout:
    """A determinized hand from some point on: four known hands, the kitty, the trick so
    far, the attackers' points.  ``run`` plays it on with the policy."""

    __slots__ = ("ctx", "dealer", "held", "kitty", "trick", "attackers", "tricks_done",
                 "suit", "pos", "leader_seat", "first_winner", "best", "shape",
                 "last_points", "last_kitty", "wide")

    def __init__(self, ctx: TrumpContext, dealer: int, held: list[Held], kitty: Sequence[Card],
                 trick: Sequence[tuple[int, Sequence[Card]]], attackers: int, leader: int):
        self.ctx = ctx
        self.dealer = dealer
        self.suit = ctx.suit_table
        self.pos = ctx.pos_table
        self.wide = ctx.rules.decks > 2
        """Sets wider than a pair exist: leads of triples and quads are considered."""
        self.held = held
        """Every hand by suit; the playout changes these lists (pass copies)."""
        self.kitty = kitty
        self.attackers = attackers
        self.tricks_done = 0
        self.leader_seat = leader
        """Who leads the next trick (the trick in progress's leader until it ends)."""
        self.first_winner: int | None = None
        self.last_points = 0
        """Points on the last trick finished."""
        self.last_kitty = 0
        """The kitty's points times the multiplier, once the last trick is finished
        (whoever won it)."""
        self.trick: list[tuple[int, list[Card]]] = []
        self.best = 0
        """Index in ``trick`` of the play winning so far."""
        for seat, cards in trick:
            self._add(seat, list(cards))

    # ---- state ---------------------------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        return [c for cards in self.held[seat].values() for c in cards]

    def is_attacker(self, seat: int) -> bool:
        return seat % 2 != self.dealer % 2

    def to_play(self) -> int | None:
        """The seat to play next (``None`` once the hand is over)."""
        if self.trick:
            return (self.trick[-1][0] + 1) % 4
        return self.leader_seat if self.held[self.leader_seat] else None

    def play(self, seat: int, cards: Sequence[Card]) -> None:
        """Play ``cards`` for ``seat`` (a lead of several components is checked as a
        throw; a failed one plays its forced component)."""
        cards = list(cards)
        if not self.trick and len(cards) > 1 and not (len(cards) == 2 and cards[0] is cards[1]):
            others = [self.hand(s) for s in range(4) if s != seat]
            result = check_lead(cards, others, self.ctx)
            if not result.ok:
                cards = result.played
                self.attackers += -result.penalty if self.is_attacker(seat) else result.penalty
        held = self.held[seat]
        suit = self.suit
        for card in cards:
            group_ = held[suit[card.index]]
            group_.remove(card)
            if not group_:
                del held[suit[card.index]]
        self._add(seat, cards)
        if len(self.trick) == 4:
            self._finish()

    def _add(self, seat: int, cards: list[Card]) -> None:
        """Put a play on the trick and update who is winning it."""
        trick = self.trick
        trick.append((seat, cards))
        if len(trick) == 1:
            self.best = 0
            self.shape = len(cards) if len(cards) == 1 or (len(cards) == 2 and cards[0] is cards[1]) else 0
            return
        if self.shape == 1:
            if self._higher(cards[0], trick[self.best][1][0]):
                self.best = len(trick) - 1
        elif self.shape == 2:
            if cards[0] is cards[1] and self._higher(cards[0], trick[self.best][1][0]):
                self.best = len(trick) - 1
        else:
            self.best = trick_winner([c for _, c in trick], self.ctx)

    def _higher(self, card: Card, best: Card) -> bool:
        """Does ``card`` beat ``best`` (the winning card of a single or pair trick)?"""
        suit, pos = self.suit, self.pos
        a, b = suit[card.index], suit[best.index]
        if a == b:
            return pos[card.index] > pos[best.index]
        return a == TRUMP

    def _finish(self) -> None:
        winner = self.trick[self.best][0]
        if self.first_winner is None:
            self.first_winner = winner
        self.last_points = sum(points(cards) for _, cards in self.trick)
        if not self.held[winner]:
            self.last_kitty = points(self.kitty) * kitty_multiplier(self.trick[0][1], self.ctx)
        if self.is_attacker(winner):
            self.attackers += self.last_points + self.last_kitty
        self.leader_seat = winner
        self.trick = []
        self.tricks_done += 1

    def run(self, tricks: int | None = None) -> None:
        """Play on with the policy: to the end of the hand, or until ``tricks`` more
        tricks have been finished (the one in progress counts)."""
        stop = None if tricks is None else self.tricks_done + tricks
        while stop is None or self.tricks_done < stop:
            seat = self.to_play()
            if seat is None or not self.held[seat]:
                return
            self.play(seat, self.follow(seat) if self.trick else self.lead(seat))

    # ---- the policy: following ---------------------------------------------------------

    def follow(self, seat: int) -> list[Card]:
        if self.shape == 1:
            return self._follow_single(seat)
        if self.shape == 2:
            return self._follow_pair(seat)
        return self._follow_shaped(seat)

    def _opponents_after(self, seat: int) -> list[int]:
        """Opponents of ``seat`` still to play after it in this trick."""
        return [(seat + k) % 4 for k in range(1, 4 - len(self.trick), 2)]

    def beaten(self, seats: Sequence[int], top: Card, pair: bool, led: str) -> bool:
        """Does one of ``seats`` hold what beats the single ``top`` (the pair of ``top``
        when ``pair``) in a trick led in ``led``?"""
        beats = self._beats_pair if pair else self._beats_single
        return any(beats(seat, top, led) for seat in seats)

    def _beats_single(self, seat: int, card: Card, led: str) -> bool:
        """Can ``seat`` (still to play to a single lead of ``led``) beat ``card``?"""
        held, pos, suit = self.held[seat], self.pos, self.suit
        own = held.get(led)
        if own:
            return suit[card.index] == led and pos[own[0].index] > pos[card.index]
        trumps = held.get(TRUMP)
        if not trumps:
            return False
        return suit[card.index] != TRUMP or pos[trumps[0].index] > pos[card.index]

    def _follow_single(self, seat: int) -> list[Card]:
        suit, pos = self.suit, self.pos
        trick = self.trick
        led = suit[trick[0][1][0].index]
        held = self.held[seat]
        winner, best = trick[self.best][0], trick[self.best][1][0]
        opponents = self._opponents_after(seat)
        safe = winner % 2 == seat % 2 and not self.beaten(opponents, best, False, led)
        own = held.get(led)
        if own:
            if safe:
                return [max(reversed(own), key=lambda c: c.points)]
            if suit[best.index] == led:
                for card in reversed(own):
                    if pos[card.index] > pos[best.index] and \
                            not self.beaten(opponents, card, False, led):
                        return [card]
            return [_cheapest(own)]
        if safe:
            return [self._discard(held, feed=True)]
        trumps = held.get(TRUMP) if led != TRUMP else None
        if trumps:
            floor = pos[best.index] if suit[best.index] == TRUMP else -1
            for card in reversed(trumps):
                if pos[card.index] > floor and not self.beaten(opponents, card, False, led):
                    if pos[card.index] < CHEAP_RUFF or not opponents or \
                            any(points(cards) for _, cards in trick):
                        return [card]
                    break
        return [self._discard(held, feed=False)]

    def _discard(self, held: Held, feed: bool) -> Card:
        """A card of no use: the lowest side card (points first when feeding, kept back
        otherwise), a trump only when nothing else is left."""
        sides = [cards for s, cards in held.items() if s != TRUMP]
        if not sides:
            return held[TRUMP][-1]
        if feed:
            best = None
            for cards in sides:
                for card in cards:
                    if card.points and (best is None or card.points > best.points):
                        best = card
            if best is not None:
                return best
        pos = self.pos
        return min((cards[-1] for cards in sides),
                   key=lambda c: (c.points, pos[c.index] - 0.5 * len(held[self.suit[c.index]])))

    def _beats_pair(self, seat: int, top: Card, led: str) -> bool:
        """Can ``seat`` beat the pair of ``top`` (of ``led`` or a ruff) in a pair lead?"""
        held, pos, suit = self.held[seat], self.pos, self.suit
        own = held.get(led, ())
        if len(own) >= 2:
            return suit[top.index] == led and any(pos[f.index] > pos[top.index] for f in _pair_tops(own))
        if own:
            return False
        trumps = held.get(TRUMP, [])
        floor = pos[top.index] if suit[top.index] == TRUMP else -1
        return any(pos[f.index] > floor for f in _pair_tops(trumps))

    def _follow_pair(self, seat: int) -> list[Card]:
        suit, pos = self.suit, self.pos
        trick = self.trick
        led = suit[trick[0][1][0].index]
        held = self.held[seat]
        winner, top = trick[self.best][0], trick[self.best][1][0]
        opponents = self._opponents_after(seat)
        safe = winner % 2 == seat % 2 and not self.beaten(opponents, top, True, led)
        own = held.get(led, [])
        if len(own) >= 2:
            faces = _pair_tops(own)
            if faces:
                if safe:
                    face = max(reversed(faces), key=lambda f: f.points)
                    return [face, face]
                if suit[top.index] == led:
                    for face in reversed(faces):
                        if pos[face.index] > pos[top.index] and \
                                not self.beaten(opponents, face, True, led):
                            return [face, face]
                face = min(faces, key=lambda f: (f.points, pos[f.index]))
                return [face, face]
            return sorted(own, key=self._feed_key if safe else self._low_key)[:2]
        if not safe and not own and led != TRUMP:
            trumps = held.get(TRUMP, [])
            floor = pos[top.index] if suit[top.index] == TRUMP else -1
            for face in reversed(_pair_tops(trumps)):
                if pos[face.index] > floor and not self.beaten(opponents, face, True, led):
                    return [face, face]
        others = sorted((c for s, cards in held.items() if s != led for c in cards),
                        key=self._feed_key if safe else self._low_key)
        return own + others[: 2 - len(own)]

    def _low_key(self, card: Card) -> tuple[bool, int, int]:
        """Cheapest first: side cards before trumps, no points before points, low first."""
        return (self.suit[card.index] == TRUMP, card.points, self.pos[card.index])

    def _feed_key(self, card: Card) -> tuple[bool, int, int]:
        """Feeding first: side cards before trumps, most points first, low first."""
        return (self.suit[card.index] == TRUMP, -card.points, self.pos[card.index])

    def _follow_shaped(self, seat: int) -> list[Card]:
        """Tractors and throws: the engine's shape builders, judged by ``trick_winner``."""
        ctx, pos = self.ctx, self.pos
        lead = self.trick[0][1]
        shape = lead_shape(lead, ctx)
        hand = self.hand(seat)
        plays = [cards for _, cards in self.trick]
        partner_wins = self.trick[self.best][0] % 2 == seat % 2

        def low(c: Card) -> float:
            return (100 if ctx.is_trump(c) else 0) + pos[c.index] + 3 * c.points

        def feed(c: Card) -> float:
            return (100 if ctx.is_trump(c) else 0) + pos[c.index] - 30 * c.points

        def high(c: Card) -> float:
            return -pos[c.index]

        own = self.held[seat].get(shape.suit, [])
        options: list[list[Card]] = []
        if len(own) >= shape.size:
            keys = (feed,) if partner_wins else (high, low)
            options = [build_to_lead(own, shape, ctx, k) for k in keys]
        else:
            rest = [c for c in hand if ctx.suit_of(c) != shape.suit]
            trumps = [c for c in rest if ctx.is_trump(c)]
            if not own and shape.suit != TRUMP and not partner_wins and len(trumps) >= shape.size:
                options.append(build_to_lead(trumps, shape, ctx, high))
            fill = sorted(rest, key=feed if partner_wins else low)
            options.append(own + fill[: shape.size - len(own)])
        legal = [o for o in options if len(o) == shape.size and check_follow(hand, lead, o, ctx).legal]
        for option in legal:
            if partner_wins or trick_winner(plays + [option], ctx) == len(plays):
                return option
        return legal[-1] if legal else legal_follow(hand, lead, ctx)

    # ---- the policy: leading -------------------------------------------------------------

    def lead(self, seat: int) -> list[Card]:
        held = self.held[seat]
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        count = sum(len(cards) for cards in held.values())
        if len(held) == 1 and count > 1:
            everything = next(iter(held.values()))
            others = [self.hand(s) for s in range(4) if s != seat]
            if check_lead(everything, others, self.ctx).ok and self._stands(everything, opponents):
                return list(everything)
        sure: list[tuple[tuple[bool, int, int], list[Card]]] = []
        for suit, cards in held.items():
            side = suit != TRUMP
            faces = _pair_tops(cards)
            if len(faces) >= 2:
                for chain in holding_shape(cards, self.ctx)[0]:
                    combo = [f for f in reversed(chain) for _ in range(2)]
                    if self._stands(combo, opponents):
                        sure.append(((side, len(combo), points(combo)), combo))
            if self.wide and len(cards) >= 3:
                for combo in sets_held(cards, self.ctx):
                    if len(combo) > 2 and self._stands(combo, opponents):
                        sure.append(((side, len(combo), points(combo)), combo))
            if faces and not self.beaten(opponents, faces[0], True, suit):
                sure.append(((side, 2, 2 * faces[0].points), [faces[0], faces[0]]))
            if not self.beaten(opponents, cards[0], False, suit):
                sure.append(((side, 1, cards[0].points), [cards[0]]))
        if sure:
            sure.sort(key=lambda item: item[0], reverse=True)
            if self.is_attacker(seat) and count <= ENDGAME_CARDS and len(sure) > 1:
                keep = max(sure, key=lambda item: (len(item[1]), not item[0][0]))
                return next(combo for key, combo in sure if combo is not keep[1])
            return sure[0][1]
        partner = self.held[(seat + 2) % 4]
        for suit, cards in held.items():
            if suit != TRUMP:
                theirs = partner.get(suit)
                if theirs and not self.beaten(opponents, theirs[0], False, suit):
                    return [_cheapest(cards)]
        return [self._low_lead(held)]

    def _stands(self, combo: list[Card], opponents: Sequence[int]) -> bool:
        """Would ``combo`` (of one suit) led now win against these opponents' best
        matching replies?  (For a throw, which the engine checks against every hand,
        only a ruff can still beat it.)"""
        ctx = self.ctx
        shape = lead_shape(combo, ctx)
        for seat in opponents:
            held = self.held[seat]
            pool = held.get(shape.suit, [])
            if pool:
                if len(pool) < shape.size or shape.is_throw:
                    continue  # short of the suit, or a throw that stood: cannot win
            elif shape.suit != TRUMP:
                pool = held.get(TRUMP, [])
            if len(pool) < shape.size:
                continue
            best = build_to_lead(pool, shape, ctx, lambda c: -self.pos[c.index])
            if trick_winner([combo, best], ctx) == 1:
                return False
        return True

    def _low_lead(self, held: Held) -> Card:
        sides = [cards for s, cards in held.items() if s != TRUMP]
        if not sides:
            return _cheapest(held[TRUMP])
        return _cheapest(min(sides, key=lambda cards: (-len(cards), cards[-1].points)))


def _cheapest(cards: list[Card]) -> Card:
    """The lowest card without points if there is one (``cards`` high to low)."""
    for card in reversed(cards):
        if not card.points:
            return card
    return cards[-1]
