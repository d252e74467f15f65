"""Model answers that are good plays (``tutor.lessons.proof``): the checker proves every
strategy task's answers with the coach's review and the search advisor, and the model
answer of every play task with several right answers; the verdicts kept in
``lessons/proofs.json`` match the lessons as they are."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from engine import Rules, parse_cards
from tutor.lessons import Lesson, load_all
from tutor.lessons.__main__ import check_file
from tutor.lessons.loader import read_lesson
from tutor.lessons.model import answer_key, context_for
from tutor.lessons import proof
from tutor.lessons.session import LessonRun
from tutor.lessons.steps import CardTask, PlayTrick

FIXTURE = Path(__file__).parent / "good_plays.yaml"


def fixture_steps() -> list[CardTask]:
    lesson = read_lesson(FIXTURE, "76")
    assert isinstance(lesson, Lesson), lesson
    return [s for s in lesson.steps if isinstance(s, CardTask)]


def answers(*plays: str) -> tuple:
    return tuple(answer_key(parse_cards(p)) for p in plays)


def test_the_fixture_is_proved() -> None:
    """Feeding ♣10 to the partner's sure trick is the best play, every other play is
    clearly worse; the model answer ♦6 ♣6 keeps the trump pair whole."""
    assert check_file(FIXTURE) == []


def test_a_model_answer_the_advisor_beats_is_rejected() -> None:
    feed = fixture_steps()[0]
    planted = replace(feed, expect=answers("C3"))
    found = proof.prove(planted, context_for(planted, Rules()))
    assert not found.proved
    assert any("C3 is beaten: C10" in p for p in found.problems), found.problems
    assert any(p.startswith("C10 is the advisor's choice") for p in found.problems), found.problems


def test_a_right_answer_the_review_flags_is_rejected() -> None:
    """The opponent's ♦A wins whatever you play last: ♦K gives 10 points the review names."""
    feed = fixture_steps()[0]
    assert feed.trick is not None
    trick = replace(feed.trick, leader=1, plays=(tuple(parse_cards("DA")), tuple(parse_cards("D3")),
                                                 tuple(parse_cards("D6")), None))
    step = replace(feed, hand=tuple(parse_cards("DK D4 C4")), trick=trick, expect=answers("DK"))
    found = proof.prove(step, context_for(step, Rules()))
    assert any(p.startswith("the review flags DK (gave_points, D4 avoids it)") for p in found.problems), \
        found.problems


def test_a_model_answer_the_advisor_beats_among_the_right_ones_is_rejected() -> None:
    """A legal-follow task shows its first answer as the model: ♣3 shown first, where
    ♣10 feeds the partner's sure trick, is rejected; ♣10 first passes."""
    feed = fixture_steps()[0]
    legal = answers("C3", "C10", "D4", "H6")
    lesson = Lesson("76", str(FIXTURE), "t", "s", "c", (replace(feed, answer="legal_follow", expect=legal),))
    problems = [str(p) for p in proof.lesson_problems(lesson, Rules(), None)]
    assert problems and "model answer: C3 is beaten: C10" in problems[0], problems
    good = replace(lesson, steps=(replace(feed, answer="legal_follow", expect=legal[1:2] + legal[:1] + legal[2:]),))
    assert proof.lesson_problems(good, Rules(), None) == []


def test_every_judged_step_has_a_proved_verdict_for_its_content() -> None:
    """``lessons/proofs.json`` holds a proved verdict for every strategy task and model
    answer as the lessons are now (after editing one: ``python -m tutor.lessons prove``)."""
    cache = proof.load_cache()
    rules = Rules()
    judged = 0
    for lesson in load_all(rules=rules):
        if not isinstance(lesson, Lesson):
            continue
        for i, step in enumerate(lesson.steps):
            if proof.judged(step):
                judged += 1
                key = proof.step_key(step, context_for(step, rules))  # type: ignore[arg-type]
                assert key in cache, f"{lesson.id} step {i + 1}: no verdict (run python -m tutor.lessons prove)"
                assert cache[key].proved, f"{lesson.id} step {i + 1}: {cache[key].problems}"
    assert judged >= 9


STRATEGY_LESSONS = ("11", "12", "13", "14", "15", "16")
"""The lessons on playing well: most of their tasks ask for a good play."""


