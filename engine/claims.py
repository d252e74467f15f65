"""Claims: facts about a position that a sentence may state, each with its predicate.

A claim is plain data (a frozen dataclass: the cards, the seat, the number it states).
``claim.holds(position)`` checks it against what one seat can know — its
``PlayerView`` (its hand, the cards played face up, the kitty only if it buried it)
and, for hidden cards, every deal consistent with that view (``engine.knowledge``) —
and against the engine's rules.  No claim holds "probably": a claim of certainty
``SURE`` holds only when no consistent deal contradicts it, ``POSSIBLE`` only when one
deal does and is not ruled out; a share measured by sampling is stated as such
(``WinShare``).

The engine never writes sentences: the coach (``tutor.coach``) renders claims into
words and shows a sentence only when every claim in it holds.  The AI may use the
same predicates.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Sequence

from .cards import Card, points
from .game import view_declarations
# the module, not its class: engine.knowledge imports engine.ai, which imports this module
from . import knowledge as known
from .ai import sampler
from .play import (
    DISCARD,
    RUFF,
    FollowRequirements,
    FollowVerdict,
    can_match,
    check_follow,
    classify_follow,
    follow_requirements,
    lead_shape,
    legal_follows,
    throw_penalty,
    trick_winner,
    why_not_selectable,
)
from .combos import decompose, suit_of_cards
from .rules import TRUMP, TrumpContext
from .scoring import kitty_multiplier
from .view import PlayerView, TrickRecord

SURE, POSSIBLE = "sure", "possible"
"""Certainty of a claim about hidden cards: true in every consistent deal, or in some."""

CLEAR_Z = 2.0
"""A searched margin counts as clear when it is at least this many of its standard
errors: below that, the deals played cannot tell the best play from the runner-up."""

LEGAL_LIMIT = 400
"""Legal plays examined for a claim about all of them; beyond this the claim is not
made (its predicate is false), never guessed."""


# ====================================================================== the position


class Position:
    """One seat's view with what claims need from it, each computed once."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.ctx = view.ctx  # type: ignore[assignment]  # None only while dealing
        self.seat = view.seat
        self._legal: dict[int, list[tuple[Card, ...]] | None] = {}
        self._why: dict[tuple, FollowVerdict] = {}

    @cached_property
    def knowledge(self) -> known.Knowledge:
        return known.Knowledge(self.view)

    @property
    def following(self) -> bool:
        return bool(self.view.trick)

    @cached_property
    def plays(self) -> list[list[Card]]:
        """The trick so far, as card lists (the lead first)."""
        return [list(p.cards) for p in self.view.trick]

    @cached_property
    def table_points(self) -> int:
        """Points in the trick so far (on the table before the seat plays)."""
        return sum(points(p) for p in self.plays)

    @cached_property
    def requirements(self) -> FollowRequirements:
        assert self.following
        return follow_requirements(self.view.hand, self.plays[0], self.ctx)

    @cached_property
    def later(self) -> list[int]:
        """Seats to play in this trick after this seat."""
        trick = self.view.trick
        leader = trick[0].seat if trick else self.seat
        return [(leader + k) % 4 for k in range(len(trick) + 1, 4)]

    @cached_property
    def later_opponents(self) -> list[int]:
        return [s for s in self.later if s % 2 != self.seat % 2]

    @cached_property
    def later_partners(self) -> list[int]:
        return [s for s in self.later if s % 2 == self.seat % 2]

    @cached_property
    def winner(self) -> int | None:
        """The seat winning the trick so far (``None`` before the lead)."""
        if not self.view.trick:
            return None
        return self.view.trick[trick_winner(self.plays, self.ctx)].seat

    def legal(self, limit: int = LEGAL_LIMIT) -> list[tuple[Card, ...]] | None:
        """The legal follows (``None`` when there are more than ``limit``)."""
        if limit not in self._legal:
            assert self.following
            self._legal[limit] = legal_follows(self.view.hand, self.plays[0], self.ctx, limit)
        return self._legal[limit]

    def fewest_points(self) -> int | None:
        """The fewest points a legal follow carries; ``None`` when there are too many
        follows to list and the hand is not short of the suit led."""
        legal = self.legal()
        if legal is not None:
            return min(points(p) for p in legal)
        cheapest = self.cheapest_short_follow()
        return points(cheapest) if cheapest is not None else None

    def cheapest_short_follow(self) -> tuple[Card, ...] | None:
        """For a hand short of the suit led, whose follow is all of that suit and then
        any cards (RULES.md §5): that suit's cards and the cheapest others (fewest
        points, then the least dear); ``None`` when the hand is not short."""
        need = self.requirements
        if not need.fill:
            return None
        rest = Counter(self.view.hand) - Counter(need.held)
        fill = sorted(rest.elements(), key=lambda c: (c.points, _cost((c,), self)))[:need.fill]
        return tuple(need.held) + tuple(fill)

    def some_play_wins(self) -> bool | None:
        """Does a legal follow win the trick now?  ``None`` when there are too many
        follows to list and the hand could ruff."""
        legal = self.legal()
        if legal is not None:
            return any(self.wins_now(p) for p in legal)
        need = self.requirements
        size = need.shape.size
        if need.fill and (need.held or need.shape.suit == TRUMP
                          or sum(1 for c in self.view.hand if self.ctx.is_trump(c)) < size):
            return False  # a play of mixed suits never wins; a ruff needs the lead's size in trumps
        return None

    def why_not(self, selected: Sequence[Card], card: Card) -> FollowVerdict:
        """``why_not_selectable`` for the seat's hand (remembered per selection)."""
        key = (tuple(selected), card)
        if key not in self._why:
            lead = self.plays[0] if self.following else None
            self._why[key] = why_not_selectable(self.view.hand, lead, list(selected), card,
                                                self.ctx)
        return self._why[key]

    def wins_now(self, cards: Sequence[Card]) -> bool:
        """Would ``cards``, played now, be winning the trick?"""
        if not self.following:
            return True
        return trick_winner(self.plays + [list(cards)], self.ctx) == len(self.plays)

    def beaten(self, cards: Sequence[Card]) -> bool | None:
        """May a later opponent beat ``cards`` played now (and winning now)?  For a
        throw led, an opponent beating one of its parts counts too; when only the
        partner may (the throw may fail, but no opponent is the cause): ``None``."""
        plays = self.plays + [list(cards)]
        answer = self.knowledge.beaten_by_any(plays, self.later_opponents)
        if not self.following and answer is False:
            fails = self.knowledge.throw_can_fail(cards)
            if fails is not True:
                return fails
            return True if self.knowledge.throw_can_fail(cards, self.later_opponents) else None
        return answer

    def is_legal(self, cards: Sequence[Card]) -> bool:
        if not cards or Counter(cards) - Counter(self.view.hand):
            return False
        if not self.following:
            return suit_of_cards(list(cards), self.ctx) is not None
        return check_follow(self.view.hand, self.plays[0], list(cards), self.ctx).legal


