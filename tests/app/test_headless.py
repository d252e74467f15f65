"""`main.py --screenshot` renders one scene headless and exits 0."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scene, lang, size", [("practice", "zh", "960x600"), ("summary", "en", "1280x800")])
def test_screenshot(tmp_path, scene, lang, size):
    out = tmp_path / f"{scene}.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SHENGJI_TUTOR_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "main.py", "--scene", scene, "--lang", lang, "--size", size, "--screenshot", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == tuple(int(v) for v in size.split("x"))


def test_unknown_scene_is_refused(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SHENGJI_TUTOR_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "main.py", "--scene", "nowhere"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "invalid choice" in result.stderr
