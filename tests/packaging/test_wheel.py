"""The wheel that ``python -m build`` makes, installed into a clean venv, runs from
another folder with its own lessons, catalogs and font (``make test-packaging``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, SHOT, checkout_pixels, pixels, run

pytestmark = pytest.mark.packaging


def test_the_built_wheel_runs_from_another_folder(tmp_path: Path, elsewhere: Path) -> None:
    home, dist, venv = tmp_path / "home", tmp_path / "dist", tmp_path / "venv"
    run([sys.executable, "-m", "build", "--outdir", dist, ROOT], ROOT, home, timeout=900)
    (wheel,) = dist.glob("*.whl")
    run([sys.executable, "-m", "venv", venv], tmp_path, home)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / "python"
    run([python, "-m", "pip", "install", "--quiet", wheel], tmp_path, home, timeout=900)

    # the command of the issue: the console entry point, a relative screenshot path
    run([scripts / "shengji-tutor", "--scene", "home", "--screenshot", "x.png"], elsewhere, home)
    assert (elsewhere / "x.png").stat().st_size > 10_000

    # the installed copy reads its package data, compiled catalogs and no Babel
    probe = ("import sys; from tutor import i18n, resources; i18n.set_language('zh_CN'); "
             "print(resources.INSTALLED, resources.LESSONS, i18n._('Shengji Tutor'), 'babel' in sys.modules)")
    installed, lessons, title, babel = run([python, "-c", probe], elsewhere, home).stdout.split()
    assert installed == "True" and Path(lessons).is_relative_to(venv) and title == "升级教练"
    assert babel == "False", "the .mo built into the wheel was not used"

    # python -m tutor draws a lesson in Chinese exactly as the checkout does
    run([python, "-m", "tutor", *SHOT, "--screenshot", "lesson.png"], elsewhere, home)
    assert pixels(elsewhere / "lesson.png") == checkout_pixels(tmp_path, SHOT)
