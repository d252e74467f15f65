"""A ruff must have the lead's shape (RULES.md §6): the coach says the partner can ruff
a lead only when some consistent deal gives the partner trumps of its whole shape."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.claims import MayRuff, Position
from engine.knowledge import Knowledge
from engine.view import Decision, Reason
from tutor.coach.reasons import PRINCIPLES, principle

from ..engine.test_knowledge import _position
from .auditor import verify

TRUMPS_WITHOUT_A_PAIR = dict(
    trump="H", hand="S7 S7 S6 D9",
    # the partner (seat 2) showed out of spades; the unseen trumps are two different ones
    tricks=[(0, ["SA", "S3", "D2", "S4"])], trick=[], leader=0, cards_left=(4, 4, 4, 4),
    unseen="H3 H5 S8 S9 S10 D3 D4 D5 D6 D7 C3 C4")


def test_the_partner_out_of_a_suit_ruffs_a_single_but_not_a_pair_without_a_trump_pair() -> None:
    view = _position(**TRUMPS_WITHOUT_A_PAIR)
    at, know = Position(view), Knowledge(view)
    single, pair = tuple(parse_cards("S7")), tuple(parse_cards("S7 S7"))
    assert know.can_ruff(single, 2) is True and know.can_ruff(pair, 2) is False
    assert MayRuff(2, single).holds(at) and not MayRuff(2, pair).holds(at)
    # the auditor agrees, from its own model
    assert verify(MayRuff(2, single), view, {}, 0) and not verify(MayRuff(2, pair), view, {}, 0)
    said = principle(at, Decision(single, Reason("lead_partner_void", (), 2)))
    assert said.msgid == PRINCIPLES["lead_void"].msgid
    said = principle(at, Decision(pair, Reason("lead_partner_void", (), 2)))
    assert said.msgid not in (PRINCIPLES["lead_void"].msgid, PRINCIPLES["lead_void_shape"].msgid)


def test_a_trump_pair_the_partner_may_hold_ruffs_a_pair() -> None:
    view = _position(**{**TRUMPS_WITHOUT_A_PAIR, "unseen": "H3 H3 S8 S9 S10 D3 D4 D5 D6 D7 C3 C4"})
    pair = tuple(parse_cards("S7 S7"))
    assert MayRuff(2, pair).holds(Position(view))
    said = principle(Position(view), Decision(pair, Reason("lead_partner_void", (), 2)))
    assert said.msgid == PRINCIPLES["lead_void_shape"].msgid
