"""One match of Shengji as a state machine: deal, declare, bury, play tricks, score.

``Game`` is the one state object (python-chess's ``Board`` is the model): it changes
only through **actions** (``DealCard``, ``Declare``, ``CloseDeclaring``, ``Bury``,
``PlayCards``, ``NextHand``), each validated by the rules of RULES.md; an illegal
action raises ``GameError`` (a ``ValueError`` with a reason code) and changes nothing.
Every action returns the **events** it caused (``engine.events``).

Table conventions (RULES.md §1): seats 0–3, partners 0 & 2 (team "A") and 1 & 3
(team "B"); play and dealing go counter-clockwise, so seat ``(i + 1) % 4`` is next.

Who is dealt the first card: in the first hand of a match a seat drawn from the
deal's seed (the same seed also shuffles), in later hands the dealer.  The 100 cards
go out one at a time in five segments of five cards each (seed 004); players may
declare at any moment during the deal and in the window after the last card
(phase ``"declaring"``), which ``CloseDeclaring`` ends.

Phases: ``dealing`` → ``declaring`` → ``burying`` → ``tricks`` → ``hand_over``
(``NextHand`` starts the next deal) or ``match_over``.

A deal is a pure function of its seed (``random.Random(seed)``); the seeds of a match
form a chain (``next_seed``), so a game is its rules, its start and its action log.
``undo`` and ``from_json`` replay that log.

At a glance:

- state: ``phase``, ``turn`` (who must bury or play), ``dealer``, ``level``, ``trump``,
  ``ctx``, ``levels`` / ``team_levels``, ``hand(seat)``, ``trick`` (plays so far),
  ``tricks``, ``declaration(s)``, ``attacker_points``, ``result`` and ``history``
  (``HandSummary``), ``winner``, ``events`` (this deal's), ``log``;
- questions: ``legal_declarations(seat)``, ``selectable(seat, selected)``,
  ``legal_follow(seat)``, ``check(action)`` / ``is_legal(action)``, ``view(seat)``;
- moves: ``deal()``, ``declare(seat, cards)``, ``close_declaring()``,
  ``bury(seat, cards)``, ``play(seat, cards)``, ``next_hand()`` (each is ``push`` of an
  action), ``undo()``, ``undo_play(seat)``;
- saving: ``to_json()`` / ``from_json()``, ``deal_code()`` / ``from_deal_code()``.

>>> game = Game(seed=7)
>>> game.phase, game.level, game.dealer
('dealing', '2', None)
>>> events = game.deal()
>>> events[0].kind, len(game.hand(events[0].seat))
('card_dealt', 1)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Iterable, Sequence

from . import (
    LeadResult,
    check_follow,
    check_lead,
    dealcode,
    trick_winner,
)
from . import legal_follow as _legal_follow
from . import selectable as _selectable
from .cards import JOKER, RANKS, Card, deck, format_cards, parse_cards, points
from .events import (
    Buried,
    CardDealt,
    Declared,
    Event,
    HandScored,
    HandStarted,
    KittyFlipped,
    KittyTaken,
    LevelsChanged,
    MatchOver,
    Overridden,
    PlayMade,
    Redealt,
    Reinforced,
    ThrowFailed,
    TrickWon,
)
from .errors import InvalidSaveError, ShengjiError
from .rules import Rules, TrumpContext
from .scoring import LevelChange, hand_outcome, level_change  # noqa: F401  (re-exported)
from .view import Declaration, Play, PlayerView, TrickRecord

SEATS = 4
TEAMS = ("A", "B")
"""Team "A" is seats 0 & 2, team "B" seats 1 & 3."""
KITTY_SIZE = 8
SEGMENT = 5
"""Cards each player receives per dealing segment."""
SEED_LIMIT = 2**32
"""Seeds are 32-bit so that a deal code can carry them."""

DEALING, DECLARING, BURYING, TRICKS, HAND_OVER, MATCH_OVER = (
    "dealing",
    "declaring",
    "burying",
    "tricks",
    "hand_over",
    "match_over",
)


def team_of(seat: int) -> str:
    return TEAMS[seat % 2]


def next_seed(seed: int) -> int:
    """The seed of the deal after ``seed`` (next hand, or a first-hand redeal).

    A full-period linear congruential step mod 2**32: no seed repeats within a match.
    """
    return (seed * 0x9E3779B1 + 0x7F4A7C15) % SEED_LIMIT


class GameError(ShengjiError):
    """An illegal action.  ``reason`` is a stable code (ENGINE-API.md's play codes plus
    ``not_your_turn``, ``wrong_phase``, ``bad_seat``, ``cannot_declare``,
    ``override_too_weak``, ``own_declaration``, ``bury_count``, ``nothing_to_undo``);
    ``cards`` are the cards the verdict concerns, if any."""

    def __init__(self, reason: str, detail: str = "", cards: Iterable[Card] = ()):
        self.reason = reason
        self.cards = tuple(cards)
        super().__init__(f"{reason}: {detail}" if detail else reason)


# --- actions -------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """A move at the table.  ``to_dict``/``from_dict`` give its JSON form."""

    kind: ClassVar[str] = "action"
    _registry: ClassVar[dict[str, type["Action"]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            Action._registry[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = format_cards(value) if f.name == "cards" else value
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Action":
        data = dict(data)
        cls = Action._registry.get(data.pop("kind", None))
        if cls is None:
            raise ValueError(f"unknown action {data!r}")
        return cls(**data)


@dataclass(frozen=True)
class _SeatCards(Action):
    """An action of one seat with cards, given as cards or in card notation
    (``PlayCards(1, "S10 S10")``)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(parse_cards(self.cards)))


