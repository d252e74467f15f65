"""Saving survives being killed at any moment (issue 15).

A separate process saves settings, progress and a match in a loop and is killed with
SIGKILL at a random moment, again and again; after each kill the next start loads every
file without a notice and leaves no temporary file behind.  ``SAVE_KILLS=N`` kills more
often (the default keeps the suite quick).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.practice import PracticeTable
from tutor.datafiles import LOCK_FILE
from tutor.settings import MATCH_FILE, PROGRESS_FILE, SETTINGS_FILE, Store

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("SAVE_KILLS", "4"))
SAVER = """
import sys
from pathlib import Path
from engine.game import Game
from tutor.practice import PracticeTable
from tutor.settings import Store

store = Store(Path(sys.argv[1]))
table = PracticeTable(Game(seed=3), seed=3)
for _ in range(60):
    table.step()
match = table.to_dict()
n = int(sys.argv[2])
while True:
    n += 1
    store.settings.window_size = (1000 + n % 900, 700)
    store.save_settings()
    store.record_lesson(f"lesson_{n % 30}", completed=True, mistakes=n % 7, stars=n % 4)
    match["seed"] = n
    store.save_match(match)
    if n == int(sys.argv[2]) + 1:
        print("saving", flush=True)  # every file is there once: kill from now on
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_save_killed_at_any_moment_loses_nothing(tmp_path) -> None:
    home = tmp_path / "home"
    rng = random.Random(15)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    last_seed = 0
    for _ in range(KILLS):
        saver = subprocess.Popen([sys.executable, "-c", SAVER, str(home), str(last_seed)], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert saver.stdout is not None and saver.stdout.readline().strip() == "saving", saver.stderr.read()
        time.sleep(rng.uniform(0.01, 0.25))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        store = Store(home)  # the next start
        assert store.notices == [], [n.text() for n in store.notices]
        assert not list(home.glob(".*.tmp")), "the start removed what the killed save left"
        files = sorted(p.name for p in home.iterdir() if p.name != LOCK_FILE)  # the lock may stay
        assert files == sorted([MATCH_FILE, PROGRESS_FILE, SETTINGS_FILE])
        match = store.load_match()
        assert match is not None and PracticeTable.from_dict(match).game.dealt == 60
        assert store.progress and all(0 <= p.stars <= 3 for p in store.progress.values())
        assert match["seed"] > last_seed, "the last complete save is there"
        last_seed = match["seed"]
