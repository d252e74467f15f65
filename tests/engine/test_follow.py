"""RULES.md §5: following, the reason codes and their priority order."""

from __future__ import annotations

import pytest

from engine import check_follow

from .helpers import bag, cards, ctx, order
from .oracle import can_pack, classes_of, pair_faces

TEN_H = ctx("10", "H")

# (lead, hand, play, reason or None) at level 10, ♥ trump unless stated
CASES = [
    # suit
    ("SA", "S3 H4 D5", "S3", None),
    ("SA", "S3 H4 D5", "D5", "must_follow_suit"),
    ("SA", "S3 H4 D5", "H4", "must_follow_suit"),  # no ruff while holding the suit
    ("SA SA", "S3 H4 D5", "S3 H4", None),  # fewer than led: all of them, then anything
    ("SA SA", "S3 H4 D5", "H4 D5", "must_follow_suit"),
    ("SA", "H4 D5", "D5", None),  # void: discard
    ("SA", "H4 D5", "H4", None),  # void: ruff
    ("SA SA", "S3 S3 H4", "S3 H4", "must_follow_suit"),
    ("BJ", "S10 SA", "S10", None),  # S10 is a trump at level 10
    ("BJ", "S10 SA", "SA", "must_follow_suit"),
    ("SK", "S10 SA", "SA", None),
    ("SK", "S10 SA", "S10", "must_follow_suit"),
    # pair
    ("S9 S9", "S3 S3 S4 D5", "S3 S3", None),
    ("S9 S9", "S3 S3 S4 D5", "S3 S4", "must_play_pair"),
    ("S9 S9", "S3 S4 S5", "S3 S5", None),
    ("S9 S9", "S3 S3 S4 S4 SK", "S4 S4", None),
    ("S9 S9", "S3 S3 S4 S4 SK", "S3 SK", "must_play_pair"),  # pairs inside tractors count
    ("HA HA", "S10 D10 H3 C2", "S10 D10", None),  # S10 D10 is no pair
    ("BJ BJ", "S10 D10 H3 H3", "S10 D10", "must_play_pair"),
    ("BJ BJ", "S10 D10 H3 H3", "H3 H3", None),
    # tractor
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S6 S6 SK", "S3 S3 S4 S4", None),
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S6 S6 SK", "S3 S3 S6 S6", "must_play_tractor"),
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S6 S6 SK", "S3 S4 S6 SK", "must_play_tractor"),
    ("S9 S9 S8 S8", "S3 S3 S6 S6 SK SQ", "S3 S3 S6 S6", None),
    ("S9 S9 S8 S8", "S3 S3 S6 S6 SK SQ", "S3 S3 S6 SK", "must_play_pair"),
    ("S9 S9 S8 S8", "S3 S6 SK SQ SJ", "S3 S6 SK SQ", None),
    # a longer tractor counts: it contains one
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S5 S5 SK", "S4 S4 S5 S5", None),
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S5 S5 SK", "S3 S3 S4 S4", None),
    ("S9 S9 S8 S8", "S3 S3 S4 S4 S5 S5 SK", "S3 S3 S5 S5", "must_play_tractor"),
    # a 3-pair tractor led, only a 2-pair tractor held: as many pairs as possible
    ("S9 S9 S8 S8 S7 S7", "S2 S2 S3 S3 S5 S5 SA SK", "S2 S2 S3 S3 S5 S5", None),
    ("S9 S9 S8 S8 S7 S7", "S2 S2 S5 S5 S3 S3 SA SK", "S2 S2 S5 S5 S3 SA", "must_play_pair"),
    ("S9 S9 S8 S8 S7 S7", "S2 S2 S3 S3 S5 S5 SA SK", "S2 S2 S3 S3 SA SK", "must_play_pair"),
    # S3 S3 S4 S4 S5 S5 led is one 3-pair tractor: followers are held to it
    ("S3 S3 S4 S4 S5 S5", "S6 S6 S7 S7 S8 S8 SA", "S6 S6 S7 S7 S8 S8", None),
    ("S3 S3 S4 S4 S5 S5", "S6 S6 S7 S7 S8 S8 SA", "S6 S6 S7 S7 S8 SA", "must_play_tractor"),
    # throws: tractors first, then as many pairs as the lead holds, then singles
    ("SA SK SK", "S3 S3 S5 S7", "S3 S3 S5", None),
    ("SA SK SK", "S3 S3 S5 S7", "S3 S5 S7", "must_play_pair"),
    ("SA SQ SQ SJ SJ", "S3 S3 S4 S4 S7 S7 S8", "S3 S3 S4 S4 S8", None),
    ("SA SQ SQ SJ SJ", "S3 S3 S4 S4 S7 S7 S8", "S3 S3 S4 S4 S7", None),
    ("SA SQ SQ SJ SJ", "S3 S3 S4 S4 S7 S7 S8", "S3 S3 S7 S7 S8", "must_play_tractor"),
    ("SA SQ SQ SJ SJ", "S3 S3 S6 S6 S8 S9", "S3 S3 S6 S6 S8", None),
    ("SA SQ SQ SJ SJ", "S3 S3 S6 S6 S8 S9", "S3 S3 S6 S8 S9", "must_play_pair"),
    ("SA SA SQ SQ SJ SJ S5", "S2 S2 S3 S3 S4 S4 S7 S8 S9", "S2 S2 S3 S3 S4 S4 S7", None),
    ("SA SA SQ SQ SJ SJ S5", "S2 S2 S3 S3 S4 S4 S7 S8 S9", "S2 S2 S3 S3 S7 S8 S9", "must_play_pair"),
    ("SA SA SQ SQ SJ SJ S5", "S2 S2 S3 S3 S4 S4 S7 S8 S9", "S2 S2 S4 S4 S7 S8 S9", "must_play_tractor"),
    # two lead tractors (3 and 2): a 5-pair run holds both, disjointly
    ("SA SA SK SK SQ SQ S8 S8 S7 S7", "S2 S2 S3 S3 S4 S4 S5 S5 S6 S6 S9 SJ", "S2 S2 S3 S3 S4 S4 S5 S5 S6 S6", None),
    (
        "SA SA SK SK SQ SQ S8 S8 S7 S7",
        "S2 S2 S3 S3 S4 S4 S5 S5 S6 S6 S9 SJ",
        "S2 S2 S3 S3 S4 S4 S5 S5 S6 S9",
        "must_play_tractor",
    ),
    # the 3-pair tractor cannot be matched, the 2-pair one can: it is still required
    ("SA SA SK SK SQ SQ S8 S8 S7 S7", "S2 S2 S3 S3 S5 S5 S7 S9 SJ SQ SK", "S2 S2 S3 S3 S5 S5 S7 S9 SJ SQ", None),
    (
        "SA SA SK SK SQ SQ S8 S8 S7 S7",
        "S2 S2 S3 S3 S5 S5 S7 S9 SJ SQ SK",
        "S2 S2 S5 S5 S3 S7 S9 SJ SQ SK",
        "must_play_tractor",
    ),
]


