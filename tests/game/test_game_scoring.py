"""The end of a hand: dealer rotation, levels, and the end of the match (RULES.md §8–9)."""

from __future__ import annotations

import pytest

from engine import HandResult
from engine.game import Game, GameError, level_change
from engine.players import make_player, play_hand
from engine.rules import Rules

DEFAULT, DEFEND_A = Rules(), Rules(must_defend_a=True)


@pytest.mark.parametrize(
    "levels, dealer, result, rules, expected",
    [
        # dealers hold: the dealer's partner deals, the dealers go up
        (["5", "9"], 1, HandResult(False, 2), DEFAULT, (1, "9", "J", 3, False)),
        # attackers take over: the old dealer's 下家 deals, the attackers go up (or not)
        (["5", "9"], 1, HandResult(True, 1), DEFAULT, (0, "5", "6", 2, False)),
        (["5", "9"], 3, HandResult(True, 0), DEFAULT, (0, "5", "5", 0, False)),
        # past A wins the match; jumping over A counts, for either side
        (["A", "3"], 2, HandResult(False, 1), DEFAULT, (0, "A", "A", 0, True)),
        (["Q", "3"], 0, HandResult(False, 3), DEFAULT, (0, "Q", "A", 2, True)),
        (["Q", "K"], 0, HandResult(True, 2), DEFAULT, (1, "K", "A", 1, True)),
        (["Q", "K"], 0, HandResult(True, 1), DEFAULT, (1, "K", "A", 1, False)),
        # must_defend_a: levels stop at A; only holding as dealers at A wins
        (["Q", "3"], 0, HandResult(False, 3), DEFEND_A, (0, "Q", "A", 2, False)),
        (["Q", "K"], 0, HandResult(True, 3), DEFEND_A, (1, "K", "A", 1, False)),
        (["A", "3"], 2, HandResult(False, 1), DEFEND_A, (0, "A", "A", 0, True)),
        (["3", "A"], 0, HandResult(True, 2), DEFEND_A, (1, "A", "A", 1, False)),
    ],
)
def test_level_change(levels, dealer, result, rules, expected):
    change = level_change(levels, dealer, result, rules)
    assert (change.team, change.before, change.after, change.next_dealer, change.wins_match) == expected


def random_players():
    return [make_player("random", seat) for seat in range(4)]


@pytest.mark.parametrize("rules", [DEFAULT, DEFEND_A], ids=["past_a", "must_defend_a"])
def test_a_hand_at_level_a_ends_the_match_by_the_rule(rules):
    """Both teams at A: by default any level gained wins; with must_defend_a only the
    dealers holding do.  Both outcomes must occur among the seeds tried."""
    outcomes = set()
    for seed in range(40):
        game = Game(rules, seed, levels=("A", "A"), dealer=seed % 4)
        summary = play_hand(game, random_players())
        if rules.must_defend_a:
            wins = not summary.attackers_take_over
        else:
            wins = summary.levels > 0
        assert summary.match_over == wins and game.phase == ("match_over" if wins else "hand_over")
        expected_winner = "AB"[summary.next_dealer % 2] if wins else None
        assert game.winner == summary.winner == expected_winner
        assert summary.levels_after == {"A": "A", "B": "A"}
        kinds = [event.kind for event in game.events]
        assert ("match_over" in kinds) == wins
        outcomes.add(wins)
        if wins:
            with pytest.raises(GameError) as info:
                game.next_hand()
            assert info.value.reason == "wrong_phase"
        if outcomes == {True, False}:
            return
    pytest.fail(f"only outcomes {outcomes} in 40 hands")


def test_next_hand_rotates_the_dealer_and_plays_at_the_new_level():
    game = Game(seed=21)
    players = random_players()
    for _ in range(6):
        summary = play_hand(game, players)
        if summary.match_over:
            break
        game.next_hand()
        assert game.dealer == summary.next_dealer and game.first_seat == game.dealer
        assert game.level == summary.levels_after["AB"[game.dealer % 2]]
        assert game.hand_number == summary.hand + 1 and game.phase == "dealing"
        assert game.history[-1] == summary
