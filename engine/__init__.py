"""Shengji rules engine: pure Python, no pygame.

The stable public surface is the one of ENGINE-API.md; everything else here is
internal and may change.
"""

from .cards import Card, format_cards, parse_cards
from .rules import Rules, TrumpContext

__all__ = [
    "Card",
    "parse_cards",
    "format_cards",
    "Rules",
    "TrumpContext",
]