@pytest.mark.parametrize("lead, hand, play, reason", CASES)
def test_follow(lead: str, hand: str, play: str, reason: str | None) -> None:
    verdict = check_follow(cards(hand), cards(lead), cards(play), TEN_H)
    assert (verdict.legal, verdict.reason) == (reason is None, reason)


def test_level_6_pair_and_tractor_follows() -> None:
    six = ctx("6", "H")
    hand = cards("S5 S5 S7 S7 S9 S9 D3")
    lead = cards("SK SK SQ SQ")
    assert check_follow(hand, lead, cards("S5 S5 S7 S7"), six).legal  # adjacent at level 6
    assert check_follow(hand, lead, cards("S7 S7 S9 S9"), six).reason == "must_play_tractor"


# ---------------------------------------------------------------- reason priority


@pytest.mark.parametrize(
    "lead, hand, play, reason",
    [
        ("SA SA", "S3 S4", "S3 S3", "not_in_hand"),  # holds one S3 only
        ("SA SA", "S3 S4", "S3 S3 S4", "not_in_hand"),  # and the wrong count
        ("SA SA", "S3 S4 H5", "H5", "wrong_count"),  # and not following suit
        ("SA SA", "S3 S4 H5", "S3 S4 H5", "wrong_count"),
        ("S9 S9", "S3 S3 S4 H5", "S4 H5", "must_follow_suit"),  # and not the pair
        ("S9 S9 S8 S8", "S3 S3 S4 S4 S6 S6 SK SQ", "S3 SK SQ S6", "must_play_tractor"),  # and no pairs
        ("S9 S9 S8 S8", "S3 S3 S4 S4 S6 S6 SK SQ H2", "S3 SK SQ H2", "must_follow_suit"),
    ],
)
def test_reason_priority(lead: str, hand: str, play: str, reason: str) -> None:
    verdict = check_follow(cards(hand), cards(lead), cards(play), TEN_H)
    assert (verdict.legal, verdict.reason) == (False, reason)


# ---------------------------------------------------------------- the obligation's cards


def test_legal_follow_reports_no_cards() -> None:
    assert list(check_follow(cards("S3 S3 D4"), cards("S9 S9"), cards("S3 S3"), TEN_H).cards) == []


def test_must_follow_suit_names_the_led_suit_cards_held() -> None:
    verdict = check_follow(cards("S3 S7 S10 H4 D5"), cards("SA SA"), cards("S3 D5"), TEN_H)
    assert verdict.reason == "must_follow_suit" and bag(verdict.cards) == bag("S3 S7")


