"""The shipped lessons: nine lessons, the guided hand and the final check load in the index's order,
pass the check under every rule option, teach before they test, and give the learner
enough to do on the cards."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from engine import Rules
from tutor.lessons import Lesson, load_all
from tutor.lessons.__main__ import main
from tutor.lessons.drills import generate
from tutor.lessons.reference import load_reference
from tutor.lessons.steps import CardTask, Choose, Drill, Quiz, Task
from tutor.lessons.teaching import problems as teaching_problems

LESSONS = [x for x in load_all() if isinstance(x, Lesson)]


def test_nine_lessons_the_guided_hand_the_later_lessons_and_the_final_check_in_order() -> None:
    later = ["11", "12", "13", "14", "15", "16", "17", "18"]
    other_games = ["19", "20", "21"]
    assert [x.id for x in load_all()] == [f"{n:02d}" for n in range(1, 10)] + ["hand", *later, "10", *other_games]
    assert all(x.available for x in load_all())


def test_the_whole_set_passes_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    """Every lesson under every rule option, the index, the reference and the teaching
    order under every option, as ``python -m tutor.lessons check`` runs it."""
    assert main(["check"]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.strip() == "24 file(s) OK"


def test_no_rule_is_needed_before_it_is_taught() -> None:
    """The teaching-order check: every rule idea a task needs (the guided hand's stops
    too) was on an earlier screen, every term is used only from its definition on
    (goal: none)."""
    rules = Rules()
    reference, _problems = load_reference()
    lessons = [x for x in load_all(rules=rules) if x.available]
    assert [str(p) for p in teaching_problems(lessons, reference, rules)] == []


def test_seat_labels_are_defined_before_a_screen_draws_them() -> None:
    """Lesson 1's first screen draws the seats and defines 对家, 上家 and 下家; a screen
    that draws the seats before that definition is reported, even if its text never
    names them."""
    reference, _problems = load_reference()
    first = LESSONS[0]
    assert first.steps[0].table and "next_player" in first.steps[0].defines
    question = first.steps[1]
    assert isinstance(question, Choose) and not question.table
    early = replace(first, steps=(replace(question, table=True),))
    found = [str(p) for p in teaching_problems([early], reference, Rules())]
    assert any("'对家'" in p or "'下家'" in p for p in found), found
    assert not [p for p in teaching_problems([replace(first, steps=(question,))], reference, Rules())
                if "next_player" in str(p)]


def interactive(lesson: Lesson, rules: Rules) -> int:
    """Tasks done on the cards: select, play, lead, declare, bury (a drill of them counts)."""
    count = 0
    for step in lesson.steps_for(rules):
        if isinstance(step, CardTask):
            count += 1
        elif isinstance(step, Drill) and isinstance(generate(step.generator, 0, rules), CardTask):
            count += 1
    return count


@pytest.mark.parametrize("lesson", LESSONS[:9], ids=lambda x: x.id)
def test_each_lesson_is_done_on_the_cards(lesson: Lesson) -> None:
    rules = Rules()
    steps = lesson.steps_for(rules)
    assert interactive(lesson, rules) >= 4
    assert sum(isinstance(s, (Task, Drill)) for s in steps) >= 6
    assert any(isinstance(s, Drill) for s in steps), "every lesson drills its idea"
    assert steps[-1].kind == "recap"


def test_the_final_check_asks_ten_questions_from_every_lesson() -> None:
    final = next(x for x in LESSONS if x.id == "10")
    quiz = next(s for s in final.steps if isinstance(s, Quiz))
    assert quiz.count == 10 and len(quiz.pool) >= 10


def test_every_task_states_its_answer() -> None:
    for lesson in LESSONS:
        for step in lesson.steps:
            if isinstance(step, Choose):
                assert step.expect in [o.value for o in step.options], (lesson.id, step.line)
            elif isinstance(step, CardTask):
                assert step.expect, (lesson.id, step.line)


def test_option_guarded_steps_follow_the_rules() -> None:
    """Lesson 3 explains constant twos only when the option is on: among the trumps,
    and again in no-trump."""
    lesson = LESSONS[2]
    off = [s.text for s in lesson.steps_for(Rules())]
    on = [s.text for s in lesson.steps_for(Rules(constant_twos=True))]
    assert len(on) == len(off) + 2
    assert any(t and "twos are always trumps" in t for t in on)
    assert not any(t and "twos are always trumps" in t for t in off)


def test_lessons_do_not_import_pygame() -> None:
    """The model, rules, loader and feedback run without a display."""
    code = "import sys, tutor.lessons, tutor.lessons.reference, tutor.lessons.teaching; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_generated_tricks_replay_as_one_hand() -> None:
    """The counting drill's tricks are consecutive tricks of a hand: each led by the
    last winner, with no tie that only "first played wins" (taught later) settles."""
    from tutor.lessons.model import context_for
    from tutor.lessons.replay import replay_problems
    from tutor.lessons.ideas import ties

    rules = Rules()
    for seed in range(30):
        task = generate("count_points", seed, rules)
        ctx = context_for(task, rules)
        assert replay_problems(task.tricks, ctx) == [], seed
        assert not any(ties([list(p or ()) for p in t.plays], ctx) for t in task.tricks), seed


def test_the_header_and_the_star_rule_are_part_of_the_teaching_check() -> None:
    """A header is words the screen shows: "no-trump" in it before no-trump is defined
    is reported; cards shown by printed suit after the ★ screen are reported unless
    finding the trumps is the task."""
    from tutor.lessons.model import Position

    reference, _problems = load_reference()
    three = LESSONS[2]
    level, trumps, star = three.steps[:3]
    no_trump = replace(star, teaches=(), defines=(), position=Position("9", None))
    found = [str(p) for p in teaching_problems([replace(three, steps=(level, trumps, star, no_trump))],
                                               reference, Rules())]
    assert any("'no-trump'" in p or "'无主'" in p for p in found), found
    follow = next(s for s in three.steps if s.kind == "play_trick")
    printed = replace(follow, sort="printed")
    found = [str(p) for p in teaching_problems([replace(three, steps=(level, trumps, star, printed))],
                                               reference, Rules())]
    assert any("without ★" in p for p in found), found
    pick = next(s for s in three.steps if getattr(s, "answer", None) == "all_trumps")
    assert not [p for p in teaching_problems([replace(three, steps=(level, trumps, star, pick))], reference, Rules())
                if "without ★" in str(p)]
