"""An automated learner works through every lesson with ``LessonRun`` (what the lesson
player drives): first a deliberately wrong answer, which must be refused with an
explanation, then a right one, in both languages and under the rule options."""

from __future__ import annotations

import pytest

from engine import Rules, parse_cards
from tutor.lessons import Lesson, LessonRun, load_all
from tutor.lessons.model import Choose
from tutor.lessons.rules import CARD_RULES, correct_options

LESSONS = [lesson for lesson in load_all() if isinstance(lesson, Lesson)]


def right_answer(run: LessonRun) -> list | int:
    step = run.step
    if isinstance(step, Choose):
        return min(correct_options(step, run.ctx))
    return CARD_RULES[step.answer].answers(step, run.ctx)[0]


def wrong_answer(run: LessonRun) -> list | int:
    step = run.step
    if isinstance(step, Choose):
        return min(set(range(len(step.options))) - correct_options(step, run.ctx))
    return CARD_RULES[step.answer].wrong_answer(step, run.ctx)


@pytest.mark.parametrize("options", [{}, {"constant_twos": True}, {"kitty_multiplier": "power"},
                                     {"self_override": True}])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_learner_completes_every_lesson(lesson: Lesson, options: dict, language: str) -> None:
    run = LessonRun(lesson, Rules(**options))
    while True:
        if run.is_task:
            assert not run.can_advance()
            assert not run.next(), "an unsolved task must hold the learner"
            wrong = run.answer(wrong_answer(run))
            assert not wrong.correct
            assert wrong.lines() and all(wrong.lines()), f"{lesson.id} step {run.index}: no explanation"
            right = run.answer(right_answer(run))
            assert right.correct and right.title() and right.lines()
        if not run.next():
            break
    assert run.finished
    assert run.mistakes == run.tasks and run.stars == 1


def test_learner_without_mistakes_gets_three_stars() -> None:
    run = LessonRun(LESSONS[4])
    while True:
        if run.is_task:
            assert run.answer(right_answer(run)).correct
        if not run.next():
            break
    assert run.finished and run.stars == 3


def step_of(lesson_id: str, goal_start: str, rules: Rules | None = None) -> LessonRun:
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    run = LessonRun(lesson, rules)
    run.go(next(i for i, s in enumerate(run.steps) if (s.goal or "").startswith(goal_start)))
    return run


# A wrong pick and the sentence that must explain it (English).
WRONG = [
    ("05", "♥Q ♥Q is led", "HK H10",
     "You hold the pair ♥6 ♥6: a pair was led, so you must play a pair."),
    ("05", "♦K is led", "SA",
     "You still hold ♦9 ♦4 of the suit that was led (diamonds): you must follow suit before playing anything else."),
    ("06", "♣8 ♣8 ♣9 ♣9 is led", "CK CK C4 C4",
     "You hold the tractor ♣K ♣K ♣Q ♣Q: a tractor was led, so you must play a tractor."),
    ("06", "♠3 ♠3 ♠4 ♠4 is led", "SK SK S10 S8",
     "You hold the pairs ♠K ♠K ♠10 ♠10: the lead has pairs, so you must play as many pairs as you can."),
    ("07", "♣K ♣K is led", "BJ SA",
     "That cannot win: only cards of the lead's shape (all of the led suit or all trumps, with as many pairs) "
     "can win a trick. ♠3 ♠3 would."),
    ("07", "Your partner's ♦A", "S5", "That is legal, but it does not win the trick. ♠K would."),
    ("03", "Pick every trump", "BJ S6 D6 H9 H4 LJ SA",
     "{cards}: not a trump.".format(cards="♠A")),
    ("04", "The opponent on your left shows", "H5",
     "♥5 is not strong enough: a pair overrides a single, a joker pair overrides a pair, "
     "big jokers override little jokers."),
    ("04", "You showed ♦5", "H5",
     "You cannot override your own declaration; you may only add the identical second card."),
    ("08", "Every club is known", "CA CK CK C6 C6", "Another player can beat ♣6 ♣6, so this throw fails."),
    ("09", "Bury 8 cards", "SA SQ S9 S8 S6 S3 HA HK",
     "Points in the kitty: ♥K. If the attackers win the last trick, they count several times over."),
]


@pytest.mark.parametrize("lesson_id, goal, pick, sentence", WRONG, ids=[w[2] for w in WRONG])
def test_wrong_pick_is_explained(lesson_id: str, goal: str, pick: str, sentence: str) -> None:
    run = step_of(lesson_id, goal)
    feedback = run.answer(parse_cards(pick))
    assert not feedback.correct
    assert feedback.lines()[0] == sentence


def test_missed_trump_names_the_rule() -> None:
    run = step_of("03", "Pick every trump")
    feedback = run.answer(parse_cards("BJ S6 H9 H4 LJ"))
    assert feedback.lines() == ["You missed ♦6.", "♦6 is a trump: every 6 is a level card this hand."]


def test_constant_twos_changes_the_trump_answer() -> None:
    plain = step_of("03", "Pick every trump")
    twos = step_of("03", "Pick every trump", Rules(constant_twos=True))
    base = parse_cards("BJ S6 H9 H4 D6 LJ")
    assert plain.answer(base).correct
    assert not twos.answer(base).correct
    assert twos.answer(base + parse_cards("S2 C2")).correct


def test_declaring_can_be_a_pass() -> None:
    run = step_of("04", "The opponent on your left shows")
    assert run.answer([]).correct
    run = step_of("04", "Nobody has shown")
    feedback = run.answer([])
    assert not feedback.correct and feedback.lines() == ["You could show ♥5 here."]
