"""Headless pygame for the practice scene tests (set before pygame is imported), and a
user data folder of their own."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tutor import i18n  # noqa: E402

from ..memo import PLAYS, remember_plays  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _plays_remembered(request, monkeypatch):
    """The AI's plays made once per worker (``tests/memo.py``), except where a test
    measures the search itself."""
    if request.node.get_closest_marker("searched_afresh") is None:
        remember_plays(monkeypatch, PLAYS)
