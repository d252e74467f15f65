"""Tables with chosen cards for the game tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable

import pytest

from engine.cards import Card, deck, parse_cards
from engine.game import Game
from engine.rules import Rules

HAND = 25


def stacked_deck(hands: dict[int, str], kitty: str, first_seat: int, seed: int) -> list[Card]:
    """108 cards in dealing order: each seat gets its given cards, the kitty starts
    with the given ones (top card first), and the rest is filled in at random."""
    given = {seat: parse_cards(text) for seat, text in hands.items()}
    top = parse_cards(kitty)
    pool = Counter(deck())
    for cards in [*given.values(), top]:
        pool.subtract(cards)
    assert min(pool.values()) >= 0, "a card is given more often than the decks hold"
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    seats = []
    for seat in range(4):
        cards = list(given.get(seat, []))
        while len(cards) < HAND:
            cards.append(rest.pop())
        seats.append(cards)
    order = [seats[(first_seat + i) % 4][i // 4] for i in range(4 * HAND)]
    return order + top + rest


TableFactory = Callable[..., Game]


@pytest.fixture
def table() -> TableFactory:
    """``table(hands={seat: "cards"}, kitty="top cards", dealer=None, ...)`` → a Game
    dealt with those cards (not yet dealt out: call ``deal_all``)."""

    def make(
        hands: dict[int, str] | None = None,
        kitty: str = "",
        dealer: int | None = None,
        levels: tuple[str, str] = ("2", "2"),
        rules: Rules | None = None,
        seed: int = 0,
    ) -> Game:
        first = dealer if dealer is not None else Game(rules, seed).first_seat
        cards = stacked_deck(hands or {}, kitty, first, seed)
        return Game(rules, seed, levels=levels, dealer=dealer, stacked=cards)

    return make


@pytest.fixture
def deal_all() -> Callable[[Game], None]:
    """Deal every remaining card."""

    def run(game: Game) -> None:
        while game.phase == "dealing":
            game.deal()

    return run
