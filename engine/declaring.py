"""Declaring trump and the kitty (RULES.md §7): the deal, declarations, overrides, the
close of the declaring window (a flipped kitty card when nobody declared) and burying.

The pure rules (``declaration_error``, ``legal_declarations``, ``view_declarations``)
serve the game, the AI and the lessons alike; ``Declaring`` holds the ``Game``'s checks
and applications of the actions of this phase.
"""

from __future__ import annotations

from typing import Sequence

from .actions import (
    BURYING,
    DEALING,
    DECLARING,
    SEATS,
    TRICKS,
    Bury,
    Checks,
    CloseDeclaring,
    DealCard,
    Declare,
    GameError,
    remove_cards,
)
from .cards import JOKER, Card, format_cards
from .events import Buried, CardDealt, Declared, KittyFlipped, KittyTaken, Overridden, Redealt, Reinforced
from .match import next_seed
from .rules import Rules, TrumpContext
from .view import Declaration, PlayerView

NO_CALL_TRUMP = "S"
"""Four decks: the trump suit when nobody calls (seed 001)."""


def declaration_error(
    seat: int,
    cards: Sequence[Card],
    hand: Sequence[Card],
    level: str,
    current: Declaration | None,
    rules: Rules,
) -> str | None:
    """Why ``seat`` may not declare ``cards`` now, as a reason code; ``None`` if it may.

    A declaration shows identical level cards (up to one per deck), or two or more
    identical jokers for no-trump where the game has it (not with four decks, whose
    nobody-calls suit is spades)."""
    if not 1 <= len(cards) <= rules.variant.max_declare or any(c is not cards[0] for c in cards):
        return "cannot_declare"
    card = cards[0]
    if card.is_joker and (len(cards) == 1 or not _no_trump_declarable(rules)):
        return "cannot_declare"
    if not card.is_joker and card.rank != level:
        return "cannot_declare"
    if sum(1 for held in hand if held is card) < len(cards):  # interned: identity is equality
        return "not_in_hand"
    return _override_error(Declaration(seat, tuple(cards)), current, rules)


def _override_error(new: Declaration, current: Declaration | None, rules: Rules) -> str | None:
    """May ``new`` (well-formed, held) replace ``current``?

    A reinforcement (the declarer's single made a pair with the identical card) is
    allowed even though it does not override anybody; anything else needs strictly
    greater strength, and overriding one's own declaration needs ``self_override``
    (never with four decks: nobody overrides their own face-down call, seed 001).
    """
    if current is None:
        return None
    if current.seat == new.seat:
        if new.cards[0] is current.cards[0] and len(new.cards) > len(current.cards):
            return None  # reinforcement: more copies of the same card
        if not rules.self_override or rules.variant.hidden_calls:
            return "own_declaration"
    needed = strength_to_override(current, rules)
    if needed is None or new.strength < needed:
        return "override_too_weak"
    return None


STRONGEST_DECLARATION = 4
"""``Declaration.strength`` of a big-joker pair: nothing overrides it (two decks)."""


def _no_trump_declarable(rules: Rules) -> bool:
    """Jokers declare no-trump with two or three decks; four decks call suits only."""
    return rules.decks in (2, 3)


def strongest_declaration(rules: Rules) -> int:
    """The ``Declaration.strength`` nothing overrides in the game of ``rules``."""
    copies = rules.variant.max_declare
    face = Card("BJ") if _no_trump_declarable(rules) else Card("S2")
    return Declaration(0, (face,) * copies).strength


