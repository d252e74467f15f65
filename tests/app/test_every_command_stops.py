"""Every command stops: the demos finish in bounded frames, signals end any scene, no
file is read without a size cap or when it is not a regular file, and a closed or full
output ends a command with one line and a non-zero status."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Rules
from engine.cli import run
from engine.errors import InvalidRulesError
from engine.readfile import NotRegularFile, TooLarge, read_limited
from tests.volume import count
from tutor.app import make_parser
from tutor.lessons.__main__ import main as lessons_main
from tutor.scenes.practice import PracticeTableScene

ROOT = Path(__file__).resolve().parents[2]
POSIX = sys.platform != "win32"
HUNG = [["--seed", "10"], ["--deal", "AAE0CESPPX12"], ["--seed", "12"], ["--seed", "13"], ["--seed", "17"],
        ["--seed", "18"], ["--deal", "YCYQ-ZZZZ-ZZK2"]]
"""The deals whose review demo never finished: the demo put the learner's cards on the
table behind the scene's back, and the autopilot then clicked cards that did nothing."""
REVIEWS = (HUNG + [["--seed", str(n)] for n in range(1, 51) if ["--seed", str(n)] not in HUNG])[:count(4)]


def _command(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if "stdout" not in kwargs:
        kwargs["capture_output"] = True
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, text=True, timeout=timeout, **kwargs)


@pytest.mark.parametrize("deal", REVIEWS, ids=" ".join)
def test_the_review_demo_finishes(tmp_path, deal) -> None:
    shot = tmp_path / "review.png"
    done = _command("main.py", "--scene", "review", *deal, "--screenshot", str(shot), timeout=90)
    assert done.returncode == 0 and shot.exists(), done.stderr


def test_the_summary_demo_leaves_nothing_busy(make_app) -> None:
    """The table played to the hand's end under the summary is no longer busy, so
    ``--screenshot`` stops at once (it ran 100,000 frames)."""
    app = make_app(size=(960, 600))
    app.options = make_parser().parse_args(["--scene", "summary", "--autoplay", "--seed", "3"])
    app.start("summary")
    assert not any(scene.busy for scene in app.stack.scenes)
    table = next(s for s in app.stack.scenes if isinstance(s, PracticeTableScene))
    with pytest.raises(RuntimeError, match="did not reach"):
        table.play_out(until=lambda _table: False)  # a goal never reached is an error, not a hang


@pytest.mark.skipif(not POSIX, reason="POSIX signals")
@pytest.mark.parametrize("signum, status, line", [(signal.SIGTERM, 143, "stopped by a signal"),
                                                  (signal.SIGINT, 130, "interrupted")][:count(4)])
def test_a_signal_ends_the_app_with_one_line(tmp_path, signum, status, line) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHENGJI_TUTOR_HOME=str(tmp_path / "home"))
    app = subprocess.Popen([sys.executable, "-c", "import sys; from tutor.app import main; print('up', flush=True); "
                            "sys.exit(main(['--scene', 'settings', '--lang', 'zh']))"],
                           cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert app.stdout is not None and app.stdout.readline().strip() == "up"
    time.sleep(1.0)  # into the main loop
    app.send_signal(signum)
    _out, err = app.communicate(timeout=30)
    assert app.returncode == status and len(err.strip().splitlines()) == 1 and err.strip().endswith(line), err
    assert (tmp_path / "home" / "settings.json").exists(), "the settings were saved on the way out"


# ---------------------------------------------------------------- reading with a cap


@pytest.mark.skipif(not POSIX, reason="devices and FIFOs")
def test_devices_fifos_and_folders_are_refused_unread(tmp_path, capsys) -> None:
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    link = tmp_path / "lesson.yaml"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", "/dev/urandom", fifo, link, tmp_path):
        with pytest.raises(NotRegularFile):
            read_limited(path, 1024)
        with pytest.raises(InvalidRulesError, match="not a regular file|a folder"):
            Rules.from_yaml(path)
    assert lessons_main(["check", str(link), str(fifo)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{link}:1: file: it is not a regular file",
                                                    f"{fifo}:1: file: it is not a regular file"]


def test_a_large_file_is_refused_before_it_is_read(tmp_path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as fh:
        fh.truncate(10 * 1024 * 1024)  # sparse: reading it would still cost
    started = time.process_time()
    with pytest.raises(TooLarge):
        read_limited(big, 256 * 1024)
    assert time.process_time() - started < 0.05


# ---------------------------------------------------------------- closed and full outputs


def test_a_closed_output_ends_a_long_transcript_at_once() -> None:
    """``--hands 1000`` streams: the first line comes at once, and the reader leaving
    ends the command with one line and status 1."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = subprocess.Popen([sys.executable, "-m", "tutor.coach", "transcript", "--seed", "7", "--hands", "1000"],
                               cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stdout.readline().startswith("hand 1")
    command.stdout.close()
    assert command.wait(timeout=60) == 1
    assert command.stderr is not None
    assert command.stderr.read().strip() == "python -m tutor.coach: the output was closed before the end"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_ends_a_command_with_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = _command("-m", "engine.selfplay", "--hands", "2", "--json", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert done.stderr.strip() == "python -m engine.selfplay: cannot write the output: No space left on device"


@pytest.mark.parametrize("error, status, line", [(BrokenPipeError(32, "Broken pipe"), 1, "the output was closed"),
                                                 (OSError(28, "No space left on device"), 1, "cannot write"),
                                                 (KeyboardInterrupt(), 130, "interrupted")])
def test_run_turns_an_ending_into_one_line(capsys, error, status, line) -> None:
    def main() -> int:
        raise error

    assert run(main, "prog") == status
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("prog: ") and line in err
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def test_a_screenshot_name_too_long_is_one_line(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        make_parser().parse_args(["--screenshot", str(tmp_path / ("x" * 300 + ".png"))])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "304 bytes long; the most is 255" in err

