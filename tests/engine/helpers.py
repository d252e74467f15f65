"""Small helpers shared by the engine tests: notation in, multisets out."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from engine import Card, Rules, TrumpContext, parse_cards

from .oracle import Order


def cards(text: str) -> list[Card]:
    """Cards in the notation of ENGINE-API.md."""
    return parse_cards(text)


def ctx(level: str, trump: str | None, **options: object) -> TrumpContext:
    """A hand's context: ``ctx("10", "H")`` is level 10, ♥ trump; ``trump=None`` no-trump."""
    return TrumpContext(level=level, trump=trump, rules=Rules(**options))


def order(level: str, trump: str | None, constant_twos: bool = False) -> Order:
    """The oracle's card order for the same hand."""
    return Order(level, trump, constant_twos)


def bag(items: Iterable[object]) -> Counter[str]:
    """Cards (or notation) as a multiset of canonical tokens, for order-free comparison."""
    if isinstance(items, str):
        items = cards(items)
    return Counter(str(c) for c in items)
