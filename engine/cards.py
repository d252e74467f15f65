"""Cards and the card notation of ENGINE-API.md.

A card is a value: two copies of the same face (two decks) are equal and share one
``Card`` object, so a hand is simply a list of cards (a multiset).

>>> format_cards(parse_cards("S10 s10 BJ ♥A ht"))
'S10 S10 BJ HA H10'
"""

from __future__ import annotations

from typing import Iterable

from .errors import InvalidArgumentError, InvalidCardsError

SUITS = ("S", "H", "D", "C")
"""Suit letters in display order: ♠ ♥ ♦ ♣."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Ranks low to high, as printed on the cards."""
JOKER = "J"
"""The pseudo-suit of both jokers."""
BIG, LITTLE = "B", "L"
"""Joker ranks: ``BJ`` is the big joker (大王), ``LJ`` the little joker (小王)."""

MAX_DECKS = 4
"""The most decks any variant of RULES.md deals with (``deck`` refuses more)."""

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_ALIASES = {"T": "10", "1": None}
_POINTS = {"5": 5, "10": 10, "K": 10}


class Card:
    """One card face. Instances are interned: ``Card("S10") is Card("s10")``.

    ``index`` is a dense number 0..53 (52 suited faces, then LJ, BJ) used by the
    engine's lookup tables.
    """

    __slots__ = ("suit", "rank", "index", "points", "_token")

    _cache: dict[str, "Card"] = {}
    _by_index: list["Card"] = []

    suit: str
    rank: str
    index: int
    points: int

    def __new__(cls, token: str) -> "Card":
        try:
            cached = cls._cache.get(token)
        except TypeError:  # unhashable: certainly not a token
            cached = None
        if cached is not None:
            return cached
        return _parse_token(token)

    @classmethod
    def _make(cls, suit: str, rank: str, index: int) -> "Card":
        card = object.__new__(cls)
        card.suit = suit
        card.rank = rank
        card.index = index
        card.points = _POINTS.get(rank, 0) if suit != JOKER else 0
        card._token = rank + suit if suit == JOKER else suit + rank
        return card

    @classmethod
    def of(cls, suit: str, rank: str) -> "Card":
        """The card of a suit letter and a rank (``Card.of("S", "10")``)."""
        return cls(rank + suit if suit == JOKER else suit + rank)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        if type(index) is not int or not 0 <= index < len(cls._by_index):
            raise InvalidCardsError(f"a card index is an integer 0-{len(cls._by_index) - 1}, not {index!r}")
        return cls._by_index[index]

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER

    def __reduce__(self):  # pickling/copying keeps interning
        return (Card, (self._token,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self

    def __str__(self) -> str:
        return self._token

    def __repr__(self) -> str:
        return f"Card({self._token!r})"

    def __hash__(self) -> int:
        return self.index

    # Equality is identity (object's ``__eq__``): every face exists once, so identical
    # cards are the same object, and hands compare and count at C speed.

    def __lt__(self, other: "Card") -> bool:
        """Printed order only (suit, then rank); game order lives in ``TrumpContext``."""
        return self.index < other.index


def _build_cards() -> None:
    index = 0
    for suit in SUITS:
        for rank in RANKS:
            card = Card._make(suit, rank, index)
            Card._by_index.append(card)
            Card._cache[card._token] = card
            index += 1
    for rank in (LITTLE, BIG):
        card = Card._make(JOKER, rank, index)
        Card._by_index.append(card)
        Card._cache[card._token] = card
        index += 1


_build_cards()

ALL_FACES: tuple[Card, ...] = tuple(Card._by_index)
"""The 54 distinct faces of one deck."""


def _parse_token(token: str) -> Card:
    if not isinstance(token, str):
        raise InvalidCardsError(f"a card is a token such as 'S10' or a Card, not {_short(token)}")
    raw = token
    text = token.strip().upper()
    if text in Card._cache:
        return Card._cache[text]
    if text and text[0] in _SYMBOL_TO_SUIT:
        text = _SYMBOL_TO_SUIT[text[0]] + text[1:]
    if len(text) >= 2 and text[0] in SUITS:
        rank = text[1:]
        rank = _RANK_ALIASES.get(rank, rank) or ""
        card = Card._cache.get(text[0] + rank)
        if card is not None:
            return card
    raise InvalidCardsError(f"unknown card {raw[:40]!r}")


def _short(value: object) -> str:
    """``repr`` of a refused value, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _card_list(cards: object, what: str) -> list[Card]:
    """``cards`` as a list of ``Card`` (any iterable of cards but a string or a mapping:
    a string would be read character by character); ``InvalidCardsError`` naming
    ``what`` otherwise."""
    if isinstance(cards, (str, bytes, dict)) or not hasattr(cards, "__iter__"):
        raise InvalidCardsError(f"{what} must be a list of cards (see parse_cards), not {_short(cards)}")
    out = cards if type(cards) is list else list(cards)  # type: ignore[call-overload]
    for card in out:
        if type(card) is not Card:
            raise InvalidCardsError(f"{what} must hold Card objects (see parse_cards), not {_short(card)}")
    return out


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse white-space separated tokens (or an iterable of tokens/cards) into cards.

    >>> parse_cards("s10 ♠T")
    [Card('S10'), Card('S10')]
    >>> parse_cards("S11")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidCardsError: unknown card 'S11'
    """
    if isinstance(text, str):
        tokens: Iterable = text.split()
    elif isinstance(text, (bytes, dict)) or not hasattr(text, "__iter__"):
        raise InvalidCardsError(f"cards are a string of tokens or a list of them, not {_short(text)}")
    else:
        tokens = text
    return [tok if type(tok) is Card else _parse_token(tok) for tok in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical tokens, in the order given."""
    return " ".join(card._token for card in _card_list(cards, "format_cards' argument"))


def deck(decks: int = 2) -> list[Card]:
    """All cards of ``decks`` decks, in printed order."""
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise InvalidArgumentError(f"decks is an integer 1-{MAX_DECKS}, not {_short(decks)}")
    return [card for card in ALL_FACES for _ in range(decks)]


def points(cards: Iterable[Card]) -> int:
    """Points on the cards: 5 for a five, 10 for a ten or a king."""
    return sum(card.points for card in _card_list(cards, "points' argument"))
