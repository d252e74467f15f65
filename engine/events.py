"""What happened at the table: the events a ``Game`` emits for each action.

Every event is a frozen dataclass with a class-level ``kind`` string, so the app can
animate it and the coach can comment on it without isinstance chains::

    for event in game.play(seat, cards):
        if event.kind == "trick_won": ...

Events describe the whole truth (the card dealt to every seat, the kitty the dealer
picked up); a screen showing them to one seat must hide what that seat may not see.
``PlayerView`` is the filtered picture.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import Card, format_cards
from .view import Declaration, Play


def _plain(value: Any) -> Any:
    """JSON-ready form of an event field: cards as canonical text."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
        return format_cards(value)
    if isinstance(value, Declaration):
        return {"seat": value.seat, "cards": format_cards(value.cards)}
    if isinstance(value, Play):
        return {"seat": value.seat, "cards": format_cards(value.cards)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        data = {"kind": self.kind}
        data.update({f.name: _plain(getattr(self, f.name)) for f in fields(self)})
        return data


@dataclass(frozen=True)
class HandStarted(Event):
    """A new deal begins (also after a first-hand redeal)."""

    kind: ClassVar[str] = "hand_started"
    hand: int
    seed: int
    dealer: int | None
    """``None`` in the first hand of a match: declaring decides the dealer."""
    level: str
    first_seat: int
    """The seat that is dealt the first card."""


@dataclass(frozen=True)
class CardDealt(Event):
    kind: ClassVar[str] = "card_dealt"
    seat: int
    card: Card
    index: int
    """0 for the first card dealt, 99 for the last."""


@dataclass(frozen=True)
class Declared(Event):
    """The first declaration of the hand."""

    kind: ClassVar[str] = "declared"
    declaration: Declaration


@dataclass(frozen=True)
class Overridden(Event):
    """A stronger declaration replaced ``previous``."""

    kind: ClassVar[str] = "overridden"
    declaration: Declaration
    previous: Declaration


@dataclass(frozen=True)
class Reinforced(Event):
    """The declarer added the identical second card to a single (strength 1 → 2)."""

    kind: ClassVar[str] = "reinforced"
    declaration: Declaration


@dataclass(frozen=True)
class Redealt(Event):
    """First hand, nobody declared, ``no_bid_first_hand: redeal``: the cards are dealt anew."""

    kind: ClassVar[str] = "redealt"
    old_seed: int
    seed: int


@dataclass(frozen=True)
class KittyFlipped(Event):
    """Nobody declared: the kitty's top card fixes trumps (a joker means no-trump)."""

    kind: ClassVar[str] = "kitty_flipped"
    card: Card
    trump: str | None


@dataclass(frozen=True)
class KittyTaken(Event):
    """Trumps are fixed; the dealer picks up the kitty (``cards`` only the dealer may see)."""

    kind: ClassVar[str] = "kitty_taken"
    dealer: int
    level: str
    trump: str | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Buried(Event):
    kind: ClassVar[str] = "buried"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ThrowFailed(Event):
    """A throw could be beaten: ``played`` (the forced component) is played instead.

    ``penalty`` points moved to the other team (0 under ``throw_penalty: none``);
    ``beaten`` are the attempted cards another hand could beat.
    """

    kind: ClassVar[str] = "throw_failed"
    seat: int
    attempted: tuple[Card, ...]
    played: tuple[Card, ...]
    beaten: tuple[Card, ...]
    penalty: int


@dataclass(frozen=True)
class PlayMade(Event):
    kind: ClassVar[str] = "play_made"
    seat: int
    cards: tuple[Card, ...]
    trick: int
    """Index of the trick (0 for the first)."""


@dataclass(frozen=True)
class TrickWon(Event):
    kind: ClassVar[str] = "trick_won"
    winner: int
    points: int
    trick: int
    attacker_points: int
    """The attackers' running total after this trick."""


@dataclass(frozen=True)
class HandScored(Event):
    """The hand is over; ``attacker_points`` is the final total the result is read from."""

    kind: ClassVar[str] = "hand_scored"
    hand: int
    dealer: int
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_multiplier: int | None
    """``None`` when the dealers won the last trick (the kitty does not count)."""
    trick_points: int
    """Points in the tricks the attackers won."""
    penalties: int
    """Throw penalties, signed as they changed the attackers' total."""
    attacker_points: int
    attackers_take_over: bool
    levels: int
    """Levels gained by the team that deals next (``hand_result``)."""
    next_dealer: int


@dataclass(frozen=True)
class LevelsChanged(Event):
    kind: ClassVar[str] = "levels_changed"
    team: str
    before: str
    after: str
    """Capped at "A" for display; going past A ends the match."""
    gained: int


@dataclass(frozen=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    winner: str
