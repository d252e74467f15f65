"""``why_not_selectable``: the obligation a card would break, for hover explanations.

It must agree with ``selectable`` card by card, name an obligation that matches the
card (a card of another suit breaks the suit rule, a led-suit card a structure rule),
and the cards it names must be in the hand and satisfy that obligation.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given

from engine import TrumpContext, parse_cards, selectable, why_not_selectable
from engine.combos import pair_faces

from .strategies import Table, best_follow, examples, lead_from, seeded, tables

CTX = TrumpContext("10", "H")


def reasons(hand: str, lead: str, selected: str) -> dict[str, tuple[str | None, str]]:
    h, l, s = parse_cards(hand), parse_cards(lead), parse_cards(selected)
    out = {}
    for card in set(h):
        v = why_not_selectable(h, l, s, card, CTX)
        out[str(card)] = (v.reason, " ".join(map(str, v.cards)))
    return out


def test_a_card_of_another_suit_breaks_the_suit_rule() -> None:
    got = reasons("S3 S5 SK D2 H9", "S8", "")
    assert got["D2"] == ("must_follow_suit", "SK S5 S3")
    assert got["H9"][0] == "must_follow_suit"  # a heart is a trump here, not a spade
    assert got["S3"] == (None, "")


def test_a_single_that_breaks_the_pair_names_the_pair() -> None:
    got = reasons("SQ SQ S3 S5 D2", "S8 S8", "")
    assert got["S3"] == ("must_play_pair", "SQ SQ")
    assert got["SQ"] == (None, "")


def test_a_card_outside_the_only_tractor_names_the_tractor() -> None:
    got = reasons("S3 S3 S4 S4 S6 S6 S9 SK D3", "S7 S7 S8 S8", "S3")
    assert got["S6"] == ("must_play_tractor", "S4 S4 S3 S3")
    assert got["S4"] == (None, "")


def test_a_complete_selection_takes_nothing_more() -> None:
    got = reasons("S3 S5 SK D2", "S8", "S3")
    assert got["S5"][0] == "wrong_count"


def test_a_lead_stays_in_one_suit() -> None:
    hand = parse_cards("S3 S5 D2")
    v = why_not_selectable(hand, None, parse_cards("S3"), parse_cards("D2")[0], CTX)
    assert (v.legal, v.reason) == (False, "mixed_suits")


@examples(300)
@given(tables(max_hand=25), seeded)
def test_agrees_with_selectable_and_names_a_fitting_obligation(table: Table, rng: random.Random) -> None:
    hand = table.hands[1]
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    play = best_follow(rng, hand, lead, table.order)
    selected = rng.sample(play, rng.randint(0, len(play) - 1))
    ctx = table.ctx
    suit = ctx.suit_of(lead[0])
    offered = selectable(hand, lead, selected, ctx)
    left = Counter(hand) - Counter(selected)
    for card in left:
        v = why_not_selectable(hand, lead, selected, card, ctx)
        assert v.legal == (card in offered)
        if v.legal:
            continue
        assert not Counter(v.cards) - Counter(hand), "names cards the player does not hold"
        if v.reason == "must_follow_suit":
            assert ctx.suit_of(card) != suit
            assert v.cards and all(ctx.suit_of(c) == suit for c in v.cards)
        else:
            assert v.reason in ("must_play_pair", "must_play_tractor")
            assert ctx.suit_of(card) == suit
            assert pair_faces(v.cards), "a structure obligation names pairs"
