"""Two windows of the app on one data folder lose nothing.

Two processes share a home, each a ``Store`` as a window has it, and at random moments
record lessons of their own and change settings of their own: every lesson recorded
by either survives, and each window's settings keep the last value it set, whatever
the other saved meanwhile.  ``make test`` runs the pair of windows twice, ``make soak``
200 times (``tests/volume.py``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.volume import count
from tutor.settings import PROGRESS_FILE, SETTINGS_FILE, Store

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 40
"""Recordings and setting changes per window and run."""
RUNS = count(10)

WINDOW = """
import random, sys, time
from tutor.settings import Store
home, tag, rounds, key, values = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5].split(",")
rng = random.Random(tag)
store = Store(__import__("pathlib").Path(home))
print("ready", flush=True)
sys.stdin.readline()
for n in range(rounds):
    time.sleep(rng.uniform(0, 0.003))
    if rng.random() < 0.5:
        store.record_lesson(f"{tag}{n}", completed=True, mistakes=n % 3, stars=1 + n % 3)
    else:
        setattr(store.settings, key, values[n % len(values)])
        store.save_settings()
setattr(store.settings, key, values[-1])
assert store.save_settings()
assert not store.notices, [x.text() for x in store.notices]
"""


def _window(home: Path, tag: str, key: str, values: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    window = subprocess.Popen([sys.executable, "-c", WINDOW, str(home), tag, str(ROUNDS), key, values],
                              cwd=ROOT, env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert window.stdout is not None and window.stdout.readline().strip() == "ready", window.communicate()[1]
    return window


@pytest.mark.parametrize("run", range(RUNS))
def test_two_windows_recording_lessons_and_settings_lose_nothing(tmp_path, run) -> None:
    home = tmp_path / "home"
    first = Store(home)
    first.settings.language = "zh_CN"
    first.save_settings()
    windows = [_window(home, f"a{run}", "animation_speed", "slow,fast,off"),
               _window(home, f"b{run}", "opponents", "easy,hard")]
    for window in windows:
        assert window.stdin is not None
        window.stdin.write("go\n")
        window.stdin.flush()
    for window in windows:
        _out, err = window.communicate(timeout=120)
        assert window.returncode == 0, err
    progress = json.loads((home / PROGRESS_FILE).read_text(encoding="utf-8"))
    settings = json.loads((home / SETTINGS_FILE).read_text(encoding="utf-8"))
    store = Store(home)
    tags = (f"a{run}", f"b{run}")
    expected = {f"{tag}{n}" for tag in tags for n, r in enumerate(_draws(random.Random(tag))) if r < 0.5}
    assert set(progress) == expected and set(store.progress) == expected, "every lesson either window recorded"
    assert all(entry["completed"] for entry in progress.values())
    assert settings["animation_speed"] == "off" and settings["opponents"] == "hard"
    assert settings["language"] == "zh_CN", "a setting neither window changed stays as it was"


def _draws(rng: random.Random) -> list[float]:
    """The window script's draws of ``rng``: a sleep and a choice per round."""
    out = []
    for _n in range(ROUNDS):
        rng.uniform(0, 0.003)
        out.append(rng.random())
    return out
