"""Broken lesson files: each fixture has one kind of error and must report it as
``file:line: field: problem``, never crash, never build Python objects."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.lessons import UnavailableLesson, load_lesson
from tutor.lessons.__main__ import main
from tutor.lessons.loader import parse_yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures"

EXPECTED = {
    "86_yes_label": "10: steps[0].options[0].label: expected text, got True (quote it)",
    "87_bad_yaml": "7: yaml: not valid YAML: expected ',' or ']', but got '<stream end>'",
    "88_wrong_id": "1: id: '07' does not match the file name (expected '88')",
    "89_block_text": "7: steps[0].text: line breaks or outer spaces in text; use a plain or quoted string",
    "90_bad_card": "10: steps[0].hand: unknown card 'S11'",
    "91_python_object": "7: yaml: tag !!python/object/apply:os.system is not allowed: lessons are plain data",
    "92_unknown_rule": "13: steps[1].answer: unknown rule 'best_cards' for select_cards; use one of "
                       "a_standing_throw, all_trumps, cards_worth_points, legal_follow, pairs, safe_bury, tractors",
    "93_no_answer": "14: steps[0].answer: no answer satisfies win_trick here",
    "94_cannot_fail": "14: steps[0].answer: every answer satisfies legal_follow: the task cannot be failed",
    "95_two_right": "12: steps[0].options: 2 options are right; exactly one must be",
    "96_missing_goal": "8: steps[0].goal: every task needs a one-line goal",
    "97_bad_seat": "12: steps[0].trick.leader: unknown seat 'north'; use one of you, right, partner, left",
    "98_duplicate_key": "10: yaml: duplicate key 'goal'",
    "99_unknown_field": "9: steps[0].txet: unknown field",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_reports_its_problem(name: str) -> None:
    path = FIXTURES / f"{name}.yaml"
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson)
    assert f"{path}:{EXPECTED[name]}" == str(lesson.problems[0])
    assert lesson.message.startswith(str(path))


def test_every_fixture_is_expected() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.yaml")) == sorted(EXPECTED)


def test_check_command_prints_problems_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "90_bad_card.yaml"
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.strip() == f"{path}:{EXPECTED['90_bad_card']}"


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!python/object:collections.OrderedDict",
                                 "!!python/name:os.system", "!custom"])
def test_python_tags_are_refused_without_running(tmp_path, tag: str) -> None:
    marker = tmp_path / "ran"
    text = f'steps: {tag} ["touch {marker}"]\n'
    with pytest.raises(ValueError, match="not allowed"):
        parse_yaml(text)
    assert not marker.exists()


def test_missing_file_is_unavailable_not_an_exception(tmp_path) -> None:
    lesson = load_lesson(tmp_path / "42_gone.yaml")
    assert isinstance(lesson, UnavailableLesson)
    assert lesson.id == "42" and lesson.problems[0].field == "file"


def test_line_numbers_are_recorded() -> None:
    data = parse_yaml("a: 1\nb:\n  - x\n  - y\n")
    assert data.lines == {"a": 1, "b": 2}
    assert data["b"].lines == [3, 4]


SOURCE = (Path(__file__).resolve().parents[2] / "lessons" / "05_singles_pairs.yaml").read_text(encoding="utf-8")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.integers(0, len(SOURCE) - 1), cut=st.integers(0, 30),
       insert=st.text(alphabet=":-[]{}!&*#'\" \n\t5SHDCJ?|>%@`", max_size=6))
def test_damaged_lesson_never_raises(tmp_path, start: int, cut: int, insert: str) -> None:
    """Whatever an editor's slip does to a lesson, loading it reports, never raises."""
    path = tmp_path / "05_damaged.yaml"
    path.write_text(SOURCE[:start] + insert + SOURCE[start + cut:], encoding="utf-8")
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson) == bool(getattr(lesson, "problems", ()))
