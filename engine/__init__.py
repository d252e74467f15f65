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
- §7 declaring, the kitty, dealing: ``engine.declaring`` (``declaration_error``,
  ``legal_declarations``, ``strength_to_override``, the deal, close-declaring and bury
  actions)
- §4–6 applied at the table (leads, failed throws, trick winners): ``engine.tricks``
- §8 kitty multiplier and level table, §9 dealer rotation, levels, the end of a match:
  ``engine.scoring`` (``hand_outcome`` puts them together); applied to a hand in
  ``engine.handend`` (``HandSummary``, the ``HandScored`` event), the next deal in
  ``engine.match``
- the actions and ``GameError``: ``engine.actions``; ``engine.game.Game`` puts the
  phases together (and re-exports their names)
- bad input: every error is a ``ShengjiError`` (a ``ValueError``) of ``engine.errors``;
  the functions exported here check their arguments (``engine.checks``)
- the games of one, three and four decks (docs/VARIANTS.md): ``Rules.variant`` (hand,
  kitty, points, the level table), sets wider than a pair in ``engine.combos`` and
  ``engine.play`` (the ``wide`` paths of ``LeadShape``)
- players: ``engine.players`` (protocol, registry, random player), ``engine.ai``
  (AI players with reasons), ``engine.selfplay`` (the command)
"""

from . import checks as _checks
from . import combos as _combos
from . import play as _play
from . import scoring as _scoring
from .cards import Card, deck, format_cards, parse_cards, points
from .checks import check_dealable
from .combos import Component
from .errors import (
    InvalidArgumentError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidSaveError,
    InvalidTrickError,
    ShengjiError,
)
from .play import FollowVerdict, LeadResult, LeadShape, Rung
from .rules import TRUMP, Rules, TrumpContext
from .scoring import HandOutcome, HandResult, LevelChange, LevelRow

# The public functions check their arguments once, here (``engine.checks``); the
# engine's own modules call the unchecked originals in ``engine.play`` and friends.
_guard = _checks.guard
decompose = _guard(_combos.decompose, _checks.cards_args)
check_lead = _guard(_play.check_lead, _checks.lead_args)
check_follow = _guard(_play.check_follow, _checks.follow_args)
selectable = _guard(_play.selectable, _checks.selectable_args)
legal_follow = _guard(_play.legal_follow, _checks.legal_follow_args)
why_not_selectable = _guard(_play.why_not_selectable, _checks.why_not_args)
trick_winner = _guard(_play.trick_winner, _checks.trick_args)
lead_shape = _guard(_play.lead_shape, _checks.lead_only_args)
matches_lead = _guard(_play.matches_lead, _checks.matches_args)
classify_follow = _guard(_play.classify_follow, _checks.classify_args)
kitty_multiplier = _guard(_scoring.kitty_multiplier, _checks.lead_only_args)
hand_result = _guard(_scoring.hand_result, _checks.points_args)
follow_requirements = _guard(_play.follow_requirements, _checks.legal_follow_args)
hand_outcome = _guard(_scoring.hand_outcome, _checks.outcome_args)
level_row = _guard(_scoring.level_row, _checks.level_row_args)
level_change = _guard(_scoring.level_change, _checks.level_change_args)

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
    "check_dealable",
    "ShengjiError",
    "InvalidCardsError",
    "InvalidTrickError",
    "InvalidRulesError",
    "InvalidArgumentError",
    "InvalidSaveError",
]