class Claim:
    """A fact a sentence may state.  Subclasses are frozen dataclasses (plain data)
    whose ``holds`` is the one predicate that checks them."""

    def holds(self, at: Position) -> bool:
        raise NotImplementedError

    @property
    def name(self) -> str:
        return type(self).__name__


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return Counter(a) == Counter(b)


# ====================================================================== rules and hand


@dataclass(frozen=True)
class Leading(Claim):
    """The seat is to lead the trick."""

    def holds(self, at: Position) -> bool:
        return at.view.phase == "tricks" and at.view.leading


@dataclass(frozen=True)
class MustFollow(Claim):
    """The seat holds enough cards of ``suit`` (the led suit) and must play ``count``
    of them, with runs for ``tractors`` and ``pairs`` pairs in all (the follow ladder).
    With three or four decks also ``runs``, the tractors as (width, length), and
    ``sets``, the triples and quads as (width, count) (a set holds every narrower one)."""

    suit: str
    count: int
    tractors: tuple[int, ...] = ()
    pairs: int = 0
    runs: tuple[tuple[int, int], ...] = ()
    sets: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, req: FollowRequirements) -> "MustFollow":
        """The claim of what ``req``'s follow must hold."""
        if not req.shape.wide:
            return cls(req.suit, req.need, req.tractors, req.pairs)
        return cls(req.suit, req.need, req.tractors, req.pairs, *_wide_needs(req))

    def holds(self, at: Position) -> bool:
        if not at.following:
            return False
        req = at.requirements
        wide = _wide_needs(req) if req.shape.wide else ((), ())
        return (req.suit, req.need, req.need == req.size, req.tractors, req.pairs, *wide) == (
            self.suit, self.count, True, self.tractors, self.pairs, self.runs, self.sets)


def _wide_needs(req: FollowRequirements) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The tractors (width, length) and the triples and quads (width, count) a follow
    must hold with three or four decks."""
    if not req.structured:
        return (), ()
    entries = len(req.shape.entries)
    runs = tuple((w, n) for w, n, _ in req.scored)
    sets = tuple((w, v) for (w, _), v in zip(req.shape.sets, req.vector[entries:]) if w > 2 and v)
    return runs, sets


@dataclass(frozen=True)
class HoldsOnly(Claim):
    """The seat holds ``count`` cards of the led ``suit``: some, but fewer than led."""

    suit: str
    count: int

    def holds(self, at: Position) -> bool:
        if not at.following:
            return False
        req = at.requirements
        return req.suit == self.suit and 0 < len(req.held) == self.count < req.size


@dataclass(frozen=True)
class Void(Claim):
    """``seat`` holds no card of ``suit`` now: for the viewing seat its own hand, for
    another seat every consistent deal."""

    seat: int
    suit: str

    def holds(self, at: Position) -> bool:
        if self.seat == at.seat:
            return all(at.ctx.suit_of(c) != self.suit for c in at.view.hand)
        return not at.knowledge.may_hold(self.seat, self.suit)


@dataclass(frozen=True)
class HoldsCount(Claim):
    """The seat holds exactly ``count`` cards of effective suit ``suit``."""

    suit: str
    count: int

    def holds(self, at: Position) -> bool:
        return sum(at.ctx.suit_of(c) == self.suit for c in at.view.hand) == self.count


@dataclass(frozen=True)
class CanRuff(Claim):
    """The seat, out of the led side suit, holds (``able``) or does not hold trumps
    that match the lead's whole shape — a ruff that can win."""

    able: bool

    def holds(self, at: Position) -> bool:
        if not at.following:
            return False
        shape = lead_shape(at.plays[0], at.ctx)
        if shape.suit == TRUMP or any(at.ctx.suit_of(c) == shape.suit for c in at.view.hand):
            return False
        trumps = [c for c in at.view.hand if at.ctx.is_trump(c)]
        return can_match(trumps, shape, at.ctx) == self.able


@dataclass(frozen=True)
class LeadKind(Claim):
    """The trick was led by ``seat`` with a ``kind`` of lead (single, pair, tractor,
    throw) of ``size`` cards."""

    seat: int
    kind: str
    size: int

    def holds(self, at: Position) -> bool:
        if not at.following:
            return False
        shape = lead_shape(at.plays[0], at.ctx)
        return (at.view.trick[0].seat, _lead_kind(shape.components), shape.size) == (
            self.seat, self.kind, self.size)


def _lead_kind(components: Sequence) -> str:
    if len(components) > 1:
        return "throw"
    return components[0].kind


