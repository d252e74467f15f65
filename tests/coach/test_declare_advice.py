"""The coach's declaring advice says why the advisor declares a shorter suit in the
first hand, and only there."""

from __future__ import annotations

from engine.ai import AIPlayer
from engine.claims import DeclarationDeals
from tests.ai.conftest import _make_view
from tutor.coach import declare_advice
from tutor.coach.claims import position

HAND = "H2 H9 H7 S3 S5 SK D5 D8 C8 C9"
"""Three hearts of ten cards: too few for a plain declaration, enough to take the deal."""


def claims_of(said) -> list:
    return [claim for s in said for claim in s.all_claims()]


def test_declaring_for_the_deal_is_explained_in_the_first_hand_only():
    first = _make_view(HAND, phase="dealing", dealer=None)
    decision = AIPlayer("hard").declare(first)
    assert decision is not None and decision.reason.code == "declare_for_deal"
    assert DeclarationDeals() in claims_of(declare_advice(first, decision))
    later = _make_view(HAND, phase="dealing", dealer=1)
    assert not DeclarationDeals().holds(position(later))
    assert DeclarationDeals() not in claims_of(declare_advice(later, AIPlayer("hard").declare(later)))
