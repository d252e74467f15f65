"""The one-file build (``shengji-tutor.spec``, what ``make dist`` makes) runs headless
from another folder and draws what the checkout draws (``make test-packaging``; skipped
where PyInstaller is not installed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import ROOT, SHOT, checkout_pixels, pixels, run

pytestmark = pytest.mark.packaging


def built_program(dist: Path) -> Path:
    if sys.platform == "darwin":
        return dist / "Shengji Tutor.app" / "Contents" / "MacOS" / "shengji-tutor"
    return dist / ("shengji-tutor.exe" if sys.platform == "win32" else "shengji-tutor")


def test_the_one_file_build_runs_from_another_folder(tmp_path: Path, elsewhere: Path) -> None:
    pytest.importorskip("PyInstaller")
    home, dist = tmp_path / "home", tmp_path / "dist"
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", dist,
         "--workpath", tmp_path / "build", ROOT / "shengji-tutor.spec"], ROOT, home, timeout=900)
    run([built_program(dist), *SHOT, "--screenshot", "shots/lesson.png"], elsewhere, home)
    assert pixels(elsewhere / "shots" / "lesson.png") == checkout_pixels(tmp_path, SHOT)
    # the program leaves matplotlib out: the Progress screen says so instead of plotting
    run([built_program(dist), "--scene", "progress", "--screenshot", "shots/progress.png"], elsewhere, home)
    assert (elsewhere / "shots" / "progress.png").exists()
