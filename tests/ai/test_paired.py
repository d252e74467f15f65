"""``--paired`` self-play: each deal twice, the teams' kinds swapped, first hands only."""

import json

from engine import Rules
from engine.game import view_declarations
from engine.players import RandomPlayer
from engine.view import Decision
from engine.selfplay import main, paired_hands


def test_paired_lines_share_a_seed_and_swap_the_kinds(capsys):
    assert main(["--hands", "4", "--team-a", "ai", "--team-b", "greedy", "--paired", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4
    for first, second in (lines[0:2], lines[2:4]):
        assert first["seed"] == second["seed"]
        assert first["kinds"] == {"A": "ai", "B": "greedy"}
        assert second["kinds"] == {"A": "greedy", "B": "ai"}
    assert lines[0]["seed"] != lines[2]["seed"]
    assert all(line["hand"] == 1 and line["level"] == "2" for line in lines)


def test_an_odd_count_still_counts_lines(capsys):
    assert main(["--hands", "3", "--team-a", "ai:easy", "--team-b", "random", "--paired", "--json"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


class _PairsOnly(RandomPlayer):
    """Declares only with a pair, so whether anybody declares depends on the seating."""

    def declare(self, view):
        pairs = [d for d in view_declarations(view) if len(d.cards) == 2]
        return Decision(pairs[0].cards) if pairs else None


class _Silent(RandomPlayer):
    def declare(self, view):
        return None


def test_a_pair_whose_swapped_play_redeals_is_dropped():
    # The same deal seated the other way round often leaves nobody able to declare: the
    # swapped play redeals, and such a pair must be replaced, never printed with two seeds.
    def make(kind, seed):
        return _Silent(seed) if kind == "quiet" else _PairsOnly(seed)

    pairs = list(paired_hands(12, 5, {"A": "quiet", "B": "pairs"}, Rules(), make=make))
    assert len(pairs) == 12
    for (first, _), (second, kinds) in zip(pairs[0::2], pairs[1::2]):
        assert first.seed == second.seed
        assert kinds == {"A": "pairs", "B": "quiet"}
