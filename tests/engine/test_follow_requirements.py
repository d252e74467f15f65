"""The follow ladder (``follow_requirements``): each rung the hand can meet is met by
every legal follow, each rung it cannot meet is not asked for, and the cards a rung
names are in the hand and meet it.  Checked against the oracle's brute force."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given

from engine import follow_requirements, parse_cards
from engine.play import ANY, PAIRS, SHAPE, SUIT, TRACTOR_RUNG

from .helpers import ctx
from .oracle import FollowJudge, can_pack, classes_of, lead_form, matches, pair_faces
from .strategies import Table, examples, lead_from, seeded, tables

TEN_H = ctx("10", "H")


def ladder(hand: str, lead: str) -> list[tuple[str, int, bool, str]]:
    req = follow_requirements(parse_cards(hand), parse_cards(lead), TEN_H)
    return [(r.kind, r.count, r.required, " ".join(map(str, r.cards))) for r in req.rungs]


def test_a_tractor_held_is_the_first_rung_below_the_shape() -> None:
    assert ladder("S3 S3 S4 S4 S9 SK D2", "S7 S7 S8 S8") == [
        (SHAPE, 4, True, "SK S9 S4 S4 S3 S3"),
        (TRACTOR_RUNG, 2, True, "S4 S4 S3 S3"),
        (PAIRS, 2, True, "S4 S4 S3 S3"),
        (SUIT, 4, True, "SK S9 S4 S4 S3 S3"),
        (ANY, 0, False, "D2"),
    ]


def test_without_a_tractor_the_pairs_rung_holds() -> None:
    rungs = ladder("S3 S3 S5 S5 S9 SK D2", "S7 S7 S8 S8")
    assert [(k, n, r) for k, n, r, _ in rungs] == [
        (SHAPE, 4, False), (TRACTOR_RUNG, 2, False), (PAIRS, 2, True), (SUIT, 4, True), (ANY, 0, False)]


def test_short_of_the_suit_only_suit_and_any_hold() -> None:
    rungs = ladder("S3 D2 D3", "S7 S7")
    assert [(k, n, r) for k, n, r, _ in rungs] == [
        (SHAPE, 2, False), (PAIRS, 0, False), (SUIT, 1, True), (ANY, 1, True)]


def test_void_asks_only_for_any_cards() -> None:
    rungs = ladder("D2 D3 H4 H4", "S7 S7")
    assert [(k, r) for k, _, r, _ in rungs if r] == [(ANY, True)]


def test_exactly_the_lead_size_held_matches_when_the_cards_do() -> None:
    assert ladder("S3 S3 D2", "S7 S7")[0][:3] == (SHAPE, 2, True)
    assert ladder("S3 S4 D2", "S7 S7")[0][:3] == (SHAPE, 2, False)


def _meets(play: Counter, rung, table: Table, lead) -> bool:
    """Does ``play`` (tokens) meet ``rung``, judged by the oracle?"""
    order = table.order
    form = lead_form(lead, order)
    in_suit = [f for f in play.elements() if order.suit(f) == form.suit]
    if rung.kind == SUIT:
        return len(in_suit) >= rung.count
    if rung.kind == ANY:
        return True
    if rung.kind == PAIRS:
        return len(pair_faces(in_suit)) >= rung.count
    if rung.kind == TRACTOR_RUNG:
        return can_pack(classes_of(pair_faces(in_suit), order), [rung.count])
    return matches(list(play.elements()), form, order) and len(in_suit) == form.size


@examples(80)
@given(tables(max_hand=14), seeded)
def test_required_rungs_are_met_by_every_legal_follow(table: Table, rng: random.Random) -> None:
    hand, ctx_ = table.hands[1], table.ctx
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    if len(hand) < len(lead):
        return
    req = follow_requirements(hand, lead, ctx_)
    legal = FollowJudge(hand, lead, table.order).legal_plays()
    hand_bag = Counter(str(c) for c in hand)
    for rung in req.rungs:
        assert not Counter(str(c) for c in rung.cards) - hand_bag, (rung, table.describe())
        met = [_meets(play, rung, table, lead) for play in legal]
        if rung.required:
            assert all(met), (rung, table.describe())
    shape = req.rungs[0]
    assert shape.required == any(_meets(play, shape, table, lead) for play in legal), table.describe()


@pytest.mark.parametrize("hand, lead", [
    ("S3 S3 S4 S4 S6 S6 S9", "S7 S7 S8 S8"),
    ("SQ SQ S3 S5 D2", "S8 S8"),
])
def test_check_follow_names_the_rung_that_is_broken(hand: str, lead: str) -> None:
    from engine import check_follow

    h, l = parse_cards(hand), parse_cards(lead)
    req = follow_requirements(h, l, TEN_H)
    codes = {r.code for r in req.rungs if r.required}
    verdict = check_follow(h, l, h[-len(l):], TEN_H)
    assert not verdict.legal and verdict.reason in codes
