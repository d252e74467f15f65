"""``--paired`` self-play: each deal twice, the teams' kinds swapped, first hands only."""

import json

from engine.selfplay import main


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