@dataclass(frozen=True)
class Refused(Claim):
    """Playing ``cards`` now breaks the obligation ``code`` (ENGINE-API.md), which
    ``meet`` (cards in hand) satisfy."""

    cards: tuple[Card, ...]
    code: str
    meet: tuple[Card, ...] = ()

    def holds(self, at: Position) -> bool:
        if not at.following:
            return self.code == "mixed_suits" and suit_of_cards(list(self.cards), at.ctx) is None
        verdict = check_follow(at.view.hand, at.plays[0], list(self.cards), at.ctx)
        return verdict.reason == self.code and _same(verdict.cards, self.meet)


@dataclass(frozen=True)
class Blocked(Claim):
    """With ``selected`` chosen, ``card`` cannot be added: it would break ``code``,
    which ``meet`` satisfy (``why_not_selectable``)."""

    selected: tuple[Card, ...]
    card: Card
    code: str
    meet: tuple[Card, ...] = ()

    def holds(self, at: Position) -> bool:
        verdict = at.why_not(self.selected, self.card)
        return verdict.reason == self.code and _same(verdict.cards, self.meet)


@dataclass(frozen=True)
class TrumpKind(Claim):
    """Why ``card`` is a trump (``TrumpContext.trump_kind``; ``None``: it is not)."""

    card: Card
    kind: str | None

    def holds(self, at: Position) -> bool:
        return at.ctx.trump_kind(self.card) == self.kind


@dataclass(frozen=True)
class SuitOf(Claim):
    """``card``'s effective suit is ``suit``."""

    card: Card
    suit: str

    def holds(self, at: Position) -> bool:
        return at.ctx.suit_of(self.card) == self.suit


@dataclass(frozen=True)
class Holds(Claim):
    """The seat holds ``cards``."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        return bool(self.cards) and not Counter(self.cards) - Counter(at.view.hand)


@dataclass(frozen=True)
class PairsCanStay(Claim):
    """The seat holds the pair ``cards``, and its next play need not break any of its
    pairs (play one card of two): a lead never must, and a follow still to be made must
    not when some legal follow plays both cards or neither of every pair held."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        if len(self.cards) != 2 or self.cards[0] != self.cards[1]:
            return False
        if not Holds(self.cards).holds(at):
            return False
        if not at.following or any(p.seat == at.seat for p in at.view.trick):
            return True
        pairs = [c for c, n in Counter(at.view.hand).items() if n == 2]
        legal = at.legal()
        return legal is not None and any(
            all(play.count(c) != 1 for c in pairs) for play in legal)


@dataclass(frozen=True)
class LegalPlay(Claim):
    """``cards`` is a legal play now."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        return at.view.turn == at.seat and at.is_legal(self.cards)


@dataclass(frozen=True)
class OnlyLegalPlay(Claim):
    """``cards`` is the one legal play now."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        if not at.following:
            return len(at.view.hand) == 1 and _same(at.view.hand, self.cards)
        legal = at.legal(limit=1)
        return legal is not None and len(legal) == 1 and _same(legal[0], self.cards)


@dataclass(frozen=True)
class CardsLeft(Claim):
    """The seat holds ``count`` cards."""

    count: int

    def holds(self, at: Position) -> bool:
        return len(at.view.hand) == self.count


@dataclass(frozen=True)
class Team(Claim):
    """The seat is on the dealers' side (``dealers``) or the attackers'."""

    dealers: bool

    def holds(self, at: Position) -> bool:
        return at.view.dealer is not None and at.view.is_dealer_side() == self.dealers


# ====================================================================== the trick in progress


@dataclass(frozen=True)
class TrickPoints(Claim):
    """The cards already on the table in this trick carry ``points``."""

    points: int

    def holds(self, at: Position) -> bool:
        return at.following and at.table_points == self.points


@dataclass(frozen=True)
class GivesPoints(Claim):
    """``cards`` carry ``points``."""

    cards: tuple[Card, ...]
    points: int

    def holds(self, at: Position) -> bool:
        return points(self.cards) == self.points


@dataclass(frozen=True)
class FewestPoints(Claim):
    """No legal play carries fewer points than ``cards``."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        if not at.following or not at.is_legal(self.cards):
            return False
        return points(self.cards) == at.fewest_points()


@dataclass(frozen=True)
class WinsNow(Claim):
    """``cards`` played now would be winning the trick (the cards played after may
    still beat it)."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        return at.following and at.is_legal(self.cards) and at.wins_now(self.cards)


@dataclass(frozen=True)
class NoWinningPlay(Claim):
    """No legal play wins the trick now."""

    def holds(self, at: Position) -> bool:
        return at.following and at.some_play_wins() is False


@dataclass(frozen=True)
class PartnerWinning(Claim):
    """The partner's play is winning the trick so far; with certainty ``SURE`` no
    opponent still to play can beat it, with ``POSSIBLE`` one may; ``None``: no
    claim about the players still to come."""

    seat: int
    certainty: str | None = None

    def holds(self, at: Position) -> bool:
        if at.winner != self.seat or self.seat != at.view.partner:
            return False
        if self.certainty is None:
            return True
        beaten = at.knowledge.beaten_by_any(at.plays, at.later_opponents)
        return beaten is (False if self.certainty == SURE else True)


@dataclass(frozen=True)
class PartnerCanBeat(Claim):
    """The partner, ``seat``, plays later in this trick and, in some consistent deal,
    holds what beats the trick's winning play once ``cards`` (legal) are played now."""

    seat: int
    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        if not at.following or self.seat != at.view.partner or self.seat not in at.later:
            return False
        if not at.is_legal(self.cards):
            return False
        return at.knowledge.can_beat(at.plays + [list(self.cards)], self.seat) is True


