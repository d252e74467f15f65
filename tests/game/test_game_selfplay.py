"""Properties of many random hands, and the self-play command.

``make test`` plays 120 hands (30 per rule set), ``make soak`` 9,600 (``tests/volume.py``).
"""

from __future__ import annotations

import json

import pytest

from engine import invariants
from engine.cards import parse_cards
from engine.game import Game
from engine.players import RandomPlayer, make_player, play_hand
from engine.rules import Rules
from engine.selfplay import main

from ..volume import count

HANDS = count(480)
RULE_SETS = [
    Rules(),
    Rules(throw_penalty="per_card", kitty_multiplier="by_pairs", self_override=True),
    Rules(throw_penalty="flat", kitty_multiplier="power", no_bid_first_hand="flip_kitty"),
    Rules(constant_twos=True, must_defend_a=True),
]
REPLAY_EVERY = 10
"""One hand in this many is also checked by undo and by saving and loading mid-hand."""


class Probe:
    """The driver's after-action hook: invariants after every action, and on some
    hands undo and save/load at one action in the middle of the hand."""

    def __init__(self, deep: bool, at: int) -> None:
        self.deep, self.at, self.count = deep, at, 0
        self.before: dict | None = None
        self.violations: list[str] = []

    def __call__(self, game: Game) -> None:
        self.count += 1
        self.violations += invariants.violations(game)
        if not self.deep:
            return
        if self.count == self.at - 1:
            self.before = game.state()
        elif self.count == self.at and self.before is not None:
            now = game.state()
            assert Game.from_json(game.to_json()).state() == now
            last = game.undo()
            assert game.state() == self.before
            game.push(last)
            assert game.state() == now


class Silent(RandomPlayer):
    """Never declares: every hand's trumps come from flipping the kitty."""

    def declare(self, view):
        return None


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.throw_penalty}-{r.kitty_multiplier}")
def test_random_hands_keep_every_invariant(rules):
    block = RULE_SETS.index(rules)
    silent = rules.no_bid_first_hand == "flip_kitty"
    players = [(Silent if silent else RandomPlayer)(1000 * block + seat) for seat in range(4)]
    game = Game(rules, seed=block)
    previous = None
    kitty_counted = set()
    for number in range(HANDS // len(RULE_SETS)):
        if previous is not None:
            if previous.match_over:
                game = Game(rules, seed=previous.seed)
            else:
                game.next_hand()
                assert game.dealer == previous.next_dealer
        probe = Probe(deep=number % REPLAY_EVERY == 0, at=150 + number % 80)
        summary = play_hand(game, players, probe)
        assert probe.violations == []
        assert game.tricks and game.result == summary
        assert (game.flipped is not None) == silent
        kitty_counted.add(summary.kitty_multiplier is not None)
        previous = summary
    assert kitty_counted == {True, False}


def test_the_invariants_catch_a_lost_card():
    game = Game(seed=5)
    for _ in range(30):
        game.deal()
    assert invariants.violations(game) == []
    game.hands[0].pop()
    assert invariants.violations(game)


def test_the_invariants_catch_a_wrong_score():
    game = Game(seed=6)
    play_hand(game, [make_player("random", seat) for seat in range(4)])
    assert invariants.violations(game) == []
    game.kitty[0] = parse_cards("SK")[0] if game.kitty[0] != parse_cards("SK")[0] else parse_cards("S3")[0]
    assert invariants.violations(game)


KEYS = {
    "hand", "seed", "dealer", "declarers", "level", "trump", "attacker_points", "kitty_points",
    "kitty_multiplier", "attackers_take_over", "levels", "levels_after", "match_over",
    "winner", "failed_throws", "kinds",
}


def test_selfplay_json_is_one_object_per_hand(capsys):
    assert main(["--hands", "30", "--seed", "8", "--json", "--check"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 30 and all(set(row) == KEYS for row in rows)
    assert "hands/s" in err and "invariant violations: 0" in err
    for before, row in zip([None] + rows, rows):
        assert row["kinds"] == {"A": "random", "B": "random"}
        assert row["declarers"] == "AB"[row["dealer"] % 2]
        if before is None or before["match_over"]:
            assert row["hand"] == 1 and row["level"] == "2"
        else:
            assert row["hand"] == before["hand"] + 1
            assert row["level"] == before["levels_after"][row["declarers"]]
        assert (row["winner"] is not None) == row["match_over"]
        if row["kitty_multiplier"] is None:
            assert row["attacker_points"] <= 200


def test_a_json_row_reproduces_its_deal(capsys):
    main(["--hands", "3", "--seed", "12", "--json"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    game = Game(seed=12)
    players = [make_player("random", 12 * 4 + seat) for seat in range(4)]
    for row in rows:
        if row["hand"] > 1:
            game.next_hand()
        assert game.seed == row["seed"] or row["hand"] == 1
        summary = play_hand(game, players)
        assert summary.seed == row["seed"] and summary.attacker_points == row["attacker_points"]


def test_selfplay_is_deterministic_and_summarises(capsys):
    main(["--hands", "5", "--seed", "3", "--json"])
    first = capsys.readouterr().out
    main(["--hands", "5", "--seed", "3", "--json"])
    assert capsys.readouterr().out == first
    assert main(["--hands", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for text in ("hands/s", "dealer side held", "mean attacker points", "kitty multipliers", "failed throws", "levels gained"):
        assert text in out


def test_unknown_player_kind_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--hands", "1", "--team-a", "nobody"])
    assert exit_.value.code == 2 and "--team-a" in capsys.readouterr().err
