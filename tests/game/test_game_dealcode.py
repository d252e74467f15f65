"""Deal codes: typed by people, so every single typo must be caught."""

from __future__ import annotations

import itertools

import pytest

from engine.dealcode import ALPHABET, DealCode, decode, encode
from engine.cards import format_cards, parse_cards
from engine.game import Game
from engine.players import make_player, play_hand
from engine.rules import Rules

ALL_RULES = [
    Rules(
        constant_twos=twos,
        throw_penalty=penalty,
        kitty_multiplier=multiplier,
        self_override=own,
        no_bid_first_hand=no_bid,
        must_defend_a=defend,
    )
    for twos, penalty, multiplier, own, no_bid, defend in itertools.product(
        (False, True),
        ("none", "per_card", "flat"),
        ("twice_cards", "by_pairs", "power"),
        (False, True),
        ("redeal", "flip_kitty"),
        (False, True),
    )
]


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**32 - 1])
def test_every_rule_set_round_trips(seed):
    for rules in ALL_RULES:
        assert decode(encode(seed, rules)) == DealCode(seed, rules)
        later = decode(encode(seed, rules, ("10", "A"), 3))
        assert later == DealCode(seed, rules, ("10", "A"), 3)


def test_reading_is_forgiving():
    code = encode(987654321, Rules(kitty_multiplier="power"))
    assert len(code.replace("-", "")) == 10
    sloppy = " " + code.lower().replace("-", " - ") + " "
    assert decode(sloppy) == decode(code)
    lookalikes = code.replace("1", "l").replace("0", "o")
    assert decode(lookalikes) == decode(code)


def test_every_single_substitution_and_swap_is_refused():
    for code in (encode(123456789, Rules()), encode(42, Rules(), ("3", "7"), 1)):
        text = code.replace("-", "")
        for i, letter in itertools.product(range(len(text)), ALPHABET):
            if letter != text[i]:
                with pytest.raises(ValueError):
                    decode(text[:i] + letter + text[i + 1 :])
        for i in range(len(text) - 1):
            if text[i] != text[i + 1]:
                with pytest.raises(ValueError, match="mistyped"):
                    decode(text[:i] + text[i + 1] + text[i] + text[i + 2 :])


@pytest.mark.parametrize("bad, message", [("ABC", "characters"), ("0G3NQ-K8NU2", "not allowed"), ("", "0 characters")])
def test_malformed_codes_say_what_is_wrong(bad, message):
    with pytest.raises(ValueError, match=message):
        decode(bad)


def test_bad_inputs_to_encode():
    with pytest.raises(ValueError):
        encode(2**32, Rules())
    with pytest.raises(ValueError):
        encode(1, Rules(), ("2", "2"), None)


def test_a_game_recreates_its_deal_from_its_code():
    game = Game(Rules(throw_penalty="per_card"), seed=99)
    players = [make_player("random", seat) for seat in range(4)]
    copy = Game.from_deal_code(game.deal_code())
    assert copy.state() == game.state() and copy.rules == game.rules
    play_hand(game, players)
    game.next_hand()
    later = Game.from_deal_code(game.deal_code())
    assert later.state()["undealt"] == game.state()["undealt"]
    assert (later.dealer, later.level, later.team_levels) == (game.dealer, game.level, game.team_levels)



def test_a_shared_code_keeps_dealing_the_same_cards():
    """Codes people have written down must keep working: the shuffle, the first seat
    and the order of dealing are pinned here (change them only with a new code format)."""
    game = Game.from_deal_code("003NQ-K8NH2")
    assert game.seed == 123456789 and game.first_seat == 3
    assert format_cards(game.undealt[:6]) == "D8 S6 SQ BJ S5 HK"
    assert format_cards(game.kitty) == "D5 C7 H8 HA DA CA C8 D10"
    game.deal()
    assert game.hand(3) == tuple(parse_cards("D8"))
