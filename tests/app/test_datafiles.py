"""Damaged, tampered and unreachable data files never crash the app or lose data (issue 15).

One row per bad file: the app starts (or Practice is pressed, for the saved match), a
notice names the file and where the original was put, the original is kept byte for
byte as ``NAME.corrupt-<time>``, and the app goes on working.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

import pygame
import pytest

from engine.game import Game
from tutor import i18n
from tutor.app import App
from tutor.practice import PracticeTable
from tutor.scenes import HomeScene, NoticeScene
from tutor.scenes.lessons import LessonBrowserScene
from tutor.scenes.practice import PracticeTableScene
from tutor.settings import DEMO_MATCH_FILE, MATCH_FILE, PROGRESS_FILE, SETTINGS_FILE, Settings, Store

from .conftest import key


def _match() -> dict:
    table = PracticeTable(Game(seed=5), seed=5)
    for _ in range(30):
        table.step()
    return table.to_dict()


MATCH = _match()


def _json(data: object) -> bytes:
    return json.dumps(data).encode()


def _changed(change: Callable[[dict], None]) -> bytes:
    data = json.loads(json.dumps(MATCH))
    change(data)
    return _json(data)


def _deep(n: int) -> bytes:
    return ("[" * n + "]" * n).encode()


def _stacked(cards: str) -> Callable[[dict], None]:
    return lambda m: m["game"]["start"].update(stacked=cards)


FULL_DECK = " ".join(f"{s}{r}" for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                                           "K", "A") for _ in (0, 1)) + " LJ LJ BJ BJ"
FOLDER = b"<folder>"
"""The path is made a folder holding a file, not a file."""
PIPE = b"<pipe>"
"""The path is made a named pipe: reading it would wait for ever."""

SETTINGS_CASES: dict[str, bytes] = {
    "not UTF-8 (GBK)": '{"language": "中文"}'.encode("gbk"),
    "not JSON": b"{not json",
    "a JSON list": b"[1, 2]",
    "nested 100,000 deep": b'{"a": ' + _deep(100_000) + b"}",
    "nested 40 deep": b'{"a": ' + _deep(40) + b"}",
    "a key twice": b'{"coach": true, "coach": false}',
    "NaN": b'{"four_colour": NaN}',
    "an integer of 5000 digits": b'{"coach": ' + b"9" * 5000 + b"}",
    "wrong types and unknown rule": _json({"language": "fr", "four_colour": "yes", "coach": False,
                                           "rules": {"kitty_multiplier": "huge", "trumps": 3}}),
    "window of size 0": _json({"window_size": [0, 10**9]}),
    "a folder": FOLDER,
    **({"a named pipe": PIPE} if hasattr(os, "mkfifo") else {}),
    "too large": b'{"a": "' + b"x" * (4 * 1024 * 1024) + b'"}',
}
PROGRESS_CASES: dict[str, bytes] = {
    "stars 1000000000000": _json({"01_table": {"completed": True, "mistakes": 1, "stars": 1_000_000_000_000}}),
    "stars 1000000": _json({"01_table": {"completed": True, "mistakes": 1, "stars": 1_000_000}}),
    "stars -7": _json({"01_table": {"completed": True, "mistakes": 1, "stars": -7}}),
    "stars 2.5 and mistakes true": _json({"01_table": {"completed": True, "mistakes": True, "stars": 2.5}}),
    "an entry that is a list": _json({"01_table": [1]}),
    "not UTF-8 (GBK)": '{"01_table": {"completed": true, "stars": 1, "mistakes": 0, "中文": 1}}'.encode("gbk"),
    "nested 100,000 deep": b'{"a": ' + _deep(100_000) + b"}",
    "a folder": FOLDER,
}
MATCH_CASES: dict[str, bytes] = {
    "a newer format": _changed(lambda m: m["game"].update(format="shengji-game/2")),
    "decks: 5": _changed(lambda m: m["game"]["rules"].update(decks=5)),
    "109 cards": _changed(_stacked(FULL_DECK + " S3")),
    "a duplicated card": _changed(_stacked(FULL_DECK.replace("S4 S4", "S4 S3", 1))),
    "an unknown action": _changed(lambda m: m["game"]["actions"].append({"kind": "shuffle"})),
    "an illegal action": _changed(lambda m: m["game"]["actions"].append({"kind": "play", "seat": 0, "cards": "BJ"})),
    "dealer 9": _changed(lambda m: m["game"]["start"].update(dealer=9)),
    "an unknown AI kind": _changed(lambda m: m.update(ai_kind="grandmaster")),
    "learner 7": _changed(lambda m: m.update(learner=7)),
    'learner "0"': _changed(lambda m: m.update(learner="0")),
    "learner 1.0": _changed(lambda m: m.update(learner=1.0)),
    "learner true": _changed(lambda m: m.update(learner=True)),
    "seed -1": _changed(lambda m: m.update(seed=-1)),
    "game: null": _changed(lambda m: m.update(game=None)),
    "an action card [5]": _changed(lambda m: m["game"]["actions"].append({"kind": "play", "seat": 0, "cards": [5]})),
    "deep nesting": _changed(lambda m: m.update(extra=json.loads(_deep(500)))),
    "nested 100,000 deep": b'{"game": ' + _deep(100_000) + b"}",
    "not UTF-8": b"\xff\xfe{}",
    "not JSON": b'{"game": ',
    "a JSON string": b'"match"',
    "a folder": FOLDER,
}


def _plant(home: Path, name: str, content: bytes) -> None:
    home.mkdir(parents=True, exist_ok=True)
    if content == PIPE:
        os.mkfifo(home / name)
    elif content == FOLDER:
        (home / name).mkdir()
        (home / name / "inside.txt").write_text("kept", encoding="utf-8")
    else:
        (home / name).write_bytes(content)


def _kept_aside(home: Path, name: str, content: bytes) -> Path:
    """The one ``NAME.corrupt-*`` copy, holding exactly what was planted."""
    aside = list(home.glob(f"{name}.corrupt-*"))
    assert len(aside) == 1, [p.name for p in home.iterdir()]
    if content == FOLDER:
        assert (aside[0] / "inside.txt").read_text(encoding="utf-8") == "kept"
    elif content == PIPE:
        assert aside[0].is_fifo()
    else:
        assert aside[0].read_bytes() == content
    return aside[0]


def _close_notice(app: App) -> None:
    assert isinstance(app.stack.top, NoticeScene)
    app.frame(0.0)
    app.handle_event(key(pygame.K_RETURN))
    assert not isinstance(app.stack.top, NoticeScene)


def _press_practice(app: App) -> None:
    """Press Practice's number on the home screen (a new user has no "Continue lesson",
    so the number depends on the progress stored)."""
    home = next(s for s in app.stack.scenes if isinstance(s, HomeScene))
    app.handle_event(key(pygame.K_1 + [b.label for b in home.buttons].index("Practice")))


def _usable(app: App, lessons: bool = False) -> None:
    """The lesson browser (the stars), a language switch (a save), practice and back."""
    if lessons:
        app.stack.push(LessonBrowserScene(app.services))
        app.frame(0.1)
        app.handle_event(key(pygame.K_ESCAPE))
    app.handle_event(key(pygame.K_F2))
    _press_practice(app)
    for _ in range(5):
        app.frame(0.2)
    app.handle_event(key(pygame.K_ESCAPE))
    app.frame(0.0)
    assert isinstance(app.stack.top, HomeScene)


@pytest.mark.parametrize("name, cases", [(SETTINGS_FILE, SETTINGS_CASES), (PROGRESS_FILE, PROGRESS_CASES)],
                         ids=["settings", "progress"])
def test_a_bad_settings_or_progress_file_is_set_aside_with_a_notice(tmp_path, name, cases) -> None:
    for case, content in cases.items():
        home = tmp_path / case.replace(" ", "_")
        _plant(home, name, content)
        app = App(size=(1280, 800), store=Store(home), language="en")
        app.start("home")
        aside = _kept_aside(home, name, content)
        message = app.stack.top.message() if isinstance(app.stack.top, NoticeScene) else ""
        assert name in message and str(aside) in message, (case, message)
        _close_notice(app)
        _usable(app, lessons=name == PROGRESS_FILE)
        assert Store(home).notices == [], (case, "what the app wrote back loads cleanly")


def test_valid_values_survive_their_invalid_neighbours(tmp_path) -> None:
    home = tmp_path / "home"
    _plant(home, SETTINGS_FILE, SETTINGS_CASES["wrong types and unknown rule"])
    _plant(home, PROGRESS_FILE, _json({"01_table": {"completed": True, "mistakes": 2, "stars": -7},
                                       "02_points": {"completed": True, "mistakes": 0, "stars": 3}}))
    store = Store(home)
    assert store.settings.coach is False and store.settings.language is None
    assert store.settings.rules["kitty_multiplier"] == "twice_cards" and "trumps" not in store.settings.rules
    assert (store.progress["01_table"].completed, store.progress["01_table"].stars) == (True, 0)
    assert store.progress["02_points"].stars == 3
    assert len(store.notices) == 2 and "rules.kitty_multiplier" in store.notices[0].text()
    again = Store(home)
    assert again.notices == [] and again.settings == store.settings and again.progress == store.progress


def test_a_bom_is_accepted_and_unknown_keys_are_kept(tmp_path) -> None:
    home = tmp_path / "home"
    _plant(home, SETTINGS_FILE, b"\xef\xbb\xbf" + _json({"language": "zh_CN", "from_a_newer_app": {"x": [1]}}))
    _plant(home, PROGRESS_FILE, _json({"01_table": {"completed": True, "mistakes": 0, "stars": 2, "seconds": 31}}))
    store = Store(home)
    assert store.notices == [] and store.settings.language == "zh_CN"
    store.settings.coach = False
    store.save_settings()
    store.record_lesson("02_points", completed=True, mistakes=1, stars=3)
    settings = json.loads((home / SETTINGS_FILE).read_text(encoding="utf-8"))
    progress = json.loads((home / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert settings["from_a_newer_app"] == {"x": [1]} and settings["coach"] is False
    assert progress["01_table"]["seconds"] == 31 and progress["02_points"]["stars"] == 3
    assert not list(home.glob("*.corrupt-*"))


@pytest.mark.parametrize("case", list(MATCH_CASES))
def test_a_bad_saved_match_is_set_aside_when_practice_opens(tmp_path, case) -> None:
    content = MATCH_CASES[case]
    home = tmp_path / "home"
    _plant(home, MATCH_FILE, content)
    app = App(size=(1280, 800), store=Store(home), language="en")
    app.start("home")
    assert isinstance(app.stack.top, HomeScene), "the match is read when Practice is pressed"
    _press_practice(app)
    app.frame(0.0)
    aside = _kept_aside(home, MATCH_FILE, content)
    assert isinstance(app.stack.top, NoticeScene)
    message = app.stack.top.message()
    assert MATCH_FILE in message and str(aside) in message and "new match" in message
    _close_notice(app)
    table = app.stack.top
    assert isinstance(table, PracticeTableScene) and table.table.game.hand_number == 1
    for _ in range(5):
        app.frame(0.2)
    app.handle_event(key(pygame.K_ESCAPE))
    resumed = PracticeTableScene(app.services)
    assert resumed.table.game.to_dict() == table.table.game.to_dict(), "the new match was saved and resumes"
    assert app.store.notices == []


def test_the_notice_speaks_the_learners_language(tmp_path) -> None:
    home = tmp_path / "home"
    _plant(home, MATCH_FILE, MATCH_CASES["learner 7"])
    app = App(size=(960, 600), store=Store(home), language="zh_CN")
    app.start("practice")  # the demo does not read the learner's match ...
    assert not isinstance(app.stack.top, NoticeScene)
    app.stack.push(PracticeTableScene(app.services))  # ... Practice does
    app.frame(0.0)
    message = app.stack.top.message()
    assert "match.json" in message and "新的一场" in message
    for layout in app.stack.top.text_layouts():
        assert layout.fits


def test_a_valid_match_resumes_without_a_notice(tmp_path) -> None:
    home = tmp_path / "home"
    _plant(home, MATCH_FILE, _json({**MATCH, "from_a_newer_app": 1}))
    store = Store(home)
    app = App(size=(1280, 800), store=store, language="en")
    app.start("home")
    _press_practice(app)
    app.frame(0.0)
    scene = app.stack.top
    assert isinstance(scene, PracticeTableScene) and app.store.notices == []
    resumed = scene.table.game.to_dict()
    assert resumed["start"] == MATCH["game"]["start"]
    assert resumed["actions"][:len(MATCH["game"]["actions"])] == MATCH["game"]["actions"]
    app.handle_event(key(pygame.K_ESCAPE))
    assert json.loads((home / MATCH_FILE).read_text(encoding="utf-8"))["from_a_newer_app"] == 1


def test_autoplay_never_overwrites_the_match_in_progress(tmp_path) -> None:
    home = tmp_path / "home"
    _plant(home, MATCH_FILE, _json(MATCH))
    before = (home / MATCH_FILE).read_bytes()
    app = App(size=(1280, 800), store=Store(home), language="en")
    scene = PracticeTableScene(app.services, seed=4, autoplay=True)
    app.stack.push(scene)
    for _ in range(3000):
        if not scene.busy:
            break
        app.frame(0.25)
    assert not scene.busy and scene.slot == DEMO_MATCH_FILE
    assert (home / MATCH_FILE).read_bytes() == before
    assert Store(home).load_match(DEMO_MATCH_FILE)["seed"] == 4


# ---------------------------------------------------------------- folders that cannot be written


def _fail(*_args, **_kwargs):
    raise PermissionError(13, "Permission denied")


def _saves_and_quits(app: App) -> None:
    """F2 saves the settings, a lesson result saves progress, leaving the table saves
    the match, quitting saves again: none of it may raise."""
    app.handle_event(key(pygame.K_F2))
    app.store.record_lesson("01_table", completed=True, mistakes=0, stars=3)
    _press_practice(app)
    for _ in range(5):
        app.frame(0.2)
    app.handle_event(key(pygame.K_ESCAPE))
    app.frame(0.0)
    app.store.save_settings()


def test_a_home_that_is_a_file_never_crashes_and_says_so_once(tmp_path) -> None:
    home = tmp_path / "home"
    home.write_text("not a folder", encoding="utf-8")
    app = App(size=(1280, 800), store=Store(home), language="en")
    app.start("home")
    message = app.stack.top.message()
    assert "cannot be saved" in message and "a file, not a folder" in message
    _close_notice(app)
    _saves_and_quits(app)
    assert isinstance(app.stack.top, HomeScene) and app.store.notices == []
    assert home.read_text(encoding="utf-8") == "not a folder"


def test_a_read_only_home_never_crashes_and_says_so_once(tmp_path, monkeypatch) -> None:
    home = tmp_path / "home"
    _plant(home, SETTINGS_FILE, _json({"language": "en", "coach": False}))
    _plant(home, MATCH_FILE, _json(MATCH))
    monkeypatch.setattr(tempfile, "mkstemp", _fail)  # what a read-only folder does to a save
    monkeypatch.setattr(os, "rename", _fail)
    app = App(size=(1280, 800), store=Store(home), language="en")
    app.start("home")
    assert "cannot be saved" in app.stack.top.message() and "permission denied" in app.stack.top.message()
    _close_notice(app)
    _saves_and_quits(app)
    assert app.store.notices == [], "said once, then quiet"
    assert json.loads((home / SETTINGS_FILE).read_text(encoding="utf-8")) == {"language": "en", "coach": False}
    monkeypatch.undo()
    assert app.store.save_settings(), "it keeps trying, and succeeds once it can"


def test_a_folder_named_settings_json_in_a_read_only_home_is_left_alone(tmp_path, monkeypatch) -> None:
    home = tmp_path / "home"
    _plant(home, SETTINGS_FILE, FOLDER)
    monkeypatch.setattr(tempfile, "mkstemp", _fail)
    monkeypatch.setattr(os, "rename", _fail)
    app = App(size=(1280, 800), store=Store(home), language="en")
    app.start("home")
    message = app.stack.top.message()
    assert "a folder, not a file" in message and "left as it is" in message and "cannot be saved" in message
    _close_notice(app)
    _saves_and_quits(app)
    assert (home / SETTINGS_FILE / "inside.txt").read_text(encoding="utf-8") == "kept"


@pytest.mark.parametrize("name", [SETTINGS_FILE, MATCH_FILE])
def test_an_unreadable_file_is_never_overwritten(tmp_path, monkeypatch, name) -> None:
    home = tmp_path / "home"
    content = _json(MATCH) if name == MATCH_FILE else _json({"language": "en"})
    _plant(home, name, content)
    real = os.open
    monkeypatch.setattr(os, "open", lambda path, *args, **kwargs: _fail() if Path(path).name == name
                        else real(path, *args, **kwargs))  # as no permission would (root reads anything)
    app = App(size=(1280, 800), store=Store(home), language="en")
    app.start("home")
    if name == MATCH_FILE:
        _press_practice(app)
        app.frame(0.0)
    assert name in app.stack.top.message() and "will not be overwritten" in app.stack.top.message()
    _close_notice(app)
    _saves_and_quits(app)
    monkeypatch.undo()
    assert (home / name).read_bytes() == content


@pytest.mark.parametrize("case", ["GBK settings", "home is a file"])
def test_the_real_app_starts_with_a_notice(tmp_path, case) -> None:
    home = tmp_path / "home"
    if case == "home is a file":
        home.write_text("x", encoding="utf-8")
    else:
        _plant(home, SETTINGS_FILE, SETTINGS_CASES["not UTF-8 (GBK)"])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SHENGJI_TUTOR_HOME=str(home))
    result = subprocess.run([sys.executable, "main.py", "--lang", "zh", "--screenshot", str(tmp_path / "shot.png")],
                            cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert (tmp_path / "shot.png").exists()
    if case == "GBK settings":
        assert len(list(home.glob("settings.json.corrupt-*"))) == 1


def test_temporary_files_of_killed_saves_are_removed_at_start(tmp_path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    stale = [home / ".settings.json.k1x9q.tmp", home / ".match.json.zz.tmp", home / ".progress.json.a.tmp"]
    for path in stale:
        path.write_text("{half a fi", encoding="utf-8")
    other = home / ".notes.tmp"
    other.write_text("someone else's", encoding="utf-8")
    Store(home)
    assert not any(path.exists() for path in stale) and other.exists()


def test_settings_round_trip_is_unchanged(tmp_path) -> None:
    store = Store(tmp_path)
    store.settings.window_size = (1600, 1000)
    store.save_settings()
    assert Store(tmp_path).settings == store.settings != Settings()
    i18n.set_language("en")
