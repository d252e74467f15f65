"""App speed: cold start to the first rendered frame, and the frame time of the practice
table (25-card hand, a trick in progress) at 1280×800, headless.

Targets: start-up < 1 s, frame p50 < 4 ms.  Prints numbers; asserts nothing.
Run: ``SDL_VIDEODRIVER=dummy python bench/app_bench.py`` (``make bench`` does).
"""

from __future__ import annotations

import os
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


def cold_start(runs: int = 5) -> list[float]:
    """Wall time of ``main.py --screenshot`` in a fresh interpreter (includes Python start-up)."""
    times = []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SHENGJI_TUTOR_HOME=home)
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "main.py", "--scene", "home", "--size", "1280x800", "--screenshot",
                 str(Path(home) / "shot.png")],
                cwd=ROOT, env=env, check=True, capture_output=True,
            )
            times.append(time.perf_counter() - start)
    return times


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
    starts = cold_start()
    print(f"cold start to first frame: median {statistics.median(starts) * 1000:.0f} ms "
          f"(min {min(starts) * 1000:.0f}, max {max(starts) * 1000:.0f}; target < 1000)")
    frames = sorted(frame_times())
    p50 = frames[len(frames) // 2] * 1000
    p95 = frames[int(len(frames) * 0.95)] * 1000
    print(f"practice table frame at 1280x800: p50 {p50:.2f} ms, p95 {p95:.2f} ms, "
          f"max {frames[-1] * 1000:.2f} ms (target p50 < 4)")
    font = ROOT / "assets" / "fonts" / "NotoSansSC-Subset.otf"
    print(f"font subset: {font.stat().st_size / 1024 / 1024:.2f} MB")


if __name__ == "__main__":
    main()
