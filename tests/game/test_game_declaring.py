"""Declaring trump during the deal (RULES.md §7) and the end of the declaring window."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.game import Game, GameError, next_seed
from engine.rules import Rules

# level 2, first hand: seat 0 can declare ♠ (single or pair) or ♥, seat 1 ♥ or a ♦ pair,
# seat 2 a ♣ pair or a little-joker pair, seat 3 a big-joker pair
HANDS = {0: "S2 S2 H2", 1: "H2 D2 D2", 2: "C2 C2 LJ LJ", 3: "BJ BJ"}


@pytest.fixture
def dealt(table, deal_all):
    def make(rules: Rules | None = None) -> Game:
        game = table(HANDS, rules=rules)
        deal_all(game)
        assert game.phase == "declaring"
        return game

    return make


def refused(game: Game, reason: str, seat: int, cards: str) -> None:
    before = game.state()
    with pytest.raises(GameError) as info:
        game.declare(seat, cards)
    assert info.value.reason == reason
    assert game.state() == before


def kinds(events) -> list[str]:
    return [event.kind for event in events]


def test_a_level_pair_overrides_a_single(dealt):
    game = dealt()
    assert kinds(game.declare(0, "H2")) == ["declared"]
    events = game.declare(1, "D2 D2")
    assert kinds(events) == ["overridden"]
    assert events[0].previous.seat == 0 and events[0].declaration.strength == 2
    assert game.declaration.seat == 1 and game.declaration.trump == "D"


def test_an_override_needs_strictly_greater_strength(dealt):
    game = dealt()
    game.declare(0, "H2")
    refused(game, "override_too_weak", 1, "H2")
    game.declare(1, "D2 D2")
    refused(game, "override_too_weak", 2, "C2 C2")


def test_joker_pairs_declare_no_trump_and_rank_big_over_little(dealt):
    game = dealt()
    game.declare(1, "D2 D2")
    events = game.declare(2, "LJ LJ")
    assert kinds(events) == ["overridden"] and game.declaration.trump is None
    assert game.declaration.strength == 3
    game.declare(3, "BJ BJ")
    assert game.declaration.strength == 4
    refused(game, "override_too_weak", 2, "LJ LJ")


@pytest.mark.parametrize("seat, cards", [(0, "S3"), (2, "LJ"), (3, "LJ BJ"), (0, "S2 H2"), (0, "S2 S2 H2")])
def test_only_level_cards_and_joker_pairs_declare(dealt, seat, cards):
    refused(dealt(), "cannot_declare", seat, cards)


def test_declaring_cards_not_held_is_refused(dealt):
    game = dealt()
    refused(game, "not_in_hand", 0, "D2")
    refused(game, "not_in_hand", 1, "H2 H2")


def test_reinforcing_a_single_blocks_level_pairs_but_not_joker_pairs(dealt):
    game = dealt()
    game.declare(0, "S2")
    events = game.declare(0, "S2 S2")
    assert kinds(events) == ["reinforced"] and game.declaration.strength == 2
    refused(game, "override_too_weak", 1, "D2 D2")
    assert kinds(game.declare(2, "LJ LJ")) == ["overridden"]


def test_reinforcing_only_while_ones_own_single_stands(dealt):
    game = dealt()
    game.declare(0, "S2")
    game.declare(1, "D2 D2")
    refused(game, "override_too_weak", 0, "S2 S2")


def test_no_self_override_by_default_but_the_partner_may(dealt):
    game = dealt()
    game.declare(0, "H2")
    refused(game, "own_declaration", 0, "S2 S2")
    assert kinds(game.declare(2, "C2 C2")) == ["overridden"]


def test_self_override_option(dealt):
    game = dealt(Rules(self_override=True))
    game.declare(0, "H2")
    events = game.declare(0, "S2 S2")
    assert kinds(events) == ["overridden"] and events[0].previous.seat == 0


def test_legal_declarations_follow_the_standing_one(dealt):
    game = dealt()
    as_text = lambda seat: sorted(" ".join(map(str, d.cards)) for d in game.legal_declarations(seat))
    assert as_text(0) == ["H2", "S2", "S2 S2"]
    game.declare(0, "S2")
    assert as_text(0) == ["S2 S2"]
    assert as_text(1) == ["D2 D2"]
    game.declare(1, "D2 D2")
    assert as_text(0) == [] and as_text(2) == ["LJ LJ"] and as_text(3) == ["BJ BJ"]


def test_first_hand_final_declarer_deals_and_takes_the_kitty(dealt):
    game = dealt()
    game.declare(0, "H2")
    game.declare(1, "D2 D2")
    events = game.close_declaring()
    assert kinds(events) == ["kitty_taken"]
    assert (game.dealer, game.trump, game.level) == (1, "D", "2")
    assert len(game.hand(1)) == 33 and game.phase == "burying" and game.turn == 1
    assert game.ctx is not None and game.ctx.trump == "D"


def test_declaring_during_the_deal_with_cards_already_dealt(table):
    game = table(HANDS)
    seat0_first = (0 - game.first_seat) % 4  # the deal index of seat 0's first card
    refused(game, "not_in_hand", 0, "S2")
    for _ in range(seat0_first + 1):
        game.deal()
    assert game.phase == "dealing"
    assert kinds(game.declare(0, "S2")) == ["declared"]
    with pytest.raises(GameError) as info:
        game.close_declaring()
    assert info.value.reason == "wrong_phase"


def test_no_declaring_after_the_window_closes(dealt):
    game = dealt()
    game.declare(1, "D2 D2")
    game.close_declaring()
    refused(game, "wrong_phase", 3, "BJ BJ")


def test_first_hand_without_declaration_redeals_by_default(table, deal_all):
    game = table()
    deal_all(game)
    old = game.seed
    events = game.close_declaring()
    assert kinds(events) == ["redealt", "hand_started"]
    assert game.seed == next_seed(old) and events[0].seed == game.seed
    assert game.phase == "dealing" and game.dealt == 0 and game.dealer is None
    assert len(game.undealt) == 100 and not any(game.hands)


@pytest.mark.parametrize("top, trump", [("SA", "S"), ("H2", "H"), ("BJ", None), ("LJ", None)])
def test_first_hand_flip_kitty_option(table, deal_all, top, trump):
    game = table(kitty=top, rules=Rules(no_bid_first_hand="flip_kitty"))
    deal_all(game)
    events = game.close_declaring()
    assert kinds(events) == ["kitty_flipped", "kitty_taken"]
    assert events[0].card == parse_cards(top)[0] and events[0].trump == trump
    assert game.trump == trump and game.dealer == game.first_seat
    assert game.view(2).flipped == parse_cards(top)[0]


@pytest.mark.parametrize("top, trump", [("D9", "D"), ("BJ", None)])
def test_later_hand_without_declaration_flips_the_kitty(table, deal_all, top, trump):
    game = table(kitty=top, dealer=3, levels=("4", "6"))
    assert game.first_seat == 3 and game.level == "6"
    deal_all(game)
    events = game.close_declaring()
    assert kinds(events) == ["kitty_flipped", "kitty_taken"]
    assert (game.dealer, game.trump) == (3, trump)


def test_later_hand_declaring_chooses_trumps_not_the_dealer(table, deal_all):
    game = table({1: "S9 D5 D5"}, dealer=2, levels=("5", "9"))
    assert game.level == "5"  # the dealers' (team A's) level
    deal_all(game)
    refused(game, "cannot_declare", 1, "S9")
    game.declare(1, "D5 D5")
    game.close_declaring()
    assert (game.dealer, game.trump) == (2, "D") and len(game.hand(2)) == 33