def test_every_strategy_lesson_asks_mostly_for_proved_plays() -> None:
    """A lesson on playing well teaches by good plays the advisor proves, not by rule
    questions alone (counting, 13, keeps a few counting questions beside its plays)."""
    cache = proof.load_cache()
    rules = Rules()
    found = {x.id: x for x in load_all(rules=rules)}
    for lesson_id in STRATEGY_LESSONS:
        lesson = found[lesson_id]
        assert isinstance(lesson, Lesson), lesson
        tasks = sum(1 for s in lesson.steps_for(rules) if isinstance(s, CardTask))
        strategy, proved = proof.tally(lesson, rules, cache)
        assert proved == strategy and 2 * strategy > tasks, (lesson_id, tasks, strategy, proved)


def test_a_changed_step_needs_a_new_proof() -> None:
    step = fixture_steps()[0]
    ctx = context_for(step, Rules())
    assert proof.step_key(step, ctx) != proof.step_key(replace(step, hand=step.hand[:-1]), ctx)
    assert proof.step_key(step, ctx) == proof.step_key(replace(step, goal="other words"), ctx)


def test_the_feedback_names_the_other_right_answers(language: str) -> None:
    """01-11: ♦9 and ♦4 are both right; answering one names the other."""
    lesson = next(x for x in load_all() if x.id == "01")
    run = LessonRun(lesson)
    run.index = next(i for i, s in enumerate(run.steps) if isinstance(s, PlayTrick))
    feedback = run.answer(list(parse_cards("D4")))
    assert feedback is not None and feedback.correct
    line = feedback.lines()[-1]
    assert "♦9" in line and "♦4" not in line
    assert line.startswith("Also right" if language == "en" else "也对")


@pytest.mark.soak  # proves every lesson again
def test_the_kept_verdicts_are_what_the_proofs_find_now() -> None:
    """Every judged step proved afresh gives the verdict kept for it (the advisor may
    have changed under the lessons)."""
    cache = proof.load_cache()
    rules = Rules()
    for lesson in load_all(rules=rules):
        if isinstance(lesson, Lesson):
            for step in lesson.steps:
                if proof.judged(step):
                    ctx = context_for(step, rules)
                    fresh = proof.prove(step, ctx)  # type: ignore[arg-type]
                    assert fresh == cache[proof.step_key(step, ctx)]  # type: ignore[arg-type]


BURY = """title: t
summary: s
concept: c
level: 4
trump: D
steps:
  - kind: select_cards
    goal: "Bury 8 cards safely."
    hand: "BJ LJ D4 S4 H4 DA DK DQ D10 D9 D7 D5 D3 D2 SK S10 S5 HK H10 H5 CK C10 C5 SA SQ S9 S3 H8 H7 H6 C9 C7 C3"
    count: 8
    answer: safe_bury
    expect: {pick: 8, from: "FROM"}
"""


@pytest.mark.parametrize("written, shown_ok", [("C3 C7 C9 H6 H7 H8 S3 S9 SQ SA", True),
                                               ("SA SQ S9 S3 H8 H7 H6 C9 C7 C3", False)])
def test_the_burial_shown_buries_small_cards(tmp_path: Path, written: str, shown_ok: bool) -> None:
    """09-03 as it was showed ♠A ♠Q buried right after "bury small side cards"."""
    path = tmp_path / "09_bury.yaml"
    path.write_text(BURY.replace("FROM", written), encoding="utf-8")
    lesson = read_lesson(path, "09")
    found = [] if isinstance(lesson, Lesson) else [str(p) for p in lesson.problems]
    assert (found == []) is shown_ok, found
    if not shown_ok:
        assert "the answer shown buries S3 S9 SQ SA H6 H7 H8 C9" in found[0]


def test_a_drill_shows_a_burial_that_empties_a_suit_or_keeps_the_high_cards() -> None:
    from tutor.lessons.drills import generate
    from tutor.lessons.hand_rules import SafeBury

    rule = SafeBury()
    for seed in range(20):
        task = generate("bury_safely", seed, Rules())
        ctx = context_for(task, Rules())
        assert isinstance(task, CardTask)
        best = min(rule.merit(task, ctx, a) for a in task.expect)
        assert rule.merit(task, ctx, task.expect[0]) == best


def test_the_kept_verdicts_are_read_only_from_a_regular_file(tmp_path) -> None:
    """A device or a FIFO in the cache's place is refused before it is read (it would
    never end), and the checker proves again instead."""
    from tutor.lessons.proof import load_cache

    fifo = tmp_path / "proofs.json"
    os.mkfifo(fifo)
    assert load_cache(fifo) == {}
    assert load_cache(Path("/dev/zero")) == {}
