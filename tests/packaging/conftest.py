"""Helpers for the packaging tests: run a built copy of the app headless from a folder
that is not the checkout, and compare its screenshot with the checkout's own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOT = ["--scene", "lesson", "--lesson", "03", "--step", "2", "--lang", "zh", "--size", "960x600"]
"""A screen that needs every kind of data file: a lesson, the Chinese catalog, the font."""


def headless_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SHENGJI_TUTOR_HOME=str(home))
    return env


def run(command: list, cwd: Path, home: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=headless_env(home), capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, f"{command}: {result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    return result


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """An empty working folder outside the checkout."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def checkout_pixels(tmp_path: Path, args: list[str]) -> bytes:
    """The pixels the checkout's own ``main.py`` draws for ``args``."""
    import pygame

    out = tmp_path / "checkout.png"
    run([sys.executable, "main.py", *args, "--screenshot", out], ROOT, tmp_path / "checkout-home")
    return pygame.image.tobytes(pygame.image.load(str(out)), "RGB")


def pixels(path: Path) -> bytes:
    import pygame

    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")