@dataclass(frozen=True)
class KeepsWinner(Claim):
    """After ``cards`` (legal, played now), ``seat`` is still winning the trick."""

    cards: tuple[Card, ...]
    seat: int

    def holds(self, at: Position) -> bool:
        if not at.following or not at.is_legal(self.cards) or at.wins_now(self.cards):
            return False
        return at.winner == self.seat


@dataclass(frozen=True)
class OpponentWinning(Claim):
    """An opponent, ``seat``, is winning the trick so far."""

    seat: int

    def holds(self, at: Position) -> bool:
        return at.winner == self.seat and self.seat % 2 != at.seat % 2


@dataclass(frozen=True)
class OpponentRuffed(Claim):
    """Opponent ``seat`` ruffed the side suit led and is winning the trick so far."""

    seat: int

    def holds(self, at: Position) -> bool:
        if at.winner != self.seat or self.seat % 2 == at.seat % 2:
            return False
        play = next(p for p in at.view.trick if p.seat == self.seat)
        return play is not at.view.trick[0] and classify_follow(
            at.plays[0], list(play.cards), at.ctx) == RUFF


@dataclass(frozen=True)
class CannotBeBeaten(Claim):
    """``cards`` played now win the trick so far, and (``SURE``) no opponent still to
    play can beat them in any consistent deal (a throw also stands for sure), or
    (``POSSIBLE``) one can in some consistent deal."""

    cards: tuple[Card, ...]
    certainty: str = SURE

    def holds(self, at: Position) -> bool:
        if not at.is_legal(self.cards) or not at.wins_now(self.cards):
            return False
        beaten = at.beaten(self.cards)
        return beaten is (False if self.certainty == SURE else True)


@dataclass(frozen=True)
class WinShare(Claim):
    """A search measured that ``cards`` win the trick in ``share`` of ``samples``
    deals drawn to fit the view.  It holds when the measured share is a proper
    fraction, at least ``at_least`` (what a sentence calling the win likely needs), and
    the win is indeed not sure (an opponent may beat the play).  ``weights``: the priors
    the sentence says shaped the deals (``engine.ai.sampler.weights``; ``None``: it says
    nothing of how they were drawn), which must be those that did."""

    cards: tuple[Card, ...]
    share: float
    samples: int
    at_least: float = 0.0
    weights: tuple[str, ...] | None = None

    def holds(self, at: Position) -> bool:
        if not (0.0 < self.share < 1.0 and self.samples > 0) or not at.is_legal(self.cards):
            return False
        if self.weights is not None and self.weights != sampler.weights(at.knowledge.memory):
            return False
        if self.share < self.at_least:
            return False
        if at.following and not at.wins_now(self.cards):
            return True  # a later partner or a lucky deal may still win it
        return at.beaten(self.cards) is True


@dataclass(frozen=True)
class Estimated(Claim):
    """A search over ``samples`` consistent deals scored ``cards`` best, by ``margin``
    on average over the next best play (standard error ``error``), in the search's own
    units (points plus bonuses for winning the hand and levels), which is why the coach
    does not say the number; ``clear`` states whether that margin is clear
    (``clear_margin``) or too close to call."""

    cards: tuple[Card, ...]
    samples: int
    margin: float
    error: float = 0.0
    clear: bool = True

    def holds(self, at: Position) -> bool:
        return (self.samples > 0 and self.margin >= 0
                and self.clear == clear_margin(self.margin, self.error)
                and at.is_legal(self.cards))


def clear_margin(margin: float, error: float) -> bool:
    """Is a searched lead of ``margin`` points (standard error ``error``) more than
    chance?  A margin of nothing never is."""
    return margin > 0 and margin >= CLEAR_Z * error


@dataclass(frozen=True)
class TrumpsUnseen(Claim):
    """``count`` trumps are neither in the seat's hand nor played (nor in a kitty it
    buried): the other hands and the kitty hold them."""

    count: int

    def holds(self, at: Position) -> bool:
        return len(at.knowledge.memory.unseen_of(TRUMP)) == self.count


@dataclass(frozen=True)
class MayHold(Claim):
    """``seat`` holds a card of ``suit`` in some consistent deal."""

    seat: int
    suit: str

    def holds(self, at: Position) -> bool:
        return at.knowledge.may_hold(self.seat, self.suit)


@dataclass(frozen=True)
class MayRuff(Claim):
    """In some consistent deal ``seat`` is out of the side suit of ``cards`` and holds
    trumps of their whole shape, so it could ruff them with a ruff that beats them (a
    trump for a single, a trump pair for a pair, a trump triple for a triple, a trump
    tractor for a tractor)."""

    seat: int
    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        return self.seat != at.seat and at.knowledge.can_ruff(self.cards, self.seat) is True


@dataclass(frozen=True)
class HolderUnknown(Claim):
    """What the seat can know does not tell who holds ``card``: some consistent deal
    gives it to the partner, another to ``opponent``, both still to play in this trick;
    and ``card`` outranks the single ``cards`` (legal now, of the suit led), so whoever
    holds it can play it over them."""

    card: Card
    opponent: int
    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        ctx, partner = at.ctx, at.view.partner
        if len(self.cards) != 1 or not at.is_legal(self.cards) or partner not in at.later \
                or self.opponent not in at.later_opponents:
            return False
        mine = self.cards[0]
        suit = ctx.suit_of(mine)
        if ctx.suit_of(self.card) != suit or ctx.position(self.card) <= ctx.position(mine):
            return False
        if at.following and ctx.suit_of(at.plays[0][0]) != suit:
            return False
        return all(at.knowledge.feasible(((seat, (self.card,)),)) for seat in (partner, self.opponent))


