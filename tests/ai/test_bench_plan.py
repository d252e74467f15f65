"""The AI benchmark's plan plays distinct deals: its chunks must not share the deal-seed
chain each chunk walks along (then 1,000 hands replayed some 60 deals).  Its saved runs
compare deal by deal (``bench/paired_diff.py``)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from engine.game import next_seed

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up; paired_diff imports ai_bench
    spec.loader.exec_module(module)
    return module


def load_bench():
    return load("ai_bench")


def test_the_chunks_of_a_plan_play_distinct_deals():
    plan = load_bench().chunk_plan(1000, 20, 1)
    assert sum(count for count, _ in plan) == 1000
    deals = []
    for count, seed in plan:
        for _ in range(count // 2):  # a chunk's deals, each played twice (redeals aside)
            deals.append(seed)
            seed = next_seed(seed)
    assert len(set(deals)) == len(deals) == 500
    assert load_bench().chunk_plan(1000, 20, 1) == plan  # the seed alone fixes it


def hand(seed: int, won: bool, edge: int, attacking: bool = False) -> dict:
    return {"seed": seed, "attacking": attacking, "won": won, "levels": 1 if won else -1,
            "edge": edge, "last_trick": False}


def test_a_deal_played_both_ways_is_one_share():
    bench = load_bench()
    hands = [bench.Hand(**h) for h in (hand(7, True, 20), hand(7, False, -5),
                                        hand(9, True, 40), hand(9, True, 10), hand(11, False, -30))]
    assert bench.deal_shares(hands) == [(7, 0.5), (9, 1.0), (11, 0.0)]


def save(folder: Path, name: str, hands: list[dict], x: str = "ai:hard", y: str = "greedy") -> Path:
    path = folder / name
    path.write_text(json.dumps({"x": x, "y": y, "hands": len(hands), "chunk": 20, "seed": 1,
                                "uncapped": True, "results": hands}))
    return path


def test_two_runs_compare_deal_by_deal(tmp_path):
    load_bench()
    diff = load("paired_diff")
    before = save(tmp_path, "before.json", [hand(1, True, 10), hand(1, False, -5),
                                            hand(2, True, 30), hand(2, True, 20),
                                            hand(3, True, 50), hand(3, False, -10),
                                            hand(4, True, 5), hand(4, True, 5)])
    # deal 1 now won both ways, deal 2 unchanged, deal 3 redealt away, deal 5 new
    after = save(tmp_path, "after.json", [hand(1, True, 10), hand(1, True, 15),
                                          hand(2, True, 30), hand(2, True, 20),
                                          hand(4, True, 5), hand(4, True, 5),
                                          hand(5, False, -40), hand(5, False, -40)])
    text = diff.compare(before, after)
    assert "3 deals in both runs (1 only in the first, 1 only in the second)" in text
    # shares 0.5, 1, 1 then 1, 1, 1: +1/6 of a hand on average
    assert "hands won: 83.3 % then 100.0 %: +16.67 points" in text
    assert "1 deal ended otherwise" in text
    assert "points edge: +3.33 a hand" in text  # deal 1's mean edge 2.5 -> 12.5


def test_runs_of_different_matches_or_deals_do_not_compare(tmp_path):
    load_bench()
    diff = load("paired_diff")
    first = save(tmp_path, "a.json", [hand(1, True, 10), hand(1, False, -5)])
    other_match = save(tmp_path, "b.json", [hand(1, True, 10), hand(1, False, -5)], y="ai")
    other_deals = save(tmp_path, "c.json", [hand(2, True, 10), hand(2, False, -5)])
    with pytest.raises(SystemExit, match="not the same match"):
        diff.compare(first, other_match)
    with pytest.raises(SystemExit, match="share no deal"):
        diff.compare(first, other_deals)
