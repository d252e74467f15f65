"""The lesson checker within bounds: text the app cannot draw, numbers too long to
read and keys that are not text are each a problem at their line; a task too open to
list its answers is a problem line within a second, not minutes (the lesson browser
loads lessons the same way)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.cards import RANKS
from tutor.lessons.loader import read_lesson
from tutor.lessons.model import UnavailableLesson
from tutor.lessons.yamlfile import load_text

HEAD = 'title: "T"\nsummary: "S"\nconcept: "C"\nlevel: 2\ntrump: H\nsteps:\n'


def _problems(tmp_path: Path, steps: str) -> list[str]:
    path = tmp_path / "50_limits.yaml"
    path.write_text(HEAD + steps, encoding="utf-8")
    lesson = read_lesson(path, "50")
    assert isinstance(lesson, UnavailableLesson)
    return [str(p) for p in lesson.problems]


@pytest.mark.parametrize("text", ["\ud800", "\x07", "\U0001F600", "\udcff"])
def test_text_the_app_cannot_draw_is_refused_at_its_line(tmp_path, text) -> None:
    steps = f'  - kind: narration\n    heading: "H"\n    text: "A {json.dumps(text)[1:-1]} here"\n'
    found = _problems(tmp_path, steps)
    assert any(":9: yaml: the text holds characters the app cannot show (U+" in p for p in found), found


def test_a_number_too_long_to_read_is_reported_at_its_line() -> None:
    problems = load_text("a: 1\nb: 2\nc: " + "9" * 5000 + "\n").problems
    assert [(p.line, p.message) for p in problems] == [(3, "the number 99999999999999999999… is too long")]


def test_a_key_that_is_not_text_is_named_plainly() -> None:
    problems = load_text("? [a, b]\n: 1\n").problems
    assert [p.message for p in problems] == ["the key […] (a list) is not text; keys are words like goal or hand"]


NO_TWOS = RANKS[1:]
"""3 … A: no level card at level 2, so every card below is a plain side card."""
CLUBS_AND_DIAMONDS = " ".join(f"{s}{r}" for s in "CD" for r in NO_TWOS)


@pytest.mark.parametrize("lead", [5, 7, 12])
def test_listing_every_follow_of_a_void_hand_is_capped_with_a_problem_line(tmp_path, lead) -> None:
    hand = CLUBS_AND_DIAMONDS
    spades = " ".join(f"S{r}" for r in NO_TWOS[:lead])
    steps = (f'  - kind: select_cards\n    goal: "Follow."\n    hand: "{hand} H3"\n    lead: "{spades}"\n'
             f'    answer: legal_follow\n    expect: "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA"\n')
    started = time.process_time()
    found = _problems(tmp_path, steps)
    assert time.process_time() - started < 3
    assert any("more than 5000 possible plays: too open for a lesson task" in p for p in found), found


def test_an_answer_picking_from_too_many_cards_is_a_problem_line_at_once(tmp_path) -> None:
    cards = CLUBS_AND_DIAMONDS
    steps = (f'  - kind: select_cards\n    goal: "Pick."\n    hand: "{cards} H3"\n    count: 12\n'
             f'    answer: safe_bury\n    expect: {{pick: 12, from: "{cards} H3"}}\n')
    started = time.process_time()
    found = _problems(tmp_path, steps)
    assert time.process_time() - started < 3
    assert any("more than 5000 answers: too many for a lesson task" in p for p in found), found