@dataclass(frozen=True)
class ShowedVoid(Claim):
    """``seat`` showed it had no ``suit``: it did not follow a ``suit`` lead in full
    (in a finished trick, or in the trick in progress)."""

    seat: int
    suit: str

    def holds(self, at: Position) -> bool:
        for plays in [r.plays for r in at.view.tricks] + [at.view.trick]:
            if not plays or at.ctx.suit_of(plays[0].cards[0]) != self.suit:
                continue
            for play in plays[1:]:
                followed = sum(at.ctx.suit_of(c) == self.suit for c in play.cards)
                if play.seat == self.seat and followed < len(plays[0].cards):
                    return True
        return False


# ====================================================================== finished tricks


LEAD_HELD, HIGHER, RUFFED, OVERRUFFED = "lead", "higher", "ruff", "overruff"
"""How a trick was won: nobody beat the lead, a higher play of the led suit, a ruff,
the highest of several ruffs."""


@dataclass(frozen=True)
class TrickFacts:
    """What happened in one finished trick, as data."""

    winner: int
    how: str
    ruffs: tuple[int, ...]
    overruffs: tuple[int, ...]
    discards: tuple[int, ...]


def trick_facts(record: TrickRecord, ctx) -> TrickFacts:
    """Who ruffed, over-ruffed or discarded in ``record``, who won it and how."""
    lead = list(record.plays[0].cards)
    ruffs: list[int] = []
    overruffs: list[int] = []
    discards: list[int] = []
    for i, play in enumerate(record.plays[1:], start=1):
        kind = classify_follow(lead, list(play.cards), ctx)
        if kind == RUFF:
            earlier = [list(p.cards) for p in record.plays[:i]]
            beat = trick_winner(earlier + [list(play.cards)], ctx) == i
            (overruffs if ruffs and beat else ruffs).append(play.seat)
        elif kind == DISCARD:
            discards.append(play.seat)
    index = trick_winner([list(p.cards) for p in record.plays], ctx)
    winner = record.plays[index].seat
    how = (LEAD_HELD if index == 0 else OVERRUFFED if winner in overruffs
           else RUFFED if winner in ruffs else HIGHER)
    return TrickFacts(winner, how, tuple(ruffs), tuple(overruffs), tuple(discards))


def _trick(at: Position, trick: int) -> TrickRecord | None:
    tricks = at.view.tricks
    return tricks[trick] if 0 <= trick < len(tricks) else None


@dataclass(frozen=True)
class TrickWon(Claim):
    """Trick ``trick`` (0-based) was won by ``seat``, ``how`` (``trick_facts``)."""

    trick: int
    seat: int
    how: str

    def holds(self, at: Position) -> bool:
        record = _trick(at, self.trick)
        if record is None:
            return False
        facts = trick_facts(record, at.ctx)
        return (facts.winner, facts.how) == (self.seat, self.how)


@dataclass(frozen=True)
class PlayedAs(Claim):
    """In trick ``trick``, ``seat`` ruffed (``ruff``), over-ruffed (``overruff``) or
    discarded (``discard``)."""

    trick: int
    seat: int
    kind: str

    def holds(self, at: Position) -> bool:
        record = _trick(at, self.trick)
        if record is None:
            return False
        facts = trick_facts(record, at.ctx)
        seats = {"ruff": facts.ruffs, "overruff": facts.overruffs,
                 "discard": facts.discards}[self.kind]
        return self.seat in seats


@dataclass(frozen=True)
class ThrowFailed(Claim):
    """In trick ``trick``, ``seat`` tried to throw ``tried`` and only ``played`` was
    played (another hand could beat part of it)."""

    trick: int
    seat: int
    tried: tuple[Card, ...]
    played: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        record = _trick(at, self.trick)
        return (record is not None and record.attempted is not None
                and record.leader == self.seat and _same(record.attempted, self.tried)
                and _same(record.plays[0].cards, self.played))


@dataclass(frozen=True)
class ThrowPenalty(Claim):
    """In trick ``trick`` the failed throw of ``seat`` moved ``points`` (more than none)
    to the other team, under the rule option ``throw_penalty``."""

    trick: int
    seat: int
    points: int

    def holds(self, at: Position) -> bool:
        record = _trick(at, self.trick)
        return (record is not None and record.attempted is not None and record.leader == self.seat
                and self.points > 0 and throw_penalty(len(record.attempted), len(record.plays[0].cards),
                                                      at.view.rules) == self.points)


@dataclass(frozen=True)
class ThrowRisk(Claim):
    """The seat, leading, would throw ``cards`` (two parts or more, one suit).  With
    ``certainty`` ``SURE`` it fails in every consistent deal (another hand can beat a
    part of it: ``Knowledge.throw_can_stand`` is false); with ``POSSIBLE`` it fails in
    some consistent deal and is not proved to fail in all, and it failed in ``share``
    of ``samples`` consistent deals drawn for the decision (a measured share, stated
    as such)."""

    cards: tuple[Card, ...]
    certainty: str
    share: float = 0.0
    samples: int = 0

    def holds(self, at: Position) -> bool:
        if at.following or not at.is_legal(self.cards) or len(decompose(list(self.cards), at.ctx)) < 2:
            return False
        stands = at.knowledge.throw_can_stand(self.cards)
        if self.certainty == SURE:
            return stands is False
        return (self.certainty == POSSIBLE and stands is not False and self.samples > 0
                and 0.0 <= self.share <= 1.0 and at.knowledge.throw_can_fail(self.cards) is True)


