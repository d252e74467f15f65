"""Shengji rules engine: pure Python, no pygame.

The stable public surface is the one of ENGINE-API.md (plus ``selectable``,
``legal_follow`` and the verdict types); everything else here is internal and may
change.  Where each rule of RULES.md lives:

- §1 cards, points, the deck: ``engine.cards``
- §2 trumps, card order, effective suits: ``engine.rules.TrumpContext``
- §3 pairs, tractors, the unique decomposition: ``engine.combos.decompose``
- §4 leading and throws: ``engine.play.check_lead``
- §5 following: ``engine.play.follow_requirements`` (the ladder of obligations), read by
  ``check_follow``, ``selectable``, ``why_not_selectable`` and ``legal_follow``
- §6 winning a trick: ``engine.play.trick_winner``
- §7 declaring, the kitty, dealing: ``engine.game`` (``declaration_error``,
  ``legal_declarations``, ``Game.bury``, ``Game.close_declaring``)
- §8 kitty multiplier and level table, §9 dealer rotation, levels, the end of a match:
  ``engine.scoring`` (``hand_outcome`` puts them together); applied to a hand in
  ``engine.game.Game`` (``HandScored`` event)
- players: ``engine.players`` (protocol, registry, random player), ``engine.ai``
  (AI players with reasons), ``engine.selfplay`` (the command)
"""

from .cards import Card, deck, format_cards, parse_cards, points
from .combos import Component, decompose
from .play import (
    FollowRequirements,
    FollowVerdict,
    LeadResult,
    LeadShape,
    Rung,
    check_follow,
    check_lead,
    classify_follow,
    follow_requirements,
    lead_shape,
    legal_follow,
    matches_lead,
    selectable,
    trick_winner,
    why_not_selectable,
)
from .rules import TRUMP, Rules, TrumpContext
from .scoring import (
    HandOutcome,
    HandResult,
    LevelChange,
    LevelRow,
    hand_outcome,
    hand_result,
    kitty_multiplier,
    level_change,
    level_row,
)

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
    "follow_requirements",
    "FollowRequirements",
    "Rung",
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
    "hand_outcome",
    "HandOutcome",
    "level_row",
    "LevelRow",
    "level_change",
    "LevelChange",
]
