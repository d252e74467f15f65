"""RULES.md §3: pairs, tractor adjacency and the unique decomposition."""

from __future__ import annotations

import pytest

from engine import decompose

from .helpers import bag, cards, ctx


def shape(text: str, c) -> list[tuple[str, int]]:
    """The decomposition as (kind, length) pairs, largest first."""
    return sorted(((comp.kind, comp.length) for comp in decompose(cards(text), c)), key=lambda t: (-t[1], t[0]))


TRACTOR2 = [("tractor", 2)]
TWO_PAIRS = [("pair", 1), ("pair", 1)]

ADJACENCY = [
    # level 6, ♥ trump (RULES.md §3, seed 002)
    ("6", "H", {}, "S5 S5 S7 S7", TRACTOR2),
    ("6", "H", {}, "S7 S7 S9 S9", TWO_PAIRS),
    ("6", "H", {}, "SA SA S2 S2", TWO_PAIRS),
    ("6", "H", {}, "BJ BJ LJ LJ", TRACTOR2),
    ("6", "H", {}, "LJ LJ H6 H6", TRACTOR2),
    ("6", "H", {}, "H6 H6 S6 S6", TRACTOR2),
    ("6", "H", {}, "H6 H6 C6 C6", TRACTOR2),
    ("6", "H", {}, "S6 S6 HA HA", TRACTOR2),
    ("6", "H", {}, "D6 D6 HA HA", TRACTOR2),
    ("6", "H", {}, "S6 S6 D6 D6", TWO_PAIRS),
    ("6", "H", {}, "BJ BJ H6 H6", TWO_PAIRS),
    ("6", "H", {}, "LJ LJ S6 S6", TWO_PAIRS),
    ("6", "H", {}, "S6 S6 HK HK", TWO_PAIRS),
    ("6", "H", {}, "H7 H7 H5 H5", TRACTOR2),
    ("6", "H", {}, "HA HA H2 H2", TWO_PAIRS),
    ("6", "H", {}, "BJ BJ LJ LJ H6 H6 S6 S6 HA HA", [("tractor", 5)]),
    # seed 001, level 10 (♥ trump here): KKQQ, JJ99, 554433 and the trump chains are
    # tractors; 5533, two off-suit 10 pairs, AA22 are not
    ("10", "H", {}, "SK SK SQ SQ", TRACTOR2),
    ("10", "H", {}, "SJ SJ S9 S9", TRACTOR2),
    ("10", "H", {}, "S5 S5 S4 S4 S3 S3", [("tractor", 3)]),
    ("10", "H", {}, "LJ LJ H10 H10", TRACTOR2),
    ("10", "H", {}, "H10 H10 C10 C10", TRACTOR2),
    ("10", "H", {}, "D10 D10 HA HA", TRACTOR2),
    ("10", "H", {}, "H10 H10 S10 S10 HA HA", [("tractor", 3)]),
    ("10", "H", {}, "S5 S5 S3 S3", TWO_PAIRS),
    ("10", "H", {}, "S10 S10 D10 D10", TWO_PAIRS),
    ("10", "H", {}, "SA SA S2 S2", TWO_PAIRS),
    ("10", "H", {}, "S5 S5 S4", [("pair", 1), ("single", 0)]),
    ("10", "H", {}, "SJ SJ SQ", [("pair", 1), ("single", 0)]),
    # seed 004: at level 4, 3-3-5-5 is a tractor
    ("4", "S", {}, "D3 D3 D5 D5", TRACTOR2),
    # level A: the chain below the level runs to K
    ("A", "S", {}, "HA HA SK SK", TRACTOR2),
    ("A", "S", {}, "HA HA SQ SQ", TWO_PAIRS),
    ("A", "S", {}, "HK HK HQ HQ", TRACTOR2),
    ("A", "S", {}, "SA SA HA HA", TRACTOR2),
    ("2", "S", {}, "SA SA H2 H2", TRACTOR2),
    ("2", "S", {}, "D3 D3 D4 D4", TRACTOR2),
    # no-trump: BJ BJ - LJ LJ - any level pair
    ("10", None, {}, "BJ BJ LJ LJ", TRACTOR2),
    ("10", None, {}, "LJ LJ S10 S10", TRACTOR2),
    ("10", None, {}, "S10 S10 H10 H10", TWO_PAIRS),
    ("10", None, {}, "HA HA HK HK", TRACTOR2),
    ("10", None, {}, "HJ HJ H9 H9", TRACTOR2),
    # constant_twos: level cards - trump 2 - off 2s - trump A
    ("10", "H", {"constant_twos": True}, "H10 H10 S10 S10", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "S10 S10 H2 H2", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "H2 H2 S2 S2", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "S2 S2 HA HA", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "S2 S2 D2 D2", TWO_PAIRS),
    ("10", "H", {"constant_twos": True}, "S10 S10 S2 S2", TWO_PAIRS),
    ("10", "H", {"constant_twos": True}, "S10 S10 HA HA", TWO_PAIRS),
    ("10", "H", {"constant_twos": True}, "H3 H3 H4 H4", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "S3 S3 S4 S4", TRACTOR2),
    ("10", "H", {"constant_twos": True}, "S10 S10 H2 H2 S2 S2 HA HA", [("tractor", 4)]),
    ("A", "S", {"constant_twos": True}, "HA HA S2 S2", TRACTOR2),
    ("A", "S", {"constant_twos": True}, "H2 H2 SK SK", TRACTOR2),
    ("2", "H", {"constant_twos": True}, "S2 S2 HA HA", TRACTOR2),
    ("2", "H", {"constant_twos": True}, "S2 S2 D2 D2", TWO_PAIRS),
    ("10", None, {"constant_twos": True}, "S10 S10 D2 D2", TRACTOR2),
    ("10", None, {"constant_twos": True}, "D2 D2 C2 C2", TWO_PAIRS),
    ("10", None, {"constant_twos": True}, "LJ LJ S10 S10 D2 D2", [("tractor", 3)]),
]