@dataclass(frozen=True)
class DealCard(Action):
    """Deal the next card to the next seat."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True)
class Declare(_SeatCards):
    """Show level cards (a single or an identical pair) or a joker pair."""

    kind: ClassVar[str] = "declare"


@dataclass(frozen=True)
class CloseDeclaring(Action):
    """End the declaring window after the deal: fix trumps and the dealer, who picks up
    the kitty (or, first hand with nobody declaring under ``redeal``, deal anew)."""

    kind: ClassVar[str] = "close_declaring"


@dataclass(frozen=True)
class Bury(_SeatCards):
    kind: ClassVar[str] = "bury"


@dataclass(frozen=True)
class PlayCards(_SeatCards):
    """Lead or follow; a lead of several components is a throw the game checks."""

    kind: ClassVar[str] = "play"


@dataclass(frozen=True)
class NextHand(Action):
    kind: ClassVar[str] = "next_hand"


# --- declaring (RULES.md §7) -----------------------------------------------------------


def declaration_error(
    seat: int,
    cards: Sequence[Card],
    hand: Sequence[Card],
    level: str,
    current: Declaration | None,
    rules: Rules,
) -> str | None:
    """Why ``seat`` may not declare ``cards`` now, as a reason code; ``None`` if it may."""
    if len(cards) not in (1, 2) or (len(cards) == 2 and cards[0] != cards[1]):
        return "cannot_declare"
    card = cards[0]
    if (len(cards) == 1 and card.is_joker) or (not card.is_joker and card.rank != level):
        return "cannot_declare"
    if sum(1 for held in hand if held is card) < len(cards):  # interned: identity is equality
        return "not_in_hand"
    return _override_error(Declaration(seat, tuple(cards)), current, rules)


def _override_error(new: Declaration, current: Declaration | None, rules: Rules) -> str | None:
    """May ``new`` (well-formed, held) replace ``current``?

    A reinforcement (the declarer's single made a pair with the identical card) is
    allowed even though it does not override anybody; anything else needs strictly
    greater strength, and overriding one's own declaration needs ``self_override``.
    """
    if current is None:
        return None
    if current.seat == new.seat:
        if current.strength == 1 and len(new.cards) == 2 and new.cards[0] is current.cards[0]:
            return None
        if not rules.self_override:
            return "own_declaration"
    needed = strength_to_override(current)
    if needed is None or new.strength < needed:
        return "override_too_weak"
    return None


STRONGEST_DECLARATION = 4
"""``Declaration.strength`` of a big-joker pair: nothing overrides it."""


def strength_to_override(current: Declaration | None) -> int | None:
    """The least ``Declaration.strength`` that overrides ``current`` (1: any declaration
    when nothing stands); ``None`` when nothing can (a big-joker pair stands).

    >>> strength_to_override(Declaration(0, tuple(parse_cards("S2"))))
    2
    >>> strength_to_override(Declaration(0, tuple(parse_cards("BJ BJ")))) is None
    True
    """
    if current is None:
        return 1
    return current.strength + 1 if current.strength < STRONGEST_DECLARATION else None


def legal_declarations(
    seat: int, hand: Sequence[Card], level: str, current: Declaration | None, rules: Rules
) -> list[Declaration]:
    """Every declaration ``seat`` may make now with ``hand`` (each face and size once)."""
    counts: dict[Card, int] = {}
    for card in hand:
        if card.rank == level or card.suit == JOKER:
            counts[card] = counts.get(card, 0) + 1
    options = []
    for card, count in counts.items():
        for size in range(2 if card.suit == JOKER else 1, min(count, 2) + 1):  # no lone jokers
            new = Declaration(seat, (card,) * size)
            if _override_error(new, current, rules) is None:
                options.append(new)
    return options


def view_declarations(view: PlayerView) -> list[Declaration]:
    """The declarations the viewing seat may make now (empty outside the deal)."""
    if view.phase not in (DEALING, DECLARING):
        return []
    return legal_declarations(view.seat, view.hand, view.level, view.declaration, view.rules)


# --- the record of a finished hand ------------------------------------------------------


@dataclass(frozen=True)
class HandSummary:
    """How one hand went; ``levels_after`` is capped at "A" for display."""

    hand: int
    seed: int
    dealer: int
    declarers: str
    level: str
    trump: str | None
    attacker_points: int
    trick_points: int
    penalties: int
    kitty_points: int
    kitty_multiplier: int | None
    attackers_take_over: bool
    levels: int
    next_dealer: int
    levels_after: dict[str, str]
    match_over: bool
    winner: str | None
    failed_throws: int


@dataclass(frozen=True)
class _HandStart:
    """What undo needs to rebuild the current hand without replaying the whole match."""

    hand: int
    seed: int
    dealer: int | None
    levels: tuple[str, str]
    history_len: int
    log_len: int
    stacked: list[Card] | None


# --- the game ---------------------------------------------------------------------------


class Game:
    """A match: per-team levels, the dealer, and the hand in progress.

    ``Game(rules, seed)`` starts a match at level 2 whose first dealer is the final
    declarer.  ``levels`` and ``dealer`` start it from a later position instead (as a
    deal code may); with ``dealer=None`` both teams must be at the same level.
    ``stacked`` fixes the first deal (lessons, tests): all the cards in dealing order,
    the first 100 dealt one at a time from the first seat on, the last 8 the kitty
    (its first card on top, the one a flip turns over).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        levels: Sequence[str] = ("2", "2"),
        dealer: int | None = None,
        hand: int = 1,
        stacked: Sequence[Card | str] | str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        if not (isinstance(seed, int) and 0 <= seed < SEED_LIMIT):
            raise ValueError(f"seed must be an integer in [0, 2**32), not {seed!r}")
        levels = tuple(str(level).upper() for level in levels)
        if len(levels) != 2 or any(level not in RANKS for level in levels):
            raise ValueError(f"levels must be two ranks, not {levels!r}")
        if dealer is None and levels[0] != levels[1]:
            raise ValueError("without a dealer both teams must be at the same level")
        if dealer is not None and dealer not in range(SEATS):
            raise ValueError(f"dealer must be a seat 0-3 or None, not {dealer!r}")
        cards = None
        if stacked is not None:
            cards = parse_cards(stacked)
            if Counter(cards) != Counter(deck(self.rules.decks)):
                raise ValueError("a stacked deal must hold every card of the decks once")
        self._start = {
            "seed": seed,
            "levels": list(levels),
            "dealer": dealer,
            "hand": hand,
            "stacked": format_cards(cards) if cards is not None else None,
        }
        self._start_match()

    def _start_match(self) -> None:
        start = self._start
        self.levels: list[str] = list(start["levels"])
        self.history: list[HandSummary] = []
        self.winner: str | None = None
        self._log: list[Action] = []
        self._emitted: list[Event] = []
        stacked = start["stacked"]
        self._begin_hand(
            start["hand"], start["seed"], start["dealer"], parse_cards(stacked) if stacked else None
        )

    def _begin_hand(
        self, number: int, seed: int, dealer: int | None, stacked: list[Card] | None = None
    ) -> None:
        self.hand_number = number
        self.dealer: int | None = dealer
        self.level = self.levels[0] if dealer is None else self.levels[dealer % 2]
        self._hand_start = _HandStart(
            number, seed, dealer, tuple(self.levels), len(self.history), len(self._log), stacked
        )
        self._deal_new(seed, stacked)

    def _deal_new(self, seed: int, stacked: list[Card] | None = None) -> None:
        """Deal ``seed``'s shuffle, or the ``stacked`` cards in their order."""
        self.seed = seed
        rng = random.Random(seed)
        self.first_seat = self.dealer if self.dealer is not None else rng.randrange(SEATS)
        cards = list(stacked) if stacked is not None else deck(self.rules.decks)
        if stacked is None:
            rng.shuffle(cards)
        self._to_deal = cards[:-KITTY_SIZE]
        self.kitty: list[Card] = cards[-KITTY_SIZE:]
        self._buried = False
        self.dealt = 0
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.declarations: tuple[Declaration, ...] = ()
        self.trump: str | None = None
        self.ctx: TrumpContext | None = None
        self.flipped: Card | None = None
        self.phase = DEALING
        self.turn: int | None = None
        self.trick: list[Play] = []
        self.attempted: tuple[Card, ...] | None = None
        self.tricks: tuple[TrickRecord, ...] = ()
        self.attacker_points = 0
        self.trick_points = 0
        self.penalties = 0
        self.failed_throws = 0
        self.result: HandSummary | None = None
        self.events: list[Event] = []
        self._emit(HandStarted(self.hand_number, seed, self.dealer, self.level, self.first_seat))

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._emitted.append(event)

    # --- queries ----------------------------------------------------------------------

    @property
    def declaration(self) -> Declaration | None:
        """The declaration standing now."""
        return self.declarations[-1] if self.declarations else None

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def team_levels(self) -> tuple[str, str]:
        return (self.levels[0], self.levels[1])

    @property
    def start_levels(self) -> tuple[str, str]:
        """The teams' levels when the current hand began."""
        return self._hand_start.levels

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards still to be dealt, in dealing order (not for players' eyes)."""
        return tuple(self._to_deal[self.dealt :])

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def is_attacker(self, seat: int) -> bool:
        return self.dealer is not None and seat % 2 != self.dealer % 2

    def legal_declarations(self, seat: int) -> list[Declaration]:
        if self.phase not in (DEALING, DECLARING):
            return []
        return legal_declarations(
            seat, self.hands[seat], self.level, self.declaration, self.rules
        )

    def selectable(self, seat: int, selected: Sequence[Card] = ()) -> set[Card]:
        """Faces ``seat`` may add to ``selected`` keeping a legal play reachable."""
        if self.phase != TRICKS or self.ctx is None:
            return set()
        lead = list(self.trick[0].cards) if self.trick else None
        return _selectable(self.hands[seat], lead, list(selected), self.ctx)

    def legal_follow(self, seat: int) -> list[Card]:
        """One legal follow to the trick in progress (``seat`` must not be leading)."""
        if self.phase != TRICKS or not self.trick or self.ctx is None:
            raise GameError("wrong_phase", "nobody has led")
        return list(_legal_follow(self.hands[seat], list(self.trick[0].cards), self.ctx))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (its own hand, public cards, its own kitty)."""
        hand = self.hands[seat]
        if self.ctx is None:
            hand = sorted(hand)
        kitty = None
        if self._buried and (seat == self.dealer or self.phase in (HAND_OVER, MATCH_OVER)):
            kitty = tuple(self.kitty)
        return PlayerView(
            seat=seat,
            phase=self.phase,
            rules=self.rules,
            level=self.level,
            team_levels=self.team_levels,
            dealer=self.dealer,
            hand=tuple(hand),
            ctx=self.ctx,
            declaration=self.declaration,
            kitty=kitty,
            trick=tuple(self.trick),
            tricks=self.tricks,
            attacker_points=self.attacker_points,
            cards_left=(
                len(self.hands[0]),
                len(self.hands[1]),
                len(self.hands[2]),
                len(self.hands[3]),
            ),
            hand_number=self.hand_number,
            turn=self.turn,
            declarations=self.declarations,
            flipped=self.flipped,
            attempted=self.attempted,
        )

    # --- actions ----------------------------------------------------------------------

    def push(self, action: Action) -> list[Event]:
        """Validate and apply ``action``; return the events it caused.

        Raises ``GameError`` (state unchanged) when the action is illegal now.
        """
        handler = getattr(self, "_apply_" + action.kind)
        plan = getattr(self, "_check_" + action.kind)(action)
        self._emitted = []
        self._log.append(action)  # first: a hand that this action begins starts after it
        handler(action, plan)
        return self._emitted

    def check(self, action: Action) -> GameError | None:
        """The error ``push(action)`` would raise, or ``None`` if it is legal now."""
        try:
            getattr(self, "_check_" + action.kind)(action)
        except GameError as error:
            return error
        return None

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    def deal(self) -> list[Event]:
        return self.push(DealCard())

    def declare(self, seat: int, cards: Iterable[Card | str] | str) -> list[Event]:
        return self.push(Declare(seat, cards))

    def close_declaring(self) -> list[Event]:
        return self.push(CloseDeclaring())

    def bury(self, seat: int, cards: Iterable[Card | str] | str) -> list[Event]:
        return self.push(Bury(seat, cards))

    def play(self, seat: int, cards: Iterable[Card | str] | str) -> list[Event]:
        return self.push(PlayCards(seat, cards))

    def next_hand(self) -> list[Event]:
        return self.push(NextHand())

    def undo(self) -> Action:
        """Take back the last action; return it."""
        if not self._log:
            raise GameError("nothing_to_undo")
        return self._rewind(len(self._log) - 1)[0]

    def undo_play(self, seat: int) -> list[Action]:
        """Take back ``seat``'s last play of this hand and every action after it (the
        practice table's "undo my move"); return the actions taken back, in order."""
        start = self._hand_start.log_len
        for index in range(len(self._log) - 1, start - 1, -1):
            action = self._log[index]
            if isinstance(action, PlayCards) and action.seat == seat:
                return self._rewind(index)
        raise GameError("nothing_to_undo", f"seat {seat} has not played in this hand")

    def _rewind(self, keep: int) -> list[Action]:
        """Go back to the state after the first ``keep`` actions, replaying the log (from
        the start of the current hand when ``keep`` lies inside it)."""
        undone = self._log[keep:]
        start = self._hand_start
        if keep >= start.log_len:
            actions = self._log[start.log_len : keep]
            del self._log[start.log_len :]
            del self.history[start.history_len :]
            self.levels = list(start.levels)
            self.winner = None
            self._begin_hand(start.hand, start.seed, start.dealer, start.stacked)
        else:
            actions = self._log[:keep]
            self._start_match()
        for action in actions:
            self.push(action)
        return undone

    # --- checks (raise GameError, change nothing) and applications ---------------------

    def _need_phase(self, *phases: str) -> None:
        if self.phase not in phases:
            raise GameError("wrong_phase", f"the game is {self.phase}")

    @staticmethod
    def _need_seat(seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < SEATS):
            raise GameError("bad_seat", f"no seat {seat!r}")

    def _check_deal(self, action: DealCard) -> None:
        self._need_phase(DEALING)

    def _apply_deal(self, action: DealCard, plan: None) -> None:
        seat = (self.first_seat + self.dealt) % SEATS
        card = self._to_deal[self.dealt]
        self.hands[seat].append(card)
        self._emit(CardDealt(seat, card, self.dealt))
        self.dealt += 1
        if self.dealt == len(self._to_deal):
            self.phase = DECLARING

    def _check_declare(self, action: Declare) -> None:
        self._need_phase(DEALING, DECLARING)
        self._need_seat(action.seat)
        reason = declaration_error(
            action.seat,
            action.cards,
            self.hands[action.seat],
            self.level,
            self.declaration,
            self.rules,
        )
        if reason is not None:
            raise GameError(reason, format_cards(action.cards), action.cards)

    def _apply_declare(self, action: Declare, plan: None) -> None:
        new = Declaration(action.seat, tuple(action.cards))
        previous = self.declaration
        if previous is None:
            self._emit(Declared(new))
        elif previous.seat == new.seat and previous.cards[0] == new.cards[0]:
            self._emit(Reinforced(new))
        else:
            self._emit(Overridden(new, previous))
        self.declarations += (new,)

    def _check_close_declaring(self, action: CloseDeclaring) -> None:
        self._need_phase(DECLARING)

    def _apply_close_declaring(self, action: CloseDeclaring, plan: None) -> None:
        standing = self.declaration
        if standing is not None:
            trump = standing.trump
            dealer = self.dealer if self.dealer is not None else standing.seat
        elif self.dealer is None and self.rules.no_bid_first_hand == "redeal":
            self._emit(Redealt(self.seed, next_seed(self.seed)))
            self._deal_new(next_seed(self.seed))
            return
        else:
            self.flipped = self.kitty[0]
            trump = None if self.flipped.is_joker else self.flipped.suit
            dealer = self.dealer if self.dealer is not None else self.first_seat
            self._emit(KittyFlipped(self.flipped, trump))
        self.dealer, self.trump = dealer, trump
        self.ctx = ctx = TrumpContext(self.level, trump, self.rules)
        self._emit(KittyTaken(dealer, self.level, trump, tuple(self.kitty)))
        self.hands[dealer].extend(self.kitty)
        self.kitty = []
        for hand in self.hands:
            hand.sort(key=ctx.sort_key)
        self.phase = BURYING
        self.turn = dealer

    def _need_turn(self, seat: int) -> None:
        self._need_seat(seat)
        if seat != self.turn:
            raise GameError("not_your_turn", f"seat {self.turn} is to act, not seat {seat}")

    def _need_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        missing: dict[int, int] = {}  # by card index: cheaper than hashing cards
        for card in cards:
            missing[card.index] = missing.get(card.index, 0) + 1
        for card in self.hands[seat]:
            if card.index in missing:
                missing[card.index] -= 1
        if any(count > 0 for count in missing.values()):
            raise GameError("not_in_hand", format_cards(cards), cards)

    def _check_bury(self, action: Bury) -> None:
        self._need_phase(BURYING)
        self._need_turn(action.seat)
        if len(action.cards) != KITTY_SIZE:
            raise GameError("bury_count", f"bury {KITTY_SIZE} cards, not {len(action.cards)}")
        self._need_in_hand(action.seat, action.cards)

    def _apply_bury(self, action: Bury, plan: None) -> None:
        _remove(self.hands[action.seat], action.cards)
        self.kitty = list(action.cards)
        self._buried = True
        self._emit(Buried(action.seat, tuple(action.cards)))
        self.phase = TRICKS

    def _check_play(self, action: PlayCards) -> LeadResult | None:
        """For a lead, the ``LeadResult`` (a failed throw is legal: it is played as the
        forced component); for a follow, ``None``."""
        self._need_phase(TRICKS)
        self._need_turn(action.seat)
        cards = list(action.cards)
        if not cards:
            raise GameError("wrong_count", "play at least one card")
        self._need_in_hand(action.seat, cards)
        assert self.ctx is not None
        if not self.trick:
            others = [self.hands[s] for s in range(SEATS) if s != action.seat]
            lead = check_lead(cards, others, self.ctx)
            if not lead.played:
                raise GameError(lead.reason or "mixed_suits", format_cards(cards), cards)
            return lead
        led = list(self.trick[0].cards)
        verdict = check_follow(self.hands[action.seat], led, cards, self.ctx)
        if not verdict.legal:
            raise GameError(verdict.reason or "illegal", format_cards(cards), verdict.cards)
        return None

    def _apply_play(self, action: PlayCards, lead: LeadResult | None) -> None:
        seat = action.seat
        played = tuple(lead.played) if lead is not None else action.cards
        if lead is not None and not lead.ok:
            self._fail_throw(seat, action.cards, played, lead)
        _remove(self.hands[seat], played)
        self.trick.append(Play(seat, played))
        self._emit(PlayMade(seat, played, len(self.tricks)))
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
        else:
            self._finish_trick()

    def _fail_throw(
        self, seat: int, attempted: tuple[Card, ...], played: tuple[Card, ...], lead: LeadResult
    ) -> None:
        penalty = lead.penalty
        signed = -penalty if self.is_attacker(seat) else penalty
        self.attacker_points += signed
        self.penalties += signed
        self.failed_throws += 1
        self.attempted = attempted
        beaten = tuple(card for component in lead.beaten for card in component.cards)
        self._emit(ThrowFailed(seat, attempted, played, beaten, penalty))

    def _finish_trick(self) -> None:
        assert self.ctx is not None
        plays = self.trick
        winner = plays[trick_winner([list(p.cards) for p in plays], self.ctx)].seat
        carried = sum(points(p.cards) for p in plays)
        if self.is_attacker(winner):
            self.attacker_points += carried
            self.trick_points += carried
        record = TrickRecord(plays[0].seat, tuple(plays), winner, carried, self.attempted)
        self.tricks += (record,)
        self.trick = []
        self.attempted = None
        self.turn = winner
        self._emit(TrickWon(winner, carried, len(self.tricks) - 1, self.attacker_points))
        if not self.hands[winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        assert self.ctx is not None and self.dealer is not None
        dealer = self.dealer
        last = self.tricks[-1]
        outcome = hand_outcome(self.trick_points, self.kitty, last.plays[0].cards,
                               self.is_attacker(last.winner), dealer, self.levels, self.ctx,
                               self.penalties)
        self.attacker_points = outcome.attacker_points
        result, change = outcome.result, outcome.change
        kitty_points, multiplier = outcome.kitty_points, outcome.kitty_multiplier
        self._emit(
            HandScored(
                self.hand_number,
                dealer,
                tuple(self.kitty),
                kitty_points,
                multiplier,
                self.trick_points,
                self.penalties,
                self.attacker_points,
                result.attackers_take_over,
                result.levels,
                change.next_dealer,
            )
        )
        self.levels[change.team] = change.after
        if change.after != change.before:
            self._emit(LevelsChanged(TEAMS[change.team], change.before, change.after, result.levels))
        won = change.wins_match
        if won:
            self.winner = TEAMS[change.team]
            self._emit(MatchOver(self.winner))
        self.turn = None
        self.phase = MATCH_OVER if won else HAND_OVER
        self.result = HandSummary(
            hand=self.hand_number,
            seed=self.seed,
            dealer=dealer,
            declarers=team_of(dealer),
            level=self.level,
            trump=self.trump,
            attacker_points=self.attacker_points,
            trick_points=self.trick_points,
            penalties=self.penalties,
            kitty_points=kitty_points,
            kitty_multiplier=multiplier,
            attackers_take_over=result.attackers_take_over,
            levels=result.levels,
            next_dealer=change.next_dealer,
            levels_after={"A": self.levels[0], "B": self.levels[1]},
            match_over=won,
            winner=self.winner,
            failed_throws=self.failed_throws,
        )
        self.history.append(self.result)

    def _check_next_hand(self, action: NextHand) -> None:
        self._need_phase(HAND_OVER)

    def _apply_next_hand(self, action: NextHand, plan: None) -> None:
        assert self.result is not None
        self._begin_hand(self.hand_number + 1, next_seed(self.seed), self.result.next_dealer)

    # --- persistence ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data: rules, the match's start and the action log."""
        return {
            "format": "shengji-game/1",
            "rules": self.rules.to_dict(),
            "start": dict(self._start),
            "actions": [action.to_dict() for action in self._log],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Game":
        """The game ``to_dict`` saved, replayed; ``InvalidSaveError`` (a ``ValueError``)
        naming the place if ``data`` is not one or does not replay."""
        from .saved import check_game_data

        check_game_data(data)
        start = data["start"]
        try:
            rules = Rules.from_dict(data["rules"], source="game.rules")
        except ValueError as exc:
            raise InvalidSaveError(str(exc)) from exc
        try:
            game = cls(
                rules,
                start["seed"],
                levels=start["levels"],
                dealer=start["dealer"],
                hand=start["hand"],
                stacked=start.get("stacked"),
            )
        except ValueError as exc:
            raise InvalidSaveError(f"game.start: {exc}") from exc
        for n, action in enumerate(data["actions"]):
            try:
                game.push(Action.from_dict(action))
            except ValueError as exc:
                raise InvalidSaveError(f"game.actions[{n}]: {exc}") from exc
        return game

    @classmethod
    def from_json(cls, text: str) -> "Game":
        return cls.from_dict(json.loads(text))

    def state(self) -> dict[str, Any]:
        """The whole state as plain data (every hand, the kitty, the trick): what
        replaying or loading must reproduce exactly."""
        return {
            "hand": self.hand_number,
            "seed": self.seed,
            "phase": self.phase,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "first_seat": self.first_seat,
            "level": self.level,
            "trump": self.trump,
            "dealt": self.dealt,
            "hands": [format_cards(hand) for hand in self.hands],
            "kitty": format_cards(self.kitty),
            "undealt": format_cards(self.undealt),
            "declarations": [format_cards(d.cards) + f"@{d.seat}" for d in self.declarations],
            "flipped": str(self.flipped) if self.flipped else None,
            "turn": self.turn,
            "trick": [(p.seat, format_cards(p.cards)) for p in self.trick],
            "attempted": format_cards(self.attempted) if self.attempted else None,
            "tricks": [
                (t.leader, [(p.seat, format_cards(p.cards)) for p in t.plays], t.winner, t.points)
                for t in self.tricks
            ],
            "attacker_points": self.attacker_points,
            "penalties": self.penalties,
            "history": [vars(summary) for summary in self.history],
            "winner": self.winner,
            "events": [event.to_dict() for event in self.events],
        }

    def deal_code(self) -> str:
        """A short code that recreates the current hand's deal (after any first-hand
        redeal) with the levels and dealer it started from (see ``engine.dealcode``)."""
        start = self._hand_start
        if start.stacked is not None:
            raise ValueError("a stacked deal has no deal code")
        if start.dealer is None:
            return dealcode.encode(self.seed, self.rules)
        return dealcode.encode(self.seed, self.rules, start.levels, start.dealer)

    @classmethod
    def from_deal_code(cls, code: str) -> "Game":
        deal = dealcode.decode(code)
        levels = deal.levels if deal.levels is not None else ("2", "2")
        return cls(deal.rules, deal.seed, levels=levels, dealer=deal.dealer)


def _remove(hand: list[Card], cards: Iterable[Card]) -> None:
    """Take ``cards`` out of ``hand`` (cards are interned: identity is equality, and
    much cheaper to test than ``Card.__eq__``)."""
    for card in cards:
        for i, held in enumerate(hand):
            if held is card:
                del hand[i]
                break
