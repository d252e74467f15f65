"""``selectable`` and ``legal_follow``: the cards a player may still click, and a hint."""

from __future__ import annotations

import pytest

from engine import check_follow, legal_follow, selectable

from .helpers import bag, cards, ctx, order
from .oracle import FollowJudge

TEN_H = ctx("10", "H")


def offered(hand: str, lead: str | None, selected: str) -> set[str]:
    return {str(c) for c in selectable(cards(hand), cards(lead) if lead else None, cards(selected), TEN_H)}


def test_leading_with_nothing_selected_offers_every_card() -> None:
    assert offered("S3 S3 H4 BJ S10", None, "") == {"S3", "H4", "BJ", "S10"}


def test_leading_offers_the_selections_effective_suit_only() -> None:
    assert offered("S3 S3 SK H4 BJ S10", None, "S3") == {"S3", "SK"}
    assert offered("S3 S3 SK H4 BJ S10", None, "BJ") == {"H4", "S10"}  # S10 is a trump; BJ has one copy


def test_following_a_pair_offers_the_pair_only() -> None:
    assert offered("S3 S3 S4 D5", "S9 S9", "") == {"S3"}
    assert offered("S3 S3 S4 D5", "S9 S9", "S3") == {"S3"}


def test_following_a_tractor_offers_the_tractor_only() -> None:
    assert offered("S3 S3 S4 S4 S6 S6 SK", "S9 S9 S8 S8", "") == {"S3", "S4"}


def test_short_in_the_suit_the_suit_comes_first_then_anything() -> None:
    assert offered("S3 H4 D5", "SA SA", "") == {"S3", "H4", "D5"}
    assert offered("S3 H4 D5", "SA SA", "H4") == {"S3"}


def test_void_offers_everything() -> None:
    assert offered("H4 D5 BJ", "SA", "") == {"H4", "D5", "BJ"}


def test_a_complete_selection_offers_nothing_more() -> None:
    assert offered("S3 S3 S4 D5", "S9 S9", "S3 S3") == set()


def test_a_stranded_selection_offers_nothing() -> None:
    assert offered("S3 S3 S4 D5", "S9 S9", "S4") == set()


@pytest.mark.parametrize(
    "hand, lead",
    [
        ("S3 S3 S4 S4 S6 S6 SK", "S9 S9 S8 S8"),
        ("S3 S3 S6 S6 SK SQ", "S9 S9 S8 S8"),
        ("S3 H4 D5", "SA SA"),
        ("H4 D5 BJ", "SA"),
        ("HK HK HA HA S10 S10 D10 D10 H10 H10 H2", "H8 H8 H7 H7 H6 H6 H4 H4 H3 H3"),
    ],
)
def test_legal_follow_gives_a_legal_follow(hand: str, lead: str) -> None:
    play = legal_follow(cards(hand), cards(lead), TEN_H)
    assert len(play) == len(cards(lead)) and not bag(play) - bag(hand)
    assert FollowJudge(cards(hand), cards(lead), order("10", "H")).verdict(play).legal
    assert check_follow(cards(hand), cards(lead), play, TEN_H).legal