def throw_risk(view: PlayerView, cards: Sequence[Card], samples: int = 200) -> ThrowRisk | None:
    """What the seat of ``view`` can know of the throw ``cards`` it would lead now:
    ``None`` when it is no throw or stands for sure; the share is measured with a seed
    taken from the decision, so the same moment always reads the same."""
    at = Position(view)
    if at.following or not at.is_legal(cards) or len(decompose(list(cards), at.ctx)) < 2:
        return None
    knowledge = at.knowledge
    if knowledge.throw_can_stand(cards) is False:
        return ThrowRisk(tuple(cards), SURE)
    if knowledge.throw_can_fail(cards) is not True:
        return None
    seed = len(view.tricks) * 1009 + sum(card.index for card in cards) + 7919 * view.seat
    return ThrowRisk(tuple(cards), POSSIBLE, knowledge.throw_fail_share(cards, samples, seed), samples)


@dataclass(frozen=True)
class KittyFlip(Claim):
    """Nobody declared: the kitty's top card ``card`` was turned over and fixed the
    trumps (``trump`` ``None``: a joker, no-trump)."""

    card: Card
    trump: str | None

    def holds(self, at: Position) -> bool:
        return at.view.flipped == self.card and at.ctx.trump == self.trump


@dataclass(frozen=True)
class KittyScored(Claim):
    """The hand is over; the kitty held ``points``; the attackers won the last trick
    and the kitty counted ``multiplier`` times (``multiplier`` ``None``: the dealers
    won the last trick and it did not count)."""

    points: int
    multiplier: int | None

    def holds(self, at: Position) -> bool:
        view = at.view
        if view.kitty is None or view.phase not in ("hand_over", "match_over") or not view.tricks:
            return False
        last = view.tricks[-1]
        won = view.dealer is not None and last.winner % 2 != view.dealer % 2
        mult = kitty_multiplier(list(last.plays[0].cards), at.ctx) if won else None
        return (points(view.kitty), mult) == (self.points, self.multiplier)


@dataclass(frozen=True)
class HasKitty(Claim):
    """The game has a kitty (``present``) or none (four decks: the last trick's 扣底
    moves the points played in it instead, docs/VARIANTS.md)."""

    present: bool = True

    def holds(self, at: Position) -> bool:
        return at.view.rules.variant.has_kitty == self.present


@dataclass(frozen=True)
class KouDiScored(Claim):
    """Four decks, the hand over: the last trick's 扣底 (docs/VARIANTS.md).  The side
    that lost the last trick played ``points`` in it and gives them ``multiplier`` times
    (the cards led) to the winners, the attackers when ``attackers`` (else the attackers
    lose them)."""

    points: int
    multiplier: int
    attackers: bool

    def holds(self, at: Position) -> bool:
        view = at.view
        if (view.rules.variant.has_kitty or view.phase not in ("hand_over", "match_over")
                or not view.tricks or view.dealer is None):
            return False
        last = view.tricks[-1]
        lost = [c for p in last.plays if p.seat % 2 != last.winner % 2 for c in p.cards]
        return (points(lost), len(last.plays[0].cards), last.winner % 2 != view.dealer % 2) == (
            self.points, self.multiplier, self.attackers)


@dataclass(frozen=True)
class LastLeadMultiplier(Claim):
    """The seat holds ``cards``, a lead of one effective suit that no other hand can
    break (a throw that might fail would not be the last trick's lead: the rest goes
    back to the hand and another trick follows), and as the lead of the last trick they
    would count the kitty ``multiplier`` times for the attackers if they win it (the
    rules' ``kitty_multiplier``)."""

    cards: tuple[Card, ...]
    multiplier: int

    def holds(self, at: Position) -> bool:
        return (at.view.rules.variant.has_kitty and Holds(self.cards).holds(at)
                and suit_of_cards(self.cards, at.ctx) is not None
                and kitty_multiplier(list(self.cards), at.ctx) == self.multiplier
                and at.knowledge.throw_can_fail(self.cards) is False)


# ====================================================================== declaring, burying


@dataclass(frozen=True)
class CanDeclare(Claim):
    """The seat may declare now exactly with ``options`` (each a declaration's cards);
    empty: it may not declare."""

    options: tuple[tuple[Card, ...], ...]

    def holds(self, at: Position) -> bool:
        return sorted(d.cards for d in view_declarations(at.view)) == sorted(self.options)


@dataclass(frozen=True)
class Declarable(Claim):
    """The seat may declare now with ``cards``."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        return any(d.cards == tuple(self.cards) for d in view_declarations(at.view))


@dataclass(frozen=True)
class DeclarationDeals(Claim):
    """Declaring now also decides the dealer: the match's first hand, in its deal."""

    def holds(self, at: Position) -> bool:
        return at.view.dealer is None and at.view.phase in ("dealing", "declaring")


@dataclass(frozen=True)
class Level(Claim):
    """The hand is played at level ``rank``."""

    rank: str

    def holds(self, at: Position) -> bool:
        return at.view.level == self.rank


@dataclass(frozen=True)
class TrumpsIfDeclared(Claim):
    """With ``trump`` declared (``None``: no-trump), ``count`` of the seat's cards
    would be trumps."""

    trump: str | None
    count: int

    def holds(self, at: Position) -> bool:
        ctx = TrumpContext(at.view.level, self.trump, at.view.rules)
        return sum(ctx.is_trump(c) for c in at.view.hand) == self.count


@dataclass(frozen=True)
class KittyPoints(Claim):
    """The cards chosen to bury, ``cards``, carry ``points``."""

    cards: tuple[Card, ...]
    points: int

    def holds(self, at: Position) -> bool:
        return (at.view.phase == "burying" and not Counter(self.cards) - Counter(at.view.hand)
                and points(self.cards) == self.points)


@dataclass(frozen=True)
class Buryable(Claim):
    """The seat is to bury now, and ``cards`` are as many cards of its hand as the
    kitty holds."""

    cards: tuple[Card, ...]

    def holds(self, at: Position) -> bool:
        view = at.view
        return (view.phase == "burying" and view.turn == at.seat and len(self.cards) == view.rules.variant.kitty_size
                and not Counter(self.cards) - Counter(view.hand))


