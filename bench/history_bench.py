"""The learner's record at volume: 1,000 hands written, the record reopened, listed,
and one hand opened (read and checked) and replayed.

The hands are made from real coached hands of AI players (``--real``, default 5)
played once and copied with other finish times and points, so each row holds a real
hand's data (every action, the review notes in both languages).  Each hand is written
as the app writes it: one transaction with a synchronous commit.

Targets (issue 49): listing < 1 s, opening one hand < 100 ms.  Prints numbers; asserts
nothing.  Run: ``.venv/bin/python bench/history_bench.py [--hands 1000]``.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game import Game  # noqa: E402
from tutor.datafiles import DataFolder  # noqa: E402
from tutor.history import hand_record, play_to_end, replay  # noqa: E402
from tutor.practice import PracticeTable  # noqa: E402
from tutor.record import TIME_FORMAT, HistoryStore, record_key  # noqa: E402


def real_hands(count: int) -> list[dict]:
    records = []
    for seed in range(1, count + 1):
        table = PracticeTable(Game(seed=seed), seed=seed, ai_kind="ai")
        play_to_end(table)
        records.append(hand_record(table, 0))
    return records


def synthetic(models: list[dict], count: int) -> list[dict]:
    """``count`` copies of ``models`` in turn, an hour apart, with their own keys."""
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    hands = []
    for n in range(count):
        data = copy.deepcopy(models[n % len(models)])
        data["finished"] = (start + timedelta(hours=n)).strftime(TIME_FORMAT)
        data["rating"] = {"before": n % 40, "change": (-2, 2, 3)[n % 3]}
        data["key"] = record_key(data)
        hands.append(data)
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--real", type=int, default=5)
    args = parser.parse_args()
    hands = synthetic(real_hands(args.real), args.hands)
    with tempfile.TemporaryDirectory() as folder:
        history = HistoryStore(DataFolder(Path(folder), {}))
        start = time.perf_counter()
        for data in hands:
            history.add(data)
        wrote = time.perf_counter() - start
        history.close()
        size = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6
        lists, opens, replays = [], [], []
        for _ in range(5):
            start = time.perf_counter()
            reopened = HistoryStore(DataFolder(Path(folder), {}))
            rows = reopened.hands()
            lists.append(time.perf_counter() - start)
            for row in (rows[0], rows[len(rows) // 2], rows[-1]):
                start = time.perf_counter()
                data = reopened.hand(row.id)
                opens.append(time.perf_counter() - start)
                replay(data)
                replays.append(time.perf_counter() - start)
            reopened.close()
    print(f"{len(hands)} hands written one transaction each in {wrote:.2f} s "
          f"({1000 * wrote / len(hands):.1f} ms a hand); the file: {size:.1f} MB")
    print(f"reopened and listed: median {1000 * statistics.median(lists):.0f} ms, max {1000 * max(lists):.0f} ms "
          f"(target < 1000 ms)")
    print(f"one hand opened (read, checked): median {1000 * statistics.median(opens):.1f} ms, "
          f"max {1000 * max(opens):.1f} ms; with its replay: median {1000 * statistics.median(replays):.1f} ms, "
          f"max {1000 * max(replays):.1f} ms (target < 100 ms)")


if __name__ == "__main__":
    main()