def test_must_play_pair_names_the_pairs_held() -> None:
    verdict = check_follow(cards("S3 S3 S7 S7 S9 D4 D4"), cards("SA SA"), cards("S3 S9"), TEN_H)
    assert verdict.reason == "must_play_pair" and bag(verdict.cards) == bag("S3 S3 S7 S7")


def test_must_play_tractor_names_a_tractor_of_the_required_length() -> None:
    c = ctx("10", "H")
    hand = cards("S2 S2 S3 S3 S4 S4 S7 S7 SK")
    verdict = check_follow(hand, cards("S9 S9 S8 S8"), cards("S2 S2 S7 S7"), c)
    assert verdict.reason == "must_play_tractor"
    shown = [str(x) for x in verdict.cards]
    assert len(shown) == 4 and not bag(shown) - bag(hand)
    assert can_pack(classes_of(pair_faces(shown), order("10", "H")), [2]) and len(pair_faces(shown)) == 2


# ---------------------------------------------------------------- bad leads


@pytest.mark.parametrize("lead", ["", "SA HA", "S5 H10"])
def test_a_lead_that_is_empty_or_mixed_raises(lead: str) -> None:
    with pytest.raises(ValueError):
        check_follow(cards("S3 S4"), cards(lead), cards("S3"), TEN_H)


# ---------------------------------------------------------------- packing runs through equal pairs


PACKING_LEAD = "H8 H8 H7 H7 H6 H6 H4 H4 H3 H3"
"""Level 10, ♥ trump: a trump throw of a 3-pair and a 2-pair tractor."""
PACKING_HAND = "HK HK HA HA S10 S10 D10 D10 H10 H10 H2"
"""K-A-S10 and D10-H10 are disjoint runs of 3 and 2: two equal level pairs let the runs
share a rank, and only one placement of the 3-run leaves a 2-run."""


@pytest.mark.parametrize(
    "hand, short",
    [
        # the highest 3-run (A-D10-H10) would strand K and S10
        (PACKING_HAND, "HK HK HA HA S10 S10 D10 D10 H10 H2"),
        # the lowest 3-run (A-S10-H10) would strand D10 and LJ; D10-H10-LJ + A-S10 fit
        ("HA HA S10 S10 D10 D10 H10 H10 LJ LJ H2", "HA HA S10 S10 D10 D10 H10 H10 LJ H2"),
    ],
)
def test_both_tractors_must_be_matched_through_the_equal_level_pairs(hand: str, short: str) -> None:
    full = [c for c in hand.split() if c != "H2"]
    assert check_follow(cards(hand), cards(PACKING_LEAD), cards(" ".join(full)), TEN_H).legal
    # four pairs hold the 3-pair tractor but no disjoint 2-pair one: that one is owed
    assert check_follow(cards(hand), cards(PACKING_LEAD), cards(short), TEN_H).reason == "must_play_tractor"


def test_must_play_tractor_shows_one_tractor_when_the_lead_has_two() -> None:
    """Level 2, no-trump: 8-7 is played, the second 2-pair tractor (K-A) is owed."""
    hand = cards("C3 C3 C7 C7 C8 C8 CK CK CA CA C9 D9 HK")
    verdict = check_follow(hand, cards("C10 C10 CJ CJ C6 C6 C5 C5 CQ"), cards("C8 C8 C7 C7 C3 C3 CA CK C9"), ctx("2", None))
    assert verdict.reason == "must_play_tractor"
    shown = [str(c) for c in verdict.cards]
    assert len(shown) == 4 and can_pack(classes_of(pair_faces(shown), order("2", None)), [2])
    assert not bag(shown) - bag(hand)


def test_a_broken_tractor_entry_names_a_tractor_of_its_own_length() -> None:
    """Lead tractors of 3 and 2 pairs: a play holding a 3-run but no separate 2-run
    breaks the second entry, so the tractor named is a 2-pair one the play lacks."""
    from engine import Rules, TrumpContext

    three_spades = TrumpContext("3", "S", Rules(constant_twos=True))
    hand = cards("S7 S7 S8 S8 S9 S9 S10 S10 SJ SJ SA SA H2 D9 C9 DQ D5 HJ HK H10 C10 D7 CQ D7")
    lead = cards("S4 S4 S6 S6 S5 S5 LJ LJ BJ BJ S3")
    verdict = check_follow(hand, lead, cards("S8 S8 S7 S7 S9 S9 SA SA SJ SJ H2"), three_spades)
    assert verdict.reason == "must_play_tractor"
    assert bag(map(str, verdict.cards)) == bag(["S10", "S10", "SJ", "SJ"])