@dataclass(frozen=True)
class BuryEstimated(Claim):
    """Played out from the first lead over ``samples`` deals of the other hands
    consistent with the seat's view, burying ``cards`` scored best, by ``margin`` on
    average (in the search's units, as for ``Estimated``) over the next best burial
    tried (standard error ``error``; ``clear`` as for ``Estimated``)."""

    cards: tuple[Card, ...]
    samples: int
    margin: float
    error: float = 0.0
    clear: bool = True

    def holds(self, at: Position) -> bool:
        return (self.samples > 0 and self.margin >= 0
                and self.clear == clear_margin(self.margin, self.error)
                and Buryable(self.cards).holds(at))


@dataclass(frozen=True)
class TrumpsAmong(Claim):
    """``count`` of ``cards`` (held) are trumps."""

    cards: tuple[Card, ...]
    count: int

    def holds(self, at: Position) -> bool:
        return (not Counter(self.cards) - Counter(at.view.hand)
                and sum(at.ctx.is_trump(c) for c in self.cards) == self.count)


@dataclass(frozen=True)
class EmptiesSuit(Claim):
    """``cards`` are every card of the side suit ``suit`` the seat holds: burying
    them leaves it without that suit."""

    cards: tuple[Card, ...]
    suit: str

    def holds(self, at: Position) -> bool:
        mine = [c for c in at.view.hand if at.ctx.suit_of(c) == self.suit]
        return self.suit != TRUMP and bool(mine) and _same(mine, self.cards)


# ====================================================================== the review


def rewind(view: PlayerView, trick: int) -> PlayerView:
    """The view of ``view.seat`` when it was to play in finished trick ``trick``: its
    hand then, the tricks before, the plays before its own (the kitty as it knew it)."""
    record = view.tricks[trick]
    mine = next(i for i, p in enumerate(record.plays) if p.seat == view.seat)
    later = [p for r in view.tricks[trick:] for p in r.plays]
    hand = Counter(view.hand)
    left = [0, 0, 0, 0]
    for seat in range(4):
        left[seat] = len(view.hand) if seat == view.seat else view.cards_left[seat]
    for play in later:
        left[play.seat] += len(play.cards)
        if play.seat == view.seat:
            hand.update(play.cards)
    for play in record.plays[:mine]:
        left[play.seat] -= len(play.cards)
    kitty = view.kitty if view.dealer == view.seat else None
    return replace(view, phase="tricks", hand=tuple(view.ctx.sorted(hand.elements())),
                   kitty=kitty, trick=record.plays[:mine], tricks=view.tricks[:trick],
                   cards_left=tuple(left), turn=view.seat,
                   attempted=record.attempted if mine else None)


def _decision(at: Position, trick: int, cards: Sequence[Card]) -> Position | None:
    """The position of ``at``'s seat before it played ``cards`` in ``trick``."""
    record = _trick(at, trick)
    if record is None:
        return None
    mine = next((p for p in record.plays if p.seat == at.seat), None)
    if mine is None or not _same(mine.cards, cards):
        return None
    return Position(rewind(at.view, trick))


def sure_lost(before: Position, cards: Sequence[Card]) -> bool:
    """After ``cards``, an opponent wins the trick whatever happens: an opponent is
    winning it, and no partner still to play can beat that in any consistent deal (a
    big joker led as a single is lost to the partner too)."""
    if not before.following:
        return False
    plays = before.plays + [list(cards)]
    index = trick_winner(plays, before.ctx)
    if index == len(before.plays) or before.view.trick[index].seat % 2 == before.seat % 2:
        return False
    partners = before.later_partners
    return not partners or before.knowledge.beaten_by_any(plays, partners) is False


def side_sure(before: Position, cards: Sequence[Card]) -> bool:
    """After ``cards``, the seat's side is winning the trick and no later opponent can
    beat that in any consistent deal."""
    plays = before.plays + [list(cards)]
    seat = (before.view.trick[0].seat + trick_winner(plays, before.ctx)) % 4
    return (seat % 2 == before.seat % 2
            and before.knowledge.beaten_by_any(plays, before.later_opponents) is False)


def sure_win(before: Position, cards: Sequence[Card]) -> bool:
    """``cards`` are legal, win the trick now, and no later opponent can beat them."""
    return (before.following and before.is_legal(cards) and before.wins_now(cards)
            and before.beaten(cards) is False)


GAVE_POINTS, LOST_TRICK, TRUMPS_WASTED = "gave_points", "lost_trick", "trumps_wasted"


@dataclass(frozen=True)
class Mistake:
    """What a follow cost for sure, judged with what the seat knew when it played:
    ``kind`` (``GAVE_POINTS``, ``LOST_TRICK``, ``TRUMPS_WASTED``), the legal play that
    would have avoided it, and the points or trumps at stake."""

    kind: str
    alternative: tuple[Card, ...]
    amount: int


