"""What a lesson shows is what a table shows, on every step of every lesson: the plays
after the learner's are face down until the learner has played, no card carries ★
while trumps are not chosen (nor before the screen that teaches trumps), and the
"Level · trumps" header stands over every step that shows cards from that screen on,
saying what the declaration on the table makes trumps while the deal is open."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Iterator  # noqa: E402

import pytest  # noqa: E402

from engine import Rules  # noqa: E402
from tutor.app import App  # noqa: E402
from tutor.lessons import Lesson, LessonRun, default_library  # noqa: E402
from tutor.lessons.feedback import tr  # noqa: E402
from tutor.lessons.steps import Declare, Drill, PlayTrick, board_cards  # noqa: E402
from tutor.scenes.lessons.card_task import CardTaskView  # noqa: E402
from tutor.settings import Store  # noqa: E402

RULES = Rules()
LIBRARY = default_library()
LESSONS = [x for x in LIBRARY.lessons(RULES) if isinstance(x, Lesson)]


def runs() -> Iterator[tuple[str, LessonRun]]:
    """A run at every step of every lesson (a drill at its first positions too)."""
    for lesson in LESSONS:
        run = LessonRun(lesson, RULES, seed=3, known=LIBRARY.ideas_before(lesson.id, RULES))
        for i in range(len(run.steps)):
            run.go(i)
            yield f"{lesson.id}-{i + 1:02d}", run
            if isinstance(run.step, Drill):
                for _ in range(2):
                    run.state.task, run.state.revealed = None, False
                    yield f"{lesson.id}-{i + 1:02d}", run


def test_later_plays_are_face_down_until_the_learner_has_played(tmp_path) -> None:
    app = App(size=(960, 600), store=Store(tmp_path), language="en")
    view = CardTaskView(app.services, lambda _a: None, lambda: None)
    seen = 0
    for where, run in runs():
        task = run.task
        if not isinstance(task, PlayTrick) or task.trick is None:
            continue
        seen += 1
        yours = task.trick.your_index or 0
        before = {task.trick.seat_of(i) for i in range(yours)}
        view.load(run)
        assert {seat for seat, _cards in view.trick.faces()} == before, where
        right = task.expect[0]
        run.answer(list(right))
        view.load(run)
        assert {seat for seat, _cards in view.trick.faces()} == {0, 1, 2, 3}, where
        run.states[run.index].__init__()  # type: ignore[misc]
        run.feedback = None
    assert seen >= 20


def test_a_four_deck_call_stays_face_down_for_the_other_seats(tmp_path) -> None:
    """Four decks call trumps face down (暗叫): another seat's call shows its backs and
    the header says how many cards it has, never its suit, before and after the answer."""
    app = App(size=(960, 600), store=Store(tmp_path), language="en")
    view = CardTaskView(app.services, lambda _a: None, lambda: None)
    seen = 0
    for where, run in runs():
        task = run.task
        if not isinstance(task, Declare) or task.shown is None or task.shown[0] == 0:
            continue
        hidden = run.ctx.rules.variant.hidden_calls
        seen += hidden
        for answered in (False, True):
            view.load(run)
            assert (task.shown[0] in {seat for seat, _cards in view.trick.faces()}) is not hidden, where
            if hidden and not answered:
                assert tr(run.header()) == f"Level {task.position.level} · a face-down call of {len(task.shown[1])} cards"
            run.answer(list(task.expect[0]))
        run.states[run.index].__init__()  # type: ignore[misc]
        run.feedback = None
    assert seen == 1


def test_no_star_before_trumps_are_taught_or_while_they_are_undecided() -> None:
    for where, run in runs():
        target = run.task or run.step
        position = getattr(target, "position", None)
        if position is not None and (not position.decided or not run.taught("trumps")):
            assert run.display_ctx is None, where
        elif position is not None and target.sort != "printed":
            assert run.display_ctx is not None, where


def test_the_header_stands_over_every_card_step_from_the_trumps_screen_on() -> None:
    shown, named = 0, set()
    for where, run in runs():
        target = run.task or run.step
        line = tr(run.header())
        cards = bool(board_cards(target)) or isinstance(target, Declare)
        if not run.taught("trumps") or getattr(target, "position", None) is None or not cards:
            assert not line, where
            continue
        shown += 1
        named.add(where)
        level = target.position.level
        assert line.startswith((f"Level {level} · trumps", f"Level {level} · a face-down call")), where
        if target.position.decided:
            assert "for now" not in line and "not chosen" not in line, where
    assert shown > 90
    # steps where the trumps decide the answer though no trump is on the table
    assert {"05-01", "05-07", "05-09", "05-15", "06-01", "06-11", "06-14", "07-11", "08-07", "08-09",
            "08-10"} <= named


def test_the_header_says_what_a_declaration_makes_trumps() -> None:
    lesson = next(x for x in LESSONS if x.id == "04")
    run = LessonRun(lesson, RULES, known=LIBRARY.ideas_before("04", RULES))
    lines = []
    for i, step in enumerate(run.steps):
        run.go(i)
        if isinstance(step, Declare):
            before = tr(run.header())
            run.answer(list(step.expect[0]))
            lines.append((before, tr(run.header())))
    assert lines[0] == ("Level 5 · trumps not chosen yet", "Level 5 · trumps for now: hearts")
    assert lines[1] == ("Level 5 · trumps for now: clubs", "Level 5 · trumps for now: diamonds")
    assert lines[2] == ("Level 5 · trumps for now: clubs", "Level 5 · trumps for now: clubs")  # a pass
    assert lines[3][1] == "Level 5 · trumps for now: no-trump"


@pytest.mark.parametrize("lesson_id", ["01", "02"])
def test_lessons_before_trumps_name_no_level_and_no_trump(lesson_id: str) -> None:
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    run = LessonRun(lesson, RULES, known=LIBRARY.ideas_before(lesson_id, RULES))
    for i in range(len(run.steps)):
        run.go(i)
        assert run.header() is None and run.display_ctx is None
