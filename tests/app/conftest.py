"""Headless pygame for every app test: set before pygame is first imported."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tutor import i18n  # noqa: E402
from tutor.app import App  # noqa: E402
from tutor.settings import Store  # noqa: E402

from ..memo import PLAYS, remember_plays  # noqa: E402

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """No test reads or writes the real user data folder."""
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _plays_remembered(monkeypatch):
    """The AI's plays made once per worker (``tests/memo.py``)."""
    remember_plays(monkeypatch, PLAYS)


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "home")


@pytest.fixture
def make_app(store):
    """``make_app(size=(w, h), language="en")`` → an ``App`` on the dummy display."""

    def make(size=(1280, 800), language="en") -> App:
        return App(size=size, store=store, language=language)

    return make


@pytest.fixture
def app(make_app) -> App:
    return make_app()


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
