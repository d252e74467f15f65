"""RULES.md §4: leading, throws, failed throws and their penalties."""

from __future__ import annotations

import pytest

from engine import check_lead

from .helpers import bag, cards, ctx

THROW = "S9 S8 S8 S4 S4"
"""Seed 001's throw (level 10)."""


@pytest.mark.parametrize(
    "holder, played",
    [
        ("SJ D3 C4", "S9"),  # only the 9 is beaten
        ("S5 S5 D3", "S4 S4"),  # only 44 is beaten
        ("SQ SQ H2", "S4 S4"),  # 9, 88 and 44 are all beaten: the lowest is 44
    ],
)
def test_seed_001_failed_throw(holder: str, played: str) -> None:
    result = check_lead(cards(THROW), [cards("D5 D6"), cards(holder), cards("CA")], ctx("10", "H"))
    assert not result.ok
    assert result.reason == "throw_beaten"
    assert bag(result.played) == bag(played)
    assert result.penalty == 0  # default throw_penalty: none


def test_seed_001_throw_stands_when_nothing_beats_it() -> None:
    """S10 is a level card (a trump) and H-cards are trumps: neither can beat a spade
    component; a lower pair (33) does not beat 44 and a lower single does not beat 9."""
    others = [cards("S10 S10 HA HA"), cards("S3 S3 S7"), cards("D9 DA")]
    result = check_lead(cards(THROW), others, ctx("10", "H"))
    assert result.ok and result.reason is None and result.penalty == 0
    assert bag(result.played) == bag(THROW)


def test_a_beating_card_in_any_other_hand_counts() -> None:
    c = ctx("10", "H")
    for seat in range(3):
        others = [cards("D2"), cards("D3"), cards("D4")]
        others[seat] = cards("SJ")
        assert bag(check_lead(cards(THROW), others, c).played) == bag("S9")


def test_equal_cards_do_not_beat_a_throw_component() -> None:
    c = ctx("10", "H")
    assert check_lead(cards("SA SA SK"), [cards("SK"), cards("SQ SQ"), []], c).ok
    six = ctx("6", "H")
    # off-suit level cards are equal: D6 does not beat S6, D6 D6 is lower than BJ BJ
    assert check_lead(cards("BJ BJ S6"), [cards("D6 D6 C6"), cards("HA HA"), cards("LJ")], six).ok is False
    assert check_lead(cards("BJ BJ S6"), [cards("D6 D6 C6"), cards("HA HA"), cards("S2")], six).ok
    failed = check_lead(cards("BJ BJ S6"), [cards("D6 D6 C6"), cards("H6"), []], six)
    assert not failed.ok and bag(failed.played) == bag("S6")


def test_a_longer_tractor_contains_one_that_beats() -> None:
    c = ctx("10", "H")
    result = check_lead(cards("SA S5 S5 S4 S4"), [cards("S8 S8 S7 S7 S6 S6"), [], []], c)
    assert not result.ok and bag(result.played) == bag("S5 S5 S4 S4")


def test_pairs_do_not_beat_a_tractor_and_non_adjacent_pairs_are_no_tractor() -> None:
    c = ctx("10", "H")
    assert check_lead(cards("SA S5 S5 S4 S4"), [cards("S9 S9 S7 S7"), cards("SK SK"), []], c).ok


def test_a_higher_pair_beats_a_pair_component() -> None:
    result = check_lead(cards("SA SA S3 S3"), [cards("S5 S5"), [], []], ctx("10", "H"))
    assert not result.ok and bag(result.played) == bag("S3 S3")


def test_of_equal_ranked_beaten_components_the_one_with_fewer_cards_is_lower() -> None:
    """Level 6, ♥ trump: S6 and D6 D6 rank equal; H6 H6 beats both; the single is lower."""
    result = check_lead(cards("S6 D6 D6"), [cards("H6 H6"), [], []], ctx("6", "H"))
    assert not result.ok and bag(result.played) == bag("S6")


def test_a_trump_throw_is_checked_against_trumps_only() -> None:
    c = ctx("10", "H")
    assert check_lead(cards("BJ BJ HK"), [cards("SA SA"), cards("DA"), []], c).ok
    failed = check_lead(cards("BJ BJ HK"), [cards("HA"), [], []], c)
    assert bag(failed.played) == bag("HK")


@pytest.mark.parametrize("lead", ["S2", "S4 S4", "S4 S4 S5 S5", "H2"])
def test_single_pair_tractor_always_stand(lead: str) -> None:
    others = [cards("SA SA SK SK SQ SQ"), cards("BJ BJ LJ LJ"), cards("HA HA")]
    result = check_lead(cards(lead), others, ctx("10", "H", throw_penalty="per_card"))
    assert result.ok and result.penalty == 0 and bag(result.played) == bag(lead)


@pytest.mark.parametrize("lead", ["SA HA", "SA H10", "BJ S3", "S5 S5 D5"])
def test_mixed_suits(lead: str) -> None:
    result = check_lead(cards(lead), [[], [], []], ctx("10", "H"))
    assert (result.ok, list(result.played), result.reason) == (False, [], "mixed_suits")


def test_level_cards_and_trump_suit_cards_lead_together() -> None:
    assert check_lead(cards("S10 HA"), [[], [], []], ctx("10", "H")).ok


@pytest.mark.parametrize(
    "option, holder, penalty",
    [
        ("none", "SJ", 0),
        ("per_card", "SJ", 40),  # S9 played, 4 cards taken back
        ("per_card", "S5 S5", 30),  # S4 S4 played, 3 cards taken back
        ("flat", "SJ", 10),
        ("flat", "SQ SQ", 10),
    ],
)
def test_throw_penalties(option: str, holder: str, penalty: int) -> None:
    result = check_lead(cards(THROW), [cards(holder), [], []], ctx("10", "H", throw_penalty=option))
    assert not result.ok and result.penalty == penalty


@pytest.mark.parametrize("option", ["none", "per_card", "flat"])
def test_no_penalty_when_the_throw_stands(option: str) -> None:
    assert check_lead(cards(THROW), [cards("S3"), [], []], ctx("10", "H", throw_penalty=option)).penalty == 0