@pytest.mark.parametrize("level, trump, options, text, expected", ADJACENCY)
def test_tractor_adjacency(level: str, trump: str | None, options: dict, text: str, expected: list) -> None:
    assert shape(text, ctx(level, trump, **options)) == expected


def test_pairs_must_be_identical() -> None:
    c = ctx("6", "H")
    assert shape("S6 D6", c) == [("single", 0), ("single", 0)]
    assert shape("H6 D6", ctx("6", "S")) == [("single", 0), ("single", 0)]  # RULES.md §3's H6 D6
    assert shape("S5 S5", c) == [("pair", 1)]
    assert shape("S6 S6", c) == [("pair", 1)]


def test_components_carry_their_cards_and_length() -> None:
    comps = decompose(cards("S9 S8 S8 S4 S4"), ctx("10", "H"))
    got = sorted((comp.kind, comp.length, sorted(map(str, comp.cards))) for comp in comps)
    assert got == [("pair", 1, ["S4", "S4"]), ("pair", 1, ["S8", "S8"]), ("single", 0, ["S9"])]


def test_s3_s3_s4_s4_s5_s5_is_one_three_pair_tractor() -> None:
    (comp,) = decompose(cards("S3 S3 S4 S4 S5 S5"), ctx("10", "H"))
    assert (comp.kind, comp.length) == ("tractor", 3)
    assert bag(comp.cards) == bag("S3 S3 S4 S4 S5 S5")


def test_longest_tractor_first_then_the_next() -> None:
    assert shape("S3 S3 S4 S4 S5 S5 S6 S6", ctx("10", "H")) == [("tractor", 4)]
    assert shape("S3 S3 S4 S4 S5 S5 S7 S7 S8 S8 S9", ctx("10", "H")) == [
        ("tractor", 3),
        ("tractor", 2),
        ("single", 0),
    ]
    assert shape("SA SA SK SK SQ SQ S8 S8 S7 S7 S2 S2 S5", ctx("10", "H")) == [
        ("tractor", 3),
        ("tractor", 2),
        ("pair", 1),
        ("single", 0),
    ]


def test_an_off_suit_level_pair_joins_one_tractor_the_other_stays_a_pair() -> None:
    assert shape("S6 S6 D6 D6 HA HA H6 H6", ctx("6", "H")) == [("tractor", 3), ("pair", 1)]


def test_two_identical_cards_always_count_as_a_pair() -> None:
    assert shape("S4 S4 S5", ctx("10", "H")) == [("pair", 1), ("single", 0)]


@pytest.mark.parametrize(
    "level, trump, text",
    [
        ("6", "H", "S5 S5 H7 H7"),  # seed 002: spades and trumps are two suits
        ("10", "H", "SJ SJ S10 S10"),  # seed 001: JJ1010 is no tractor, S10 is a trump
    ],
)
def test_no_tractor_across_effective_suits(level: str, trump: str, text: str) -> None:
    with pytest.raises(ValueError):
        decompose(cards(text), ctx(level, trump))


def test_mixed_suits_raise() -> None:
    with pytest.raises(ValueError):
        decompose(cards("SA HA"), ctx("10", "C"))
    with pytest.raises(ValueError):
        decompose(cards("SA S10"), ctx("10", "H"))  # S10 is a trump


def test_a_single_has_length_zero() -> None:
    (comp,) = decompose(cards("SA"), ctx("10", "H"))
    assert (comp.kind, comp.length, bag(comp.cards)) == ("single", 0, bag("SA"))
