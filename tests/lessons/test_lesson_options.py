"""Lessons that show a rule option: a step played under its own options (``with_rules``)
is judged under them whatever the learner's settings, the checker refuses such a task
when the option changes nothing in it, and the choice rules those tasks use (a throw's
penalty, the match's end, a first hand nobody declares in) give the engine's answers.
Also the failed throw of two parts with equal top cards: the single is the lower part."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Rules, parse_cards
from tutor.lessons import Lesson, UnavailableLesson, load_lesson
from tutor.lessons.choice_rules import CHOICE_RULES
from tutor.lessons.loader import LESSON_DIR
from tutor.lessons.model import Position, context_for
from tutor.lessons.session import LessonRun
from tutor.lessons.steps import Choose


def _options_lesson() -> Lesson:
    lesson = load_lesson(LESSON_DIR / "18_rule_options.yaml")
    assert isinstance(lesson, Lesson)
    return lesson


@pytest.mark.parametrize("settings", [Rules(), Rules(constant_twos=True)])
def test_a_step_with_its_own_rules_is_judged_under_them_whatever_the_settings(settings: Rules) -> None:
    run = LessonRun(_options_lesson(), settings)
    run.go(next(i for i, s in enumerate(run.steps) if getattr(s, "answer", None) == "all_trumps"))
    assert run.ctx.rules.constant_twos and run.ctx.rules.throw_penalty == settings.throw_penalty
    assert run.answer(parse_cards("BJ S7 D7 SA S9 S2 H2 C2")).correct  # type: ignore[union-attr]


TASK = """\
title: "t"
summary: "s"
concept: "c"
level: 7
trump: S
steps:
  - kind: select_cards
    with_rules: {constant_twos: true}
    goal: "Select all your trumps."
    hand: "BJ S7 D7 SA S9 HA D3 CK"
    answer: all_trumps
    expect: "BJ S7 D7 SA S9"
"""


def test_a_task_whose_answer_the_option_does_not_change_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "options.yaml"
    path.write_text(TASK, encoding="utf-8")
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson)
    assert [str(p) for p in lesson.problems] == [
        f"{path}:8: steps[0].with_rules: the right answer is the same whatever the value of these rule "
        "options: the task does not show what they change"]
    path.write_text(TASK.replace("S9 HA", "S9 H2 HA").replace('SA S9"', 'SA S9 H2"'), encoding="utf-8")
    assert isinstance(load_lesson(path), Lesson)


def _value(rule: str, rules: Rules, level: str = "5", trump: str | None = "H", **fields: object) -> str:
    step = Choose(line=1, answer=rule, position=Position(level, trump), **fields)  # type: ignore[arg-type]
    return CHOICE_RULES[rule].value(step, context_for(step, rules))


@pytest.mark.parametrize(("penalty", "points"), [("none", "0"), ("per_card", "30"), ("flat", "10")])
def test_a_failed_throw_costs_what_the_option_says(penalty: str, points: str) -> None:
    others = tuple(tuple(parse_cards(h)) for h in ("C9 C8", "C10", "CQ CJ"))
    assert _value("throw_penalty", Rules(throw_penalty=penalty), lead=tuple(parse_cards("CA CK CK C6")),
                  others=others) == points


@pytest.mark.parametrize(("level", "points", "defend", "won"), [
    ("K", "20", False, "yes"), ("K", "20", True, "no"),  # past the ace, or stopped at it
    ("A", "20", True, "yes"), ("A", "100", False, "no"),  # holding at A; losing the deal
])
def test_the_match_ends_as_the_option_says(level: str, points: str, defend: bool, won: str) -> None:
    assert _value("wins_match", Rules(must_defend_a=defend), level=level,
                  data=(("dealer", "you"), ("points", points))) == won


@pytest.mark.parametrize(("option", "card", "outcome"), [
    ("redeal", "D9", "redeal"), ("flip_kitty", "D9", "D"), ("flip_kitty", "BJ", "NT"), ("flip_kitty", "S2", "S"),
])
def test_a_first_hand_nobody_declares_in(option: str, card: str, outcome: str) -> None:
    assert _value("no_bid", Rules(no_bid_first_hand=option), level="2", trump=None,
                  cards=tuple(parse_cards(card))) == outcome


def test_of_two_beaten_parts_with_equal_top_cards_the_single_is_played() -> None:
    """Level 5, hearts: ♣5 ♣5 and ♦5 are equal level cards; ♥5 ♥5 beats both."""
    rule = CHOICE_RULES["throw_forced"]
    step = Choose(line=1, answer="throw_forced", position=Position("5", "H"), lead=tuple(parse_cards("BJ C5 C5 D5")),
                  others=tuple(tuple(parse_cards(h)) for h in ("H5 H5", "H2", "S3")))
    ctx = context_for(step, Rules())
    assert rule.test(parse_cards("D5"), step, ctx) and not rule.test(parse_cards("C5 C5"), step, ctx)
