"""App speed: cold start to the first frame and to a saved screenshot, lessons read once,
and the frame time of the practice table (25-card hand, a trick in progress) at 1280×800,
headless.

Cold start is the wall time of a fresh ``main.py --screenshot`` process (Python's own
start included), median of 5, next to ``python -c "import pygame"`` measured in the same
run: the ratio says how much the app adds on whatever machine runs this.  Python writes
its bytecode caches as on a user's machine (``PYTHONDONTWRITEBYTECODE`` is dropped for
the children) and one warm-up run comes first.  "First frame" is the process's wall time
less the time from the first frame to the saved file, which the app reports (so it also
counts the exit: an upper bound).

Targets: start-up < 1 s to the first frame and to the screenshot, frame p50 < 4 ms.
Prints numbers; asserts nothing.  Run: ``.venv/bin/python bench/app_bench.py``
(``make bench`` runs every bench).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RUNS = 5
SAVED_LATER = re.compile(r"saved ([0-9.]+) s later")


def _timed(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, result.stderr


def cold_start(scene: str, runs: int = RUNS) -> dict[str, list[float]]:
    """Wall times of ``import pygame``, of the app to its first frame and to its saved
    screenshot of ``scene``, interleaved so that a busy machine slows all alike."""
    times: dict[str, list[float]] = {"pygame": [], "first frame": [], "screenshot": []}
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["SHENGJI_TUTOR_HOME"] = home
        pygame = [sys.executable, "-c", "import pygame"]
        app = [sys.executable, "main.py", "--scene", scene, "--size", "1280x800", "--screenshot",
               str(Path(home) / "shot.png")]
        _timed(app, env)  # warm-up: bytecode caches, the file system's cache
        for _ in range(runs):
            times["pygame"].append(_timed(pygame, env)[0])
            wall, stderr = _timed(app, env)
            later = SAVED_LATER.search(stderr)
            assert later is not None, stderr
            times["screenshot"].append(wall)
            times["first frame"].append(wall - float(later.group(1)))
    return times


def lessons_read_twice() -> tuple[float, float]:
    """Seconds for the first and the second ``load_all`` (the second must be ~0)."""
    from engine import Rules
    from tutor.lessons import load_all

    times = []
    for _ in range(2):
        start = time.perf_counter()
        load_all(rules=Rules())
        times.append(time.perf_counter() - start)
    return times[0], times[1]


def frame_times(frames: int = 600) -> list[float]:
    from tutor.app import App
    from tutor.settings import Store

    with tempfile.TemporaryDirectory() as home:
        app = App(size=(1280, 800), store=Store(Path(home)), language="zh_CN")
        app.start("practice")
        table = app.stack.top
        assert len(table.hand.cards) == 25 and table.trick.plays
        app.frame(0.0)  # warm the caches, as the first frame on screen does
        times = []
        for n in range(frames):
            if n % 60 == 0:  # a selection change now and then, as a player makes
                table.hand.toggle(7 + (n // 60) % 6)
            start = time.perf_counter()
            app.frame(1 / 60)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    for scene in ("home", "lessons", "practice"):
        times = cold_start(scene)
        base = statistics.median(times["pygame"])
        print(f"cold start, --scene {scene} (median of {RUNS}; python -c 'import pygame': {base * 1000:.0f} ms):")
        for what in ("first frame", "screenshot"):
            median = statistics.median(times[what])
            print(f"  to the {what:<12} {median * 1000:5.0f} ms = {median / base:4.1f} x import pygame "
                  f"(min {min(times[what]) * 1000:.0f}, max {max(times[what]) * 1000:.0f}; target < 1000 ms)")
    first, second = lessons_read_twice()
    print(f"lessons: read and checked in {first * 1000:.0f} ms, again in {second * 1000:.1f} ms")
    frames = sorted(frame_times())
    p50 = frames[len(frames) // 2] * 1000
    p95 = frames[int(len(frames) * 0.95)] * 1000
    print(f"practice table frame at 1280x800: p50 {p50:.2f} ms, p95 {p95:.2f} ms, "
          f"max {frames[-1] * 1000:.2f} ms (target p50 < 4)")
    from tutor.resources import FONT

    print(f"font subset: {FONT.stat().st_size / 1024 / 1024:.2f} MB")


if __name__ == "__main__":
    main()