def mistake(before: Position, cards: Sequence[Card]) -> Mistake | None:
    """The sure cost of following with ``cards`` here; ``None`` when there is none.

    The one judgement of a follow that the review (which names what a play cost) and
    the AI (whose play the coach suggests, so it must never be a play the review would
    flag) share:

    - ``LOST_TRICK``: points are at stake (on the trick or in ``cards``), after
      ``cards`` the side is not sure to take the trick, and a legal play wins it for
      sure (the cheapest such play is the alternative);
    - ``GAVE_POINTS``: an opponent is sure to win the trick whatever is played (every
      legal play surely loses it), and a legal play carries fewer points;
    - ``TRUMPS_WASTED``: the partner is sure to win, ``cards`` spend trumps, and a legal
      play that leaves the partner winning spends fewer, carrying no fewer points.
    """
    if not before.following or not before.is_legal(cards):
        return None
    legal = before.legal()
    stake = before.table_points + points(cards)
    if legal is not None and stake and not side_sure(before, cards):
        winners = [p for p in legal if sure_win(before, p)]
        if winners:
            return Mistake(LOST_TRICK, min(winners, key=lambda p: _cost(p, before)), stake)
    if sure_lost(before, cards):
        if not every_play_lost(before, cards):
            return None  # another play might have won it: not lost whatever was played
        alt = (min(legal, key=lambda p: (points(p), _cost(p, before))) if legal is not None
               else before.cheapest_short_follow())
        assert alt is not None  # no play wins while the follows are too many: a short hand
        if points(cards) > points(alt):
            return Mistake(GAVE_POINTS, tuple(alt), points(cards) - points(alt))
        return None
    if legal is None:
        return None
    trumps = sum(before.ctx.is_trump(c) for c in cards)
    if (not trumps or before.winner != before.view.partner
            or before.knowledge.beaten_by_any(before.plays, before.later_opponents) is not False):
        return None
    keepers = [p for p in legal if not before.wins_now(p) and points(p) >= points(cards)]
    if not keepers:
        return None
    alt = min(keepers, key=lambda p: (sum(before.ctx.is_trump(c) for c in p), -points(p),
                                      _cost(p, before)))
    saved = trumps - sum(before.ctx.is_trump(c) for c in alt)
    return Mistake(TRUMPS_WASTED, alt, saved) if saved > 0 else None


def every_play_lost(before: Position, cards: Sequence[Card]) -> bool:
    """Is the trick lost for sure whatever the seat plays, ``cards`` included?  With
    too many follows to list, when none of them wins now (``some_play_wins``) every play
    leaves the same card winning, so all are lost exactly when ``cards`` are."""
    legal = before.legal()
    if legal is None:
        return before.some_play_wins() is False and sure_lost(before, cards)
    return all(sure_lost(before, p) for p in legal)


def _cost(play: Sequence[Card], at: Position) -> tuple[int, int]:
    """How dear a play is to give up: trumps first, then the cards' ranks."""
    return (sum(at.ctx.is_trump(c) for c in play), sum(at.ctx.position(c) for c in play))


@dataclass(frozen=True)
class _PlayCost(Claim):
    """A claim about what the seat's play ``cards`` in finished trick ``trick`` cost
    against the legal ``alternative``."""

    trick: int
    cards: tuple[Card, ...]
    alternative: tuple[Card, ...]

    def lost(self, at: Position) -> tuple[Position, TrickRecord] | None:
        """The position before the play and the trick, when the opponents won it."""
        before = _decision(at, self.trick, self.cards)
        record = _trick(at, self.trick)
        if before is None or record is None or record.winner % 2 == at.seat % 2:
            return None
        return before, record


@dataclass(frozen=True)
class GavePoints(_PlayCost):
    """An opponent was sure to win the trick whatever the seat played (every legal play
    surely lost it), and the alternative carries ``points`` fewer points than the play."""

    points: int

    def holds(self, at: Position) -> bool:
        found = self.lost(at)
        if found is None:
            return False
        before, _record = found
        return (self.points > 0 and before.is_legal(self.alternative)
                and every_play_lost(before, self.cards)
                and points(self.cards) - points(self.alternative) == self.points)


@dataclass(frozen=True)
class LostTrick(_PlayCost):
    """An opponent won the trick; ``points`` were on it once the seat had played (the
    plays before it and its own: what it could see at stake, not what later seats
    added); the alternative would have won it for sure (winning when played, and no
    opponent after could beat it in any consistent deal)."""

    points: int

    def holds(self, at: Position) -> bool:
        found = self.lost(at)
        if found is None:
            return False
        before, _record = found
        return before.table_points + points(self.cards) == self.points > 0 and sure_win(before, self.alternative)


@dataclass(frozen=True)
class TrumpsWasted(_PlayCost):
    """The partner was winning and no opponent to come could beat the partner (in any
    consistent deal); the play holds ``count`` more trumps than the alternative, which
    leaves the partner winning and carries at least as many points."""

    count: int

    def holds(self, at: Position) -> bool:
        before = _decision(at, self.trick, self.cards)
        if before is None or not before.following or before.winner != before.view.partner:
            return False
        if before.knowledge.beaten_by_any(before.plays, before.later_opponents) is not False:
            return False
        alt = list(self.alternative)
        trumps = sum(before.ctx.is_trump(c) for c in self.cards) - sum(
            before.ctx.is_trump(c) for c in alt)
        return (self.count > 0 and trumps == self.count and before.is_legal(alt)
                and not before.wins_now(alt) and points(alt) >= points(self.cards))


@dataclass(frozen=True)
class KittyLost(Claim):
    """The seat buried ``cards`` with ``points`` points; the attackers won the last
    trick and the kitty counted ``multiplier`` times for them; ``alternative`` (cards
    it held then) carries no points."""

    cards: tuple[Card, ...]
    alternative: tuple[Card, ...]
    points: int
    multiplier: int

    def holds(self, at: Position) -> bool:
        view = at.view
        if view.dealer != at.seat or view.kitty is None or not _same(view.kitty, self.cards):
            return False
        if not KittyScored(self.points, self.multiplier).holds(at):
            return False
        held = Counter(view.kitty) + Counter(c for r in view.tricks for p in r.plays
                                            if p.seat == at.seat for c in p.cards)
        return (self.points > 0 and len(self.alternative) == len(self.cards)
                and not Counter(self.alternative) - held and points(self.alternative) == 0)


REVIEW_CLAIMS = (GavePoints, LostTrick, TrumpsWasted, KittyLost)
"""The costs a review note may state."""
