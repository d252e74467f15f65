"""The moves at the table and the shared checks of every action (the frame of RULES.md §1).

An action (``DealCard``, ``Declare``, ``CloseDeclaring``, ``Bury``, ``PlayCards``,
``NextHand``) is plain data with a JSON form; ``Game.push`` validates it with the
``_check_<kind>`` method of its phase's module and applies it with ``_apply_<kind>``.
An illegal action raises ``GameError`` (a ``ValueError`` with a reason code).

Table conventions (RULES.md §1): seats 0–3, partners 0 & 2 (team "A") and 1 & 3
(team "B"); play and dealing go counter-clockwise, so seat ``(i + 1) % 4`` is next.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Iterable, Sequence

from .cards import Card, format_cards, parse_cards
from .errors import ShengjiError
from .rules import KITTY_SIZE as KITTY_SIZE, SEATS as SEATS  # the rules' constants, for the phases

TEAMS = ("A", "B")
"""Team "A" is seats 0 & 2, team "B" seats 1 & 3."""
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



# --- checks every phase shares (raise GameError, change nothing) -------------------------


class Checks:
    """The checks of seat, phase, turn and cards that the phase modules share; mixed
    into ``Game``, whose state (``phase``, ``turn``, ``hands``) they read."""

    phase: str
    turn: int | None
    hands: list[list[Card]]

    def _need_phase(self, *phases: str) -> None:
        if self.phase not in phases:
            raise GameError("wrong_phase", f"the game is {self.phase}")

    @staticmethod
    def _need_seat(seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < SEATS):
            raise GameError("bad_seat", f"no seat {seat!r}")

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


def remove_cards(hand: list[Card], cards: Iterable[Card]) -> None:
    """Take ``cards`` out of ``hand`` (cards are interned: identity is equality, and
    much cheaper to test than ``Card.__eq__``)."""
    for card in cards:
        for i, held in enumerate(hand):
            if held is card:
                del hand[i]
                break
