"""Shengji rules engine: pure Python, no pygame.

The stable public surface is the one of ENGINE-API.md (plus ``selectable``,
``legal_follow`` and the verdict types); everything else here is internal and may
change.  Where each rule of RULES.md lives:

- §1 cards, points, the deck: ``engine.cards``
- §2 trumps, card order, effective suits: ``engine.rules.TrumpContext``
- §3 pairs, tractors, the unique decomposition: ``engine.combos.decompose``
- §4 leading and throws: ``engine.play.check_lead``
- §5 following: ``engine.play.check_follow`` (and ``selectable``, ``legal_follow``)
- §6 winning a trick: ``engine.play.trick_winner``
- §7 declaring, the kitty, dealing: ``engine.declaring`` (``declaration_error``,
  ``legal_declarations``, the deal, close-declaring and bury actions)
- §4–6 applied at the table (leads, failed throws, trick winners): ``engine.tricks``
- §8 kitty multiplier and level table: ``engine.scoring``; applied to a hand in
  ``engine.handend`` (``HandSummary``, the ``HandScored`` event)
- §9 dealer rotation, levels, the end of a match: ``engine.match.level_change``
- the actions and ``GameError``: ``engine.actions``; ``engine.game.Game`` puts the
  phases together (and re-exports their names)
- players: ``engine.players`` (protocol, registry, random player), ``engine.ai``
  (AI players with reasons), ``engine.selfplay`` (the command)
"""

from .cards import Card, deck, format_cards, parse_cards, points
from .combos import Component, decompose
from .play import (
    FollowVerdict,
    LeadResult,
    LeadShape,
    check_follow,
    check_lead,
    classify_follow,
    lead_shape,
    legal_follow,
    matches_lead,
    selectable,
    trick_winner,
    why_not_selectable,
)
from .rules import TRUMP, Rules, TrumpContext
from .scoring import HandResult, hand_result, kitty_multiplier

__all__ = [
    "Card",
    "parse_cards",
    "format_cards",
    "deck",
    "points",
    "Rules",
    "TrumpContext",
    "TRUMP",
    "Component",
    "decompose",
    "check_lead",
    "LeadResult",
    "check_follow",
    "FollowVerdict",
    "selectable",
    "legal_follow",
    "why_not_selectable",
    "trick_winner",
    "lead_shape",
    "LeadShape",
    "matches_lead",
    "classify_follow",
    "kitty_multiplier",
    "hand_result",
    "HandResult",
]
