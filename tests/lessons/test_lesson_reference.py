"""The rules reference: it loads, links both ways with the lessons, and describes the
rule options in force with one line each."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine import Rules
from tutor.lessons import Lesson, load_all
from tutor.lessons.__main__ import VARIANTS
from tutor.lessons.reference import load_reference

REFERENCE, PROBLEMS = load_reference()


def test_reference_loads() -> None:
    assert PROBLEMS == [] and REFERENCE is not None
    assert REFERENCE.faq and len(REFERENCE.pages) == 3 and all(page.body for page in REFERENCE.pages)


def test_sections_and_lessons_link_both_ways() -> None:
    assert REFERENCE is not None
    lessons = {x.id: x for x in load_all() if isinstance(x, Lesson)}
    for section in REFERENCE.sections:
        assert section.lesson in lessons, section.id
        assert lessons[section.lesson].rules_topic == section.id
    for lesson in lessons.values():
        assert REFERENCE.section(lesson.rules_topic or "") is not None, lesson.id


@pytest.mark.parametrize("options", VARIANTS)
def test_one_line_per_option_in_force(options: dict) -> None:
    assert REFERENCE is not None
    lines = REFERENCE.option_lines(Rules(**options))
    assert len(lines) == len(fields(Rules))
    assert len(set(lines)) == len(lines)


def test_broken_reference_reports_its_line(tmp_path) -> None:
    path = tmp_path / "reference.yaml"
    page = "  heading: \"x\"\n  body: [\"y\"]\n"
    path.write_text("title: \"Rules\"\nsummary: \"x\"\nsections: []\n"
                    "options:\n  heading: \"x\"\n  items:\n    - option: trumps\n      lines: []\n"
                    "faq:\n  heading: \"x\"\n  items: []\n"
                    f"strategy:\n{page}mistakes:\n{page}history:\n{page}", encoding="utf-8")
    reference, problems = load_reference(path)
    assert reference is None
    assert [str(p) for p in problems] == [f"{path}:7: options.items[0].option: unknown rule option 'trumps'"]
