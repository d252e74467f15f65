"""The rules reference: it loads, its sections link to lessons through the index, its
glossary defines every term the lessons define, and it describes the rule options in
force with one line each."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from engine import Rules
from tutor.lessons import Lesson, LessonLibrary, load_all
from tutor.lessons.__main__ import VARIANTS
from tutor.lessons.reference import load_reference

REFERENCE, PROBLEMS = load_reference()


def test_reference_loads() -> None:
    assert PROBLEMS == [] and REFERENCE is not None
    assert REFERENCE.faq and len(REFERENCE.pages) == 3 and all(page.body for page in REFERENCE.pages)


def test_sections_and_lessons_link_through_the_index() -> None:
    assert REFERENCE is not None
    library = LessonLibrary()
    lessons = {x.id: x for x in load_all() if isinstance(x, Lesson)}
    for section in REFERENCE.sections:
        lesson_id = library.lesson_for_section(section.id)
        assert lesson_id in lessons and lessons[lesson_id].rules_topic == section.id, section.id
    for lesson in list(lessons.values())[:9]:
        assert REFERENCE.section(lesson.rules_topic or "") is not None, lesson.id


def test_every_term_is_defined_once_by_a_lesson() -> None:
    """Under each rule set the lessons define no term twice (a step and its twin for
    another option value each define it), and together they define every term."""
    assert REFERENCE is not None
    lessons = [x for x in load_all() if isinstance(x, Lesson)]
    seen: set[str] = set()
    for options in [{}, *VARIANTS]:
        defined = [term for lesson in lessons for step in lesson.steps_for(Rules(**options))
                   for term in step.defines]
        assert len(defined) == len(set(defined)), options
        seen |= set(defined)
    assert seen == {t.id for t in REFERENCE.glossary}


@pytest.mark.parametrize("options", VARIANTS)
def test_one_line_per_option_in_force(options: dict) -> None:
    assert REFERENCE is not None
    lines = REFERENCE.option_lines(Rules(**options))
    assert len(lines) == len(fields(Rules))
    assert len(set(lines)) == len(lines)


def test_broken_reference_reports_its_line(tmp_path: Path) -> None:
    path = tmp_path / "reference.yaml"
    page = "  heading: \"x\"\n  body: [\"y\"]\n"
    path.write_text("title: \"Rules\"\nsummary: \"x\"\nsections: []\n"
                    "options:\n  heading: \"x\"\n  items:\n    - option: trumps\n      lines: []\n"
                    "faq:\n  heading: \"x\"\n  items: []\n"
                    "glossary:\n  heading: \"x\"\n  terms: []\n"
                    f"strategy:\n{page}mistakes:\n{page}history:\n{page}", encoding="utf-8")
    reference, problems = load_reference(path)
    assert reference is None
    assert [str(p) for p in problems] == [f"{path}:7: options.items[0].option: unknown rule option 'trumps'"]
