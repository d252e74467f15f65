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

The rules of each phase live in their own module, as RULES.md orders them: the actions
and shared checks in ``engine.actions``, declaring and the kitty (§7) in
``engine.declaring``, tricks (§4–6) in ``engine.tricks``, the end of a hand (§8) in
``engine.handend``, the match (§9) in ``engine.match``.  ``Game`` puts them together;
this module re-exports their public names.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from . import dealcode
from . import legal_follow as _legal_follow
from . import selectable as _selectable
from .actions import (
    BURYING,
    DEALING,
    DECLARING,
    HAND_OVER,
    KITTY_SIZE,
    MATCH_OVER,
    SEATS,
    SEED_LIMIT,
    SEGMENT,
    TEAMS,
    TRICKS,
    Action,
    Bury,
    CloseDeclaring,
    DealCard,
    Declare,
    GameError,
    NextHand,
    PlayCards,
    team_of,
)
from .cards import RANKS, Card, deck, format_cards, parse_cards
from .declaring import (
    STRONGEST_DECLARATION,
    Declaring,
    declaration_error,
    legal_declarations,
    strength_to_override,
    view_declarations,
)
from .errors import InvalidSaveError
from .events import Event, HandStarted
from .handend import HandEnd, HandSummary
from .match import Match, next_seed
from .rules import Rules, TrumpContext
from .scoring import HandOutcome, LevelChange, hand_outcome, level_change
from .tricks import Tricks
from .view import Declaration, Play, PlayerView, TrickRecord

__all__ = [
    "Action", "BURYING", "Bury", "CloseDeclaring", "DEALING", "DECLARING", "DealCard",
    "Declare", "Game", "GameError", "HAND_OVER", "HandSummary", "KITTY_SIZE", "LevelChange",
    "MATCH_OVER", "NextHand", "PlayCards", "SEATS", "SEED_LIMIT", "SEGMENT",
    "STRONGEST_DECLARATION", "TEAMS", "TRICKS", "declaration_error", "hand_outcome",
    "legal_declarations", "level_change", "next_seed", "strength_to_override", "team_of",
    "view_declarations",
]


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


class Game(Declaring, Tricks, HandEnd, Match):
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
        # four decks: the dealing order is drawn for every hand (seed 001)
        drawn = self.dealer is None or not self.rules.variant.has_kitty
        self.first_seat = rng.randrange(SEATS) if drawn else self.dealer
        cards = list(stacked) if stacked is not None else deck(self.rules.decks)
        if stacked is None:
            rng.shuffle(cards)
        dealt = len(cards) - self.rules.variant.kitty_size
        self._to_deal = cards[:dealt]
        self.kitty: list[Card] = cards[dealt:]
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
        self.outcome: HandOutcome | None = None
        """How the hand just finished was scored (``hand_outcome``), once it is over."""
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
        declarations, hidden = self.declarations, 0
        if self.rules.variant.hidden_calls and self.phase in (DEALING, DECLARING):
            declarations = tuple(d for d in declarations if d.seat == seat)
            standing = self.declaration
            if standing is not None and standing.seat != seat:
                hidden = len(standing.cards)
        return PlayerView(
            seat=seat,
            phase=self.phase,
            rules=self.rules,
            level=self.level,
            team_levels=self.team_levels,
            dealer=self.dealer,
            hand=tuple(hand),
            ctx=self.ctx,
            declaration=declarations[-1] if declarations and hidden == 0 else None,
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
            declarations=declarations,
            flipped=self.flipped,
            attempted=self.attempted,
            hidden_call=hidden,
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


