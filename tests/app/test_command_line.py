"""The command line of ``main.py``: every mistake is one line naming the argument and
what it accepts, exit code 2, no traceback; the scenes it opens; the window title."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine.game import SEED_LIMIT
from tutor import i18n, resources
from tutor.app import MAX_SIZE, App, check_args, main, make_parser
from tutor.scenes import SCENES
from tutor.theme import MIN_SIZE

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], home: Path, *, module: bool = False) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SHENGJI_TUTOR_HOME=str(home))
    command = [sys.executable, "-m", "tutor"] if module else [sys.executable, "main.py"]
    return subprocess.run([*command, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


MISTAKES = [
    (["--seed", "-1"], "argument --seed:", f"from 0 to {SEED_LIMIT - 1}"),
    (["--seed", str(SEED_LIMIT)], "argument --seed:", f"from 0 to {SEED_LIMIT - 1}"),
    (["--seed", "seven"], "argument --seed:", f"from 0 to {SEED_LIMIT - 1}"),
    (["--size", "800x500"], "argument --size:", "from 960x600 to 7680x4320"),
    (["--size", "10000x10000"], "argument --size:", "from 960x600 to 7680x4320"),
    (["--size", "big"], "argument --size:", "1280x800"),
    (["--lang", "fr"], "argument --lang:", "zh or en"),
    (["--scene", "nowhere"], "argument --scene:", "'review'"),
    (["--deal", "XYZ"], "argument --deal:", "expected 10 or 12"),
    (["--decks", "5"], "argument --decks:", "1, 2, 3, 4"),
    (["--screenshot", "shot.txt"], "argument --screenshot:", ".png"),
    (["--lesson", "03"], "argument --lesson:", "only with --scene lesson"),
    (["--scene", "lesson", "--lesson", "99"], "argument --lesson:", "01, 02"),
    (["--scene", "lesson", "--step", "2"], "argument --step:", "--lesson ID"),
    (["--scene", "lesson", "--lesson", "03", "--step", "0"], "argument --step:", "from 1"),
    (["--scene", "lesson", "--lesson", "03", "--step", "999"], "argument --step:", "steps 1 to"),
    (["--scene", "lesson", "--lesson", "hand", "--step", "99"], "argument --step:", "lesson hand has steps 1 to"),
    (["--autoplay", "--bogus"], "unrecognized arguments: --bogus", "--help"),
]


@pytest.mark.parametrize("args, argument, accepted", MISTAKES, ids=[" ".join(m[0]) for m in MISTAKES])
def test_a_mistake_is_one_line_and_exit_2(capsys, monkeypatch, args, argument, accepted):
    monkeypatch.setattr(sys, "argv", ["main.py"])
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 1, err
    assert lines[0].startswith("main.py: error: ") and argument in lines[0] and accepted in lines[0], lines[0]


@pytest.mark.parametrize("args", [["--seed", "-1"], ["--scene", "lesson", "--lesson", "03", "--step", "999"]])
def test_as_a_process_a_mistake_is_one_line_without_traceback(tmp_path, args):
    result = run(args, tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr


def test_a_screenshot_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(SystemExit) as stop:
        main(["--screenshot", str(blocker / "shots" / "x.png")])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and len(err.splitlines()) == 1
    assert "argument --screenshot: cannot create the folder" in err


def test_a_screenshot_folder_that_cannot_be_written_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["--screenshot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and len(err.splitlines()) == 1
    assert f"argument --screenshot: cannot write into the folder {tmp_path}" in err


def test_a_screenshot_into_missing_folders_creates_them(tmp_path):
    out = tmp_path / "not" / "yet" / "there.png"
    result = run(["--scene", "lesson", "--lesson", "02", "--step", "3", "--lang", "zh", "--screenshot", str(out)],
                 tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert out.is_file() and "saved" in result.stderr


def test_help_lists_each_choice_once_and_every_scene():
    text = make_parser().format_help()
    assert "{zh,en}" in text and "zh_CN" not in text
    scenes = "{" + ",".join(sorted(SCENES)) + "}"
    assert scenes in text and "review" in SCENES and "lesson" in SCENES
    assert f"{MAX_SIZE[0]}x{MAX_SIZE[1]}" in text and f"{MIN_SIZE[0]}x{MIN_SIZE[1]}" in text
    assert str(SEED_LIMIT - 1) in text


def test_python_dash_m_tutor_is_the_same_command(tmp_path):
    result = run(["--help"], tmp_path, module=True)
    assert result.returncode == 0 and result.stdout.startswith("usage: python -m tutor")


def test_the_largest_and_smallest_sizes_are_accepted():
    parser = make_parser()
    for size in (MIN_SIZE, MAX_SIZE):
        assert parser.parse_args(["--size", f"{size[0]}x{size[1]}"]).size == size


def test_lesson_and_step_open_that_step(store):
    parser = make_parser()
    args = parser.parse_args(["--scene", "lesson", "--lesson", "05", "--step", "7"])
    check_args(parser, args, store)
    app = App(size=(960, 600), store=store, language="en")
    app.options = args
    app.start("lesson")
    scene = app.stack.top
    assert scene.lesson.id == "05" and scene.run.index == 6


def test_the_guided_hand_opens_at_its_moment(store):
    """``--lesson hand --step N``: the table, paused at the guided hand's moment N."""
    from tutor.scenes.first_hand import GuidedHandScene

    parser = make_parser()
    args = parser.parse_args(["--scene", "lesson", "--lesson", "hand", "--step", "3"])
    check_args(parser, args, store)
    app = App(size=(960, 600), store=store, language="en")
    app.options = args
    app.start("lesson")
    scene = app.stack.top
    assert isinstance(scene, GuidedHandScene) and scene.table_guided.pending is args.lesson.moments[2]


def test_review_demo_has_differences_to_show(make_app):
    app = make_app()
    app.options = make_parser().parse_args(["--scene", "review"])
    app.start("review")
    review = app.stack.top
    assert type(review).__name__ == "ReviewScene" and review.notes


def test_window_title_follows_the_language(make_app):
    app = make_app(language="zh_CN")
    assert pygame.display.get_caption()[0] == "升级教练"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
    app.frame(0.0)
    assert i18n.language() == "en" and pygame.display.get_caption()[0] == "Shengji Tutor"


def test_the_icon_is_a_square_picture():
    icon = pygame.image.load(str(resources.ICON))
    assert icon.get_width() == icon.get_height() >= 128


@pytest.mark.parametrize("code, decks", [("1000-0000-51E", 1), ("00000-00518", 2), ("3200-0000-51M", 3),
                                         ("4040-0000-51X", 4)])
def test_a_deal_code_of_every_game_is_taken(code: str, decks: int) -> None:
    """The practice table plays every game: a deal code of three decks is no mistake."""
    from engine import dealcode

    args = make_parser().parse_args(["--scene", "practice", "--deal", code])
    assert args.deal == code and dealcode.decode(code).rules.decks == decks
