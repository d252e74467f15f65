"""RULES.md §2: card order and effective suits, seen through the public API.

A card ranks above another when, led second as a single, it wins the trick; two cards
are equal when whichever is led first wins.
"""

from __future__ import annotations

import pytest

from engine import Card, check_follow, trick_winner

from .helpers import cards, ctx


def assert_order(c, ladder: list[str]) -> None:
    """``ladder`` high to low; cards in one string separated by ``=`` are equal."""
    groups = [[Card(t) for t in step.split("=")] for step in ladder]
    for group in groups:
        for a in group:
            for b in group:
                assert trick_winner([[a], [b]], c) == 0, f"{a} and {b} should be equal: first played wins"
    for high, low in zip(groups, groups[1:]):
        for a in high:
            for b in low:
                assert trick_winner([[b], [a]], c) == 1, f"{a} should beat {b}"
                assert trick_winner([[a], [b]], c) == 0, f"{b} should not beat {a}"


def test_trump_order_level_10_hearts() -> None:
    assert_order(
        ctx("10", "H"),
        ["BJ", "LJ", "H10", "S10=D10=C10", "HA", "HK", "HQ", "HJ", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2"],
    )


def test_trump_order_level_6_hearts_seed_002() -> None:
    assert_order(
        ctx("6", "H"),
        ["BJ", "LJ", "H6", "S6=D6=C6", "HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7", "H5", "H4", "H3", "H2"],
    )


def test_side_suit_order_skips_the_level_rank() -> None:
    assert_order(ctx("10", "H"), ["SA", "SK", "SQ", "SJ", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"])
    assert_order(ctx("6", "H"), ["CA", "CK", "CQ", "CJ", "C10", "C9", "C8", "C7", "C5", "C4", "C3", "C2"])


def test_level_a_trump_chain_runs_to_k() -> None:
    assert_order(ctx("A", "S"), ["BJ", "LJ", "SA", "HA=DA=CA", "SK", "SQ", "SJ", "S10", "S2"])
    assert_order(ctx("A", "S"), ["HK", "HQ", "H2"])


def test_no_trump_order() -> None:
    assert_order(ctx("10", None), ["BJ", "LJ", "S10=H10=D10=C10"])
    assert_order(ctx("10", None), ["HA", "HK", "HJ", "H9", "H2"])


def test_constant_twos_with_a_trump_suit() -> None:
    c = ctx("10", "H", constant_twos=True)
    assert_order(c, ["BJ", "LJ", "H10", "S10=D10=C10", "H2", "S2=D2=C2", "HA", "HK", "H3"])
    assert_order(c, ["SA", "SK", "SJ", "S9", "S3"])
    assert c.suit_of(Card("S2")) == "T" and c.suit_of(Card("S3")) == "S"


def test_constant_twos_at_level_2_the_twos_are_simply_level_cards() -> None:
    assert_order(ctx("2", "H", constant_twos=True), ["BJ", "LJ", "H2", "S2=D2=C2", "HA", "HK", "H3"])


def test_constant_twos_at_level_a() -> None:
    assert_order(ctx("A", "S", constant_twos=True), ["LJ", "SA", "HA=DA=CA", "S2", "H2=D2=C2", "SK", "SQ", "S3"])


def test_constant_twos_no_trump() -> None:
    assert_order(ctx("10", None, constant_twos=True), ["BJ", "LJ", "S10=H10=D10=C10", "S2=H2=D2=C2"])
    assert_order(ctx("10", None, constant_twos=True), ["SA", "SK", "S3"])


def test_every_trump_beats_every_side_card() -> None:
    c = ctx("10", "H")
    assert trick_winner([cards("SA"), cards("H2")], c) == 1
    assert trick_winner([cards("SA"), cards("D10")], c) == 1
    assert trick_winner([cards("SA"), cards("H2"), cards("SA")], c) == 1


def test_a_card_of_another_side_suit_never_wins() -> None:
    assert trick_winner([cards("S3"), cards("DA"), cards("CA"), cards("HA")], ctx("10", "C")) == 2
    assert trick_winner([cards("S3"), cards("DA"), cards("CK")], ctx("10", "H")) == 0


# ---------------------------------------------------------------- effective suits


@pytest.mark.parametrize(
    "level, trump, token, suit",
    [
        ("6", "H", "H6", "T"),
        ("6", "H", "S6", "T"),
        ("6", "H", "HA", "T"),
        ("6", "H", "SA", "S"),
        ("6", "H", "BJ", "T"),
        ("6", "H", "LJ", "T"),
        ("10", None, "H10", "T"),
        ("10", None, "HA", "H"),
        ("10", None, "LJ", "T"),
        ("2", "S", "D2", "T"),
        ("A", "D", "CA", "T"),
        ("A", "D", "CK", "C"),
    ],
)
def test_effective_suit(level: str, trump: str | None, token: str, suit: str) -> None:
    c = ctx(level, trump)
    assert c.suit_of(Card(token)) == suit
    assert c.is_trump(Card(token)) == (suit == "T")


def test_the_heart_level_card_does_not_follow_hearts() -> None:
    """Level 6, ♠ trump: H6 is a trump, not a heart (RULES.md §2, seed 002)."""
    c = ctx("6", "S")
    hand = cards("H6 H3 D2")
    assert check_follow(hand, cards("HA"), cards("H6"), c).reason == "must_follow_suit"
    assert check_follow(hand, cards("HA"), cards("H3"), c).legal
    trump_hand = cards("H6 H3")
    assert check_follow(trump_hand, cards("SA"), cards("H6"), c).legal
    assert check_follow(trump_hand, cards("SA"), cards("H3"), c).reason == "must_follow_suit"
