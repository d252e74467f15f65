"""What one player may know at the table: the contract between ``Game`` and the players.

A ``PlayerView`` holds only public information plus the seat's own hand (and the kitty
for the dealer who buried it).  AI players and the coach decide from a view, never from
the ``Game`` itself, so that no player can peek at other hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .rules import Rules, TrumpContext


@dataclass(frozen=True)
class Declaration:
    """Level cards (or a joker pair) shown during the deal."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def strength(self) -> int:
        """1 single, 2 level pair, 3 little-joker pair, 4 big-joker pair (RULES.md §7);
        with more decks each further copy ranks above every declaration of fewer
        cards: 5 three level cards, 6 three little jokers, 7 three big jokers, 8 four
        level cards (docs/VARIANTS.md)."""
        copies = len(self.cards)
        if copies == 1:
            return 1
        card = self.cards[0]
        return 3 * copies - 4 + ((2 if card.rank == "B" else 1) if card.is_joker else 0)

    @property
    def trump(self) -> str | None:
        """The suit declared; ``None`` means no-trump."""
        return None if self.cards[0].is_joker else self.cards[0].suit


@dataclass(frozen=True)
class Play:
    """One seat's cards in a trick, in play order."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, every play in order, who won, points it carried."""

    leader: int
    plays: tuple[Play, ...]
    winner: int
    points: int
    attempted: tuple[Card, ...] | None = None
    """For a failed throw: what the leader tried to throw (everyone saw it)."""


@dataclass(frozen=True)
class PlayerView:
    """Everything ``seat`` may know now.

    ``trick`` is the trick in progress (possibly empty: the seat is to lead);
    ``tricks`` the finished ones.  ``kitty`` is the 8 buried cards, known only to the
    dealer who buried them (``None`` for everybody else and before burying) until the
    hand ends, when it is turned face up for everybody.
    """

    seat: int
    phase: str
    rules: Rules
    level: str
    team_levels: tuple[str, str]
    """Levels of team A (seats 0 & 2) and team B (seats 1 & 3)."""
    dealer: int | None
    hand: tuple[Card, ...]
    ctx: TrumpContext | None
    """``None`` while trumps are not decided yet (during the deal)."""
    declaration: Declaration | None = None
    kitty: tuple[Card, ...] | None = None
    trick: tuple[Play, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    attacker_points: int = 0
    cards_left: tuple[int, int, int, int] = (25, 25, 25, 25)
    extra: dict = field(default_factory=dict, compare=False, hash=False)
    hand_number: int = 1
    """1 for the first hand of a match (the dealer is chosen by declaring)."""
    turn: int | None = None
    """The seat that must act now (bury or play); ``None`` while dealing/declaring."""
    declarations: tuple[Declaration, ...] = ()
    """Every declaration of this hand in order (all shown face up); the last one stands."""
    flipped: Card | None = None
    """The kitty card turned over to fix trumps when nobody declared."""
    attempted: tuple[Card, ...] | None = None
    """The failed throw the leader of the trick in progress tried (everyone saw it)."""
    hidden_call: int = 0
    """Four decks call face down (暗叫) until the deal ends: the number of cards of the
    standing call when another seat made it (``declaration`` and ``declarations`` show
    only this seat's own calls meanwhile)."""

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def leading(self) -> bool:
        return self.phase == "tricks" and not self.trick

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards actually led in the trick in progress, if any."""
        return self.trick[0].cards if self.trick else None

    def is_dealer_side(self, seat: int | None = None) -> bool:
        seat = self.seat if seat is None else seat
        return self.dealer is not None and seat % 2 == self.dealer % 2


@dataclass(frozen=True)
class Reason:
    """Why a player chose a move: a stable code plus the cards or seat concerned.

    The engine never formats sentences; the coach turns ``code`` into words.
    """

    code: str
    cards: tuple[Card, ...] = ()
    seat: int | None = None


@dataclass(frozen=True)
class Estimate:
    """What a search over deals consistent with the seat's view measured for a play.

    Numbers only: they are estimates from samples, never certainties.  The coach turns
    them into "likely" sentences; whether something is *sure* it checks exactly itself.
    """

    samples: int
    """Consistent deals the play was tried on."""
    wins_trick: float
    """Share of those deals in which the play wins the trick in progress (for a lead:
    the trick it starts)."""
    value: float
    """Mean outcome for the seat's team, in points (tricks, kitty and lost control
    counted as the search counts them)."""
    runner_up: tuple[Card, ...] = ()
    """The best other play the search tried (empty when there was none)."""
    margin: float = 0.0
    """``value`` minus the runner-up's value, over the deals both plays were tried on."""
    margin_error: float = 0.0
    """Standard error of ``margin`` over the deals both plays were tried on: a margin
    within about two of these is chance, not a measured difference."""


@dataclass(frozen=True)
class Decision:
    """A player's move (cards to declare, bury or play) and the reason for it."""

    cards: tuple[Card, ...]
    reason: Reason | None = None
    estimate: Estimate | None = None
    """Set by searching players: what sampling measured for the move."""
