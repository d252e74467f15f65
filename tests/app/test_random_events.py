"""Random input, including window sizes far below the minimum, never crashes the app.

Keys, clicks, pointer moves, frames and resizes down to 1×1 (a window manager may
ignore the minimum size) are thrown at the running app from every start scene.
``APP_SOAK=N`` multiplies the events for a long hunt.
"""

from __future__ import annotations

import os
import random

import pygame
import pytest

from tutor.app import App
from tutor.settings import Store
from tutor.theme import MIN_SIZE

from .conftest import click, key

SOAK = int(os.environ.get("APP_SOAK", "1"))
KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F2, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_SPACE, pygame.K_h, pygame.K_u, pygame.K_l, pygame.K_b, pygame.K_p, pygame.K_TAB, pygame.K_BACKSPACE,
        *range(pygame.K_1, pygame.K_9 + 1)]
SIZES = [(1, 1), (2, 3), (100, 100), (300, 140), (959, 599), (500, 322), (960, 180), (1, 800), (1280, 1),
         (960, 600), (1280, 800), (1920, 1080)]


def _event(rng: random.Random, app: App) -> pygame.event.Event | None:
    w, h = app.screen.get_size()
    roll = rng.random()
    if roll < 0.35:
        return key(rng.choice(KEYS))
    if roll < 0.6:
        return click((rng.randrange(max(w, MIN_SIZE[0])), rng.randrange(max(h, MIN_SIZE[1]))))
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(w), rng.randrange(h)), rel=(0, 0),
                                  buttons=(0, 0, 0))
    if roll < 0.85:
        width, height = rng.choice(SIZES) if rng.random() < 0.7 else (rng.randint(1, 2000), rng.randint(1, 1200))
        return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height)
    return None  # a frame


@pytest.mark.parametrize("scene, seed", [("home", 1), ("practice", 2), ("lesson", 3), ("lessons", 4),
                                         ("settings", 5), ("summary", 6)])
def test_random_events_never_crash(tmp_path, scene, seed) -> None:
    rng = random.Random(seed)
    app = App(size=(960, 600), store=Store(tmp_path / "home"), language=rng.choice(["en", "zh_CN"]))
    app.start(scene)
    for _ in range(150 * SOAK):
        event = _event(rng, app)
        if event is None:
            app.frame(rng.choice((0.0, 0.05, 0.5, 2.0)))
        else:
            app.handle_event(event)
        if not app.stack.scenes:
            break
    app.frame(0.0)
    assert Store(tmp_path / "home").notices == [], "whatever was saved loads cleanly"


@pytest.mark.parametrize("size", [(1, 1), (640, 322)])
def test_every_scene_draws_below_the_minimum_size(make_app, size) -> None:
    from tutor.scenes import SCENES

    for name in SCENES:
        app = make_app(size=(960, 600))
        app.start(name)
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        app.frame(0.0)
        for scene in app.stack.scenes:
            assert (scene.metrics.width, scene.metrics.height) == MIN_SIZE, "layouts clamp at the minimum"
