"""ENGINE-API.md notation, RULES.md §1 deck and points, and the rule options."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine import Card, Rules, TrumpContext, format_cards, parse_cards
from engine.cards import deck

from .helpers import ctx

# ---------------------------------------------------------------- notation


def test_cards_are_interned_whatever_the_spelling() -> None:
    assert Card("S10") is Card("s10") is Card("ST") is Card("♠10") is Card("st")
    assert Card("BJ") is Card("bj")
    assert Card("LJ") is Card("lj")


def test_parse_accepts_symbols_case_and_t_and_format_is_canonical() -> None:
    parsed = parse_cards("♠a ♥t ♦10 ♣j s2 hk dq bj lj")
    assert format_cards(parsed) == "SA H10 D10 CJ S2 HK DQ BJ LJ"


def test_format_keeps_the_order_given_and_a_hand_is_a_multiset() -> None:
    hand = parse_cards("S10 S10 BJ S10")
    assert format_cards(hand) == "S10 S10 BJ S10"
    assert len(hand) == 4


def test_sj_is_the_jack_of_spades_not_a_joker() -> None:
    jack = Card("SJ")
    c = ctx("10", "H")
    assert jack is not Card("BJ") and jack is not Card("LJ")
    assert not c.is_trump(jack) and c.suit_of(jack) == "S"


@pytest.mark.parametrize("bad", ["S11", "X5", "S1", "SB", "JJ", "S", "10", "H0", "SKK", "BJJ"])
def test_parse_errors_name_the_offending_token(bad: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_cards(f"S2 {bad} H3")
    assert bad in str(info.value)


def test_the_api_example_error_message() -> None:
    with pytest.raises(ValueError, match="unknown card 'S11'"):
        parse_cards("S11")


# ---------------------------------------------------------------- §1 deck and points


def test_two_decks_hold_108_cards_two_of_each_face() -> None:
    cards = deck(2)
    assert len(cards) == 108
    counts = Counter(cards)
    assert len(counts) == 54 and set(counts.values()) == {2}


def test_points_total_200_and_only_fives_tens_kings_count() -> None:
    assert sum(c.points for c in deck(2)) == 200
    values = {str(c): c.points for c in deck(2)}
    assert values["S5"] == 5 and values["H10"] == 10 and values["DK"] == 10
    assert values["CA"] == 0 and values["BJ"] == 0 and values["LJ"] == 0 and values["SQ"] == 0


# ---------------------------------------------------------------- rule options


def test_rules_defaults() -> None:
    r = Rules()
    assert (r.decks, r.constant_twos, r.throw_penalty, r.kitty_multiplier) == (2, False, "none", "twice_cards")
    assert (r.self_override, r.no_bid_first_hand, r.must_defend_a) == (False, "redeal", False)


def test_every_documented_option_value_is_accepted() -> None:
    for key, values in {
        "constant_twos": [True, False],
        "throw_penalty": ["none", "per_card", "flat"],
        "kitty_multiplier": ["twice_cards", "by_pairs", "power"],
        "self_override": [True, False],
        "no_bid_first_hand": ["redeal", "flip_kitty"],
        "must_defend_a": [True, False],
    }.items():
        for value in values:
            assert getattr(Rules(**{key: value}), key) == value


def test_unknown_option_raises_value_error() -> None:
    with pytest.raises(ValueError, match="trumps"):
        Rules(trumps=3)


@pytest.mark.parametrize("decks", [0, 5, True, "3"])
def test_decks_outside_one_to_four_are_refused(decks: object) -> None:
    with pytest.raises(ValueError, match="decks"):
        Rules(decks=decks)


def test_decks_select_their_preset_unless_the_rule_set_says_otherwise() -> None:
    assert Rules(decks=3).kitty_multiplier == "power" and not Rules(decks=3).constant_twos
    assert Rules(decks=4).constant_twos and Rules(decks=4, constant_twos=False).constant_twos is False
    assert Rules(decks=1) == Rules.from_dict(Rules(decks=1).to_dict())
    sizes = {d: (Rules(decks=d).variant.hand_size, Rules(decks=d).variant.kitty_size) for d in (1, 2, 3, 4)}
    assert sizes == {1: (12, 6), 2: (25, 8), 3: (39, 6), 4: (54, 0)}


@pytest.mark.parametrize("option", [{"throw_penalty": "double"}, {"kitty_multiplier": "thrice"}])
def test_bad_option_value_raises_value_error(option: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        Rules(**option)


def test_rules_from_yaml(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("throw_penalty: per_card\nconstant_twos: true\nkitty_multiplier: power\n", encoding="utf-8")
    assert Rules.from_yaml(path) == Rules(throw_penalty="per_card", constant_twos=True, kitty_multiplier="power")


def test_rules_from_yaml_unknown_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("trumps: 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="trumps"):
        Rules.from_yaml(path)


def test_rules_from_yaml_refuses_python_tags(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "evil.yaml"
    path.write_text(f'decks: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    with pytest.raises((ValueError, yaml.YAMLError)):
        Rules.from_yaml(path)
    assert not marker.exists()


def test_trump_context_accepts_the_api_spelling() -> None:
    c = TrumpContext(level="10", trump="H", rules=Rules())
    assert c.is_trump(Card("S10")) and c.suit_of(Card("S10")) == "T"
    nt = TrumpContext(level="10", trump=None, rules=Rules())
    assert nt.suit_of(Card("HA")) == "H"
