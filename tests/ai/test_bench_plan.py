"""The AI benchmark's plan plays distinct deals: its chunks must not share the deal-seed
chain each chunk walks along (then 1,000 hands replayed some 60 deals)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from engine.game import next_seed

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_bench.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("ai_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_bench"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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