def strength_to_override(current: Declaration | None, rules: Rules | None = None) -> int | None:
    """The least ``Declaration.strength`` that overrides ``current`` (1: any declaration
    when nothing stands); ``None`` when nothing can (a big-joker pair stands; one
    deck: any declaration stands).

    >>> from engine.cards import parse_cards
    >>> strength_to_override(Declaration(0, tuple(parse_cards("S2"))))
    2
    >>> strength_to_override(Declaration(0, tuple(parse_cards("BJ BJ")))) is None
    True
    """
    if current is None:
        return 1
    strongest = STRONGEST_DECLARATION if rules is None else strongest_declaration(rules)
    return current.strength + 1 if current.strength < strongest else None


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
        if card.suit == JOKER and not _no_trump_declarable(rules):
            continue
        for size in range(2 if card.suit == JOKER else 1, min(count, rules.variant.max_declare) + 1):
            new = Declaration(seat, (card,) * size)  # no lone jokers
            if _override_error(new, current, rules) is None:
                options.append(new)
    return options


def seen_standing(view: PlayerView) -> Declaration | None:
    """The declaration standing as far as the viewing seat can tell: the one it sees,
    or for another seat's face-down call (four decks) one of its size by another seat,
    which every override rule judges alike."""
    if view.hidden_call:
        return Declaration((view.seat + 1) % SEATS, (Card.of("S", view.level),) * view.hidden_call)
    return view.declaration


def view_declarations(view: PlayerView) -> list[Declaration]:
    """The declarations the viewing seat may make now (empty outside the deal)."""
    if view.phase not in (DEALING, DECLARING):
        return []
    return legal_declarations(view.seat, view.hand, view.level, seen_standing(view), view.rules)



class Declaring(Checks):
    """The ``Game``'s deal, declare, close-declaring and bury actions."""

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
        elif previous.seat == new.seat and previous.cards[0] is new.cards[0]:
            self._emit(Reinforced(new))
        else:
            self._emit(Overridden(new, previous))
        self.declarations += (new,)

    def _check_close_declaring(self, action: CloseDeclaring) -> None:
        self._need_phase(DECLARING)

    def dealer_now(self) -> int | None:
        """The seat that deals this hand if declaring closed now: the dealer fixed before
        the deal, else (first hand) the declarer standing, else the seat dealt the first
        card (a flipped kitty, or a game without one); ``None`` when the cards would be
        dealt anew (RULES.md §7)."""
        if self.dealer is not None:
            return self.dealer
        if self.declaration is not None:
            return self.declaration.seat
        if self.rules.variant.has_kitty and self.rules.no_bid_first_hand == "redeal":
            return None
        return self.first_seat

    def _apply_close_declaring(self, action: CloseDeclaring, plan: None) -> None:
        standing = self.declaration
        dealer = self.dealer_now()
        if dealer is None:
            self._emit(Redealt(self.seed, next_seed(self.seed)))
            self._deal_new(next_seed(self.seed))
            return
        if standing is not None:
            trump = standing.trump
        elif not self.rules.variant.has_kitty:
            trump = NO_CALL_TRUMP  # four decks: nobody called, spades are trumps
        else:
            self.flipped = self.kitty[0]
            trump = None if self.flipped.is_joker else self.flipped.suit
            self._emit(KittyFlipped(self.flipped, trump))
        self.dealer, self.trump = dealer, trump
        self.ctx = ctx = TrumpContext(self.level, trump, self.rules)
        self._emit(KittyTaken(dealer, self.level, trump, tuple(self.kitty)))
        self.hands[dealer].extend(self.kitty)
        self.kitty = []
        for hand in self.hands:
            hand.sort(key=ctx.sort_key)
        self.phase = BURYING if self.rules.variant.has_kitty else TRICKS
        self.turn = dealer

    def _check_bury(self, action: Bury) -> None:
        self._need_phase(BURYING)
        self._need_turn(action.seat)
        size = self.rules.variant.kitty_size
        if len(action.cards) != size:
            raise GameError("bury_count", f"bury {size} cards, not {len(action.cards)}")
        self._need_in_hand(action.seat, action.cards)

    def _apply_bury(self, action: Bury, plan: None) -> None:
        remove_cards(self.hands[action.seat], action.cards)
        self.kitty = list(action.cards)
        self._buried = True
        self._emit(Buried(action.seat, tuple(action.cards)))
        self.phase = TRICKS

