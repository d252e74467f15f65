"""The shipped lessons: all nine load, pass the check under every rule option, and
teach with real positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Rules
from tutor.lessons import Lesson, load_all
from tutor.lessons.__main__ import VARIANTS, check_file, main
from tutor.lessons.loader import lesson_paths
from tutor.lessons.model import Task

PATHS = lesson_paths()


def test_nine_lessons_in_order() -> None:
    assert [p.name[:2] for p in PATHS] == [f"{n:02d}" for n in range(1, 10)]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_lesson_passes_the_check(path: Path) -> None:
    assert [str(p) for p in check_file(path)] == []


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_every_lesson_loads_and_has_tasks(options: dict) -> None:
    lessons = load_all(rules=Rules(**options))
    assert all(isinstance(lesson, Lesson) for lesson in lessons), [getattr(x, "message", "") for x in lessons]
    for lesson in lessons:
        steps = lesson.steps_for(Rules(**options))
        assert sum(isinstance(s, Task) for s in steps) >= 4, lesson.id
        assert steps[-1].kind == "recap", lesson.id


def test_check_command_passes_on_shipped_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    assert "10 file(s) OK" in capsys.readouterr().out


def test_option_guarded_steps_follow_the_rules() -> None:
    """Lesson 3 explains constant twos only when the option is on."""
    lesson = next(x for x in load_all() if x.id == "03")
    assert isinstance(lesson, Lesson)
    off = [s.text for s in lesson.steps_for(Rules())]
    on = [s.text for s in lesson.steps_for(Rules(constant_twos=True))]
    assert len(on) == len(off) + 1
    assert any(t and "constant twos" in t for t in on)
    assert not any(t and "constant twos" in t for t in off)


def test_lessons_and_hints_do_not_import_pygame() -> None:
    """The model, rules, loader and hints run without a display (the AI and tools use them)."""
    import subprocess
    import sys

    code = "import sys, tutor.lessons, tutor.lessons.reference, tutor.hints; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
