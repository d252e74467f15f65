"""Any byte in any data file or in the path of the data folder: the app starts, shows
what it has to say, saves and quits without a traceback (``tutor.datafiles``,
``tutor.glyphs``).  The property tests run a share of their examples in ``make test``
and twenty times that in ``make soak`` (``tests/volume.py``)."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.volume import examples
from tutor.app import App
from tutor.datafiles import printable
from tutor.fonts import Fonts
from tutor.glyphs import REPLACEMENT, drawable
from tutor.scenes import NoticeScene
from tutor.settings import MATCH_FILE, PROGRESS_FILE, SETTINGS_FILE, Store
from tutor.text import layout_text

from .conftest import key

LONE = "\ud800"
POSIX = sys.platform != "win32"


def _escaped(data: object) -> bytes:
    """JSON as an editor or another program may write it: ``\\ud800`` escapes allowed."""
    return json.dumps(data, ensure_ascii=True).encode("ascii")


def _run(app: App) -> None:
    """Start, read every notice, switch the language (a save), record a lesson, open the
    table and leave it (the match is saved), quit (the settings are saved)."""
    app.start("home")
    for _ in range(3):
        app.frame(0.0)
        if isinstance(app.stack.top, NoticeScene):
            app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_F2))
    app.frame(0.0)
    app.store.record_lesson("01_table", completed=True, mistakes=0, stars=3)
    app.store.save_match({"format": 1, "note": LONE})
    app.store.save_settings()


@pytest.mark.parametrize("name, content", [
    (SETTINGS_FILE, {"language": "en", LONE: 1}),
    (PROGRESS_FILE, {"01_table": {"completed": True, "mistakes": 0, "stars": 1, LONE: LONE}}),
    (MATCH_FILE, {"format": 1, LONE: [LONE]}),
])
def test_a_lone_surrogate_in_a_file_is_saved_again(tmp_path, name, content) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / name).write_bytes(_escaped(content))
    store = Store(home)
    assert store.save_settings() and store.save_progress()
    assert store.save_match(store.load_match() or {"format": 1})
    assert store.record_lesson("02_points", completed=True, mistakes=1, stars=2).completed
    assert store.notices == []
    again = json.loads((home / name).read_bytes())
    assert LONE in json.dumps(again, ensure_ascii=False) or LONE in again, "the unknown key is kept as it was"


def test_a_data_folder_whose_name_is_too_long_starts_and_says_so(tmp_path) -> None:
    """``Path.exists`` raises for a name over 255 bytes (and for a folder that cannot be
    entered): the start-up must not."""
    home = tmp_path / ("x" * 300) / "home"
    app = App(size=(960, 600), store=Store(home), language="en")
    app.start("home")
    assert isinstance(app.stack.top, NoticeScene)
    assert "cannot be saved" in app.stack.top.message() and "too long" in app.stack.top.message()
    _run(app)


@pytest.mark.skipif(not POSIX, reason="file names are bytes on POSIX only")
def test_a_data_folder_named_in_bytes_that_are_not_utf8_is_shown_printably(tmp_path) -> None:
    home = Path(os.fsdecode(os.fsencode(tmp_path) + b"/h\xff\xfeme"))
    home.write_bytes(b"a file where the folder should be")
    app = App(size=(960, 600), store=Store(home), language="zh_CN")
    app.start("home")
    app.frame(0.0)  # the notice quoting the path is drawn
    message = app.stack.top.message()
    assert "h\\xff\\xfeme" in message and printable(home) in message
    _run(app)


def test_every_drawn_string_passes_through_drawable() -> None:
    fonts = Fonts()
    for text in (LONE, "a\x00b", "\udcff路径", "\U0001F600", "tab\there"):
        assert fonts.render(text, 20, (0, 0, 0)).get_height() > 0
        assert layout_text(fonts, text, 20, 300).lines
    assert drawable("a\ud800b\x00中") == f"a{REPLACEMENT}b{REPLACEMENT}中"
    assert drawable("♠A 庄家\n10 分") == "♠A 庄家\n10 分"


def test_the_list_of_characters_matches_the_font() -> None:
    """``glyphs.shown`` is the font's own character map (``tools/make_font_subset.sh``)."""
    from fontTools.ttLib import TTFont

    from tutor.glyphs import LAID_OUT, shown
    from tutor.resources import FONT

    assert shown() - LAID_OUT == {chr(c) for c in TTFont(str(FONT)).getBestCmap()}


# ---------------------------------------------------------------- property tests

_text = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=12)
_json_value = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | _text,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
                           max_leaves=8)
_content = st.one_of(
    st.binary(max_size=200),
    st.dictionaries(_text, _json_value, max_size=5).map(_escaped),
    st.dictionaries(st.sampled_from(["language", "rules", "coach", "window_size", "01_table"]) | _text,
                    _json_value, max_size=5).map(_escaped),
)


@settings(examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(files=st.fixed_dictionaries({SETTINGS_FILE: _content, PROGRESS_FILE: _content, MATCH_FILE: _content}),
       folder=st.binary(min_size=1, max_size=12))
def test_any_bytes_in_the_files_and_the_folder_name_start_save_and_quit(tmp_path_factory, files, folder) -> None:
    base = tmp_path_factory.mktemp("home")
    name = folder.replace(b"/", b"_").replace(b"\x00", b"_")
    if not POSIX:
        name = name.decode("ascii", "replace").encode("ascii", "replace")
    home = Path(os.fsdecode(os.fsencode(base) + b"/" + (name if name not in (b".", b"..") else b"_")))
    home.mkdir()
    for file, content in files.items():
        (home / file).write_bytes(content)
    app = App(size=(960, 600), store=Store(home), language="en")
    _run(app)
    assert Store(home).progress["01_table"].completed, "what was saved is there at the next start"
    for path in home.iterdir():
        if path.name.startswith(SETTINGS_FILE) or path.name.startswith(PROGRESS_FILE):
            assert stat.S_ISREG(path.stat().st_mode)


LESSON = """title: "T"
summary: "S"
concept: "C"
level: 8
trump: NT
steps:
  - kind: narration
    heading: "H"
    text: "{text}"
"""


@settings(examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_text, raw=st.binary(max_size=64))
def test_any_text_or_bytes_in_a_lesson_is_refused_or_drawable(tmp_path, text, raw) -> None:
    """A lesson the checker passes holds only text the app can draw."""
    from tutor.lessons.loader import read_lesson
    from tutor.lessons.model import Lesson

    escaped = json.dumps(text)[1:-1]  # a YAML double-quoted string takes JSON's escapes
    for content in (LESSON.replace("{text}", escaped).encode("utf-8"), raw, LESSON.encode("utf-8") + raw):
        path = tmp_path / "50_any.yaml"
        path.write_bytes(content)
        lesson = read_lesson(path, "50")
        if isinstance(lesson, Lesson):
            assert all(drawable(t) == t for step in lesson.steps for t in step.texts())
