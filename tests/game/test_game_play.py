"""Burying, leading, throws and their penalties, following, undo, saving and views."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.cards import format_cards, parse_cards
from engine.game import Game, GameError, PlayCards
from engine.players import make_player, play_hand
from engine.rules import Rules

# A later hand at level 2, dealer 0, nobody declares and the kitty's top card is the
# little joker: no-trump.  Seat 1 has no clubs, both big jokers and ♦K ♦Q ♦3 to throw;
# seat 0 holds ♦A (which beats that throw) and ♠K ♠Q ♠3 to throw (seat 1's ♠4 beats ♠3).
SEAT1 = "BJ BJ DK DQ D3 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ"
KEEP0 = "C3 DA SK SQ S3"


@pytest.fixture
def at_tricks(table, deal_all):
    """The table above with the kitty buried: seat 0 to lead trick 1."""

    def make(rules: Rules | None = None) -> Game:
        game = table({0: KEEP0, 1: SEAT1}, kitty="LJ", dealer=0, rules=rules)
        deal_all(game)
        game.close_declaring()
        assert game.trump is None and game.dealer == 0
        rest = Counter(game.hand(0)) - Counter(parse_cards(KEEP0))
        game.bury(0, list(rest.elements())[:8])
        assert game.phase == "tricks" and game.turn == 0
        return game

    return make


def refused(game: Game, reason: str, call, *args) -> GameError:
    before = game.state()
    with pytest.raises(GameError) as info:
        call(*args)
    assert info.value.reason == reason
    assert game.state() == before
    return info.value


def finish_trick(game: Game) -> None:
    while game.trick:
        game.play(game.turn, game.legal_follow(game.turn))


def test_attackers_failed_throw_costs_them_points(at_tricks):
    game = at_tricks(Rules(throw_penalty="per_card"))
    game.play(0, "C3")
    game.play(1, "BJ")  # void in clubs: the big joker wins
    finish_trick(game)
    assert game.tricks[0].winner == 1 and game.turn == 1
    before = game.attacker_points
    events = game.play(1, "DK DQ D3")
    assert [e.kind for e in events] == ["throw_failed", "play_made"]
    failed = events[0]
    assert failed.attempted == tuple(parse_cards("DK DQ D3")) and failed.penalty == 20
    assert len(failed.played) == 1 and failed.played[0] in parse_cards("DQ D3")
    assert game.attacker_points == before - 20 and game.failed_throws == 1
    assert game.trick[0].cards == failed.played
    assert len(game.hand(1)) == 23  # two cards went back to the hand
    assert game.view(3).attempted == failed.attempted
    finish_trick(game)
    assert game.tricks[1].attempted == failed.attempted


@pytest.mark.parametrize("option, penalty", [("none", 0), ("per_card", 20), ("flat", 10)])
def test_dealers_failed_throw_gives_the_attackers_points(at_tricks, option, penalty):
    game = at_tricks(Rules(throw_penalty=option))
    events = game.play(0, "SK SQ S3")
    assert events[0].kind == "throw_failed" and events[0].penalty == penalty
    assert game.trick[0].cards == tuple(parse_cards("S3"))  # the lowest beaten component
    assert game.attacker_points == penalty and game.penalties == penalty


def test_a_follow_must_obey_the_rules(at_tricks):
    game = at_tricks()
    game.play(0, "S3")
    error = refused(game, "must_follow_suit", game.play, 1, "H3")
    assert str(error).startswith("must_follow_suit")
    game.play(1, "S4")


def test_illegal_actions_change_nothing(at_tricks):
    game = at_tricks()
    refused(game, "not_your_turn", game.play, 1, "S4")
    refused(game, "mixed_suits", game.play, 0, "C3 DA")
    refused(game, "not_in_hand", game.play, 0, "BJ")
    refused(game, "wrong_count", game.play, 0, "")
    refused(game, "bad_seat", game.play, 4, "C3")
    refused(game, "wrong_phase", game.deal)
    refused(game, "wrong_phase", game.bury, 0, "C3")
    refused(game, "wrong_phase", game.next_hand)
    game.play(0, "S3")
    refused(game, "wrong_count", game.play, 1, "S4 S5")


def test_burying_rules(table, deal_all):
    game = table({0: KEEP0, 1: SEAT1}, kitty="LJ", dealer=0)
    refused(game, "wrong_phase", game.bury, 0, "C3")
    deal_all(game)
    game.close_declaring()
    hand = list(game.hand(0))
    refused(game, "bury_count", game.bury, 0, hand[:7])
    refused(game, "not_your_turn", game.bury, 1, hand[:8])
    refused(game, "not_in_hand", game.bury, 0, parse_cards("BJ") + hand[:7])
    kitty = game.hand(0)[-8:]
    assert [e.kind for e in game.bury(0, kitty)] == ["buried"]
    assert game.view(0).kitty == kitty and game.view(1).kitty is None
    assert len(game.hand(0)) == 25 and Counter(game.kitty) == Counter(kitty)


def test_views_show_only_what_a_seat_may_know(at_tricks):
    game = at_tricks()
    view = game.view(1)
    assert view.hand == game.hand(1) and view.kitty is None and view.dealer == 0
    assert view.cards_left == (25, 25, 25, 25) and view.ctx == game.ctx
    assert view.turn == 0 and view.phase == "tricks" and view.flipped == parse_cards("LJ")[0]
    game.play(0, "C3")
    assert game.view(2).trick == game.view(3).trick and game.view(2).lead == tuple(parse_cards("C3"))
    assert game.view(2).cards_left == (24, 25, 25, 25)


def test_view_during_the_deal_has_no_trump_context(table):
    game = table()
    assert game.view(0).ctx is None and game.view(0).phase == "dealing"


def test_undo_restores_the_state_before_each_action(at_tricks):
    game = at_tricks()
    states = [game.state()]
    for cards in ("C3", "BJ"):
        game.play(game.turn, cards)
        states.append(game.state())
    follow = game.legal_follow(2)
    game.play(2, follow)
    assert game.undo() == PlayCards(2, tuple(follow))
    assert game.state() == states[2]
    assert game.undo() == PlayCards(1, tuple(parse_cards("BJ")))
    assert game.state() == states[1]
    game.undo()
    assert game.state() == states[0]


def test_nothing_to_undo_at_the_start():
    game = Game(seed=3)
    refused(game, "nothing_to_undo", game.undo)


def test_save_and_load_mid_hand(at_tricks):
    game = at_tricks(Rules(throw_penalty="flat"))
    game.play(0, "SK SQ S3")
    text = game.to_json()
    assert json.loads(text)["format"] == "shengji-game/1"
    loaded = Game.from_json(text)
    assert loaded.state() == game.state() and loaded.rules == game.rules
    assert loaded.to_json() == text
    with pytest.raises(ValueError):
        Game.from_json(json.dumps({"format": "something else"}))


def test_a_whole_hand_emits_events_in_order():
    game = Game(seed=11)
    play_hand(game, [make_player("random", seat) for seat in range(4)])
    kinds = [event.kind for event in game.events]
    assert kinds[0] == "hand_started" and kinds[1:21] == ["card_dealt"] * 20
    assert kinds.count("card_dealt") == 100
    assert kinds.index("kitty_taken") > max(i for i, k in enumerate(kinds) if k == "card_dealt")
    assert kinds.index("kitty_taken") < kinds.index("buried") < kinds.index("play_made")
    assert kinds.count("trick_won") == len(game.tricks)
    assert "hand_scored" in kinds[-3:]
    scored = next(e for e in game.events if e.kind == "hand_scored")
    assert scored.attacker_points == game.result.attacker_points
    assert json.dumps([e.to_dict() for e in game.events])  # plain data for the coach


def test_a_game_rejects_bad_starts():
    with pytest.raises(ValueError):
        Game(seed=-1)
    with pytest.raises(ValueError):
        Game(levels=("2", "5"))
    with pytest.raises(ValueError):
        Game(levels=("2", "X"), dealer=0)
    with pytest.raises(ValueError):
        Game(stacked="S2 S3")


def test_action_json_round_trip():
    action = PlayCards(1, tuple(parse_cards("S10 S10")))
    assert action.to_dict() == {"kind": "play", "seat": 1, "cards": "S10 S10"}
    assert PlayCards.from_dict(action.to_dict()) == action
    assert PlayCards(1, "s10 ♠T") == action and format_cards(action.cards) == "S10 S10"
    with pytest.raises(ValueError):
        PlayCards(1, "S11")


def test_undo_play_takes_back_a_seats_play_and_all_after_it(at_tricks):
    game = at_tricks()
    game.play(0, "C3")
    before = game.state()
    game.play(1, "BJ")
    finish_trick(game)
    game.play(1, "S3")
    assert [a.cards for a in game.undo_play(1)] == [tuple(parse_cards("S3"))]
    undone = game.undo_play(1)
    assert [a.seat for a in undone] == [1, 2, 3] and undone[0].cards == tuple(parse_cards("BJ"))
    assert game.state() == before
    game.undo_play(0)
    refused(game, "nothing_to_undo", game.undo_play, 0)


def test_undo_across_the_end_of_a_hand_and_the_next_deal():
    game = Game(seed=17)
    play_hand(game, [make_player("random", seat) for seat in range(4)])
    over = game.state()
    last = game.undo()
    assert game.phase == "tricks" and game.history == [] and game.result is None
    assert game.team_levels == ("2", "2") and game.winner is None
    game.push(last)
    assert game.state() == over
    game.next_hand()
    assert game.undo().kind == "next_hand"
    assert game.state() == over
